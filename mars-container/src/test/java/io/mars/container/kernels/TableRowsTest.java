package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.dataframe.Column;
import io.mars.dataframe.DType;
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
}
