package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The part at {@code offset} of a random choice of shape {@code fullShape} from {@code 0..n-1} (int64), or from the
 * elements of the one input (the whole 1-d population in one chunk). With replacement each element is drawn
 * independently by position; without, the chunk is the whole sample ({@code offset} all zero). {@code p} holds the
 * probabilities, empty for uniform.
 */
@WireName("chunk.random.choice")
public record ChunkChoice(long seed, long stream, long n, boolean replace, double[] p, long[] fullShape,
        long[] offset) implements ChunkOperand {
}
