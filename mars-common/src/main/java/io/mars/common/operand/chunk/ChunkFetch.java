package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Stands for a chunk already computed and stored (by an earlier task); never run, only read. */
@WireName("chunk.fetch")
public record ChunkFetch() implements ChunkOperand {
}
