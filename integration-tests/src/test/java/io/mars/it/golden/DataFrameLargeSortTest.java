package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * sortValues on frames far larger than the golden files' (so the radix sort, the thinned sampling and the primitive
 * range partition run), with ties, negative values, signed zeros and nulls, against a stable sort of the same rows
 * in Java: the row ids must come out in exactly that order.
 */
class DataFrameLargeSortTest {
    private static final int ROWS = 120_000;
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);


    private static LocalTable frame() {
        Random random = new Random(11);
        long[] id = new long[ROWS];
        long[] k = new long[ROWS];
        List<Object> v = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            id[i] = i;
            k[i] = random.nextInt(50) - 25;
            int pick = random.nextInt(100);
            v.add(pick < 3 ? null : pick < 5 ? -0.0 : pick < 7 ? 0.0 : pick < 40 ? (double) random.nextInt(30) - 10
                    : random.nextGaussian() * 1e6);
        }
        return LocalTable.of(new Column("id", DType.INT64, id, null, null, null), new Column("k", DType.INT64, k,
                null, null, null), Column.of("v", DType.FLOAT64, v));
    }

    /** The ids of {@code t}'s rows stably sorted by {@code order}, nulls of v last. */
    private static List<Long> expected(LocalTable t, Comparator<Integer> order) {
        List<Integer> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) {
            rows.add(i);
        }
        rows.sort(order);
        List<Long> ids = new ArrayList<>(ROWS);
        for (int r : rows) {
            ids.add(t.column("id").longs()[r]);
        }
        return ids;
    }

    /** The ids in the same order, or a failure naming the first position where they differ. */
    private static void sameOrder(List<Long> actual, List<Long> expected, String what) {
        assertThat(actual).as(what + ": row count").hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            int at = i;
            assertThat(actual.get(i)).as(() -> what + ": row id at position " + at + " (expected around it "
                    + expected.subList(Math.max(0, at - 2), Math.min(expected.size(), at + 3)) + ", got "
                    + actual.subList(Math.max(0, at - 2), Math.min(actual.size(), at + 3)) + ")")
                    .isEqualTo(expected.get(i));
        }
    }

    private static List<Long> ids(LocalTable t) {
        List<Long> out = new ArrayList<>(t.rowCount());
        for (long x : t.column("id").longs()) {
            out.add(x);
        }
        return out;
    }

    private static Comparator<Integer> byV(LocalTable t, boolean asc) {
        Column v = t.column("v");
        return (a, b) -> {
            boolean na = v.isNull(a);
            boolean nb = v.isNull(b);
            if (na || nb) {
                return na == nb ? 0 : na ? 1 : -1;
            }
            double x = v.doubles()[a] == 0.0 ? 0.0 : v.doubles()[a];
            double y = v.doubles()[b] == 0.0 ? 0.0 : v.doubles()[b];
            return asc ? Double.compare(x, y) : Double.compare(y, x);
        };
    }

    @Test
    void floatKeyBothDirectionsIsStableWithNullsLast() {
        LocalTable t = frame();
        for (boolean asc : new boolean[] {true, false}) {
            DataFrame df = DataFrames.fromTable(t, 17_000);
            LocalTable out = CLUSTER.session().executeTables(df.sortValues("v", asc)).get(0);
            assertThat(out.rowCount()).isEqualTo(ROWS);
            sameOrder(ids(out), expected(t, byV(t, asc)), "by v, ascending=" + asc);
        }
    }

    @Test
    void longKeyThenFloatKey() {
        LocalTable t = frame();
        DataFrame df = DataFrames.fromTable(t, 9_000);
        LocalTable out = CLUSTER.session().executeTables(df.sortValues(List.of("k", "v"), List.of(false, true))).get(0);
        long[] k = t.column("k").longs();
        Comparator<Integer> order = Comparator.<Integer>comparingLong(r -> -k[r]).thenComparing(byV(t, true));
        sameOrder(ids(out), expected(t, order), "by k descending, v");
        LocalTable byK = CLUSTER.session().executeTables(DataFrames.fromTable(t, 9_000).sortValues("k")).get(0);
        sameOrder(ids(byK), expected(t, Comparator.comparingLong(r -> k[r])), "by k");
        // 60 chunks: more pivots than the partition counts one by one, so it searches them
        LocalTable byKDown = CLUSTER.session().executeTables(DataFrames.fromTable(t, 2_000).sortValues("k", false))
                .get(0);
        sameOrder(ids(byKDown), expected(t, Comparator.comparingLong(r -> -k[r])), "by k descending, 60 chunks");
    }
}
