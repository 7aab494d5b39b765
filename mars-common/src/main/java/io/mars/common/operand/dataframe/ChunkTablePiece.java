package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The rows of part {@code part} of a {@link ChunkTablePartition} output, without its part column. */
@WireName("chunk.df.piece")
public record ChunkTablePiece(int part) implements TableChunkOperand {
}
