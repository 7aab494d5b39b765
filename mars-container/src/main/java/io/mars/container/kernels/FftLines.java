package io.mars.container.kernels;

import io.mars.types.DataType;
import io.mars.types.NDArray;

/**
 * The one-dimensional complex discrete Fourier transform, in double: powers of two up to 8192 a group of lines at a
 * time ({@link FftGroups}), longer ones as a cache-blocked iterative radix-2 transform, and Bluestein's chirp-z
 * algorithm (a power-of-two convolution) for every other length, so any length costs O(n log n). Twiddles come from {@link Math#cos}/{@link Math#sin} of exact angles (chirp exponents reduced mod 2n)
 * rather than by recurrence, which keeps the error near numpy's pocketfft. Written here instead of taking a library:
 * see the README's FFT notes.
 */
final class FftLines {
    private FftLines() {
    }

    /**
     * Transforms every line along {@code axis} of {@code chunk} (the axis whole in it, any numeric dtype), forward or
     * inverse, scaled by {@code scale}; the result is complex128 of the same shape. With {@code twiddleLength} n > 0
     * ({@code axis} 0 of a 2-d chunk at {@code offset} in the whole matrix) element [k1, j2] is also multiplied by
     * exp(-+2 pi i k1 j2 / n) for the global k1 and j2, as the four-step algorithm's column pass needs. With
     * {@code transposed} (a 2-d chunk, {@code axis} 1) the result is written transposed, of the reversed shape.
     */
    static NDArray transform(NDArray chunk, int axis, boolean inverse, double scale, long twiddleLength,
            long[] offset, boolean transposed) {
        long[] shape = chunk.shapeView();
        int len = (int) shape[axis];
        if (FftGroups.handles(len)) {
            return FftGroups.transform(chunk, axis, inverse, scale, twiddleLength, offset, transposed);
        }
        int inner = 1;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= (int) shape[d];
        }
        int outer = len == 0 || inner == 0 ? 0 : chunk.size() / (len * inner);
        double[] out = new double[2 * chunk.size()];
        Plan plan = len > 0 ? new Plan(len) : null;
        FftTwiddle twiddle = twiddleLength > 0 ? new FftTwiddle(twiddleLength, inverse) : null;
        // strided lines (inner > 1) are moved a group at a time, so that each pass over the axis reads and writes
        // runs of GROUP neighbouring elements instead of one element per cache line
        int group = Math.max(1, Math.min(GROUP, inner));
        double[][] re = new double[group][len];
        double[][] im = new double[group][len];
        double[] pairs = chunk.dtype() == DataType.COMPLEX128 ? (double[]) chunk.data() : null;
        double[] reals = pairs == null && !chunk.dtype().isComplex() ? chunk.doubles() : null;
        double sign = inverse ? -1.0 : 1.0;
        for (int o = 0; o < outer; o++) {
            for (int i0 = 0; i0 < inner; i0 += group) {
                int g = Math.min(group, inner - i0);
                int base = o * len * inner + i0;
                if (pairs != null) {
                    for (int k = 0, at = 2 * base; k < len; k++, at += 2 * inner) {
                        for (int t = 0; t < g; t++) {
                            re[t][k] = pairs[at + 2 * t];
                            im[t][k] = sign * pairs[at + 2 * t + 1];
                        }
                    }
                } else if (reals != null) {
                    for (int k = 0, at = base; k < len; k++, at += inner) {
                        for (int t = 0; t < g; t++) {
                            re[t][k] = reals[at + t];
                            im[t][k] = 0.0;
                        }
                    }
                } else {
                    for (int k = 0; k < len; k++) {
                        for (int t = 0; t < g; t++) {
                            int flat = base + k * inner + t;
                            re[t][k] = chunk.getReal(flat);
                            im[t][k] = sign * chunk.getImag(flat);
                        }
                    }
                }
                for (int t = 0; t < g; t++) {
                    plan.forward(re[t], im[t]);
                }
                if (transposed) {
                    // 2-d, axis 1 (inner 1): line o is row o, written as column o of the (len, outer) result
                    double[] r = re[0];
                    double[] m = im[0];
                    for (int k = 0, at = 2 * o; k < len; k++, at += 2 * outer) {
                        out[at] = r[k] * scale;
                        out[at + 1] = sign * m[k] * scale;
                    }
                } else if (twiddle == null) {
                    for (int k = 0, at = 2 * base; k < len; k++, at += 2 * inner) {
                        for (int t = 0; t < g; t++) {
                            out[at + 2 * t] = re[t][k] * scale;
                            out[at + 2 * t + 1] = sign * im[t][k] * scale;
                        }
                    }
                } else {
                    long column0 = offset[1] + i0;
                    for (int k = 0, at = 2 * base; k < len; k++, at += 2 * inner) {
                        // m = row * column mod n, stepped along the group's columns by one addition each
                        long row = offset[0] + k;
                        long m = Math.floorMod(row * column0, twiddleLength);
                        for (int t = 0; t < g; t++) {
                            double r = re[t][k] * scale;
                            double q = sign * im[t][k] * scale;
                            double wr = twiddle.re(m);
                            double wi = twiddle.im(m);
                            out[at + 2 * t] = r * wr - q * wi;
                            out[at + 2 * t + 1] = r * wi + q * wr;
                            m += row;
                            if (m >= twiddleLength) {
                                m -= twiddleLength;
                            }
                        }
                    }
                }
            }
        }
        long[] outShape = transposed ? new long[] {shape[1], shape[0]} : shape;
        return new NDArray(DataType.COMPLEX128, outShape, out);
    }

    /** How many strided lines are gathered and scattered together. */
    private static final int GROUP = 16;

    /** Powers of two from this length on are split into two cache-sized transforms ({@link Blocked}). */
    static final int BLOCKED_FROM = 1 << 13;

    /** A forward transform of one length, with its tables. */
    static final class Plan {
        private final int n;
        private final Blocked blocked;
        private final Radix2 radix2;
        private final double[] chirpRe;
        private final double[] chirpIm;
        private final double[] kernelRe;
        private final double[] kernelIm;
        private final double[] workRe;
        private final double[] workIm;
        private Plan convolution;

        Plan(int n) {
            this.n = n;
            if (Integer.bitCount(n) == 1 && n >= BLOCKED_FROM) {
                blocked = new Blocked(n);
                radix2 = null;
                chirpRe = chirpIm = kernelRe = kernelIm = workRe = workIm = null;
                return;
            }
            blocked = null;
            if (Integer.bitCount(n) == 1) {
                radix2 = new Radix2(n);
                chirpRe = chirpIm = kernelRe = kernelIm = workRe = workIm = null;
                return;
            }
            int m = Integer.highestOneBit(2 * n - 1) << 1;
            Plan convolution = new Plan(m);
            radix2 = null;
            this.convolution = convolution;
            chirpRe = new double[n];
            chirpIm = new double[n];
            long twoN = 2L * n;
            for (int k = 0; k < n; k++) {
                // exp(-i pi k^2 / n), with k^2 reduced mod 2n so the angle stays exact
                long e = (long) k * k % twoN;
                double angle = Math.PI * e / n;
                chirpRe[k] = Math.cos(angle);
                chirpIm[k] = -Math.sin(angle);
            }
            kernelRe = new double[m];
            kernelIm = new double[m];
            for (int k = 0; k < n; k++) {
                kernelRe[k] = chirpRe[k];
                kernelIm[k] = -chirpIm[k];
                if (k > 0) {
                    kernelRe[m - k] = chirpRe[k];
                    kernelIm[m - k] = -chirpIm[k];
                }
            }
            convolution.forward(kernelRe, kernelIm);
            workRe = new double[m];
            workIm = new double[m];
        }

        /** In place: {@code (re, im)} becomes its DFT with the exp(-2 pi i jk / n) convention. */
        void forward(double[] re, double[] im) {
            if (blocked != null) {
                blocked.forward(re, im);
                return;
            }
            if (chirpRe == null) {
                radix2.forward(re, im);
                return;
            }
            int m = workRe.length;
            java.util.Arrays.fill(workRe, 0.0);
            java.util.Arrays.fill(workIm, 0.0);
            for (int k = 0; k < n; k++) {
                workRe[k] = re[k] * chirpRe[k] - im[k] * chirpIm[k];
                workIm[k] = re[k] * chirpIm[k] + im[k] * chirpRe[k];
            }
            convolution.forward(workRe, workIm);
            for (int k = 0; k < m; k++) {
                double r = workRe[k] * kernelRe[k] - workIm[k] * kernelIm[k];
                double i = workRe[k] * kernelIm[k] + workIm[k] * kernelRe[k];
                // inverse by conjugation: conj(DFT(conj(x)))
                workRe[k] = r;
                workIm[k] = -i;
            }
            convolution.forward(workRe, workIm);
            double inv = 1.0 / m;
            for (int k = 0; k < n; k++) {
                double r = workRe[k] * inv;
                double i = -workIm[k] * inv;
                re[k] = r * chirpRe[k] - i * chirpIm[k];
                im[k] = r * chirpIm[k] + i * chirpRe[k];
            }
        }
    }

    /**
     * A long power-of-two transform as n1 x n2 (the four-step decomposition inside one line): transforms of length n1
     * down the columns, a twiddle per element, transforms of length n2 along the rows, read out transposed. The short
     * transforms stay in cache where one radix-2 pass over a long line would stream it from memory log2(n) times.
     * Twiddles exp(-2 pi i e / n) are the product of two table entries, e split into high and low bits.
     */
    static final class Blocked {
        private final int n;
        private final int n1;
        private final int n2;
        private final Plan columns;
        private final Plan rows;
        private final int lowBits;
        private final double[] lowRe;
        private final double[] lowIm;
        private final double[] highRe;
        private final double[] highIm;
        private final double[] tRe;
        private final double[] tIm;

        Blocked(int n) {
            this.n = n;
            int bits = Integer.numberOfTrailingZeros(n);
            n1 = 1 << (bits / 2);
            n2 = n / n1;
            columns = new Plan(n1);
            rows = new Plan(n2);
            lowBits = (bits + 1) / 2;
            int lows = 1 << lowBits;
            int highs = n >> lowBits;
            lowRe = new double[lows];
            lowIm = new double[lows];
            for (int e = 0; e < lows; e++) {
                double angle = 2 * Math.PI * e / n;
                lowRe[e] = Math.cos(angle);
                lowIm[e] = -Math.sin(angle);
            }
            highRe = new double[highs];
            highIm = new double[highs];
            for (int h = 0; h < highs; h++) {
                double angle = 2 * Math.PI * ((long) h << lowBits) / n;
                highRe[h] = Math.cos(angle);
                highIm[h] = -Math.sin(angle);
            }
            tRe = new double[n];
            tIm = new double[n];
        }

        void forward(double[] re, double[] im) {
            double[] colRe = new double[n1];
            double[] colIm = new double[n1];
            int mask = (1 << lowBits) - 1;
            for (int j2 = 0; j2 < n2; j2++) {
                for (int j1 = 0; j1 < n1; j1++) {
                    colRe[j1] = re[j1 * n2 + j2];
                    colIm[j1] = im[j1 * n2 + j2];
                }
                columns.forward(colRe, colIm);
                for (int k1 = 0; k1 < n1; k1++) {
                    int e = (int) ((long) j2 * k1 % n);
                    int h = e >>> lowBits;
                    int l = e & mask;
                    double wr = highRe[h] * lowRe[l] - highIm[h] * lowIm[l];
                    double wi = highRe[h] * lowIm[l] + highIm[h] * lowRe[l];
                    tRe[k1 * n2 + j2] = colRe[k1] * wr - colIm[k1] * wi;
                    tIm[k1 * n2 + j2] = colRe[k1] * wi + colIm[k1] * wr;
                }
            }
            double[] rowRe = new double[n2];
            double[] rowIm = new double[n2];
            for (int k1 = 0; k1 < n1; k1++) {
                System.arraycopy(tRe, k1 * n2, rowRe, 0, n2);
                System.arraycopy(tIm, k1 * n2, rowIm, 0, n2);
                rows.forward(rowRe, rowIm);
                for (int k2 = 0; k2 < n2; k2++) {
                    re[k1 + n1 * k2] = rowRe[k2];
                    im[k1 + n1 * k2] = rowIm[k2];
                }
            }
        }
    }

    /** The iterative decimation-in-time radix-2 transform of one power-of-two length. */
    static final class Radix2 {
        private final int n;
        private final double[] cos;
        private final double[] sin;
        private final int[] reversed;

        Radix2(int n) {
            this.n = n;
            cos = new double[n / 2];
            sin = new double[n / 2];
            reversed = new int[n];
            fill(n, cos, sin, reversed);
        }

        /** The twiddles {@code e^(-2 pi i k / n)} of a power-of-two length and its bit-reversal permutation. */
        static void fill(int n, double[] cos, double[] sin, int[] reversed) {
            for (int k = 0; k < n / 2; k++) {
                double angle = 2 * Math.PI * k / n;
                cos[k] = Math.cos(angle);
                sin[k] = -Math.sin(angle);
            }
            int bits = Integer.numberOfTrailingZeros(n);
            for (int i = 0; i < n; i++) {
                reversed[i] = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
            }
        }

        void forward(double[] re, double[] im) {
            for (int i = 0; i < n; i++) {
                int j = reversed[i];
                if (j > i) {
                    double t = re[i];
                    re[i] = re[j];
                    re[j] = t;
                    t = im[i];
                    im[i] = im[j];
                    im[j] = t;
                }
            }
            for (int size = 2; size <= n; size <<= 1) {
                int half = size >> 1;
                int step = n / size;
                for (int start = 0; start < n; start += size) {
                    for (int k = 0, t = 0; k < half; k++, t += step) {
                        int a = start + k;
                        int b = a + half;
                        double wr = cos[t];
                        double wi = sin[t];
                        double xr = re[b] * wr - im[b] * wi;
                        double xi = re[b] * wi + im[b] * wr;
                        re[b] = re[a] - xr;
                        im[b] = im[a] - xi;
                        re[a] += xr;
                        im[a] += xi;
                    }
                }
            }
        }
    }
}
