package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/**
 * The rows of {@code file} whose records start in bytes {@code [start, end)}; its last record may run past
 * {@code end}. {@code part} is the chunk's position among its file's chunks. The first chunk starts at 0 (after the
 * header); a later one reads the lexer's state at {@code start} from its input, a {@link ChunkCsvStates} of the
 * file, and starts at the first record from there, so a quoted field whose line breaks straddle {@code start} is
 * read whole by the chunk before. A compressed file's only chunk spans the whole file and reads every decompressed
 * byte.
 */
@WireName("chunk.df.read-csv")
public record ChunkReadCsv(String file, long start, long end, CsvLayout layout, List<String> columns,
                           List<DType> dtypes, int part) implements TableChunkOperand {
    public ChunkReadCsv {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(layout, "layout");
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }
}
