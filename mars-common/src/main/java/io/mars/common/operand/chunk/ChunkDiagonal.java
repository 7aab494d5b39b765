package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** The main diagonal of a chunk's last two axes, as its last axis. */
@WireName("chunk.diagonal")
public record ChunkDiagonal() implements ChunkOperand {
}
