package io.mars.common.operand.chunk;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.WireName;

/** A CSR block with its stored values times {@code scalar} (times 1 / scalar with {@code divide}). */
@WireName("chunk.sparse_scale")
public record ChunkSparseScale(boolean divide, Scalar scalar) implements ChunkOperand {
}
