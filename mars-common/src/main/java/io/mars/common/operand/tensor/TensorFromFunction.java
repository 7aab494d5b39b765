package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/**
 * A tensor whose every element is a user function of its index (numpy's {@code fromfunction}), cut by {@code chunks};
 * {@code function} is the serialized {@code io.mars.types.IndexFunction}, the dtype the node's.
 */
@WireName("tensor.from_function")
public record TensorFromFunction(byte[] function, ChunkSpec chunks) implements TensorOperand {
}
