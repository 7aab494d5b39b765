package io.mars.container.kernels;

import java.util.Arrays;

/**
 * The build side of a hash join on long keys: each key's rows chained in row order through an int array, the first
 * row found by an array indexed by key when the keys span a narrow range, else by an open-addressing hash table
 * (linear probing, power-of-two capacity, at most half full, sized once). No boxing; a probe is one load or one short
 * probe sequence.
 */
final class LongJoinIndex {
    /** Keys in {@code [min, min + firstByOffset.length)} index {@link #firstByOffset}, when it is set. */
    private final int[] firstByOffset;
    private final long min;
    private final long max;
    /**
     * The hash table: slot s's key at {@code 2s} and the first row holding it at {@code 2s + 1} (-1 for an empty
     * slot), side by side so that a probe that finds its key reads one cache line, not one in each of two arrays.
     */
    private final long[] slots;
    private final int mask;
    /** The next row with the same key as row {@code r}, or -1; only set for rows with a key. */
    private final int[] next;

    /**
     * The index of rows {@code [0, n)} of {@code keys}, leaving out those with {@code nulls[r] != 0}: an array
     * indexed by key when the keys span at most sixteen times the rows (64 bytes a row at most, the hash table
     * takes 24 to 48) and under 2^25.
     */
    LongJoinIndex(long[] keys, byte[] nulls, int n) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        int rows = 0;
        for (int r = 0; r < n; r++) {
            if (nulls == null || nulls[r] == 0) {
                lo = Math.min(lo, keys[r]);
                hi = Math.max(hi, keys[r]);
                rows++;
            }
        }
        next = new int[n];
        if (narrow(lo, hi, rows)) {
            firstByOffset = new int[(int) (hi - lo + 1)];
            Arrays.fill(firstByOffset, -1);
            min = lo;
            max = hi;
            slots = null;
            mask = 0;
            chainByOffset(keys, nulls, n);
        } else {
            int capacity = Integer.highestOneBit(Math.max(8, Math.min(rows, 1 << 27))) << 2;
            firstByOffset = null;
            min = 0;
            max = -1;
            slots = new long[2 * capacity];
            for (int i = 1; i < slots.length; i += 2) {
                slots[i] = -1;
            }
            mask = 2 * capacity - 1;
            chainBySlot(keys, nulls, n);
        }
    }

    /** Whether an index of {@code keys[0..n)} would be an array indexed by key (one load a probe, no hashing). */
    static boolean isArrayIndexed(long[] keys, byte[] nulls, int n) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        int rows = 0;
        for (int r = 0; r < n; r++) {
            if (nulls == null || nulls[r] == 0) {
                lo = Math.min(lo, keys[r]);
                hi = Math.max(hi, keys[r]);
                rows++;
            }
        }
        return narrow(lo, hi, rows);
    }

    private static boolean narrow(long lo, long hi, int rows) {
        long range = hi - lo + 1;
        return rows > 0 && range > 0 && range <= 16L * rows + 64 && range <= 1 << 25;
    }

    /** Rows taken from the last, each put in front of its key's chain, so a chain runs in row order. */
    private void chainByOffset(long[] keys, byte[] nulls, int n) {
        int[] first = firstByOffset;
        for (int r = n - 1; r >= 0; r--) {
            if (nulls == null || nulls[r] == 0) {
                int off = (int) (keys[r] - min);
                next[r] = first[off];
                first[off] = r;
            }
        }
    }

    private void chainBySlot(long[] keys, byte[] nulls, int n) {
        for (int r = n - 1; r >= 0; r--) {
            if (nulls == null || nulls[r] == 0) {
                long key = keys[r];
                int at = slot(key) << 1;
                while (slots[at + 1] >= 0 && slots[at] != key) {
                    at = (at + 2) & mask;
                }
                slots[at] = key;
                next[r] = (int) slots[at + 1];
                slots[at + 1] = r;
            }
        }
    }

    /** The first row with {@code key}, or -1. */
    int first(long key) {
        if (firstByOffset != null) {
            return key >= min && key <= max ? firstByOffset[(int) (key - min)] : -1;
        }
        int at = slot(key) << 1;
        while (true) {
            long row = slots[at + 1];
            if (row < 0 || slots[at] == key) {
                return (int) row;
            }
            at = (at + 2) & mask;
        }
    }

    /** The row after {@code row} with the same key, or -1. */
    int next(int row) {
        return next[row];
    }

    /** The key's home slot ({@code mask} is that of the slots' array, twice as long as the slots). */
    private int slot(long key) {
        return LongGroupIds.spread(key) & (mask >>> 1);
    }
}
