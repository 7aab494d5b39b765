package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Dense numbering of long keys, hashed and array-indexed, against a HashMap doing the same. */
class LongGroupIdsTest {
    @Test
    void numbersKeysInFirstSightOrderLikeAMap() {
        Random random = new Random(3);
        for (boolean denseRange : new boolean[] {false, true}) {
            int n = 50_000;
            long[] keys = new long[n];
            byte[] nulls = new byte[n];
            for (int i = 0; i < n; i++) {
                keys[i] = denseRange ? random.nextInt(20_000) - 5_000 : random.nextLong() >> random.nextInt(64);
                nulls[i] = (byte) (random.nextInt(10) == 0 ? 1 : 0);
            }
            LongGroupIds ids = LongGroupIds.forKeys(keys, nulls, n);
            Map<Long, Integer> reference = new HashMap<>();
            for (int i = 0; i < n; i++) {
                // null rows were left out of the range, but any key can still be added: outside keys go to the hash
                long key = nulls[i] != 0 ? keys[i] * 7919 + 1_000_000 : keys[i];
                Integer expected = reference.get(key);
                int got = ids.idOrAdd(key);
                if (expected == null) {
                    assertThat(got).as("new key %d", key).isEqualTo(-1 - reference.size());
                    reference.put(key, reference.size());
                } else {
                    assertThat(got).as("seen key %d", key).isEqualTo(expected);
                }
            }
            assertThat(ids.size()).isEqualTo(reference.size());
            for (Map.Entry<Long, Integer> e : reference.entrySet()) {
                assertThat(ids.find(e.getKey())).isEqualTo(e.getValue());
            }
            assertThat(ids.find(Long.MIN_VALUE + 12345)).isEqualTo(-1);
            assertThat(ids.find(-5_001)).isEqualTo(reference.getOrDefault(-5_001L, -1));
        }
    }

    @Test
    void numberingWholeColumnsAcrossCallsAgreesWithAMap() {
        Random random = new Random(5);
        LongGroupIds ids = new LongGroupIds();
        Map<Long, Integer> reference = new HashMap<>();
        // narrow ranges (the per-call index), wide ones (the hash table) and nulls, one after the other
        for (int call = 0; call < 6; call++) {
            int n = 3_000;
            long[] keys = new long[n];
            byte[] nulls = new byte[n];
            for (int r = 0; r < n; r++) {
                keys[r] = call % 2 == 0 ? 100 + random.nextInt(500) : random.nextLong();
                nulls[r] = (byte) (random.nextInt(8) == 0 ? 1 : 0);
            }
            int[] out = new int[n];
            java.util.List<Integer> added = new java.util.ArrayList<>();
            ids.number(keys, nulls, n, out, added::add);
            for (int r = 0; r < n; r++) {
                if (nulls[r] != 0) {
                    assertThat(out[r]).isEqualTo(-1);
                    continue;
                }
                Integer expected = reference.get(keys[r]);
                if (expected == null) {
                    expected = reference.size();
                    reference.put(keys[r], expected);
                    assertThat(added).as("call %d: row %d reported as new", call, r).contains(r);
                }
                assertThat(out[r]).as("call %d row %d", call, r).isEqualTo(expected);
            }
            assertThat(ids.size()).isEqualTo(reference.size());
        }
    }

    @Test
    void aFirstCallOverANarrowRangeIndexesByKeyAndLaterKeysOutsideItAreHashed() {
        Random random = new Random(11);
        LongGroupIds ids = new LongGroupIds();
        Map<Long, Integer> reference = new HashMap<>();
        long[][] calls = new long[4][];
        calls[0] = randomKeys(random, 40_000, () -> 1_000 + random.nextInt(60_000)); // array-indexed from now on
        calls[1] = randomKeys(random, 40_000, () -> random.nextInt(200_000) - 50_000); // both sides of that range
        calls[2] = randomKeys(random, 40_000, random::nextLong);
        calls[3] = new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 999, 61_000, 0};
        for (long[] keys : calls) {
            assertNumbersLikeAMap(ids, keys, nullsEvery(keys.length, 7), reference);
        }
    }

    @Test
    void aFirstCallOfMostlyDistinctWideKeysAgreesWithAMapThroughCollidingSlots() {
        Random random = new Random(13);
        // keys differing only in their high bits, or in steps of a power of two, crowd the same slots
        long[][] calls = {
            randomKeys(random, 60_000, () -> (long) random.nextInt(30_000) << 40),
            randomKeys(random, 60_000, () -> random.nextInt(1 << 16) * 65_536L * 1024),
            randomKeys(random, 60_000, () -> random.nextLong() | 1L << 62)};
        for (long[] first : calls) {
            LongGroupIds ids = new LongGroupIds();
            Map<Long, Integer> reference = new HashMap<>();
            assertNumbersLikeAMap(ids, first, nullsEvery(first.length, 5), reference);
            // a second call grows the table past the size the first one chose
            assertNumbersLikeAMap(ids, randomKeys(random, 200_000, random::nextLong), null, reference);
        }
    }

    @Test
    void emptyAndAllNullCallsNumberNothing() {
        LongGroupIds ids = new LongGroupIds();
        Map<Long, Integer> reference = new HashMap<>();
        assertNumbersLikeAMap(ids, new long[0], null, reference);
        long[] keys = {5, 6, 7};
        assertNumbersLikeAMap(ids, keys, new byte[] {1, 1, 1}, reference);
        assertThat(ids.size()).isZero();
        assertThat(ids.find(5)).isEqualTo(-1);
        assertNumbersLikeAMap(ids, keys, null, reference);
        assertThat(ids.size()).isEqualTo(3);
        assertThat(LongGroupIds.forKeys(new long[0], null, 0).find(0)).isEqualTo(-1);
    }

    private static long[] randomKeys(Random random, int n, java.util.function.LongSupplier key) {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = key.getAsLong();
        }
        return keys;
    }

    private static byte[] nullsEvery(int n, int step) {
        byte[] nulls = new byte[n];
        for (int i = 0; i < n; i += step) {
            nulls[i] = 1;
        }
        return nulls;
    }

    /** Numbers {@code keys} in one call and checks each row's number, and every key's find, against a map. */
    private static void assertNumbersLikeAMap(LongGroupIds ids, long[] keys, byte[] nulls,
                                              Map<Long, Integer> reference) {
        int n = keys.length;
        int[] out = new int[n];
        java.util.List<Integer> added = new java.util.ArrayList<>();
        ids.number(keys, nulls, n, out, added::add);
        java.util.List<Integer> expectedAdded = new java.util.ArrayList<>();
        for (int r = 0; r < n; r++) {
            if (nulls != null && nulls[r] != 0) {
                assertThat(out[r]).isEqualTo(-1);
                continue;
            }
            Integer expected = reference.get(keys[r]);
            if (expected == null) {
                expected = reference.size();
                reference.put(keys[r], expected);
                expectedAdded.add(r);
            }
            assertThat(out[r]).as("row %d key %d", r, keys[r]).isEqualTo(expected);
        }
        assertThat(added).isEqualTo(expectedAdded);
        assertThat(ids.size()).isEqualTo(reference.size());
        for (Map.Entry<Long, Integer> e : reference.entrySet()) {
            assertThat(ids.find(e.getKey())).isEqualTo(e.getValue());
        }
    }
}
