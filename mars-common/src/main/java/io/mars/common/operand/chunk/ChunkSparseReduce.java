package io.mars.common.operand.chunk;

import io.mars.common.operand.SparseReduceFn;
import io.mars.common.operand.WireName;

/** A dense reduction of one CSR block. */
@WireName("chunk.sparse_reduce")
public record ChunkSparseReduce(SparseReduceFn fn) implements ChunkOperand {
}
