package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * {@code TensorCentreStats} on one block of rows (all features) and the centres in one chunk: the block's part of the
 * sums, counts and squared distances, which a tree of {@link ChunkSum} adds up; with {@code offset} a third input
 * (the offset vector, one chunk) is subtracted from every row first.
 */
@WireName("chunk.centre_stats")
public record ChunkCentreStats(boolean offset) implements ChunkOperand {
}
