package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** A CSR block (rows x k) times a dense block (k,) or (k x m) holding all k rows: a dense block. */
@WireName("chunk.sparse_dot")
public record ChunkSparseDot() implements ChunkOperand {
}
