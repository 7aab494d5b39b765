package io.mars.common.operand.tensor;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;

/**
 * A sparse tensor's stored values multiplied by a scalar, or (with {@code divide}) by its reciprocal as scipy divides;
 * the result stays sparse with the same structure.
 */
@WireName("tensor.sparse_scale")
public record TensorSparseScale(boolean divide, Scalar scalar) implements TensorOperand {
}
