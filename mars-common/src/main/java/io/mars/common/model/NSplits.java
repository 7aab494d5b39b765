package io.mars.common.model;

import java.util.Arrays;

/** Helpers over {@code nsplits}: chunk lengths per axis. Chunks are numbered in C order of their grid index. */
public final class NSplits {
    private NSplits() {
    }

    public static int[] gridShape(long[][] nsplits) {
        int[] g = new int[nsplits.length];
        for (int i = 0; i < nsplits.length; i++) {
            g[i] = nsplits[i].length;
        }
        return g;
    }

    public static int chunkCount(long[][] nsplits) {
        long n = 1;
        for (long[] axis : nsplits) {
            n *= axis.length;
        }
        return Math.toIntExact(n);
    }

    /** Start offset of every chunk along one axis, plus the total as last element. */
    /** {@code length} cut into ceil(length / size) parts as equal as possible (one part for a length of 0). */
    public static long[] even(long length, long size) {
        int parts = (int) Math.max(1, (length + size - 1) / size);
        long[] out = new long[parts];
        for (int i = 0; i < parts; i++) {
            out[i] = length / parts + (i < length % parts ? 1 : 0);
        }
        return out;
    }

    public static long[] offsets(long[] axisSplits) {
        long[] off = new long[axisSplits.length + 1];
        for (int i = 0; i < axisSplits.length; i++) {
            off[i + 1] = off[i] + axisSplits[i];
        }
        return off;
    }

    public static long[] chunkShape(long[][] nsplits, int[] index) {
        long[] s = new long[nsplits.length];
        for (int i = 0; i < nsplits.length; i++) {
            s[i] = nsplits[i][index[i]];
        }
        return s;
    }

    public static long[] chunkOffset(long[][] nsplits, int[] index) {
        long[] s = new long[nsplits.length];
        for (int i = 0; i < nsplits.length; i++) {
            long o = 0;
            for (int j = 0; j < index[i]; j++) {
                o += nsplits[i][j];
            }
            s[i] = o;
        }
        return s;
    }

    /** The flat (C-order) position of a grid index. */
    public static int flat(int[] grid, int[] index) {
        int f = 0;
        for (int i = 0; i < grid.length; i++) {
            f = f * grid[i] + index[i];
        }
        return f;
    }

    /** The grid index of a flat position. */
    public static int[] unflat(int[] grid, int flat) {
        int[] idx = new int[grid.length];
        for (int i = grid.length - 1; i >= 0; i--) {
            idx[i] = flat % grid[i];
            flat /= grid[i];
        }
        return idx;
    }

    public static long[] shape(long[][] nsplits) {
        long[] s = new long[nsplits.length];
        for (int i = 0; i < nsplits.length; i++) {
            s[i] = Arrays.stream(nsplits[i]).sum();
        }
        return s;
    }

    public static boolean equal(long[] a, long[] b) {
        return Arrays.equals(a, b);
    }

    public static String toString(long[][] nsplits) {
        return Arrays.deepToString(nsplits);
    }
}
