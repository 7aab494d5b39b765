package io.mars.container.kernels;

import java.util.Arrays;

/**
 * An iteration space over several C-order operands, reduced to as few axes as possible: axes of length 1 are dropped
 * and neighbouring axes merged wherever every operand steps through them as through one axis. Kernels then loop over
 * runs along the last axis, so same-shaped contiguous operands become a single flat run.
 */
final class Layout {
    private final int[] dims;
    private final int[][] strides;

    private Layout(int[] dims, int[][] strides) {
        this.dims = dims;
        this.strides = strides;
    }

    /**
     * @param shape   the iteration shape (no axis may be 0; callers skip empty work)
     * @param strides per operand, one stride in elements per axis of {@code shape} (0 where it broadcasts)
     */
    static Layout coalesce(long[] shape, int[]... strides) {
        int nd = shape.length;
        int[] dims = new int[Math.max(nd, 1)];
        int[][] st = new int[strides.length][Math.max(nd, 1)];
        int k = 0;
        for (int d = 0; d < nd; d++) {
            if (shape[d] == 1) {
                continue;
            }
            int len = (int) shape[d];
            if (k > 0 && mergeable(strides, d, st, k - 1, len)) {
                dims[k - 1] *= len;
                for (int o = 0; o < strides.length; o++) {
                    st[o][k - 1] = strides[o][d];
                }
                continue;
            }
            dims[k] = len;
            for (int o = 0; o < strides.length; o++) {
                st[o][k] = strides[o][d];
            }
            k++;
        }
        if (k == 0) {
            dims[0] = 1;
            k = 1;
        }
        int[] outDims = Arrays.copyOf(dims, k);
        int[][] outStrides = new int[strides.length][];
        for (int o = 0; o < strides.length; o++) {
            outStrides[o] = Arrays.copyOf(st[o], k);
        }
        return new Layout(outDims, outStrides);
    }

    private static boolean mergeable(int[][] strides, int d, int[][] st, int prev, int len) {
        for (int o = 0; o < strides.length; o++) {
            if ((long) st[o][prev] != (long) strides[o][d] * len) {
                return false;
            }
        }
        return true;
    }

    int runLength() {
        return dims[dims.length - 1];
    }

    int runCount() {
        int n = 1;
        for (int d = 0; d < dims.length - 1; d++) {
            n *= dims[d];
        }
        return n;
    }

    /** The stride of operand {@code operand} along the runs. */
    int lastStride(int operand) {
        int[] s = strides[operand];
        return s[s.length - 1];
    }

    int ndim() {
        return dims.length;
    }

    int dim(int axis) {
        return dims[axis];
    }

    int stride(int operand, int axis) {
        return strides[operand][axis];
    }

    /** The same space without its last axis (whose runs are then along the second-to-last); needs two axes or more. */
    Layout withoutLastAxis() {
        int n = dims.length - 1;
        int[][] st = new int[strides.length][];
        for (int o = 0; o < strides.length; o++) {
            st[o] = Arrays.copyOf(strides[o], n);
        }
        return new Layout(Arrays.copyOf(dims, n), st);
    }

    Odometer odometer() {
        return new Odometer(dims, strides);
    }

    /** Walks the runs in C order, keeping each operand's flat offset of the current run's start. */
    static final class Odometer {
        private final int[] dims;
        private final int[][] strides;
        private final int[] index;
        private final int[] offsets;

        private Odometer(int[] dims, int[][] strides) {
            this.dims = dims;
            this.strides = strides;
            this.index = new int[dims.length];
            this.offsets = new int[strides.length];
        }

        int offset(int operand) {
            return offsets[operand];
        }

        void next() {
            for (int d = dims.length - 2; d >= 0; d--) {
                index[d]++;
                for (int o = 0; o < offsets.length; o++) {
                    offsets[o] += strides[o][d];
                }
                if (index[d] < dims[d]) {
                    return;
                }
                index[d] = 0;
                for (int o = 0; o < offsets.length; o++) {
                    offsets[o] -= strides[o][d] * dims[d];
                }
            }
        }
    }
}
