package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * A row block of the final Q: input 0 is the block's packed leaf QR, inputs 1.. its ancestors in the merge tree
 * from parent to root; {@code rowOffsets[i]} is where the child's R rows start in ancestor i+1's stacked matrix.
 * Q = Q_leaf * Q_parent[rows] * ... * Q_root[rows].
 */
@WireName("chunk.tsqr_q")
public record ChunkTsqrQ(long[] rowOffsets) implements ChunkOperand {
}
