package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The CSR block of a dense row block (all columns): its non-zero elements (NaN counts as non-zero, as scipy). */
@WireName("chunk.sparse_from_dense")
public record ChunkSparseFromDense() implements ChunkOperand {
}
