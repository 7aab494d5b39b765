package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/**
 * Row group {@code rowGroup} of a Parquet file, only {@code columns}, rows filtered by {@code filter}. A row group of
 * -1 is the empty table of these columns (every row group was skipped, or there is none). {@code groupRows} is the row
 * group's row count: a filtered chunk's length is unknown until it is read, and that is its bound.
 */
@WireName("chunk.df.read-parquet")
public record ChunkReadParquet(String file, int rowGroup, List<String> columns, List<DType> dtypes,
                               List<RowPredicate> filter, long groupRows) implements TableChunkOperand {
    public ChunkReadParquet {
        Objects.requireNonNull(file, "file");
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
        filter = List.copyOf(filter);
    }
}
