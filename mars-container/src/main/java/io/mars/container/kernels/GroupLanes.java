package io.mars.container.kernels;

/**
 * Per-group counts and sums over few groups, in four interleaved accumulators a group. With a handful of groups (TPC-H
 * Q1 has four) consecutive rows mostly land in the same group, and a single accumulator makes every add wait for the
 * previous one's store; rows {@code r}, {@code r+1}, {@code r+2}, {@code r+3} go to lanes 0 to 3 instead, and the
 * lanes are added at the end. Rows of group -1 (a null key) are skipped. The sums differ from a sequential sum only in
 * rounding (integer sums not at all).
 */
final class GroupLanes {
    private GroupLanes() {
    }

    /** The rows of each of {@code groupCount} groups. */
    static long[] sizes(int[] groups, int n, int groupCount) {
        int[] lanes = new int[groupCount << 2];
        int r = 0;
        for (; r + 3 < n; r += 4) {
            int g0 = groups[r];
            int g1 = groups[r + 1];
            int g2 = groups[r + 2];
            int g3 = groups[r + 3];
            if ((g0 | g1 | g2 | g3) >= 0) {
                lanes[g0 << 2]++;
                lanes[(g1 << 2) + 1]++;
                lanes[(g2 << 2) + 2]++;
                lanes[(g3 << 2) + 3]++;
            } else {
                for (int k = 0; k < 4; k++) {
                    if (groups[r + k] >= 0) {
                        lanes[(groups[r + k] << 2) + k]++;
                    }
                }
            }
        }
        for (; r < n; r++) {
            if (groups[r] >= 0) {
                lanes[groups[r] << 2]++;
            }
        }
        long[] out = new long[groupCount];
        for (int g = 0; g < groupCount; g++) {
            int i = g << 2;
            out[g] = (long) lanes[i] + lanes[i + 1] + lanes[i + 2] + lanes[i + 3];
        }
        return out;
    }

    /** The sum of {@code v} in each of {@code groupCount} groups. */
    static double[] sums(int[] groups, double[] v, int n, int groupCount) {
        double[] lanes = new double[groupCount << 2];
        int r = 0;
        for (; r + 3 < n; r += 4) {
            int g0 = groups[r];
            int g1 = groups[r + 1];
            int g2 = groups[r + 2];
            int g3 = groups[r + 3];
            if ((g0 | g1 | g2 | g3) >= 0) {
                lanes[g0 << 2] += v[r];
                lanes[(g1 << 2) + 1] += v[r + 1];
                lanes[(g2 << 2) + 2] += v[r + 2];
                lanes[(g3 << 2) + 3] += v[r + 3];
            } else {
                for (int k = 0; k < 4; k++) {
                    if (groups[r + k] >= 0) {
                        lanes[(groups[r + k] << 2) + k] += v[r + k];
                    }
                }
            }
        }
        for (; r < n; r++) {
            if (groups[r] >= 0) {
                lanes[groups[r] << 2] += v[r];
            }
        }
        double[] out = new double[groupCount];
        for (int g = 0; g < groupCount; g++) {
            int i = g << 2;
            out[g] = (lanes[i] + lanes[i + 1]) + (lanes[i + 2] + lanes[i + 3]);
        }
        return out;
    }

    /** The sum of {@code v} in each of {@code groupCount} groups (wrapping, as Java's and numpy's int64 adds). */
    static long[] sums(int[] groups, long[] v, int n, int groupCount) {
        long[] lanes = new long[groupCount << 2];
        int r = 0;
        for (; r + 3 < n; r += 4) {
            int g0 = groups[r];
            int g1 = groups[r + 1];
            int g2 = groups[r + 2];
            int g3 = groups[r + 3];
            if ((g0 | g1 | g2 | g3) >= 0) {
                lanes[g0 << 2] += v[r];
                lanes[(g1 << 2) + 1] += v[r + 1];
                lanes[(g2 << 2) + 2] += v[r + 2];
                lanes[(g3 << 2) + 3] += v[r + 3];
            } else {
                for (int k = 0; k < 4; k++) {
                    if (groups[r + k] >= 0) {
                        lanes[(groups[r + k] << 2) + k] += v[r + k];
                    }
                }
            }
        }
        for (; r < n; r++) {
            if (groups[r] >= 0) {
                lanes[groups[r] << 2] += v[r];
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

    static boolean anyNaN(double[] v, int n) {
        for (int r = 0; r < n; r++) {
            if (v[r] != v[r]) {
                return true;
            }
        }
        return false;
    }
}
