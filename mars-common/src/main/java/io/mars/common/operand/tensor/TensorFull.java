package io.mars.common.operand.tensor;

import io.mars.common.operand.Operand;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;
import io.mars.types.ChunkSpec;

/** A tensor filled with one value ({@code ones}, {@code zeros}, {@code full}). */
@WireName("tensor.full")
public record TensorFull(Scalar value, ChunkSpec chunks) implements Operand {
}
