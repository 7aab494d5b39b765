package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The final unique values, or ({@code counts}) their counts, from merged unique states. */
@WireName("chunk.unique.agg")
public record ChunkUniqueAgg(boolean counts) implements ChunkOperand {
}
