package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * The lexer's state at the start of each byte range of one CSV file, composed from the transfer functions of the
 * ranges before it (the inputs, {@link ChunkCsvScan}s of all ranges but the last, in file order): an int64 tensor
 * with one element per range, the first {@code CsvStates.RECORD}.
 */
@WireName("chunk.df.csv-states")
public record ChunkCsvStates() implements TableChunkOperand {
}
