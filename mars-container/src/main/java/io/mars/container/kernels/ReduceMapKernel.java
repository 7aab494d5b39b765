package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * First step of a tree reduction: reduces one chunk over the operand's axes (kept as length 1) into a
 * {@link ReductionState}. sum keeps {@code [int64 or float64 sum]}, min/max {@code [extreme in the input dtype]},
 * mean {@code [float64 sum, int64 count]}, var/std {@code [float64 count, mean, m2]} with m2 the sum of squared
 * deviations from the chunk's own mean (two passes, so the state is exact enough to merge stably).
 */
final class ReduceMapKernel implements Kernel<ChunkReduceMap> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkReduceMap op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        long[] shape = in.shapeView();
        int[] axes = Shapes.normalizeAxes(op.axes(), shape.length);
        long[] stateShape = Shapes.reduced(shape, axes, true);
        int stateSize = Shapes.chunkSize(stateShape);
        long count = 1;
        for (int a : axes) {
            count *= shape[a];
        }
        ReduceFn fn = op.fn();
        if (fn.needsIdentity() && count == 0 && stateSize > 0) {
            // other chunks along the axes may hold values; the agg raises numpy's error if none does
            return ReductionStates.NO_CANDIDATE;
        }
        Layout layout = in.size() == 0 ? null : Layout.coalesce(shape, Shapes.intStrides(shape), stateStrides(stateShape, axes));
        return switch (fn) {
            case SUM -> new ReductionState(List.of(sum(in, layout, stateShape, stateSize)));
            case MEAN -> new ReductionState(List.of(
                    new NDArray(DataType.FLOAT64, stateShape, floatSum(in, layout, stateSize)),
                    new NDArray(DataType.INT64, stateShape, filled(stateSize, count))));
            case VAR, STD -> moments(in, layout, stateShape, stateSize, count);
            case MIN, MAX -> new ReductionState(List.of(extreme(in, layout, stateShape, stateSize, fn == ReduceFn.MAX)));
            case PROD, NANPROD -> new ReductionState(List.of(prod(in, layout, stateShape, stateSize, fn == ReduceFn.NANPROD)));
            case ALL, ANY -> new ReductionState(List.of(new NDArray(DataType.BOOL, stateShape, layout == null
                    ? filledBooleans(stateSize, fn == ReduceFn.ALL)
                    : ReduceLoops.extreme(layout, in.booleans(), stateSize, fn == ReduceFn.ANY))));
            case COUNT_NONZERO -> new ReductionState(List.of(new NDArray(DataType.INT64, stateShape, layout == null
                    ? new long[stateSize] : ReduceLoops.sum(layout, in.booleans(), stateSize))));
            case PTP -> new ReductionState(List.of(extreme(in, layout, stateShape, stateSize, false),
                    extreme(in, layout, stateShape, stateSize, true)));
            case NANSUM -> new ReductionState(List.of(in.dtype().isFloat()
                    ? new NDArray(DataType.FLOAT64, stateShape, layout == null ? new double[stateSize]
                            : ReduceLoops.sum(layout, ReduceLoops.nanToZero(in.doubles()), stateSize))
                    : sum(in, layout, stateShape, stateSize)));
            case NANMEAN -> nanMean(in, layout, stateShape, stateSize, count);
            case NANVAR, NANSTD -> in.dtype().isFloat() ? nanMoments(in, layout, stateShape, stateSize)
                    : moments(in, layout, stateShape, stateSize, count);
            case NANMIN, NANMAX -> new ReductionState(List.of(in.dtype().isFloat() && layout != null
                    ? Casts.fromDoubles(ReduceLoops.nanExtreme(layout, in.doubles(), stateSize, fn == ReduceFn.NANMAX),
                            in.dtype(), stateShape)
                    : extreme(in, layout, stateShape, stateSize, fn == ReduceFn.NANMAX)));
            case ARGMIN, ARGMAX, NANARGMIN, NANARGMAX, AVERAGE -> throw ChunkInputs.internal(node, fn.numpyName()
                    + " has its own map operand, not " + op.wireName());
        };
    }

    /** The state's strides walked over the input's axes: 0 along reduced axes. */
    private static int[] stateStrides(long[] stateShape, int[] axes) {
        int[] s = Shapes.intStrides(stateShape);
        for (int a : axes) {
            s[a] = 0;
        }
        return s;
    }

    private static NDArray sum(NDArray in, Layout layout, long[] stateShape, int stateSize) {
        if (in.dtype().isFloat()) {
            double[] out = layout == null ? new double[stateSize] : ReduceLoops.sum(layout, in.doubles(), stateSize);
            return new NDArray(DataType.FLOAT64, stateShape, out);
        }
        long[] out;
        if (layout == null) {
            out = new long[stateSize];
        } else if (in.dtype() == DataType.BOOL) {
            out = ReduceLoops.sum(layout, (boolean[]) in.data(), stateSize);
        } else {
            out = ReduceLoops.sum(layout, in.longs(), stateSize);
        }
        return new NDArray(DataType.INT64, stateShape, out);
    }

    private static double[] floatSum(NDArray in, Layout layout, int stateSize) {
        if (layout == null) {
            return new double[stateSize];
        }
        if (in.dtype() == DataType.BOOL) {
            long[] counts = ReduceLoops.sum(layout, (boolean[]) in.data(), stateSize);
            double[] out = new double[stateSize];
            for (int i = 0; i < stateSize; i++) {
                out[i] = counts[i];
            }
            return out;
        }
        return ReduceLoops.sum(layout, in.doubles(), stateSize);
    }

    private static ReductionState moments(NDArray in, Layout layout, long[] stateShape, int stateSize, long count) {
        double[] mean = new double[stateSize];
        double[] m2 = new double[stateSize];
        if (layout != null && count > 0) {
            double[] x = in.doubles();
            double[] sum = ReduceLoops.sum(layout, x, stateSize);
            for (int i = 0; i < stateSize; i++) {
                mean[i] = sum[i] / count;
            }
            m2 = ReduceLoops.squaredDeviations(layout, x, mean);
        }
        double[] counts = new double[stateSize];
        Arrays.fill(counts, count);
        return new ReductionState(List.of(new NDArray(DataType.FLOAT64, stateShape, counts),
                new NDArray(DataType.FLOAT64, stateShape, mean), new NDArray(DataType.FLOAT64, stateShape, m2)));
    }

    private static NDArray extreme(NDArray in, Layout layout, long[] stateShape, int stateSize, boolean max) {
        DataType dtype = in.dtype();
        if (layout == null) {
            return NDArray.allocate(dtype, stateShape);
        }
        return switch (dtype.kind()) {
            case COMPLEX -> throw ComplexLoops.unsupported(max ? "max" : "min", dtype);
            case FLOAT -> Casts.fromDoubles(ReduceLoops.extreme(layout, in.doubles(), stateSize, max), dtype, stateShape);
            case INT -> Casts.fromLongs(ReduceLoops.extreme(layout, in.longs(), stateSize, max), dtype, stateShape);
            case BOOL -> new NDArray(DataType.BOOL, stateShape,
                    ReduceLoops.extreme(layout, (boolean[]) in.data(), stateSize, max));
        };
    }

    private static NDArray prod(NDArray in, Layout layout, long[] stateShape, int stateSize, boolean skipNaN) {
        if (in.dtype().isFloat()) {
            double[] out = layout == null ? filledDoubles(stateSize, 1.0) : ReduceLoops.prod(layout, in.doubles(), stateSize,
                    skipNaN);
            return new NDArray(DataType.FLOAT64, stateShape, out);
        }
        long[] out = layout == null ? filled(stateSize, 1L) : ReduceLoops.prod(layout, in.longs(), stateSize);
        return new NDArray(DataType.INT64, stateShape, out);
    }

    /** {@code [float64 sum, int64 count]} of the non-NaN values. */
    private static ReductionState nanMean(NDArray in, Layout layout, long[] stateShape, int stateSize, long count) {
        if (!in.dtype().isFloat()) {
            return new ReductionState(List.of(new NDArray(DataType.FLOAT64, stateShape, floatSum(in, layout, stateSize)),
                    new NDArray(DataType.INT64, stateShape, filled(stateSize, count))));
        }
        double[] sum = new double[stateSize];
        long[] counts = new long[stateSize];
        if (layout != null) {
            double[] x = in.doubles();
            sum = ReduceLoops.sum(layout, ReduceLoops.nanToZero(x), stateSize);
            counts = ReduceLoops.countNotNaN(layout, x, stateSize);
        }
        return new ReductionState(List.of(new NDArray(DataType.FLOAT64, stateShape, sum),
                new NDArray(DataType.INT64, stateShape, counts)));
    }

    /** {@code [count, mean, m2]} of the non-NaN values, per slot (counts differ between slots). */
    private static ReductionState nanMoments(NDArray in, Layout layout, long[] stateShape, int stateSize) {
        double[] counts = new double[stateSize];
        double[] mean = new double[stateSize];
        double[] m2 = new double[stateSize];
        if (layout != null) {
            double[] x = in.doubles();
            double[] sum = ReduceLoops.sum(layout, ReduceLoops.nanToZero(x), stateSize);
            long[] n = ReduceLoops.countNotNaN(layout, x, stateSize);
            for (int i = 0; i < stateSize; i++) {
                counts[i] = n[i];
                mean[i] = n[i] == 0 ? 0.0 : sum[i] / n[i];
            }
            m2 = ReduceLoops.squaredDeviationsSkipNaN(layout, x, mean);
        }
        return new ReductionState(List.of(new NDArray(DataType.FLOAT64, stateShape, counts),
                new NDArray(DataType.FLOAT64, stateShape, mean), new NDArray(DataType.FLOAT64, stateShape, m2)));
    }

    private static double[] filledDoubles(int n, double value) {
        double[] a = new double[n];
        Arrays.fill(a, value);
        return a;
    }

    private static boolean[] filledBooleans(int n, boolean value) {
        boolean[] a = new boolean[n];
        Arrays.fill(a, value);
        return a;
    }

    private static long[] filled(int n, long value) {
        long[] a = new long[n];
        Arrays.fill(a, value);
        return a;
    }
}
