package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A grouped aggregation's final table lists its groups in ascending key order, as pandas' {@code sort=True}: keys
 * compared column by column, numbers by value, text as {@link String#compareTo}, booleans false first, timestamps by
 * instant; whether the order comes from packed ranks or (past 63 bits of ranks) from the boxed key tuples.
 */
class TableAggregationTest {
    private static final int ROWS = 6000;
    private static final Random RANDOM = new Random(7);
    private static final LocalTable TABLE = table();

    @Test
    void oneTextKey() {
        assertGroupsSortedAndComplete(List.of("s"));
    }

    @Test
    void textAndIntegerKeys() {
        assertGroupsSortedAndComplete(List.of("i", "s"));
    }

    @Test
    void floatKeysWithSignedZerosAndBooleans() {
        assertGroupsSortedAndComplete(List.of("d", "b"));
    }

    @Test
    void fourKeysOfEveryKind() {
        assertGroupsSortedAndComplete(List.of("s", "i", "d", "t"));
    }

    @Test
    void keysWhoseRanksNeedMoreThan63BitsSortAsBoxedTuples() {
        // six keys of up to 2^11 values each and 13 bits of group numbers: past 63 bits
        assertGroupsSortedAndComplete(List.of("w1", "w2", "w3", "w4", "w5", "w6"));
    }

    @Test
    void rowsWithANullKeyAreDroppedAndGroupsKeepTheirNumbersAcrossChunks() {
        int rows = 9000;
        List<String> s = new ArrayList<>();
        long[] i = new long[rows];
        byte[] iNulls = new byte[rows];
        Map<List<Object>, Long> expected = new HashMap<>();
        for (int r = 0; r < rows; r++) {
            String text = RANDOM.nextInt(9) == 0 ? null : "k" + RANDOM.nextInt(300);
            s.add(text);
            i[r] = RANDOM.nextLong() >> RANDOM.nextInt(60);
            i[r] = RANDOM.nextBoolean() ? i[r] : RANDOM.nextInt(50);
            iNulls[r] = (byte) (RANDOM.nextInt(11) == 0 ? 1 : 0);
            if (text != null && iNulls[r] == 0) {
                expected.merge(java.util.Arrays.asList(text, i[r]), 1L, Long::sum);
            }
        }
        LocalTable t = new LocalTable(List.of(Column.ofStrings("s", s),
                new Column("i", DType.INT64, i, null, null, iNulls)));
        TableAggregation agg = aggregation(List.of("s", "i"));
        addInChunks(agg, t, 2000);
        LocalTable result = agg.result(t);
        assertThat(result.rowCount()).isEqualTo(expected.size());
        for (int r = 0; r < result.rowCount(); r++) {
            List<Object> k = key(result, List.of("s", "i"), r);
            assertThat(result.column("n").getLong(r)).as("rows of group %s", k).isEqualTo(expected.get(k));
            if (r > 0) {
                assertThat(compare(key(result, List.of("s", "i"), r - 1), k)).isNegative();
            }
        }
    }

    /**
     * Texts after other keys are numbered through the first text seen after each prefix: texts the keys before them
     * mostly determine (a name after an id), some rows breaking the rule, nulls in both, over several chunks; every
     * group is counted as a map of key tuples counts it, whether a row hit the first text or not.
     */
    @Test
    void textKeysMostlyDeterminedByTheKeysBeforeThemGroupExactly() {
        int rows = 12_000;
        long[] id = new long[rows];
        byte[] idNulls = new byte[rows];
        List<String> name = new ArrayList<>();
        List<String> city = new ArrayList<>();
        Map<List<Object>, Long> expected = new HashMap<>();
        for (int r = 0; r < rows; r++) {
            id[r] = RANDOM.nextInt(500);
            idNulls[r] = (byte) (RANDOM.nextInt(40) == 0 ? 1 : 0);
            String n = RANDOM.nextInt(30) == 0 ? null : RANDOM.nextInt(10) == 0 ? "other" + RANDOM.nextInt(3)
                    : "name" + id[r];
            String c = RANDOM.nextInt(50) == 0 ? null : "city" + (id[r] % 7 + (RANDOM.nextInt(20) == 0 ? 1 : 0));
            name.add(n == null ? null : new String(n)); // equal texts in distinct instances, as decoded
            city.add(c);
            if (idNulls[r] == 0 && n != null && c != null) {
                expected.merge(java.util.Arrays.asList(id[r], n, c), 1L, Long::sum);
            }
        }
        LocalTable t = new LocalTable(List.of(new Column("i", DType.INT64, id, null, null, idNulls),
                Column.ofStrings("nm", name), Column.ofStrings("ct", city)));
        List<String> keys = List.of("i", "nm", "ct");
        TableAggregation agg = aggregation(keys);
        addInChunks(agg, t, 2500);
        LocalTable result = agg.result(t);
        assertThat(result.rowCount()).isEqualTo(expected.size());
        for (int r = 0; r < result.rowCount(); r++) {
            List<Object> k = key(result, keys, r);
            assertThat(result.column("n").getLong(r)).as("rows of group %s", k).isEqualTo(expected.get(k));
        }
    }

    @Test
    void aMergedStateTableIsSortedToo() {
        List<String> keys = List.of("s", "i");
        TableAggregation map1 = aggregation(keys);
        TableAggregation map2 = aggregation(keys);
        map1.addRows(rows(0, ROWS / 2));
        map2.addRows(rows(ROWS / 2, ROWS));
        TableAggregation combine = aggregation(keys);
        combine.addStates(map2.states(TABLE));
        combine.addStates(map1.states(TABLE));
        assertSortedAndComplete(keys, combine.result(TABLE));
    }

    @Test
    void minMaxFirstAndLastSkipNullsForEveryTypeAndMergeFromStates() {
        int rows = 3000;
        long[] key = new long[rows];
        double[] d = new double[rows];
        long[] i = new long[rows];
        byte[] iNulls = new byte[rows];
        long[] t = new long[rows];
        long[] b = new long[rows];
        List<String> s = new ArrayList<>();
        double[] pool = {-0.0, 0.0, Double.NaN, -2.5, 7.0, Double.NEGATIVE_INFINITY, 1e-300};
        for (int r = 0; r < rows; r++) {
            key[r] = RANDOM.nextInt(40);
            // group 0 has nothing but nulls and NaN
            d[r] = key[r] == 0 ? Double.NaN : pool[RANDOM.nextInt(pool.length)];
            i[r] = RANDOM.nextInt(1000) - 500;
            iNulls[r] = (byte) (key[r] == 0 || RANDOM.nextInt(5) == 0 ? 1 : 0);
            t[r] = RANDOM.nextInt(1000) * 1_000_000_007L;
            b[r] = RANDOM.nextInt(3) == 0 ? 1 : 0;
            s.add("v" + RANDOM.nextInt(100));
        }
        LocalTable table = new LocalTable(List.of(Column.ofLongs("k", key), Column.ofDoubles("d", d),
                new Column("i", DType.INT64, i, null, null, iNulls), new Column("t", DType.TIMESTAMP, t, null, null, null),
                new Column("b", DType.BOOL, b, null, null, null), Column.ofStrings("s", s)));
        List<AggSpec> specs = new ArrayList<>();
        for (AggFn fn : List.of(AggFn.MIN, AggFn.MAX, AggFn.FIRST, AggFn.LAST)) {
            for (Column c : table.columns().subList(1, 6)) {
                specs.add(new AggSpec(c.name(), c.dtype(), fn, fn + "_" + c.name(), 1));
            }
        }
        TableAggregation whole = new TableAggregation(List.of("k"), specs);
        whole.addRows(table);
        // the same rows in three maps, merged in row order
        TableAggregation merged = new TableAggregation(List.of("k"), specs);
        for (int part = 0; part < 3; part++) {
            TableAggregation map = new TableAggregation(List.of("k"), specs);
            int from = part * 1000;
            LocalTable piece = new LocalTable(table.columns().stream()
                    .map(c -> io.mars.common.table.Columns.slice(c, from, 1000)).toList());
            map.addRows(piece);
            merged.addStates(map.states(piece));
        }
        for (LocalTable result : List.of(whole.result(table), merged.result(table))) {
            assertThat(result.rowCount()).isEqualTo(40);
            for (int g = 0; g < 40; g++) {
                assertThat(result.column("k").getLong(g)).isEqualTo(g);
                for (AggSpec spec : specs) {
                    Object expected = expectedPick(table, spec, g);
                    assertThat(result.column(spec.output()).get(g)).as("%s of group %d", spec.output(), g)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void fewGroupSumsMeansAndCountsSkipNaNAndKeepInfinities() {
        int rows = 5000;
        long[] key = new long[rows];
        double[] d = new double[rows];
        double[] pool = {1.5, -2.0, 4.0, 0.25};
        for (int r = 0; r < rows; r++) {
            key[r] = r % 6;
            d[r] = pool[RANDOM.nextInt(pool.length)];
        }
        // group 1: a NaN; group 2: +inf and -inf (NaN, as row by row); group 3: +inf; group 4: only NaN
        d[1] = Double.NaN;
        d[2] = Double.POSITIVE_INFINITY;
        d[8] = Double.NEGATIVE_INFINITY;
        d[9] = Double.POSITIVE_INFINITY;
        for (int r = 4; r < rows; r += 6) {
            d[r] = Double.NaN;
        }
        LocalTable table = new LocalTable(List.of(Column.ofLongs("k", key), Column.ofDoubles("d", d)));
        List<AggSpec> specs = List.of(new AggSpec("d", DType.FLOAT64, AggFn.SUM, "sum", 1),
                new AggSpec("d", DType.FLOAT64, AggFn.MEAN, "mean", 1),
                new AggSpec("d", DType.FLOAT64, AggFn.COUNT, "count", 1));
        TableAggregation agg = new TableAggregation(List.of("k"), specs);
        addInChunks(agg, table, 1000);
        LocalTable result = agg.result(table);
        assertThat(result.rowCount()).isEqualTo(6);
        for (int g = 0; g < 6; g++) {
            double sum = 0;
            long count = 0;
            for (int r = g; r < rows; r += 6) {
                if (!Double.isNaN(d[r])) {
                    sum += d[r];
                    count++;
                }
            }
            assertThat(result.column("sum").getDouble(g)).as("sum of group %d", g)
                    .isEqualTo(Double.valueOf(sum));
            assertThat(result.column("count").getLong(g)).as("count of group %d", g).isEqualTo(count);
            if (count > 0) {
                assertThat(result.column("mean").getDouble(g)).as("mean of group %d", g)
                        .isEqualTo(Double.valueOf(sum / count));
            } else {
                assertThat(result.column("mean").isNull(g)).as("mean of group %d, all NaN", g).isTrue();
            }
        }
    }

    /** What min, max, first or last of column {@code spec.column()} over group {@code g}'s non-null rows is, boxed. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object expectedPick(LocalTable table, AggSpec spec, int g) {
        Column c = table.column(spec.column());
        Object best = null;
        for (int r = 0; r < table.rowCount(); r++) {
            if (table.column("k").getLong(r) != g || c.isNull(r)) {
                continue;
            }
            Object x = c.get(r);
            best = switch (spec.fn()) {
                case MIN -> best == null || ((Comparable) x).compareTo(best) < 0 ? x : best;
                case MAX -> best == null || ((Comparable) x).compareTo(best) > 0 ? x : best;
                case FIRST -> best == null ? x : best;
                case LAST -> x;
                default -> throw new IllegalStateException();
            };
        }
        return best;
    }

    private static void assertGroupsSortedAndComplete(List<String> keys) {
        TableAggregation agg = aggregation(keys);
        agg.addRows(TABLE);
        assertSortedAndComplete(keys, agg.result(TABLE));
    }

    private static void assertSortedAndComplete(List<String> keys, LocalTable result) {
        Map<List<Object>, Long> expected = new HashMap<>();
        for (int r = 0; r < ROWS; r++) {
            expected.merge(key(TABLE, keys, r), 1L, Long::sum);
        }
        assertThat(result.rowCount()).isEqualTo(expected.size());
        Column counts = result.column("n");
        for (int r = 0; r < result.rowCount(); r++) {
            List<Object> k = key(result, keys, r);
            assertThat(counts.getLong(r)).as("rows of group %s", k).isEqualTo(expected.get(k));
            if (r > 0) {
                List<Object> previous = key(result, keys, r - 1);
                assertThat(compare(previous, k)).as("group %s before group %s", previous, k).isNegative();
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compare(List<Object> a, List<Object> b) {
        for (int i = 0; i < a.size(); i++) {
            int c = ((Comparable) a.get(i)).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static List<Object> key(LocalTable t, List<String> keys, int row) {
        List<Object> k = new ArrayList<>();
        for (String name : keys) {
            k.add(t.column(name).get(row));
        }
        return k;
    }

    /** Adds the rows of {@code t} to {@code agg} in chunks of {@code size} rows, as a map step gets them. */
    private static void addInChunks(TableAggregation agg, LocalTable t, int size) {
        for (int from = 0; from < t.rowCount(); from += size) {
            int to = Math.min(t.rowCount(), from + size);
            List<Column> part = new ArrayList<>();
            for (Column c : t.columns()) {
                part.add(io.mars.common.table.Columns.slice(c, from, to - from));
            }
            agg.addRows(new LocalTable(part));
        }
    }

    private static TableAggregation aggregation(List<String> keys) {
        return new TableAggregation(keys, List.of(new AggSpec("i", DType.INT64, AggFn.SIZE, "n", 1)));
    }

    private static LocalTable rows(int from, int to) {
        List<Column> out = new ArrayList<>();
        for (Column c : TABLE.columns()) {
            out.add(io.mars.common.table.Columns.slice(c, from, to - from));
        }
        return new LocalTable(out);
    }

    private static LocalTable table() {
        String[] words = {"", "a", "B", "b", "ab", "aB", "zeta", "\u00e9t\u00e9", "\u4e2d", "Brand#12", "Brand#9"};
        double[] numbers = {-0.0, 0.0, -1.5, 1e300, -1e-300, 3.25, 2.0, Double.MIN_VALUE};
        List<String> s = new ArrayList<>();
        long[] i = new long[ROWS];
        double[] d = new double[ROWS];
        long[] b = new long[ROWS];
        long[] t = new long[ROWS];
        long[][] w = new long[6][ROWS];
        for (int r = 0; r < ROWS; r++) {
            s.add(words[RANDOM.nextInt(words.length)] + (RANDOM.nextInt(4) == 0 ? "x" + RANDOM.nextInt(20) : ""));
            i[r] = RANDOM.nextInt(2001) - 1000;
            d[r] = numbers[RANDOM.nextInt(numbers.length)];
            b[r] = RANDOM.nextInt(2);
            t[r] = (RANDOM.nextInt(400) - 200) * 86_400_000_000_000L + RANDOM.nextInt(3);
            for (long[] col : w) {
                col[r] = RANDOM.nextInt(1 << 11) - 1000;
            }
        }
        List<Column> cols = new ArrayList<>(List.of(Column.ofStrings("s", s), Column.ofLongs("i", i),
                Column.ofDoubles("d", d), new Column("b", DType.BOOL, b, null, null, null),
                new Column("t", DType.TIMESTAMP, t, null, null, null)));
        for (int k = 0; k < w.length; k++) {
            cols.add(Column.ofLongs("w" + (k + 1), w[k]));
        }
        return new LocalTable(cols);
    }
}
