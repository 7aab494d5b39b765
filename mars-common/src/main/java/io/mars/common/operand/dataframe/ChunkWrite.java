package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.Objects;

/**
 * Writes its input table chunk to {@code file} (replacing it); its data is the one-row table (path, rows).
 * {@code delimiter} is CSV's, {@code compression} Parquet's codec (see {@link DataFrameWrite}).
 */
@WireName("chunk.df.write")
public record ChunkWrite(String file, TableWriteFormat format, String delimiter, String compression)
        implements TableChunkOperand {
    public ChunkWrite {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(delimiter, "delimiter");
        Objects.requireNonNull(compression, "compression");
    }
}
