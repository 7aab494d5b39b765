package io.mars.container.kernels;

/**
 * Per-group counts and sums of one batch over few groups, in four accumulators a group. With a handful of groups (TPC-H
 * Q1 has four) consecutive rows mostly land in the same group, and a single accumulator makes every add wait for the
 * previous one's store; row {@code r} goes to lane {@code r % 4} of its group instead, and the lanes are added at the
 * end. Rows of group -1 (a null key) are skipped. The sums differ from a sequential sum only in rounding (integer sums
 * not at all).
 */
final class GroupLanes {
    private final int[] slots;
    private final int n;
    private final int groupCount;
    private final long[] sizes;

    /** The lanes of the first {@code n} rows of {@code groups}, numbered below {@code groupCount}. */
    GroupLanes(int[] groups, int n, int groupCount) {
        this.n = n;
        this.groupCount = groupCount;
        this.slots = new int[n];
        int[] counts = new int[groupCount << 2];
        for (int r = 0; r < n; r++) {
            int g = groups[r];
            int slot = g < 0 ? -1 : (g << 2) + (r & 3);
            slots[r] = slot;
            if (slot >= 0) {
                counts[slot]++;
            }
        }
        sizes = new long[groupCount];
        for (int g = 0; g < groupCount; g++) {
            int i = g << 2;
            sizes[g] = (long) counts[i] + counts[i + 1] + counts[i + 2] + counts[i + 3];
        }
    }

    /** The rows of each group. */
    long[] sizes() {
        return sizes;
    }

    /** The sum of {@code v} in each group. */
    double[] sums(double[] v) {
        double[] lanes = new double[groupCount << 2];
        for (int r = 0; r < n; r++) {
            int slot = slots[r];
            if (slot >= 0) {
                lanes[slot] += v[r];
            }
        }
        double[] out = new double[groupCount];
        for (int g = 0; g < groupCount; g++) {
            int i = g << 2;
            out[g] = (lanes[i] + lanes[i + 1]) + (lanes[i + 2] + lanes[i + 3]);
        }
        return out;
    }

    /** The sum of {@code v} in each group (wrapping, as Java's and numpy's int64 adds). */
    long[] sums(long[] v) {
        long[] lanes = new long[groupCount << 2];
        for (int r = 0; r < n; r++) {
            int slot = slots[r];
            if (slot >= 0) {
                lanes[slot] += v[r];
            }
        }
        long[] out = new long[groupCount];
        for (int g = 0; g < groupCount; g++) {
            int i = g << 2;
            out[g] = lanes[i] + lanes[i + 1] + lanes[i + 2] + lanes[i + 3];
        }
        return out;
    }

    static void addTo(long[] into, long[] add, int groupCount) {
        for (int g = 0; g < groupCount; g++) {
            into[g] += add[g];
        }
    }

    static void addTo(double[] into, double[] add, int groupCount) {
        for (int g = 0; g < groupCount; g++) {
            into[g] += add[g];
        }
    }
}
