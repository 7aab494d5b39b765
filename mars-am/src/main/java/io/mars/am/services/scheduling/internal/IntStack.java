package io.mars.am.services.scheduling.internal;

import java.util.Arrays;

/** A growable stack of ints without boxing, for walks over subtask ids. */
final class IntStack {
    private int[] items = new int[16];
    private int size;

    void push(int v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = v;
    }

    int pop() {
        return items[--size];
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The items in the order pushed. */
    int[] toArray() {
        return Arrays.copyOf(items, size);
    }
}
