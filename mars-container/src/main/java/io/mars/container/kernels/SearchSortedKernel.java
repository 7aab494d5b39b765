package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSearchSorted;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * numpy.searchsorted of a chunk of values (input 1) in the whole sorted array (input 0), with numpy's order (NaN
 * last), comparing as int64 when both are integers and as float64 otherwise. As numpy.digitize, input 0 is the bins:
 * increasing bins search with the opposite side, decreasing ones search the reversed bins.
 */
final class SearchSortedKernel implements Kernel<ChunkSearchSorted> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSearchSorted op, List<ChunkData> inputs) {
        NDArray a = ChunkInputs.array(node, inputs, 0);
        NDArray v = ChunkInputs.array(node, inputs, 1);
        boolean right = op.digitize() ? !op.right() : op.right();
        boolean asLongs = !a.dtype().isFloat() && !v.dtype().isFloat();
        long[] out = new long[v.size()];
        if (op.digitize() && decreasing(node, a)) {
            int n = a.size();
            if (asLongs) {
                long[] rev = reversed(a.toLongArray());
                long[] x = v.longs();
                for (int i = 0; i < out.length; i++) {
                    out[i] = n - search(rev, x[i], right);
                }
            } else {
                double[] rev = reversed(a.toDoubleArray());
                double[] x = v.doubles();
                for (int i = 0; i < out.length; i++) {
                    out[i] = n - search(rev, x[i], right);
                }
            }
        } else if (asLongs) {
            long[] s = a.longs();
            long[] x = v.longs();
            for (int i = 0; i < out.length; i++) {
                out[i] = search(s, x[i], right);
            }
        } else {
            double[] s = a.doubles();
            double[] x = v.doubles();
            for (int i = 0; i < out.length; i++) {
                out[i] = search(s, x[i], right);
            }
        }
        return new NDArray(DataType.INT64, v.shapeView(), out);
    }

    /** numpy's digitize check: true for decreasing bins, false for increasing; a user error for neither. */
    private static boolean decreasing(ChunkNode node, NDArray bins) {
        double[] b = bins.doubles();
        boolean increasing = true;
        boolean decreasing = true;
        for (int i = 1; i < b.length; i++) {
            increasing &= b[i - 1] <= b[i];
            decreasing &= b[i - 1] >= b[i];
        }
        if (!increasing && !decreasing) {
            String shown = b.length <= 20 ? Arrays.toString(b) : Arrays.toString(Arrays.copyOf(b, 20)) + "...";
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "bins must be monotonically increasing or decreasing, got " + shown);
        }
        return !increasing;
    }

    /** The first position whose element is greater than {@code x} (right) or not less than {@code x} (left). */
    private static int search(double[] s, double x, boolean right) {
        int lo = 0;
        int hi = s.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            boolean goRight = right ? !SortLoops.less(x, s[mid]) : SortLoops.less(s[mid], x);
            if (goRight) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static int search(long[] s, long x, boolean right) {
        int lo = 0;
        int hi = s.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            boolean goRight = right ? s[mid] <= x : s[mid] < x;
            if (goRight) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double[] reversed(double[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    private static long[] reversed(long[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            long t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }
}
