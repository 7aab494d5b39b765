package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import java.util.Objects;

/** Writes its input table chunk to {@code file} (replacing it); its data is the one-row table (path, rows). */
@WireName("chunk.df.write")
public record ChunkWrite(String file, TableWriteFormat format, String delimiter) implements Operand {
    public ChunkWrite {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(delimiter, "delimiter");
    }
}
