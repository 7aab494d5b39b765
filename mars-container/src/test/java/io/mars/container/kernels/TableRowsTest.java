package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.types.Column;
import io.mars.types.DType;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TableRowsTest {
    @Test
    void theLongKeyHashIsTheGeneralHashSoBothSidesOfAShuffleAgree() {
        Random random = new Random(9);
        Object[] values = new Object[2000];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(10) == 0 ? null : random.nextLong() >> random.nextInt(60);
        }
        Column longs = Column.of("k", DType.INT64, Arrays.asList(values));
        Object[] asDoubles = Arrays.stream(values).map(v -> v == null ? null : (Object) (double) (Long) v).toArray();
        Column doubles = Column.of("k", DType.FLOAT64, Arrays.asList(asDoubles));
        for (int i = 0; i < values.length; i++) {
            long general = TableRows.hash(List.of(longs), i);
            assertThat(TableRows.hashOfLong(longs.longs()[i], longs.isNull(i))).isEqualTo(general);
            if (values[i] == null || (long) (double) (Long) values[i] == (Long) values[i]) {
                // a float key equal to an int key hashes the same (1 and 1.0 join)
                assertThat(TableRows.hash(List.of(doubles), i)).isEqualTo(general);
            }
        }
    }

    @Test
    void radixOrderIsTheStableMergeOrder() {
        Random random = new Random(4);
        for (int m : new int[] {0, 1, 100, 4096, 50_000}) {
            long[] keys = new long[m];
            for (int i = 0; i < m; i++) {
                keys[i] = random.nextBoolean() ? random.nextInt(50) - 25 : random.nextLong();
            }
            assertThat(TableRows.stableOrder(keys, m)).as("m=" + m).isEqualTo(TableRows.mergeSort(keys, m));
        }
    }

    @Test
    void aTopOrderIsTheStartOfTheStableOrder() {
        Random random = new Random(6);
        for (int m : new int[] {0, 1, 7, 100, 5000}) {
            long[] keys = new long[m];
            for (int i = 0; i < m; i++) {
                keys[i] = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(9) - 4; // many ties
            }
            int[] all = TableRows.mergeSort(keys, m);
            for (int k : new int[] {0, 1, 3, 10, m / 2, m, m + 5}) {
                assertThat(TableRows.topOrder(keys, m, k)).as("m=%d k=%d", m, k)
                        .isEqualTo(java.util.Arrays.copyOf(all, Math.min(k, m)));
            }
        }
    }

    @Test
    void radixOrderByTheTopBitsPutsTiesInOrderOfTheWholeKeys() {
        Random random = new Random(11);
        for (int m : new int[] {4096, 4097, 100_000, 300_001}) {
            long[][] cases = new long[4][m];
            for (int i = 0; i < m; i++) {
                // evenly spread doubles; doubles packed in a band narrower than the sorted top bits (long tie runs);
                // a few distinct values repeated; keys that differ only in their lowest bits
                cases[0][i] = TableRows.sortable(random.nextDouble());
                cases[1][i] = TableRows.sortable(i % 1000 == 0 ? random.nextDouble() * 1e6
                        : 0.5 + random.nextDouble() * 1e-9);
                cases[2][i] = TableRows.sortable(random.nextInt(7) * 0.25);
                cases[3][i] = (1L << 62) + random.nextInt(1 << 20) - (random.nextBoolean() ? 1L << 61 : 0);
            }
            for (int c = 0; c < cases.length; c++) {
                assertThat(TableRows.stableOrder(cases[c], m)).as("m=" + m + " case " + c)
                        .isEqualTo(TableRows.mergeSort(cases[c], m));
            }
        }
    }

    @Test
    void partsOfHashesAreInRangeAndEven() {
        for (int parts : new int[] {1, 3, 10, 97, 1000}) {
            int[] count = new int[parts];
            int n = 200_000;
            for (int i = 0; i < n; i++) {
                int p = TableRows.partOf(TableRows.hashOfLong(i, false), parts);
                assertThat(p).isBetween(0, parts - 1);
                count[p]++;
            }
            double mean = (double) n / parts;
            for (int c : count) {
                assertThat(Math.abs(c - mean)).as("parts=" + parts).isLessThan(6 * Math.sqrt(mean) + 1);
            }
        }
    }
}
