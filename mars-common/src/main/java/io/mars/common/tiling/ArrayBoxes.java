package io.mars.common.tiling;

import io.mars.types.NDArray;
import io.mars.types.Shapes;

/** Copies rectangular boxes between C-order arrays (complex elements as their two storage slots). */
public final class ArrayBoxes {
    private ArrayBoxes() {
    }

    /** A new array holding the box of {@code extent} at {@code start} of {@code src}. */
    public static NDArray box(NDArray src, long[] start, long[] extent) {
        NDArray out = NDArray.allocate(src.dtype(), extent);
        copy(src, start, out, new long[extent.length], extent);
        return out;
    }

    /** Copies the box of {@code extent} at {@code srcStart} of {@code src} to {@code dstStart} of {@code dst}. */
    public static void copy(NDArray src, long[] srcStart, NDArray dst, long[] dstStart, long[] extent) {
        int ndim = extent.length;
        if (Shapes.size(extent) == 0) {
            return;
        }
        int w = src.dtype().isComplex() ? 2 : 1;
        if (ndim == 0) {
            System.arraycopy(src.data(), 0, dst.data(), 0, w);
            return;
        }
        long[] ss = Shapes.strides(src.shapeView());
        long[] ds = Shapes.strides(dst.shapeView());
        int rowLen = (int) extent[ndim - 1];
        int[] counter = new int[ndim - 1];
        long rows = Shapes.size(extent) / rowLen;
        for (long r = 0; r < rows; r++) {
            long so = srcStart[ndim - 1];
            long doff = dstStart[ndim - 1];
            for (int a = 0; a < ndim - 1; a++) {
                so += (srcStart[a] + counter[a]) * ss[a];
                doff += (dstStart[a] + counter[a]) * ds[a];
            }
            System.arraycopy(src.data(), w * (int) so, dst.data(), w * (int) doff, w * rowLen);
            for (int a = ndim - 2; a >= 0; a--) {
                if (++counter[a] < extent[a]) {
                    break;
                }
                counter[a] = 0;
            }
        }
    }
}
