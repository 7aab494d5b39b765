package io.mars.container.kernels;

import java.util.Arrays;

/**
 * The inner loops of the reduction map step over a coalesced {@link Layout} whose operand 0 is the (contiguous)
 * input and operand 1 the state, with stride 0 on reduced axes. When the last axis is reduced a run folds into one
 * state slot; otherwise it is combined element-wise into a run of the state. Sums use several accumulators so that
 * they are not bound by the latency of one chain of additions.
 */
final class ReduceLoops {
    private ReduceLoops() {
    }

    static double[] sum(Layout layout, double[] in, int outSize) {
        double[] out = new double[outSize];
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        if (layout.lastStride(1) == 0) {
            for (int r = 0; r < runs; r++, it.next()) {
                out[it.offset(1)] += sumRun(in, it.offset(0), len);
            }
        } else {
            for (int r = 0; r < runs; r++, it.next()) {
                int i0 = it.offset(0);
                int o0 = it.offset(1);
                for (int j = 0; j < len; j++) {
                    out[o0 + j] += in[i0 + j];
                }
            }
        }
        return out;
    }

    static long[] sum(Layout layout, long[] in, int outSize) {
        long[] out = new long[outSize];
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        if (layout.lastStride(1) == 0) {
            for (int r = 0; r < runs; r++, it.next()) {
                out[it.offset(1)] += sumRun(in, it.offset(0), len);
            }
        } else {
            for (int r = 0; r < runs; r++, it.next()) {
                int i0 = it.offset(0);
                int o0 = it.offset(1);
                for (int j = 0; j < len; j++) {
                    out[o0 + j] += in[i0 + j];
                }
            }
        }
        return out;
    }

    /** The number of true values. */
    static long[] sum(Layout layout, boolean[] in, int outSize) {
        long[] out = new long[outSize];
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        if (layout.lastStride(1) == 0) {
            for (int r = 0; r < runs; r++, it.next()) {
                out[it.offset(1)] += countRun(in, it.offset(0), len);
            }
        } else {
            for (int r = 0; r < runs; r++, it.next()) {
                int i0 = it.offset(0);
                int o0 = it.offset(1);
                for (int j = 0; j < len; j++) {
                    out[o0 + j] += in[i0 + j] ? 1 : 0;
                }
            }
        }
        return out;
    }

    /** Sum of squared deviations from the per-slot {@code mean}. */
    static double[] squaredDeviations(Layout layout, double[] in, double[] mean) {
        double[] out = new double[mean.length];
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        if (layout.lastStride(1) == 0) {
            for (int r = 0; r < runs; r++, it.next()) {
                int o = it.offset(1);
                out[o] += squaredDeviationRun(in, it.offset(0), len, mean[o]);
            }
        } else {
            for (int r = 0; r < runs; r++, it.next()) {
                int i0 = it.offset(0);
                int o0 = it.offset(1);
                for (int j = 0; j < len; j++) {
                    double d = in[i0 + j] - mean[o0 + j];
                    out[o0 + j] += d * d;
                }
            }
        }
        return out;
    }

    /** Minimum ({@code max} false) or maximum; NaN wins as in numpy. */
    static double[] extreme(Layout layout, double[] in, int outSize, boolean max) {
        double[] out = new double[outSize];
        Arrays.fill(out, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        boolean fold = layout.lastStride(1) == 0;
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            if (fold) {
                out[o0] = max ? Math.max(out[o0], maxRun(in, i0, len)) : Math.min(out[o0], minRun(in, i0, len));
            } else if (max) {
                for (int j = 0; j < len; j++) {
                    out[o0 + j] = Math.max(out[o0 + j], in[i0 + j]);
                }
            } else {
                for (int j = 0; j < len; j++) {
                    out[o0 + j] = Math.min(out[o0 + j], in[i0 + j]);
                }
            }
        }
        return out;
    }

