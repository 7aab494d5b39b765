package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/**
 * The CSR block of rows {@code [rowStart, rowStart + rows)} of an {@code nrows x ncols} sparse tensor from all the
 * coordinate chunks: the inputs are k chunks of rows, then the k matching chunks of cols, then of values. Every
 * coordinate is checked against the shape.
 */
@WireName("chunk.sparse_from_coo")
public record ChunkSparseFromCoo(long rowStart, long nrows, long ncols) implements ChunkOperand {
}
