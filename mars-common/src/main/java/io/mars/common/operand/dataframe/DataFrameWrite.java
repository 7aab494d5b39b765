package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.WriteMode;
import java.util.Objects;

/**
 * Writes a dataframe into directory {@code dir}, one file per chunk ({@code part-00000.csv}, ...), committed as a
 * whole (see {@code io.mars.common.io.OutputCommitter}), and is the table of what was written: one row per file,
 * columns {@code path} (string) and {@code rows} (int64).
 *
 * @param delimiter   the CSV field separator (unused for Parquet)
 * @param compression the Parquet codec: snappy, zstd, gzip, lz4_raw or none (unused for CSV)
 * @param mode        what to do when {@code dir} already holds files
 */
@WireName("df.write")
public record DataFrameWrite(String dir, TableWriteFormat format, String delimiter, String compression,
                             WriteMode mode) implements TableOperand {
    public DataFrameWrite {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(delimiter, "delimiter");
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(mode, "mode");
    }
}
