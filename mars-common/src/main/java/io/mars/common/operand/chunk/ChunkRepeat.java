package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Repeats the elements of one chunk along {@code axis}: each {@code repeats[0]} times when there is one count, else
 * element {@code i} of the chunk {@code repeats[i]} times.
 */
@WireName("chunk.repeat")
public record ChunkRepeat(int axis, long[] repeats) implements ChunkOperand {
}
