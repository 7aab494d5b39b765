package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.dataframe.DType;
import java.util.List;
import java.util.Objects;

/**
 * The rows of {@code file} whose lines start in bytes {@code [start, end)}: a chunk starts after the first line
 * break at or past {@code start - 1} (the file's first chunk at 0, after the header), and its last line may run past
 * {@code end}.
 */
@WireName("chunk.df.read-csv")
public record ChunkReadCsv(String file, long start, long end, CsvLayout layout, List<String> columns,
                           List<DType> dtypes) implements Operand {
    public ChunkReadCsv {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(layout, "layout");
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
