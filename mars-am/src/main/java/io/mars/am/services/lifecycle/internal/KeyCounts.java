package io.mars.am.services.lifecycle.internal;

import io.mars.common.model.Keys;

/**
 * Reference counts by chunk key, by open addressing over three arrays: no entry objects, no boxed counts and, for a key
 * ending in a number ({@link Keys#numberStart}), no string of its own: it is kept as a prefix shared with the other
 * keys of its run and that number. A task of 10^6 subtasks references over a million chunks at once, and the
 * supervisor would otherwise hold a map entry and a key string (some 100 bytes) for each. Removal shifts the entries
 * after the removed one back, so the table needs no tombstones; it shrinks when mostly empty.
 */
final class KeyCounts {
    private static final int MIN_CAPACITY = 16;
    private static final int PREFIX_CACHE = 64;
    /** The key's prefix, or the whole key when its number is -1. */
    private String[] prefixes = new String[MIN_CAPACITY];
    private int[] numbers = new int[MIN_CAPACITY];
    private int[] counts = new int[MIN_CAPACITY];
    private int size;
    /** Prefixes seen recently, so that the keys of one run share a string. */
    private final String[] recentPrefixes = new String[PREFIX_CACHE];

    /** Adds one reference to {@code key}. */
    void increment(String key) {
        int split = Keys.numberStart(key);
        int number = split < 0 ? -1 : Integer.parseInt(key, split, key.length(), 10);
        int end = split < 0 ? key.length() : split;
        int hash = prefixHash(key, end);
        int slot = find(key, end, number, hash);
        if (prefixes[slot] != null) {
            counts[slot]++;
            return;
        }
        prefixes[slot] = split < 0 ? key : prefix(key, end, hash);
        numbers[slot] = number;
        counts[slot] = 1;
        if (++size * 4 > prefixes.length * 3) {
            resize(prefixes.length * 2);
        }
    }

    /** The count of {@code key}, 0 when it has none. */
    int get(String key) {
        int slot = find(key);
        return prefixes[slot] == null ? 0 : counts[slot];
    }

    /**
     * Takes one reference from {@code key}: its count left, or -1 when it had none (then nothing changes). A key whose
     * count reaches 0 is removed.
     */
    int decrement(String key) {
        int slot = find(key);
        if (prefixes[slot] == null) {
            return -1;
        }
        int left = counts[slot] - 1;
        if (left > 0) {
            counts[slot] = left;
            return left;
        }
        removeAt(slot);
        return 0;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    private int find(String key) {
        int split = Keys.numberStart(key);
        int number = split < 0 ? -1 : Integer.parseInt(key, split, key.length(), 10);
        int end = split < 0 ? key.length() : split;
        return find(key, end, number, prefixHash(key, end));
    }

    /** The slot of the key {@code key} split at {@code end} into prefix and number, or the empty slot for it. */
    private int find(String key, int end, int number, int hash) {
        int mask = prefixes.length - 1;
        int slot = mix(hash, number) & mask;
        for (String p = prefixes[slot]; p != null; p = prefixes[slot]) {
            if (numbers[slot] == number && p.length() == end && key.startsWith(p)) {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /** {@code key.substring(0, end).hashCode()}, without the substring. */
    private static int prefixHash(String key, int end) {
        if (end == key.length()) {
            return key.hashCode();
        }
        int h = 0;
        for (int i = 0; i < end; i++) {
            h = 31 * h + key.charAt(i);
        }
        return h;
    }

    /** The prefix {@code key.substring(0, end)}, shared with the keys seen recently that start with it. */
    private String prefix(String key, int end, int hash) {
        int c = (hash ^ (hash >>> 16)) & (PREFIX_CACHE - 1);
        String p = recentPrefixes[c];
        if (p != null && p.length() == end && key.startsWith(p)) {
            return p;
        }
        p = key.substring(0, end);
        recentPrefixes[c] = p;
        return p;
    }

    private int home(int slot, int mask) {
        return mix(prefixes[slot].hashCode(), numbers[slot]) & mask;
    }

    private void removeAt(int slot) {
        int mask = prefixes.length - 1;
        int hole = slot;
        int next = (hole + 1) & mask;
        // move back every following entry of the run whose home slot does not lie between the hole and it
        while (prefixes[next] != null) {
            int home = home(next, mask);
            boolean homeInRange = hole <= next ? hole < home && home <= next : hole < home || home <= next;
            if (!homeInRange) {
                prefixes[hole] = prefixes[next];
                numbers[hole] = numbers[next];
                counts[hole] = counts[next];
                hole = next;
            }
            next = (next + 1) & mask;
        }
        prefixes[hole] = null;
        numbers[hole] = 0;
        counts[hole] = 0;
        size--;
        if (prefixes.length > MIN_CAPACITY && size * 8 < prefixes.length) {
            resize(prefixes.length / 2);
        }
    }

    private void resize(int capacity) {
        String[] oldPrefixes = prefixes;
        int[] oldNumbers = numbers;
        int[] oldCounts = counts;
        prefixes = new String[capacity];
        numbers = new int[capacity];
        counts = new int[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < oldPrefixes.length; i++) {
            if (oldPrefixes[i] != null) {
                int slot = mix(oldPrefixes[i].hashCode(), oldNumbers[i]) & mask;
                while (prefixes[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                prefixes[slot] = oldPrefixes[i];
                numbers[slot] = oldNumbers[i];
                counts[slot] = oldCounts[i];
            }
        }
    }

    private static int mix(int prefixHash, int number) {
        int h = (prefixHash * 31 + number) * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