    static long[] extreme(Layout layout, long[] in, int outSize, boolean max) {
        long[] out = new long[outSize];
        Arrays.fill(out, max ? Long.MIN_VALUE : Long.MAX_VALUE);
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        int step = layout.lastStride(1);
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            if (max) {
                for (int j = 0; j < len; j++) {
                    out[o0 + j * step] = Math.max(out[o0 + j * step], in[i0 + j]);
                }
            } else {
                for (int j = 0; j < len; j++) {
                    out[o0 + j * step] = Math.min(out[o0 + j * step], in[i0 + j]);
                }
            }
        }
        return out;
    }

    /** Minimum is logical and, maximum logical or. */
    static boolean[] extreme(Layout layout, boolean[] in, int outSize, boolean max) {
        boolean[] out = new boolean[outSize];
        if (!max) {
            Arrays.fill(out, true);
        }
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        int step = layout.lastStride(1);
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            if (max) {
                for (int j = 0; j < len; j++) {
                    out[o0 + j * step] |= in[i0 + j];
                }
            } else {
                for (int j = 0; j < len; j++) {
                    out[o0 + j * step] &= in[i0 + j];
                }
            }
        }
        return out;
    }

    /** Product; with {@code skipNaN} NaN counts as 1 (nanprod). */
    static double[] prod(Layout layout, double[] in, int outSize, boolean skipNaN) {
        double[] out = new double[outSize];
        Arrays.fill(out, 1.0);
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            if (skipNaN) {
                for (int j = 0; j < len; j++) {
                    double x = in[i0 + j];
                    if (x == x) {
                        out[o0 + j * step] *= x;
                    }
                }
            } else {
                for (int j = 0; j < len; j++) {
                    out[o0 + j * step] *= in[i0 + j];
                }
            }
        }
        return out;
    }

    /** Product with int64 wrap-around, as numpy. */
    static long[] prod(Layout layout, long[] in, int outSize) {
        long[] out = new long[outSize];
        Arrays.fill(out, 1L);
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            for (int j = 0; j < len; j++) {
                out[o0 + j * step] *= in[i0 + j];
            }
        }
        return out;
    }

    /** The number of non-NaN values. */
    static long[] countNotNaN(Layout layout, double[] in, int outSize) {
        long[] out = new long[outSize];
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            for (int j = 0; j < len; j++) {
                double x = in[i0 + j];
                out[o0 + j * step] += x == x ? 1 : 0;
            }
        }
        return out;
    }

    /** A copy of {@code in} with NaN replaced by 0, so the fast sums skip them. */
    static double[] nanToZero(double[] in) {
        double[] out = new double[in.length];
        for (int i = 0; i < in.length; i++) {
            double x = in[i];
            out[i] = x == x ? x : 0.0;
        }
        return out;
    }

    /** Sum of squared deviations from the per-slot {@code mean}, skipping NaN values. */
    static double[] squaredDeviationsSkipNaN(Layout layout, double[] in, double[] mean) {
        double[] out = new double[mean.length];
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            for (int j = 0; j < len; j++) {
                double x = in[i0 + j];
                if (x == x) {
                    int o = o0 + j * step;
                    double d = x - mean[o];
                    out[o] += d * d;
                }
            }
        }
        return out;
    }

    /** nanmin ({@code max} false) or nanmax: NaN values are skipped; a slot with none but NaN stays NaN. */
    static double[] nanExtreme(Layout layout, double[] in, int outSize, boolean max) {
        double[] out = new double[outSize];
        Arrays.fill(out, Double.NaN);
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int o0 = it.offset(1);
            for (int j = 0; j < len; j++) {
                double x = in[i0 + j];
                int o = o0 + j * step;
                double cur = out[o];
                if (cur != cur || (max ? x > cur : x < cur)) {
                    // x NaN with cur NaN keeps NaN; x NaN with cur a number fails the comparison
                    out[o] = x == x ? x : cur;
                }
            }
        }
        return out;
    }

    static double sumRun(double[] a, int from, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        double s4 = 0;
        double s5 = 0;
        double s6 = 0;
        double s7 = 0;
        int i = from;
        int end = from + n;
        for (; i <= end - 8; i += 8) {
            s0 += a[i];
            s1 += a[i + 1];
            s2 += a[i + 2];
            s3 += a[i + 3];
            s4 += a[i + 4];
            s5 += a[i + 5];
            s6 += a[i + 6];
            s7 += a[i + 7];
        }
        for (; i < end; i++) {
            s0 += a[i];
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    private static long sumRun(long[] a, int from, int n) {
        long s = 0;
        for (int i = from, end = from + n; i < end; i++) {
            s += a[i];
        }
        return s;
    }

    static long countRun(boolean[] a, int from, int n) {
        int c0 = 0;
        int c1 = 0;
        int c2 = 0;
        int c3 = 0;
        int i = from;
        int end = from + n;
        for (; i <= end - 4; i += 4) {
            c0 += a[i] ? 1 : 0;
            c1 += a[i + 1] ? 1 : 0;
            c2 += a[i + 2] ? 1 : 0;
            c3 += a[i + 3] ? 1 : 0;
        }
        for (; i < end; i++) {
            c0 += a[i] ? 1 : 0;
        }
        return (long) c0 + c1 + c2 + c3;
    }

    private static double squaredDeviationRun(double[] a, int from, int n, double mean) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = from;
        int end = from + n;
        for (; i <= end - 4; i += 4) {
            double d0 = a[i] - mean;
            double d1 = a[i + 1] - mean;
            double d2 = a[i + 2] - mean;
            double d3 = a[i + 3] - mean;
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
        }
        for (; i < end; i++) {
            double d = a[i] - mean;
            s0 += d * d;
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static double minRun(double[] a, int from, int n) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = from, end = from + n; i < end; i++) {
            m = Math.min(m, a[i]);
        }
        return m;
    }

    private static double maxRun(double[] a, int from, int n) {
        double m = Double.NEGATIVE_INFINITY;
        for (int i = from, end = from + n; i < end; i++) {
            m = Math.max(m, a[i]);
        }
        return m;
    }
}
