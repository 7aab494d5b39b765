package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** Input chunk 0's columns plus an int64 column {@link TableRowPositions#INDEX_COLUMN} of {@code offset + row}. */
@WireName("chunk.df.row_positions")
public record ChunkTableRowPositions(long offset) implements TableChunkOperand {
}
