package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Elements {@code (row + i, col + i)} of the one input chunk, for i in the output chunk; no input when empty. */
@WireName("chunk.diag_extract")
public record ChunkDiagExtract(long row, long col) implements ChunkOperand {
}
