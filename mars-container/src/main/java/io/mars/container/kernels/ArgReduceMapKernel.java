package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.ReduceFn;
import io.mars.common.operand.chunk.ChunkArgReduceMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * First step of argmin/argmax and their nan-variants: per slot the best value and its global position
 * {@code [value (float64, or int64 for integer inputs), int64 index]}; index -1 means no candidate yet (an all-NaN
 * slice of a nan-variant). Elements are visited in C order, so strict comparisons keep the first occurrence; NaN is
 * the best value of argmin/argmax (the first NaN wins, as numpy), and never a candidate of the nan-variants.
 */
final class ArgReduceMapKernel implements Kernel<ChunkArgReduceMap> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkArgReduceMap op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        long[] shape = in.shapeView();
        int nd = shape.length;
        int[] axes = op.axes();
        long[] stateShape = Shapes.reduced(shape, axes, true);
        int stateSize = Shapes.chunkSize(stateShape);
        int[] slotStrides = Shapes.intStrides(stateShape);
        long[] globalStrides = new long[nd];
        long acc = 1;
        long base = 0;
        for (int d = nd - 1; d >= 0; d--) {
            if (Shapes.contains(axes, d)) {
                slotStrides[d] = 0;
                globalStrides[d] = acc;
                base += op.offset()[d] * acc;
                acc *= op.fullShape()[d];
            }
        }
        if (in.size() == 0 && stateSize > 0) {
            return ReductionStates.NO_CANDIDATE;
        }
        long[] index = new long[stateSize];
        Arrays.fill(index, -1L);
        ReduceFn fn = op.fn();
        boolean max = fn == ReduceFn.ARGMAX || fn == ReduceFn.NANARGMAX;
        NDArray value;
        if (in.dtype().isInteger()) {
            long[] best = new long[stateSize];
            if (in.size() > 0) {
                scanLongs(in.longs(), shape, slotStrides, globalStrides, base, max, best, index);
            }
            value = new NDArray(DataType.INT64, stateShape, best);
        } else {
            double[] best = new double[stateSize];
            Arrays.fill(best, Double.NaN);
            if (in.size() > 0) {
                scanDoubles(in.doubles(), shape, slotStrides, globalStrides, base, max, fn.skipsNaN(), best, index);
            }
            value = new NDArray(DataType.FLOAT64, stateShape, best);
        }
        return new ReductionState(List.of(value, new NDArray(DataType.INT64, stateShape, index)));
    }

    private static void scanDoubles(double[] x, long[] shape, int[] slotStrides, long[] globalStrides, long base,
            boolean max, boolean skipNaN, double[] best, long[] index) {
        Walk w = new Walk(shape, slotStrides, globalStrides, base);
        int len = w.len;
        int sStep = w.lastSlotStride;
        long gStep = w.lastGlobalStride;
        for (int r = 0, in0 = 0; r < w.runs; r++, in0 += len, w.next()) {
            for (int j = 0; j < len; j++) {
                double v = x[in0 + j];
                int s = w.slot + j * sStep;
                double b = best[s];
                boolean take;
                if (skipNaN) {
                    take = v == v && (index[s] < 0 || (max ? v > b : v < b));
                } else {
                    // once the best is NaN nothing replaces it; a NaN replaces any number
                    take = index[s] < 0 || b == b && (v != v || (max ? v > b : v < b));
                }
                if (take) {
                    best[s] = v;
                    index[s] = w.global + j * gStep;
                }
            }
        }
    }

    private static void scanLongs(long[] x, long[] shape, int[] slotStrides, long[] globalStrides, long base,
            boolean max, long[] best, long[] index) {
        Walk w = new Walk(shape, slotStrides, globalStrides, base);
        int len = w.len;
        int sStep = w.lastSlotStride;
        long gStep = w.lastGlobalStride;
        for (int r = 0, in0 = 0; r < w.runs; r++, in0 += len, w.next()) {
            for (int j = 0; j < len; j++) {
                long v = x[in0 + j];
                int s = w.slot + j * sStep;
                if (index[s] < 0 || (max ? v > best[s] : v < best[s])) {
                    best[s] = v;
                    index[s] = w.global + j * gStep;
                }
            }
        }
    }

    /** Runs along the last axis of a non-empty C-order chunk, with the slot and global index of each run's start. */
    private static final class Walk {
        final int len;
        final int runs;
        final int lastSlotStride;
        final long lastGlobalStride;
        int slot;
        long global;
        private final long[] shape;
        private final int[] slotStrides;
        private final long[] globalStrides;
        private final long[] idx;

        Walk(long[] shape, int[] slotStrides, long[] globalStrides, long base) {
            int nd = shape.length;
            this.shape = shape;
            this.slotStrides = slotStrides;
            this.globalStrides = globalStrides;
            this.idx = new long[Math.max(nd, 1)];
            this.len = nd == 0 ? 1 : (int) shape[nd - 1];
            this.runs = nd == 0 ? 1 : Shapes.chunkSize(shape) / len;
            this.lastSlotStride = nd == 0 ? 0 : slotStrides[nd - 1];
            this.lastGlobalStride = nd == 0 ? 0 : globalStrides[nd - 1];
            this.global = base;
        }

        void next() {
            for (int d = shape.length - 2; d >= 0; d--) {
                idx[d]++;
                slot += slotStrides[d];
                global += globalStrides[d];
                if (idx[d] < shape[d]) {
                    return;
                }
                idx[d] = 0;
                slot -= (int) (slotStrides[d] * shape[d]);
                global -= globalStrides[d] * shape[d];
            }
        }
    }
}
