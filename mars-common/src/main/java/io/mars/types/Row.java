package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.List;
import java.util.Objects;

/**
 * One row of a table, as {@code DataFrame.apply(rowFn)} hands it to a user function (pandas' {@code apply(axis=1)}
 * gives a Series per row): its values by column name, boxed as {@link Column#get} gives them, null when missing.
 */
public final class Row {
    private final LocalTable table;
    private final int row;

    public Row(LocalTable table, int row) {
        this.table = Objects.requireNonNull(table, "table");
        if (row < 0 || row >= table.rowCount()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "row " + row + " of a table of " + table.rowCount()
                    + " rows");
        }
        this.row = row;
    }

    public List<String> columns() {
        return table.columnNames();
    }

    /** The value of {@code column}, boxed (Boolean, Integer, Long, Float, Double, String, Instant), or null. */
    public Object get(String column) {
        return table.column(column).get(row);
    }

    public boolean isNull(String column) {
        return table.column(column).isNull(row);
    }

    /** The value as a double; NaN when missing. */
    public double getDouble(String column) {
        return table.column(column).getDouble(row);
    }

    /** The value as a long; COLUMN_NOT_FOUND for a missing column, INVALID_ARGUMENT for a missing value. */
    public long getLong(String column) {
        Column c = table.column(column);
        if (c.isNull(row)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "column '" + column + "' has no value in this row");
        }
        return c.getLong(row);
    }

    /** The value as text, null when missing. */
    public String getString(String column) {
        return table.column(column).getString(row);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("Row{");
        for (int j = 0; j < table.columnCount(); j++) {
            s.append(j == 0 ? "" : ", ").append(table.column(j).name()).append('=').append(table.column(j).get(row));
        }
        return s.append('}').toString();
    }
}
