package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.Objects;

/**
 * The lexer's transfer function over bytes {@code [start, end)} of a CSV file (see
 * {@link io.mars.common.io.CsvStates}): an int64 tensor of {@code CsvStates.COUNT} elements, the state at
 * {@code end} for each state at {@code start}.
 */
@WireName("chunk.df.csv-scan")
public record ChunkCsvScan(String file, long start, long end, String delimiter) implements TableChunkOperand {
    public ChunkCsvScan {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(delimiter, "delimiter");
    }
}
