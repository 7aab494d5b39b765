package io.mars.container.kernels;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * Dense group numbers for long keys: an open-addressing hash table (linear probing, power-of-two capacity, at most
 * half full) from key to the number it was given on first sight, 0, 1, 2, ... No boxing, one probe sequence per row.
 */
final class LongGroupIds {
    /** Keys in {@code [denseMin, denseMin + dense.length)} are numbered through {@code dense}, when it is set. */
    private int[] dense;
    /** The widest key range {@link #number} indexes directly for one call. */
    private static final long CALL_RANGE = 1 << 20;
    private long denseMin;
    private long[] keys;
    private int[] ids;
    private int size;
    /** How many keys are in the hash table (the rest are in {@link #dense}). */
    private int hashed;
    private int mask;

    LongGroupIds() {
        resize(64);
    }

    /**
     * A table for numbering {@code keys[0..n)} (rows with {@code nulls[i] != 0} left out): when their range is at most
     * sixteen times their count (and under 2^26), numbers live in an array indexed by key (at most 64 bytes a key;
     * the hash table, at most half full in a power-of-two capacity of 12-byte slots, takes 24 to 48), so a lookup is
     * one load, not a probe sequence. Keys outside that range can still be added, through the hash table.
     */
    static LongGroupIds forKeys(long[] keys, byte[] nulls, int n) {
        LongGroupIds ids = new LongGroupIds();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            if (nulls == null || nulls[i] == 0) {
                min = Math.min(min, keys[i]);
                max = Math.max(max, keys[i]);
            }
        }
        long range = max - min + 1;
        if (min <= max && range > 0 && range <= 16L * n + 16 && range <= 1 << 26) {
            ids.dense = new int[(int) range];
            Arrays.fill(ids.dense, -1);
            ids.denseMin = min;
        } else if (n > 32) {
            // room for every row's key at most half full, as a join's build side (keys mostly distinct) needs: no
            // doubling and rehashing on the way there
            ids.resize(Integer.highestOneBit(Math.min(n, 1 << 29) - 1) << 2);
        }
        return ids;
    }

    /**
     * Numbers {@code keys[0..n)} into {@code out} (-1 for rows with {@code nulls[r] != 0}), calling {@code added} with
     * the row where a key is seen for the first time, before that row's number is used. When the keys span a small
     * range ({@link #CALL_RANGE} at most, and not over twice the rows), a table indexed by the key's offset from the
     * minimum remembers each key's number for this call, so the hash table is probed once per distinct key, not once
     * per row.
     */
    void number(long[] keys, byte[] nulls, int n, int[] out, IntConsumer added) {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int r = 0; r < n; r++) {
            if (nulls == null || nulls[r] == 0) {
                min = Math.min(min, keys[r]);
                max = Math.max(max, keys[r]);
            }
        }
        long range = max - min + 1;
        if (size == 0 && dense == null && min <= max) {
            sizeFor(keys, nulls, n, min, range);
        }
        int[] byOffset = null;
        boolean covered = dense != null && min - denseMin >= 0 && max - denseMin < dense.length;
        if (!covered && min <= max && range > 0 && range <= CALL_RANGE && range <= 2L * n) {
            byOffset = new int[(int) range];
            Arrays.fill(byOffset, -1);
        }
        for (int r = 0; r < n; r++) {
            if (nulls != null && nulls[r] != 0) {
                out[r] = -1;
                continue;
            }
            int off = byOffset == null ? -1 : (int) (keys[r] - min);
            int id = off < 0 ? -1 : byOffset[off];
            if (id < 0) {
                id = idOrAdd(keys[r]);
                if (id < 0) {
                    id = -1 - id;
                    added.accept(r);
                }
                if (off >= 0) {
                    byOffset[off] = id;
                }
            }
            out[r] = id;
        }
    }

    /**
     * Sets an empty table up for a first call's {@code n} keys spanning {@code [min, min + range)}: an array indexed
     * by key when the range is at most four times the rows (16 bytes a row at most), else, when a sample of the rows
     * says most keys are distinct, a hash table with room for all of them, so that it is not doubled and rehashed
     * some twenty times on the way.
     */
    private void sizeFor(long[] keys, byte[] nulls, int n, long min, long range) {
        if (range > 0 && range <= 4L * n + 64 && range <= 1 << 26) {
            dense = new int[(int) range];
            Arrays.fill(dense, -1);
            denseMin = min;
            return;
        }
        if (n < 4096) {
            return;
        }
        int sample = 1024;
        LongGroupIds seen = new LongGroupIds();
        int taken = 0;
        for (int j = 0; j < sample; j++) {
            int r = (int) ((long) j * n / sample);
            if (nulls == null || nulls[r] == 0) {
                seen.idOrAdd(keys[r]);
                taken++;
            }
        }
        if (taken > 0 && seen.size() * 2 > taken) {
            long expected = (long) n * seen.size() / taken;
            resize(Integer.highestOneBit((int) Math.min(expected, 1 << 28)) << 2);
        }
    }

    int size() {
        return size;
    }

    /** A new number that no key maps to (its holder keeps what it stands for); counted in {@link #size()}. */
    int unkeyed() {
        return size++;
    }

    /** The number an {@link #idOrAdd} result stands for, whether the key was new or not. */
    static int idOf(int idOrAdded) {
        return idOrAdded < 0 ? -1 - idOrAdded : idOrAdded;
    }

    /** The key's number, or -1 - (the number it now gets) when it was not seen before. */
    int idOrAdd(long key) {
        long off = key - denseMin;
        if (dense != null && off >= 0 && off < dense.length) {
            int id = dense[(int) off];
            if (id >= 0) {
                return id;
            }
            id = size++;
            dense[(int) off] = id;
            return -1 - id;
        }
        int slot = slot(key);
        while (true) {
            int id = ids[slot];
            if (id < 0) {
                id = size++;
                keys[slot] = key;
                ids[slot] = id;
                if (++hashed * 2 > keys.length) {
                    resize(keys.length * 2);
                }
                return -1 - id;
            }
            if (keys[slot] == key) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** The key's number, or -1 when it was never added. */
    int find(long key) {
        long off = key - denseMin;
        if (dense != null && off >= 0 && off < dense.length) {
            return dense[(int) off];
        }
        int slot = slot(key);
        while (true) {
            int id = ids[slot];
            if (id < 0 || keys[slot] == key) {
                return id;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int slot(long key) {
        return spread(key) & mask;
    }

    /** A long key's hash, its bits spread for a power-of-two table (also {@link LongJoinIndex}'s). */
    static int spread(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private void resize(int capacity) {
        long[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new long[capacity];
        ids = new int[capacity];
        Arrays.fill(ids, -1);
        mask = capacity - 1;
        if (oldKeys != null) {
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldIds[i] >= 0) {
                    int slot = slot(oldKeys[i]);
                    while (ids[slot] >= 0) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = oldKeys[i];
                    ids[slot] = oldIds[i];
                }
            }
        }
    }
}
