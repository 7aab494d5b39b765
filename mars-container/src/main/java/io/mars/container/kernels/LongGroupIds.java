package io.mars.container.kernels;

import java.util.Arrays;

/**
 * Dense group numbers for long keys: an open-addressing hash table (linear probing, power-of-two capacity, at most
 * half full) from key to the number it was given on first sight, 0, 1, 2, ... No boxing, one probe sequence per row.
 */
final class LongGroupIds {
    private long[] keys;
    private int[] ids;
    private int size;
    private int mask;

    LongGroupIds() {
        resize(64);
    }

    int size() {
        return size;
    }

    /** The key's number, or -1 - (the number it now gets) when it was not seen before. */
    int idOrAdd(long key) {
        int slot = slot(key);
        while (true) {
            int id = ids[slot];
            if (id < 0) {
                id = size++;
                keys[slot] = key;
                ids[slot] = id;
                if (size * 2 > keys.length) {
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
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
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
