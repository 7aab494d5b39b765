package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * First step of a weighted average: reduces a chunk of values and the matching chunk of weights (of length 1 on
 * broadcast axes) over {@code axes} into the state {@code [sum of value * weight, sum of weights]}.
 */
@WireName("chunk.average.map")
public record ChunkAverageMap(int[] axes) implements ChunkOperand {
}
