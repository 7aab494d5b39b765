package io.mars.container.kernels;

import java.util.Arrays;

/** A growable list of (left row, right row) pairs: a join's output rows, -1 for a missing side. */
final class IntPairs {
    int[] left = new int[16];
    int[] right = new int[16];
    int size;

    void add(int l, int r) {
        if (size == left.length) {
            left = Arrays.copyOf(left, size * 2);
            right = Arrays.copyOf(right, size * 2);
        }
        left[size] = l;
        right[size] = r;
        size++;
    }

    /** Room for {@code more} pairs beyond those there are, at once rather than by doublings. */
    void reserve(int more) {
        if (size + more > left.length) {
            left = Arrays.copyOf(left, size + more);
            right = Arrays.copyOf(right, size + more);
        }
    }

    void swap() {
        int[] t = left;
        left = right;
        right = t;
    }
}
