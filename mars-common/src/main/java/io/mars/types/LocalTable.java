package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The value of an executed dataframe or series, on the heap of the caller: named, typed columns of equal length
 * (the analogue of {@link io.mars.types.NDArray} for tensors), in the frame's row order, and the rows' labels
 * (pandas' index): {@code labels} holds them, or is null when they are the positions {@code 0..n-1} (pandas'
 * RangeIndex). {@link #index()} gives them either way.
 */
public record LocalTable(List<Column> columns, Column labels) {
    /** A table whose rows are labelled by their positions (pandas' default RangeIndex). */
    public LocalTable(List<Column> columns) {
        this(columns, null);
    }

    public LocalTable {
        columns = List.copyOf(columns);
        Set<String> names = new HashSet<>();
        int n = columns.isEmpty() ? (labels == null ? 0 : labels.length()) : columns.get(0).length();
        if (labels != null && labels.length() != n) {
            throw new MarsException(ErrorCode.LENGTH_MISMATCH, "the index has " + labels.length() + " labels but the"
                    + " table has " + n + " rows");
        }
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
        return columns.isEmpty() ? (labels == null ? 0 : labels.length()) : columns.get(0).length();
    }

    // --- index ---

    /**
     * The row labels (pandas' {@code df.index}): the stored labels, or the positions {@code 0..n-1} as int64 when the
     * table has a RangeIndex. The column's name is the index's name, {@code ""} for none.
     */
    public Column index() {
        if (labels != null) {
            return labels;
        }
        long[] positions = new long[rowCount()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        return Column.ofLongs("", positions);
    }

    /** Whether the labels are the positions {@code 0..n-1} (pandas' RangeIndex, nothing stored). */
    public boolean hasRangeIndex() {
        return labels == null;
    }

    /**
     * The table as a user sees it: a stored labels column ({@code column}, as the workers keep it) moved out of the
     * columns into {@link #labels}, named {@code name} ({@code ""} for none).
     */
    public LocalTable withStoredLabels(String column, String name) {
        List<Column> values = new ArrayList<>(columns.size());
        Column found = labels;
        for (Column c : columns) {
            if (c.name().equals(column)) {
                found = c.withName(name == null ? "" : name);
            } else {
                values.add(c);
            }
        }
        return found == labels ? this : new LocalTable(values, found);
    }

    // --- end index ---

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

    /**
     * The table as pandas prints a DataFrame: aligned columns under their names, the row labels on the left, the
     * first and last 5 rows past 60 rows and the first and last 10 columns past 20 with {@code [N rows x M columns]},
     * blocks of columns wrapped at 80 characters.
     */
    @Override
    public String toString() {
        return TablePrinter.print(this);
    }
}
