package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/** Evenly spaced values {@code start + i * step}. */
@WireName("tensor.arange")
public record TensorArange(Scalar start, Scalar step, ChunkSpec chunks) implements Operand {
}
