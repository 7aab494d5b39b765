package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * Householder QR of one row block (r, n) with r >= n, packed into a 1-d float64 chunk:
 * {@code [r, k, n, Q (r x k) row-major, R (k x n) row-major]}.
 */
@WireName("chunk.tsqr_leaf")
public record ChunkTsqrLeaf() implements ChunkOperand {
}
