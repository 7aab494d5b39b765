package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;

/**
 * Data movement shared by transpose, tensordot and assembly: axis permutation and box copies between C-order arrays.
 * A complex array's interleaved storage moves as a real array with one more axis of length 2 (real, imaginary).
 */
final class Copies {
    private Copies() {
    }

    /** numpy.transpose: output axis i is input axis {@code axes[i]}; returns {@code a} itself for the identity. */
    static NDArray transpose(NDArray a, int[] axes) {
        if (a.dtype().isComplex()) {
            checkPermutation(axes, a.ndim());
            NDArray pairs = new NDArray(a.dtype().componentType(), withPairAxis(a.shapeView()), a.data());
            int[] pairAxes = Arrays.copyOf(axes, axes.length + 1);
            pairAxes[axes.length] = axes.length;
            NDArray t = transpose(pairs, pairAxes);
            if (t == pairs) {
                return a;
            }
            long[] shape = Arrays.copyOf(t.shapeView(), axes.length);
            return new NDArray(a.dtype(), shape, t.data());
        }
        int nd = a.ndim();
        checkPermutation(axes, nd);
        long[] inShape = a.shapeView();
        int[] inStrides = Shapes.intStrides(inShape);
        long[] outShape = new long[nd];
        int[] src = new int[nd];
        boolean identity = true;
        for (int i = 0; i < nd; i++) {
            outShape[i] = inShape[axes[i]];
            src[i] = inStrides[axes[i]];
            identity &= axes[i] == i;
        }
        if (identity) {
            return a;
        }
        int size = a.size();
        Object out = NDArray.newStorage(a.dtype(), size);
        if (size > 0) {
            Layout layout = Layout.coalesce(outShape, src);
            if (layout.lastStride(0) != 1 && layout.ndim() >= 2) {
                copyTiled(a.data(), out, layout);
            } else {
                copyRuns(a.data(), out, layout);
            }
        }
        return new NDArray(a.dtype(), outShape, out);
    }

