package io.mars.container.kernels;

import io.mars.types.NDArray;

import java.lang.reflect.Array;

/**
 * Element moves by position lists and masks over storage arrays of any dtype, with the type switch outside the
 * loops: the data movement of slicing, broadcasting, repeating and masked assignment.
 */
final class Gathers {
    private Gathers() {
    }

    /**
     * The storage of {@code out[i] = a[positions[i]]} for element positions: a complex array's elements are its
     * (real, imaginary) slot pairs.
     */
    static Object gather(NDArray a, int[] positions) {
        if (!a.dtype().isComplex()) {
            return gather(a.data(), positions);
        }
        int[] slots = new int[2 * positions.length];
        for (int i = 0; i < positions.length; i++) {
            slots[2 * i] = 2 * positions[i];
            slots[2 * i + 1] = 2 * positions[i] + 1;
        }
        return gather(a.data(), slots);
    }

    /** A new storage array of {@code src}'s type with {@code out[i] = src[positions[i]]}. */
    static Object gather(Object src, int[] positions) {
        int n = positions.length;
        if (src instanceof double[] s) {
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = s[positions[i]];
            }
            return d;
        }
        if (src instanceof long[] s) {
            long[] d = new long[n];
            for (int i = 0; i < n; i++) {
                d[i] = s[positions[i]];
            }
            return d;
        }
        if (src instanceof float[] s) {
            float[] d = new float[n];
            for (int i = 0; i < n; i++) {
                d[i] = s[positions[i]];
            }
            return d;
        }
        if (src instanceof int[] s) {
            int[] d = new int[n];
            for (int i = 0; i < n; i++) {
                d[i] = s[positions[i]];
            }
            return d;
        }
        if (src instanceof short[] s) {
            short[] d = new short[n];
            for (int i = 0; i < n; i++) {
                d[i] = s[positions[i]];
            }
            return d;
        }
        if (src instanceof byte[] s) {
            byte[] d = new byte[n];
            for (int i = 0; i < n; i++) {
                d[i] = s[positions[i]];
            }
            return d;
        }
        boolean[] s = (boolean[]) src;
        boolean[] d = new boolean[n];
        for (int i = 0; i < n; i++) {
            d[i] = s[positions[i]];
        }
        return d;
    }

    /**
     * The flat positions of a strided walk in C order: {@code counts[a]} steps of {@code deltas[a]} elements on each
     * axis from {@code base}.
     */
    static int[] stridedPositions(long base, long[] counts, long[] deltas) {
        int nd = counts.length;
        long total = 1;
        for (long c : counts) {
            total *= c;
        }
        int[] out = new int[Math.toIntExact(total)];
        if (total == 0) {
            return out;
        }
        if (nd == 0) {
            out[0] = (int) base;
            return out;
        }
        int inner = (int) counts[nd - 1];
        long innerDelta = deltas[nd - 1];
        long[] counter = new long[nd - 1];
        long rowStart = base;
        for (int k = 0; k < out.length; k += inner) {
            long p = rowStart;
            for (int j = 0; j < inner; j++) {
                out[k + j] = (int) p;
                p += innerDelta;
            }
            for (int a = nd - 2; a >= 0; a--) {
                rowStart += deltas[a];
                if (++counter[a] < counts[a]) {
                    break;
                }
                rowStart -= deltas[a] * counts[a];
                counter[a] = 0;
            }
        }
        return out;
    }

    /** {@code dst[i] = src[i]} where {@code mask[i]}; {@code src} of length 1 is used for every position. */
    static void maskedCopy(Object src, boolean[] mask, Object dst) {
        int n = mask.length;
        boolean one = Array.getLength(src) == 1 && n != 1;
        if (dst instanceof double[] d) {
            double[] s = (double[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        } else if (dst instanceof long[] d) {
            long[] s = (long[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        } else if (dst instanceof float[] d) {
            float[] s = (float[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        } else if (dst instanceof int[] d) {
            int[] s = (int[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        } else if (dst instanceof short[] d) {
            short[] s = (short[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        } else if (dst instanceof byte[] d) {
            byte[] s = (byte[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        } else {
            boolean[] d = (boolean[]) dst;
            boolean[] s = (boolean[]) src;
            for (int i = 0; i < n; i++) {
                if (mask[i]) {
                    d[i] = s[one ? 0 : i];
                }
            }
        }
    }
}
