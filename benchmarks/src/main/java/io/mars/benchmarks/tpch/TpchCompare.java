package io.mars.benchmarks.tpch;

import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * Compares a TPC-H answer of Mars with DuckDB's (the specification's SQL, {@link DuckDbRun#sql}, over views of the
 * same files): the same column names, the same rows in the query's ORDER BY order (rows tied on its keys in any
 * order, as SQL leaves them), integers exactly, floats to 1e-9 relative, dates as date-times. Used by the tests and by {@link TpchRun}'s {@code check}.
 */
public final class TpchCompare {
    private static final double RELATIVE = 1e-9;

    private TpchCompare() {
    }

    /** Why {@code mars} is not query {@code q}'s answer as DuckDB gives it over {@code duck}'s views; null if it is. */
    public static String difference(int q, LocalTable mars, Connection duck) throws SQLException, IOException {
        List<String> duckNames = new ArrayList<>();
        List<List<Object>> expected = duckRows(duck, DuckDbRun.sql(q), duckNames);
        List<String> names = mars.columns().stream().map(Column::name).toList();
        if (!names.equals(duckNames)) {
            return "Q" + q + "'s columns are " + names + ", DuckDB's " + duckNames;
        }
        if (expected.isEmpty()) {
            return "Q" + q + " has no answer in DuckDB";
        }
        List<List<Object>> actual = marsRows(mars);
        if (actual.size() != expected.size()) {
            return "Q" + q + " has " + actual.size() + " rows, DuckDB's answer " + expected.size();
        }
        int[] keys = orderKeyColumns(DuckDbRun.sql(q), names);
        for (int start = 0; start < expected.size(); ) {
            // rows tied on the ORDER BY keys may come in any order, in either engine
            int end = start + 1;
            while (end < expected.size() && sameColumns(expected.get(start), expected.get(end), keys)) {
                end++;
            }
            if (end - start == 1 || keys.length == 0) {
                String d = rowDifference(q, start, names, expected.get(start), actual.get(start));
                if (d != null) {
                    return d;
                }
                start++;
                continue;
            }
            List<List<Object>> unmatched = new ArrayList<>(actual.subList(start, end));
            for (int i = start; i < end; i++) {
                List<Object> want = expected.get(i);
                int found = -1;
                for (int k = 0; k < unmatched.size() && found < 0; k++) {
                    if (sameColumns(want, unmatched.get(k), null)) {
                        found = k;
                    }
                }
                if (found < 0) {
                    return String.format("Q%d rows %d to %d (tied on the ORDER BY keys): DuckDB's row %s is not among "
                            + "Mars's rows there%nMars rows %s", q, start, end - 1, want, actual.subList(start, end));
                }
                unmatched.remove(found);
            }
            start = end;
        }
        return null;
    }

    private static String rowDifference(int q, int i, List<String> names, List<Object> want, List<Object> got) {
        for (int j = 0; j < names.size(); j++) {
            if (!same(want.get(j), got.get(j))) {
                return String.format("Q%d row %d column '%s': DuckDB %s, Mars %s%nDuckDB row %s%nMars row   %s", q, i,
                        names.get(j), want.get(j), got.get(j), want, got);
            }
        }
        return null;
    }

    /** Whether two rows agree in the given columns (every column when {@code columns} is null). */
    private static boolean sameColumns(List<Object> a, List<Object> b, int[] columns) {
        if (columns == null) {
            for (int j = 0; j < a.size(); j++) {
                if (!same(a.get(j), b.get(j))) {
                    return false;
                }
            }
            return true;
        }
        for (int j : columns) {
            if (!same(a.get(j), b.get(j))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The answer's columns named by the query's final ORDER BY (before any LIMIT); empty when it has none or names an
     * expression that is not an output column (then rows are compared strictly in order).
     */
    static int[] orderKeyColumns(String sql, List<String> names) {
        String lower = sql.toLowerCase(java.util.Locale.ROOT);
        int at = lower.lastIndexOf("order by");
        if (at < 0) {
            return new int[0];
        }
        String tail = lower.substring(at + "order by".length());
        int limit = tail.indexOf("limit");
        if (limit >= 0) {
            tail = tail.substring(0, limit);
        }
        tail = tail.replace(";", " ");
        List<Integer> columns = new ArrayList<>();
        for (String part : tail.split(",")) {
            String name = part.trim().split("\\s+")[0];
            int j = names.stream().map(n -> n.toLowerCase(java.util.Locale.ROOT)).toList().indexOf(name);
            if (j < 0) {
                return new int[0];
            }
            columns.add(j);
        }
        return columns.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean same(Object want, Object got) {
        if (want == null || got == null) {
            return want == got;
        }
        if (want instanceof Number a && got instanceof Number b) {
            if (isIntegral(a) && isIntegral(b)) {
                return a.longValue() == b.longValue();
            }
            double x = a.doubleValue();
            double y = b.doubleValue();
            return x == y || Math.abs(x - y) <= RELATIVE * Math.max(Math.abs(x), Math.abs(y));
        }
        return want.equals(got);
    }

    private static boolean isIntegral(Number n) {
        return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof java.math.BigInteger;
    }

    private static String sql(int q) throws IOException {
        return DuckDbRun.sql(q);
    }

    /** DuckDB's rows: integers as Long, decimals as Double, dates and timestamps as LocalDateTime. */
    private static List<List<Object>> duckRows(Connection duck, String sql, List<String> names) throws SQLException {
        try (Statement s = duck.createStatement(); ResultSet r = s.executeQuery(sql)) {
            ResultSetMetaData m = r.getMetaData();
            for (int j = 1; j <= m.getColumnCount(); j++) {
                names.add(m.getColumnLabel(j));
            }
            List<List<Object>> rows = new ArrayList<>();
            while (r.next()) {
                List<Object> row = new ArrayList<>();
                for (int j = 1; j <= m.getColumnCount(); j++) {
                    row.add(normalize(r.getObject(j)));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    private static Object normalize(Object v) {
        if (v instanceof java.math.BigDecimal d) {
            return d.doubleValue();
        }
        if (v instanceof java.math.BigInteger b) {
            return b.longValueExact();
        }
        if (v instanceof Integer i) {
            return i.longValue();
        }
        if (v instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime();
        }
        if (v instanceof java.time.OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
        }
        if (v instanceof LocalDate d) {
            return d.atStartOfDay();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().atStartOfDay();
        }
        return v;
    }

    private static List<List<Object>> marsRows(LocalTable t) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < t.rowCount(); i++) {
            List<Object> row = new ArrayList<>();
            for (Column c : t.columns()) {
                if (c.isNull(i)) {
                    row.add(null);
                } else if (c.dtype() == DType.TIMESTAMP) {
                    long nanos = c.longs()[i];
                    row.add(LocalDateTime.ofInstant(Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L),
                            Math.floorMod(nanos, 1_000_000_000L)), ZoneOffset.UTC));
                } else if (c.dtype().isFloat()) {
                    row.add(c.getDouble(i));
                } else if (c.dtype() == DType.STRING) {
                    row.add(c.strings().get(i));
                } else if (c.dtype() == DType.BOOL) {
                    row.add(c.longs()[i] != 0);
                } else {
                    row.add(c.longs()[i]);
                }
            }
            rows.add(row);
        }
        return rows;
    }
}
