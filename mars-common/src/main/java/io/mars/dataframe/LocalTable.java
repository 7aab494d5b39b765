package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The value of an executed dataframe or series, on the heap of the caller: named, typed columns of equal length
 * (the analogue of {@link io.mars.tensor.NDArray} for tensors). Rows carry no index labels: they are in the frame's
 * row order.
 */
public record LocalTable(List<Column> columns) {
    public LocalTable {
        columns = List.copyOf(columns);
        Set<String> names = new HashSet<>();
        int n = columns.isEmpty() ? 0 : columns.get(0).length();
        for (Column c : columns) {
            if (!names.add(c.name())) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "column '" + c.name() + "' appears twice; column"
                        + " names must be unique");
            }
            if (c.length() != n) {
                throw new MarsException(ErrorCode.LENGTH_MISMATCH, "column '" + c.name() + "' has " + c.length()
                        + " rows but column '" + columns.get(0).name() + "' has " + n);
            }
        }
    }

    public static LocalTable of(Column... columns) {
        return new LocalTable(List.of(columns));
    }

    public int rowCount() {
        return columns.isEmpty() ? 0 : columns.get(0).length();
    }

    public int columnCount() {
        return columns.size();
    }

    public List<String> columnNames() {
        List<String> out = new ArrayList<>(columns.size());
        for (Column c : columns) {
            out.add(c.name());
        }
        return out;
    }

    public List<DType> dtypes() {
        List<DType> out = new ArrayList<>(columns.size());
        for (Column c : columns) {
            out.add(c.dtype());
        }
        return out;
    }

    /** The column called {@code name}; COLUMN_NOT_FOUND names the columns there are. */
    public Column column(String name) {
        for (Column c : columns) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + name + "' not found; the table has "
                + columnNames());
    }

    public Column column(int i) {
        return columns.get(i);
    }

    /** The only value of a one-row, one-column table, as a double (NaN for null): a series reduction's result. */
    public double getDouble() {
        requireScalar();
        return columns.get(0).getDouble(0);
    }

    /** The only value of a one-row, one-column table, boxed (null for null). */
    public Object getScalar() {
        requireScalar();
        return columns.get(0).get(0);
    }

    private void requireScalar() {
        if (columns.size() != 1 || rowCount() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a table of " + columns.size() + " column(s) and "
                    + rowCount() + " row(s) is not a single value");
        }
    }

    /** The rows as lists of boxed values (see {@link Column#get(int)}). */
    public List<List<Object>> toRows() {
        int n = rowCount();
        List<List<Object>> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<Object> row = new ArrayList<>(columns.size());
            for (Column c : columns) {
                row.add(c.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    @Override
    public String toString() {
        return "LocalTable[" + rowCount() + " rows: " + columns + "]";
    }
}
