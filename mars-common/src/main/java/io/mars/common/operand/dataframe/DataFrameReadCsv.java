package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/**
 * A dataframe read from CSV files: {@code path} is a file, a directory (its files, sorted by name) or a glob, on any
 * Hadoop file system ({@code /local}, {@code file:}, {@code hdfs://}). Each file is cut into byte ranges of
 * {@code chunkBytes}; a range's rows are the lines that start inside it. A compressed file ({@code .gz}, {@code .bz2},
 * {@code .zst}, {@code .zstd}) is one chunk, read decompressed. Only {@code columns} are kept (the user's
 * usecols, narrowed further by column pruning), with their types decided when the frame was built so that every
 * chunk agrees.
 *
 * @param chunkBytes bytes per chunk; 0 takes mars.dataframe.csv.chunk-bytes at tiling time
 */
@WireName("df.read-csv")
public record DataFrameReadCsv(String path, CsvLayout layout, List<String> columns, List<DType> dtypes,
                               long chunkBytes) implements TableOperand, ColumnsReader<DataFrameReadCsv> {
    public DataFrameReadCsv {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(layout, "layout");
        columns = List.copyOf(columns);
        dtypes = List.copyOf(dtypes);
    }

    /** The same read keeping only {@code keep} (a subset of {@link #columns}, in file order). */
    @Override
    public DataFrameReadCsv withColumns(List<String> keep, List<DType> types) {
        return new DataFrameReadCsv(path, layout, keep, types, chunkBytes);
    }
}
