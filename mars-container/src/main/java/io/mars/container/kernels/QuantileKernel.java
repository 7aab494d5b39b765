package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.QuantileMethod;
import io.mars.common.operand.chunk.ChunkQuantile;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/**
 * Quantiles of a chunk holding the whole reduced extent: the values of each output element are gathered into one
 * contiguous run, then each q is found by selection (quickselect, expected linear time) rather than a full sort.
 * Values are compared as float64, so int64 inputs beyond 2^53 lose their lowest bits.
 */
final class QuantileKernel implements Kernel<ChunkQuantile> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkQuantile op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        long[] shape = in.shapeView();
        int[] axes = op.axes();
        long[] slotShape = Shapes.reduced(shape, axes, true);
        int slots = Shapes.chunkSize(slotShape);
        int n = 1;
        for (int a : axes) {
            n = Math.multiplyExact(n, (int) shape[a]);
        }
        double[] q = op.q();
        double[] out = new double[q.length * slots];
        double[] buf = gather(in, shape, axes, slotShape, n);
        // numpy subtracts the two neighbours in the input's dtype before interpolating
        boolean single = in.dtype() == DataType.FLOAT32;
        for (int s = 0; s < slots; s++) {
            int from = s * n;
            int m = op.skipNaN() ? compactNumbers(buf, from, n) : hasNaN(buf, from, n) ? -1 : n;
            for (int k = 0; k < q.length; k++) {
                out[k * slots + s] = m <= 0 ? Double.NaN : quantile(buf, from, m, q[k], op.method(), single);
            }
        }
        NDArray result = Casts.fromDoubles(out, node.dtype(), node.shape());
        if (result.size() != out.length) {
            throw ChunkInputs.internal(node, "quantiles of " + Shapes.toString(shape) + " give " + out.length
                    + " values for a chunk of shape " + Shapes.toString(node.shape()));
        }
        return result;
    }

    /** The input with the values of each slot (kept-axes position) in one run of length {@code n}, slots in C order. */
    private static double[] gather(NDArray in, long[] shape, int[] axes, long[] slotShape, int n) {
        double[] x = in.doubles();
        double[] buf = new double[x.length];
        if (x.length == 0) {
            return buf;
        }
        int[] slotStrides = Shapes.intStrides(slotShape);
        int[] target = new int[shape.length];
        int pos = 1;
        for (int d = shape.length - 1; d >= 0; d--) {
            if (Shapes.contains(axes, d)) {
                target[d] = pos;
                pos *= (int) shape[d];
            } else {
                target[d] = slotStrides[d] * n;
            }
        }
        Layout layout = Layout.coalesce(shape, Shapes.intStrides(shape), target);
        int len = layout.runLength();
        int runs = layout.runCount();
        int step = layout.lastStride(1);
        Layout.Odometer it = layout.odometer();
        for (int r = 0; r < runs; r++, it.next()) {
            int i0 = it.offset(0);
            int t0 = it.offset(1);
            for (int j = 0; j < len; j++) {
                buf[t0 + j * step] = x[i0 + j];
            }
        }
        return buf;
    }

    private static boolean hasNaN(double[] a, int from, int n) {
        for (int i = from; i < from + n; i++) {
            if (a[i] != a[i]) {
                return true;
            }
        }
        return false;
    }

    /** Moves the non-NaN values of the run to its front; returns how many there are. */
    private static int compactNumbers(double[] a, int from, int n) {
        int m = from;
        for (int i = from; i < from + n; i++) {
            if (a[i] == a[i]) {
                a[m++] = a[i];
            }
        }
        return m - from;
    }

    /** The q-quantile of the {@code m} values at {@code from}, by numpy's definition of each method. */
    static double quantile(double[] a, int from, int m, double q, QuantileMethod method, boolean single) {
        double virtual = (m - 1) * q;
        double lo = Math.floor(virtual);
        return switch (method) {
            case LOWER -> select(a, from, m, (int) lo);
            case HIGHER -> select(a, from, m, (int) Math.ceil(virtual));
            case NEAREST -> select(a, from, m, (int) Math.rint(virtual));
            case LINEAR -> interpolate(a, from, m, (int) lo, virtual - lo, single);
            case MIDPOINT -> interpolate(a, from, m, (int) lo, virtual == lo ? 0.0 : 0.5, single);
        };
    }

    /** numpy's lerp between the order statistics {@code k} and {@code k + 1}. */
    private static double interpolate(double[] a, int from, int m, int k, double t, boolean single) {
        if (k >= m - 1) {
            return select(a, from, m, m - 1);
        }
        double below = select(a, from, m, k);
        double above = minOf(a, from + k + 1, from + m);
        double diff = single ? (float) (above - below) : above - below;
        return t >= 0.5 ? above - diff * (1 - t) : below + diff * t;
    }

    private static double minOf(double[] a, int from, int to) {
        double m = a[from];
        for (int i = from + 1; i < to; i++) {
            if (a[i] < m) {
                m = a[i];
            }
        }
        return m;
    }

    /**
     * The k-th smallest of the run (NaN-free), leaving the run partitioned around it: everything after position k is
     * no smaller. Hoare partitioning around a median of three.
     */
    static double select(double[] a, int from, int m, int k) {
        int lo = from;
        int hi = from + m - 1;
        int target = from + k;
        while (hi > lo) {
            int mid = (lo + hi) >>> 1;
            double pivot = medianOfThree(a[lo], a[mid], a[hi]);
            int i = lo;
            int j = hi;
            while (i <= j) {
                while (a[i] < pivot) {
                    i++;
                }
                while (a[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (target <= j) {
                hi = j;
            } else if (target >= i) {
                lo = i;
            } else {
                return a[target];
            }
        }
        return a[target];
    }

    private static double medianOfThree(double x, double y, double z) {
        return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    }
}
