package io.mars.am.services.scheduling.internal;

import java.util.Arrays;

/**
 * Chunk key to index, by open addressing over two arrays: no entry objects and no boxed values, since a run indexes
 * every chunk of its graph (a few million keys at the scale we aim for) and drops the index right after. It grows
 * past the size it was made for (at most half full).
 */
final class KeyIndex {
    private String[] keys;
    private int[] values;
    private int mask;
    private int size;

    KeyIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        this.keys = new String[capacity];
        this.values = new int[capacity];
        this.mask = capacity - 1;
    }

    /** The index of {@code key}, adding it with the next index if absent. */
    int indexOf(String key) {
        int slot = mix(key.hashCode()) & mask;
        while (keys[slot] != null) {
            if (keys[slot].equals(key)) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        keys[slot] = key;
        values[slot] = size;
        size++;
        if (size * 2 > keys.length) {
            grow();
        }
        return size - 1;
    }

    private void grow() {
        String[] oldKeys = keys;
        int[] oldValues = values;
        keys = new String[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        for (int s = 0; s < oldKeys.length; s++) {
            if (oldKeys[s] != null) {
                int slot = mix(oldKeys[s].hashCode()) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[s];
                values[slot] = oldValues[s];
            }
        }
    }

    /** The index of {@code key}, or -1. */
    int find(String key) {
        int slot = mix(key.hashCode()) & mask;
        while (keys[slot] != null) {
            if (keys[slot].equals(key)) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        return -1;
    }

    int size() {
        return size;
    }

    /** The keys by index. */
    String[] keysByIndex() {
        String[] out = new String[size];
        for (int s = 0; s < keys.length; s++) {
            if (keys[s] != null) {
                out[values[s]] = keys[s];
            }
        }
        return out;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    @Override
    public String toString() {
        return "KeyIndex" + Arrays.toString(keysByIndex());
    }
}
