package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Merges unique states: the union of their sorted values, adding the counts of values they share. */
@WireName("chunk.unique.combine")
public record ChunkUniqueCombine() implements ChunkOperand {
}