    private static void copyRuns(Object data, Object out, Layout layout) {
        int len = layout.runLength();
        int runs = layout.runCount();
        int stride = layout.lastStride(0);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            if (stride == 1) {
                System.arraycopy(data, it.offset(0), out, r * len, len);
            } else {
                gather(data, it.offset(0), stride, out, r * len, len);
            }
        }
    }

    /**
     * A permutation that moves the last axis: the last two output axes are copied in square tiles, so the cache lines
     * a tile reads along the strided axis are reused by its next rows instead of being evicted between rows.
     */
    private static void copyTiled(Object data, Object out, Layout layout) {
        final int tile = 32;
        int nd = layout.ndim();
        int rows = layout.dim(nd - 2);
        int cols = layout.dim(nd - 1);
        int rowStride = layout.stride(0, nd - 2);
        int colStride = layout.stride(0, nd - 1);
        Layout planes = layout.withoutLastAxis();
        int count = planes.runCount();
        Layout.Odometer it = planes.odometer();
        for (int p = 0; p < count; p++, it.next()) {
            int srcPlane = it.offset(0);
            int dstPlane = p * rows * cols;
            for (int i0 = 0; i0 < rows; i0 += tile) {
                int i1 = Math.min(rows, i0 + tile);
                for (int j0 = 0; j0 < cols; j0 += tile) {
                    int n = Math.min(tile, cols - j0);
                    for (int i = i0; i < i1; i++) {
                        gather(data, srcPlane + i * rowStride + j0 * colStride, colStride, out, dstPlane + i * cols + j0, n);
                    }
                }
            }
        }
    }

    /**
     * Copies the box of {@code extent} at {@code srcStart} of {@code src} (shape {@code srcShape}) to
     * {@code dstStart} of {@code dst} (shape {@code dstShape}); both are storage arrays of the same type.
     */
    static void copyBox(Object src, long[] srcShape, long[] srcStart, Object dst, long[] dstShape, long[] dstStart,
            long[] extent) {
        int nd = extent.length;
        if (srcShape.length != nd || dstShape.length != nd || srcStart.length != nd || dstStart.length != nd) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "box of " + nd + " dimensions between arrays of shapes "
                    + Shapes.toString(srcShape) + " and " + Shapes.toString(dstShape) + " with starts "
                    + Arrays.toString(srcStart) + " and " + Arrays.toString(dstStart));
        }
        for (int d = 0; d < nd; d++) {
            if (extent[d] < 0 || srcStart[d] < 0 || dstStart[d] < 0 || srcStart[d] + extent[d] > srcShape[d]
                    || dstStart[d] + extent[d] > dstShape[d]) {
                throw new MarsException(ErrorCode.INTERNAL_ERROR, "box " + Arrays.toString(extent) + " from "
                        + Arrays.toString(srcStart) + " of " + Shapes.toString(srcShape) + " to " + Arrays.toString(dstStart)
                        + " of " + Shapes.toString(dstShape) + " is out of bounds on axis " + d);
            }
        }
        if (Shapes.size(extent) == 0) {
            return;
        }
        if (nd == 2) {
            // the common case (rechunk and transpose pieces of matrices), in code small enough to compile at once
            int pair = java.lang.reflect.Array.getLength(src) == 2 * Shapes.size(srcShape) ? 2 : 1;
            copyRows(src, (int) srcShape[1] * pair, ((int) srcStart[0] * (int) srcShape[1] + (int) srcStart[1]) * pair,
                    dst, (int) dstShape[1] * pair, ((int) dstStart[0] * (int) dstShape[1] + (int) dstStart[1]) * pair,
                    (int) extent[0], (int) extent[1] * pair);
            return;
        }
        if (java.lang.reflect.Array.getLength(src) == 2 * Shapes.size(srcShape)) {
            // interleaved complex storage (a real array's storage length is its size): copy (re, im) pairs
            copyBox(src, withPairAxis(srcShape), withPair(srcStart, 0), dst, withPairAxis(dstShape),
                    withPair(dstStart, 0), withPairAxis(extent));
            return;
        }
        int[] srcStrides = Shapes.intStrides(srcShape);
        int[] dstStrides = Shapes.intStrides(dstShape);
        int srcBase = 0;
        int dstBase = 0;
        for (int d = 0; d < nd; d++) {
            srcBase += (int) srcStart[d] * srcStrides[d];
            dstBase += (int) dstStart[d] * dstStrides[d];
        }
        Layout layout = Layout.coalesce(extent, srcStrides, dstStrides);
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        int srcStep = layout.lastStride(0);
        int dstStep = layout.lastStride(1);
        if (srcStep != 1 || dstStep != 1) {
            // the box's last axes have length 1, so its runs are strided in one of the arrays at least
            for (int r = 0; r < runs; r++, it.next()) {
                if (dstStep == 1) {
                    gather(src, srcBase + it.offset(0), srcStep, dst, dstBase + it.offset(1), len);
                    continue;
                }
                for (int j = 0; j < len; j++) {
                    System.arraycopy(src, srcBase + it.offset(0) + j * srcStep, dst, dstBase + it.offset(1) + j * dstStep, 1);
                }
            }
            return;
        }
        for (int r = 0; r < runs; r++, it.next()) {
            System.arraycopy(src, srcBase + it.offset(0), dst, dstBase + it.offset(1), len);
        }
    }

    /** {@code rows} runs of {@code length} items, {@code srcRow} and {@code dstRow} items apart. */
    private static void copyRows(Object src, int srcRow, int srcAt, Object dst, int dstRow, int dstAt, int rows,
            int length) {
        for (int r = 0; r < rows; r++, srcAt += srcRow, dstAt += dstRow) {
            System.arraycopy(src, srcAt, dst, dstAt, length);
        }
    }

    private static long[] withPairAxis(long[] shape) {
        return withPair(shape, 2);
    }

    private static long[] withPair(long[] v, long last) {
        long[] out = Arrays.copyOf(v, v.length + 1);
        out[v.length] = last;
        return out;
    }

    private static void checkPermutation(int[] axes, int nd) {
        boolean ok = axes.length == nd;
        boolean[] seen = new boolean[nd];
        for (int i = 0; ok && i < nd; i++) {
            ok = axes[i] >= 0 && axes[i] < nd && !seen[axes[i]];
            if (ok) {
                seen[axes[i]] = true;
            }
        }
        if (!ok) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "axes " + Arrays.toString(axes) + " are not a permutation of the " + nd + " axes of the array");
        }
    }

    /** dst[dstOff + i] = src[srcOff + i * stride] for i &lt; n, with one loop per storage type. */
    private static void gather(Object src, int srcOff, int stride, Object dst, int dstOff, int n) {
        if (src instanceof double[] s) {
            double[] d = (double[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        } else if (src instanceof long[] s) {
            long[] d = (long[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        } else if (src instanceof float[] s) {
            float[] d = (float[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        } else if (src instanceof int[] s) {
            int[] d = (int[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        } else if (src instanceof short[] s) {
            short[] d = (short[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        } else if (src instanceof byte[] s) {
            byte[] d = (byte[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        } else {
            boolean[] s = (boolean[]) src;
            boolean[] d = (boolean[]) dst;
            for (int i = 0; i < n; i++) {
                d[dstOff + i] = s[srcOff + i * stride];
            }
        }
    }
}
