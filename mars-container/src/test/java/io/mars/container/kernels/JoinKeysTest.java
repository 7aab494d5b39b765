package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.types.Column;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A join's keys as longs: two rows' longs are equal exactly when their boxed keys ({@link TableRows#key}, what the
 * join compared before) are equal and not null, for every pair of an outer and an inner row and of two inner rows.
 */
class JoinKeysTest {
    private final Random random = new Random(19);

    @Test
    void oneLongKeyIsUsedAsItIs() {
        Column o = Column.ofLongs("k", 1, 2, 3);
        Column i = Column.ofLongs("k", 3, 4);
        JoinKeys keys = JoinKeys.of(List.of(o), List.of(i));
        assertThat(keys.outer()).isSameAs(o.longs());
        assertThat(keys.inner()).isSameAs(i.longs());
    }

    @Test
    void textKeysWithNullsAndValuesOnOneSideOnly() {
        assertEqualExactlyWhereBoxedKeysAre(List.of(text(300, 40)), List.of(text(200, 30)));
    }

    @Test
    void floatKeysWithSignedZerosNaNAndIntegralValues() {
        assertEqualExactlyWhereBoxedKeysAre(List.of(floats(400)), List.of(floats(300)));
    }

    @Test
    void severalKeysOfEveryKindWithNulls() {
        assertEqualExactlyWhereBoxedKeysAre(List.of(longs(500, 6), text(500, 5), floats(500)),
                List.of(longs(400, 6), text(400, 5), floats(400)));
        assertEqualExactlyWhereBoxedKeysAre(List.of(longs(500, 1L << 40), longs(500, 3)),
                List.of(longs(600, 1L << 40), longs(600, 3)));
    }

    @Test
    void emptySidesAndMixedKindsAreHandledOrLeftToBoxedKeys() {
        assertEqualExactlyWhereBoxedKeysAre(List.of(text(0, 3), longs(0, 3)), List.of(text(50, 3), longs(50, 3)));
        assertEqualExactlyWhereBoxedKeysAre(List.of(text(50, 3), longs(50, 3)), List.of(text(0, 3), longs(0, 3)));
        assertThat(JoinKeys.of(List.of(longs(5, 3)), List.of(floats(5)))).isNull();
        assertThat(JoinKeys.of(List.of(text(5, 3)), List.of(longs(5, 3)))).isNull();
    }

    @Test
    void oneBuildProbedByOuterSideAfterOuterSideNumbersEachAsAFreshBuildWould() {
        List<Column> inner = List.of(longs(300, 6), text(300, 5), floats(300));
        JoinBuild build = JoinBuild.of(inner);
        for (int t = 0; t < 3; t++) {
            List<Column> outer = List.of(longs(200 + 50 * t, 7), text(200 + 50 * t, 6), floats(200 + 50 * t));
            assertEqualExactlyWhereBoxedKeysAre(build.probe(outer), outer, inner);
        }
        assertThat(build.probe(List.of(longs(5, 3)))).as("fewer key columns").isNull();
        assertThat(build.probe(List.of(text(5, 3), text(5, 3), floats(5)))).as("text against integers").isNull();
        assertThat(JoinBuild.of(List.of())).isNull();
    }

    private Column longs(int n, long values) {
        long[] v = new long[n];
        byte[] nulls = new byte[n];
        for (int r = 0; r < n; r++) {
            v[r] = values > 1 << 20 ? random.nextInt(4) * values : random.nextInt((int) values);
            nulls[r] = (byte) (random.nextInt(10) == 0 ? 1 : 0);
        }
        return new Column("l", DType.INT64, v, null, null, nulls);
    }

    private Column text(int n, int values) {
        List<String> v = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            v.add(random.nextInt(12) == 0 ? null : "v" + random.nextInt(values));
        }
        return Column.ofStrings("s", v);
    }

    private Column floats(int n) {
        double[] pool = {0.0, -0.0, Double.NaN, 1.0, -1.0, 2.5, 1e300, -2.5, 3.0};
        double[] v = new double[n];
        byte[] nulls = new byte[n];
        for (int r = 0; r < n; r++) {
            v[r] = pool[random.nextInt(pool.length)];
            nulls[r] = (byte) (random.nextInt(15) == 0 ? 1 : 0);
        }
        return new Column("d", DType.FLOAT64, null, v, null, nulls);
    }

    private static void assertEqualExactlyWhereBoxedKeysAre(List<Column> outer, List<Column> inner) {
        assertEqualExactlyWhereBoxedKeysAre(JoinKeys.of(outer, inner), outer, inner);
    }

    private static void assertEqualExactlyWhereBoxedKeysAre(JoinKeys keys, List<Column> outer, List<Column> inner) {
        int no = outer.get(0).length();
        int ni = inner.get(0).length();
        for (int i = 0; i < no; i++) {
            Object ok = TableRows.key(outer, i, false);
            assertThat(isNull(keys.outerNulls(), i)).as("outer %d (%s) marked", i, ok)
                    .isEqualTo(ok == null || !hasKey(inner, ok));
            for (int j = 0; j < ni; j++) {
                Object ik = TableRows.key(inner, j, false);
                boolean equal = !isNull(keys.outerNulls(), i) && !isNull(keys.innerNulls(), j)
                        && keys.outer()[i] == keys.inner()[j];
                assertThat(equal).as("outer %d %s, inner %d %s", i, ok, j, ik)
                        .isEqualTo(ok != null && ok.equals(ik));
            }
        }
        for (int j = 0; j < ni; j++) {
            assertThat(isNull(keys.innerNulls(), j)).isEqualTo(TableRows.key(inner, j, false) == null);
            for (int k = 0; k < j; k++) {
                Object a = TableRows.key(inner, j, false);
                boolean equal = !isNull(keys.innerNulls(), j) && !isNull(keys.innerNulls(), k)
                        && keys.inner()[j] == keys.inner()[k];
                assertThat(equal).isEqualTo(a != null && a.equals(TableRows.key(inner, k, false)));
            }
        }
    }

    private static boolean hasKey(List<Column> side, Object key) {
        for (int j = 0; j < side.get(0).length(); j++) {
            if (key.equals(TableRows.key(side, j, false))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isNull(byte[] nulls, int r) {
        return nulls != null && nulls[r] != 0;
    }
}
