package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The dense block of a CSR block. */
@WireName("chunk.sparse_to_dense")
public record ChunkSparseToDense() implements ChunkOperand {
}
