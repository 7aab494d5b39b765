package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.Objects;

/**
 * Writes its input table chunk as file {@code name} into a directory of its own under {@code dir}, the write's
 * temporary directory: one directory per attempt, so that a subtask run again never meets the half-written file of
 * an earlier attempt (on HDFS that file may still be leased to the lost worker). Its data is the one-row table
 * (path written, rows), which the write's {@link ChunkWriteCommit} moves into place. {@code delimiter} is CSV's,
 * {@code compression} Parquet's codec (see {@link DataFrameWrite}).
 */
@WireName("chunk.df.write")
public record ChunkWrite(String dir, String name, TableWriteFormat format, String delimiter, String compression)
        implements TableChunkOperand {
    public ChunkWrite {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(delimiter, "delimiter");
        Objects.requireNonNull(compression, "compression");
    }
}
