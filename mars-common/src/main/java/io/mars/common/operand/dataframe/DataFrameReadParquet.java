package io.mars.common.operand.dataframe;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/**
 * A dataframe read from Parquet files ({@code path}: a file, a directory or a glob): one chunk per row group, reading
 * only {@code columns} (and the filter's). Row groups whose statistics show that no row can pass {@code filter}
 * (terms ANDed) are skipped at tiling time; the rows of the others are filtered as they are read.
 */
@WireName("df.read-parquet")
public record DataFrameReadParquet(String path, List<String> columns, List<DType> dtypes, List<RowPredicate> filter)
        implements Operand {
    public DataFrameReadParquet {
        Objects.requireNonNull(path, "path");
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
        filter = List.copyOf(filter);
    }

    public DataFrameReadParquet withColumns(List<String> keep, List<DType> types) {
        return new DataFrameReadParquet(path, keep, types, filter);
    }
}
