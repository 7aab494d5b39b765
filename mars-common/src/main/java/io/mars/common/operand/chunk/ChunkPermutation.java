package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The whole random permutation of {@code 0..n-1} of {@code (seed, stream)} as one int64 chunk; or, with one input
 * (the whole tensor in one chunk, {@code n} rows), that input's rows in this order.
 */
@WireName("chunk.random.permutation")
public record ChunkPermutation(long seed, long stream, long n) implements ChunkOperand {
}
