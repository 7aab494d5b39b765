package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.DataFrameFromLocal;
import io.mars.common.operand.dataframe.DataFrameFromTensor;
import io.mars.tensor.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Static factories of dataframes and series. {@code chunkRows} is the number of rows per chunk; 0 chooses it from
 * {@code mars.tensor.chunk-store-limit} (bytes per chunk) and the column count.
 */
public final class DataFrames {
    private DataFrames() {
    }

    /** A frame of a local table, which travels inside the graph: for data that fits the client's memory. */
    public static DataFrame fromTable(LocalTable table, long chunkRows) {
        checkChunkRows(chunkRows);
        return new DataFrame(new DataFrameFromLocal(table, chunkRows), List.of(), table.columnNames(), table.dtypes(),
                table.rowCount());
    }

    public static DataFrame fromTable(LocalTable table) {
        return fromTable(table, 0);
    }

    /**
     * A frame of named columns of boxed values (Boolean, Integer, Long, Float, Double, String, Instant; null for a
     * missing value), in the map's order; each column's type is inferred from its values.
     */
    public static DataFrame fromColumns(Map<String, ? extends List<?>> columns, long chunkRows) {
        List<Column> cols = new ArrayList<>(columns.size());
        for (Map.Entry<String, ? extends List<?>> e : columns.entrySet()) {
            cols.add(Column.of(e.getKey(), Column.infer(e.getKey(), e.getValue()), e.getValue()));
        }
        return fromTable(new LocalTable(cols), chunkRows);
    }

    public static DataFrame fromColumns(Map<String, ? extends List<?>> columns) {
        return fromColumns(columns, 0);
    }

    /** A frame of rows of boxed values, one per column name. */
    public static DataFrame fromRows(List<String> names, List<? extends List<?>> rows, long chunkRows) {
        List<Column> cols = new ArrayList<>(names.size());
        for (int j = 0; j < names.size(); j++) {
            List<Object> values = new ArrayList<>(rows.size());
            for (int i = 0; i < rows.size(); i++) {
                List<?> row = rows.get(i);
                if (row.size() != names.size()) {
                    throw new MarsException(ErrorCode.LENGTH_MISMATCH, "row " + i + " has " + row.size()
                            + " values but there are " + names.size() + " columns " + names);
                }
                values.add(row.get(j));
            }
            cols.add(Column.of(names.get(j), Column.infer(names.get(j), values), values));
        }
        return fromTable(new LocalTable(cols), chunkRows);
    }

    /** A series of boxed values (see {@link #fromColumns}). */
    public static Series series(String name, List<?> values, long chunkRows) {
        return fromColumns(Map.of(name, values), chunkRows).col(name);
    }

    /** A series of one column. */
    public static Series series(Column column, long chunkRows) {
        return fromTable(LocalTable.of(column), chunkRows).col(column.name());
    }

    /**
     * A frame whose columns are those of a 2-d tensor (or the one column of a 1-d tensor), named {@code columns};
     * the tensor's row chunks become the frame's.
     */
    public static DataFrame fromTensor(Tensor tensor, String... columns) {
        long[] shape = tensor.shape();
        long width = shape.length == 2 ? shape[1] : 1;
        if (shape.length < 1 || shape.length > 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "fromTensor needs a 1-d or 2-d tensor, got "
                    + shape.length + "-d");
        }
        if (columns.length != width) {
            throw new MarsException(ErrorCode.LENGTH_MISMATCH, "a tensor of " + width + " column(s) needs as many"
                    + " names, got " + columns.length + ": " + List.of(columns));
        }
        DType t = DType.of(tensor.dtype());
        List<DType> types = new ArrayList<>();
        for (int i = 0; i < width; i++) {
            types.add(t);
        }
        return new DataFrame(new DataFrameFromTensor(List.of(columns)), List.of(tensor), List.of(columns), types,
                shape[0]);
    }

    // --- operations (df-ops) ---

    /** pandas' {@code concat(frames)} of frames with the same columns and dtypes: their rows one after the other. */
    public static DataFrame concat(DataFrame... frames) {
        return DataFrameOps.concat(List.of(frames));
    }

    public static DataFrame concat(List<DataFrame> frames) {
        return DataFrameOps.concat(frames);
    }

    /** pandas' {@code concat(series)} of series with one name and dtype. */
    public static Series concat(Series... series) {
        return DataFrameOps.concatSeries(List.of(series));
    }

    private static void checkChunkRows(long chunkRows) {
        if (chunkRows < 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunkRows must be >= 0 (0 = automatic), got "
                    + chunkRows);
        }
    }
}
