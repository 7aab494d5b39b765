package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** A join's build side by long key, array-indexed and hashed, against a map of each key's rows in row order. */
class LongJoinIndexTest {
    private final Random random = new Random(17);

    @Test
    void keysInANarrowRangeChainTheirRowsInRowOrder() {
        assertIndexesLikeAMap(keys(20_000, () -> 500 + random.nextInt(3_000)), nullsEvery(20_000, 9));
    }

    @Test
    void wideKeysCollidingInTheirLowOrHighBitsChainTheirRowsInRowOrder() {
        assertIndexesLikeAMap(keys(30_000, () -> (long) random.nextInt(5_000) << 40), null);
        assertIndexesLikeAMap(keys(30_000, () -> random.nextInt(4_000) * 1_048_576L), nullsEvery(30_000, 4));
        assertIndexesLikeAMap(keys(30_000, random::nextLong), null);
    }

    @Test
    void keysAtTheEndsOfTheLongRangeIndexByKeyAndFindNothingAtTheOtherEnd() {
        long top = Long.MAX_VALUE;
        long[] inner = {top - 2, top, top - 1, top};
        LongJoinIndex index = new LongJoinIndex(inner, null, inner.length);
        assertThat(index.first(top)).isEqualTo(1);
        assertThat(index.next(1)).isEqualTo(3);
        assertThat(index.next(3)).isEqualTo(-1);
        for (long k = 0; k < 4; k++) {
            assertThat(index.first(Long.MIN_VALUE + k)).isEqualTo(-1);
        }
        LongJoinIndex bottom = new LongJoinIndex(new long[] {Long.MIN_VALUE, Long.MIN_VALUE + 1}, null, 2);
        assertThat(bottom.first(Long.MAX_VALUE)).isEqualTo(-1);
        assertThat(bottom.first(Long.MIN_VALUE + 1)).isEqualTo(1);
    }

    @Test
    void emptyAndAllNullSidesFindNothing() {
        assertThat(new LongJoinIndex(new long[0], null, 0).first(0)).isEqualTo(-1);
        LongJoinIndex nulls = new LongJoinIndex(new long[] {1, 2, 3}, new byte[] {1, 1, 1}, 3);
        for (long k = 0; k < 5; k++) {
            assertThat(nulls.first(k)).isEqualTo(-1);
        }
    }

    private long[] keys(int n, LongSupplier key) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = key.getAsLong();
        }
        return out;
    }

    private static byte[] nullsEvery(int n, int step) {
        byte[] nulls = new byte[n];
        for (int i = 0; i < n; i += step) {
            nulls[i] = 1;
        }
        return nulls;
    }

    private void assertIndexesLikeAMap(long[] keys, byte[] nulls) {
        int n = keys.length;
        LongJoinIndex index = new LongJoinIndex(keys, nulls, n);
        Map<Long, List<Integer>> rows = new HashMap<>();
        for (int r = 0; r < n; r++) {
            if (nulls == null || nulls[r] == 0) {
                rows.computeIfAbsent(keys[r], k -> new ArrayList<>()).add(r);
            }
        }
        for (Map.Entry<Long, List<Integer>> e : rows.entrySet()) {
            List<Integer> chain = new ArrayList<>();
            for (int r = index.first(e.getKey()); r >= 0; r = index.next(r)) {
                chain.add(r);
            }
            assertThat(chain).as("rows of key %d", e.getKey()).isEqualTo(e.getValue());
        }
        // keys no row has (null rows' keys included, when no other row has them)
        for (int i = 0; i < 2_000; i++) {
            long k = i % 2 == 0 ? random.nextLong() : keys[random.nextInt(n)] + 1;
            assertThat(index.first(k)).as("key %d", k).isEqualTo(rows.containsKey(k) ? rows.get(k).get(0) : -1);
        }
    }
}
