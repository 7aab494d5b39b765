package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * {@code TensorCentreMoves} on one block of rows: the block's part of the (clusters, features + 2) table, which a tree
 * of {@link ChunkSum} adds up.
 */
@WireName("chunk.centre_moves")
public record ChunkCentreMoves(boolean initial) implements ChunkOperand {
}
