package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;

/**
 * The part of a {@code rand} tensor of shape {@code fullShape} that starts at {@code offset}; each element is a pure
 * function of its C-order position in the full tensor.
 */
@WireName("chunk.random.rand")
public record ChunkRand(long seed, long stream, long[] fullShape, long[] offset) implements BoxCreation {
    @Override
    public Operand at(long[] offset) {
        return new ChunkRand(seed, stream, fullShape, offset.clone());
    }
}
