package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * {@code TensorCentreStats} on one block of rows (all features) and the centres in one chunk: the block's part of the
 * sums, counts and squared distances, which a tree of {@link ChunkSum} adds up; with {@code offset} a third input
 * (the offset vector, one chunk) is subtracted from every row first; without {@code distances} the squared
 * distances' column is left 0.
 */
@WireName("chunk.centre_stats")
public record ChunkCentreStats(boolean offset, boolean distances) implements ChunkOperand {
    /** With the squared distances. */
    public ChunkCentreStats(boolean offset) {
        this(offset, true);
    }
}
