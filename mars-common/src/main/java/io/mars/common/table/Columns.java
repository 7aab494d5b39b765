package io.mars.common.table;

import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Row-wise helpers over heap columns: slices, concatenation and selection of rows. */
public final class Columns {
    private Columns() {
    }

    /** Rows {@code [start, start + length)}. */
    public static Column slice(Column c, int start, int length) {
        int end = start + length;
        byte[] nulls = c.nulls() == null ? null : Arrays.copyOfRange(c.nulls(), start, end);
        return switch (c.dtype()) {
            case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> new Column(c.name(), c.dtype(), Arrays.copyOfRange(c.longs(), start, end),
                    null, null, nulls);
            case FLOAT32, FLOAT64 -> new Column(c.name(), c.dtype(), null, Arrays.copyOfRange(c.doubles(), start, end),
                    null, nulls);
            case STRING -> new Column(c.name(), c.dtype(), null, null, c.strings().subList(start, end), nulls);
        };
    }

    public static LocalTable slice(LocalTable t, int start, int length) {
        List<Column> out = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            out.add(slice(c, start, length));
        }
        return new LocalTable(out);
    }

    /** The rows {@code rows[0..count)} of {@code c}, in that order. */
    public static Column take(Column c, int[] rows, int count) {
        byte[] nulls = null;
        if (c.nulls() != null) {
            nulls = new byte[count];
            for (int i = 0; i < count; i++) {
                nulls[i] = c.nulls()[rows[i]];
            }
        }
        switch (c.dtype()) {
            case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> {
                long[] out = new long[count];
                for (int i = 0; i < count; i++) {
                    out[i] = c.longs()[rows[i]];
                }
                return new Column(c.name(), c.dtype(), out, null, null, nulls);
            }
            case FLOAT32, FLOAT64 -> {
                double[] out = new double[count];
                for (int i = 0; i < count; i++) {
                    out[i] = c.doubles()[rows[i]];
                }
                return new Column(c.name(), c.dtype(), null, out, null, nulls);
            }
            case STRING -> {
                List<String> out = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    out.add(c.strings().get(rows[i]));
                }
                return new Column(c.name(), c.dtype(), null, null, out, nulls);
            }
            default -> throw new IllegalStateException();
        }
    }

    // --- wide ---
    /**
     * The tables of a dataframe's chunk grid ({@code nsplits}: row chunks x column chunks, in C order) with the column
     * chunks of each row chunk side by side: one table per row chunk. A grid of one column chunk is returned as is.
     */
    public static List<LocalTable> joinColumnChunks(List<LocalTable> grid, long[][] nsplits) {
        if (nsplits.length != 2 || nsplits[1].length <= 1) {
            return grid;
        }
        int groups = nsplits[1].length;
        List<LocalTable> out = new ArrayList<>(grid.size() / groups);
        for (int i = 0; i < grid.size(); i += groups) {
            List<Column> cols = new ArrayList<>();
            for (int j = 0; j < groups; j++) {
                cols.addAll(grid.get(i + j).columns());
            }
            out.add(new LocalTable(cols));
        }
        return out;
    }

    /** The columns of several tables with the same columns, one after the other. */
    public static LocalTable concat(List<LocalTable> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        LocalTable first = parts.get(0);
        List<Column> out = new ArrayList<>(first.columnCount());
        for (int j = 0; j < first.columnCount(); j++) {
            List<Column> pieces = new ArrayList<>(parts.size());
            for (LocalTable p : parts) {
                pieces.add(p.column(j));
            }
            out.add(concatColumns(pieces));
        }
        return new LocalTable(out);
    }

    public static Column concatColumns(List<Column> pieces) {
        Column first = pieces.get(0);
        DType t = first.dtype();
        int n = 0;
        boolean anyNull = false;
        for (Column c : pieces) {
            n += c.length();
            anyNull |= c.nulls() != null;
        }
        byte[] nulls = anyNull ? new byte[n] : null;
        long[] longs = t.isLongBacked() ? new long[n] : null;
        double[] doubles = t.isFloat() ? new double[n] : null;
        List<String> strings = t == DType.STRING ? new ArrayList<>(n) : null;
        int at = 0;
        for (Column c : pieces) {
            int len = c.length();
            if (c.nulls() != null) {
                System.arraycopy(c.nulls(), 0, nulls, at, len);
            }
            if (longs != null) {
                System.arraycopy(c.longs(), 0, longs, at, len);
            } else if (doubles != null) {
                System.arraycopy(c.doubles(), 0, doubles, at, len);
            } else {
                strings.addAll(c.strings());
            }
            at += len;
        }
        return new Column(first.name(), t, longs, doubles, strings, nulls);
    }
}
