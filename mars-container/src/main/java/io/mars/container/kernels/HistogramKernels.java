package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkHistogram;
import io.mars.common.operand.chunk.ChunkHistogramEdges;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/** The kernels of numpy.histogram: equal-width edges from the data's range, and counts of one chunk. */
final class HistogramKernels {
    private HistogramKernels() {
    }

    /**
     * numpy's edges for an autodetected range: {@code linspace(min, max, bins + 1)} (min - 0.5 and max + 0.5 when they
     * are equal), computed in float32 arithmetic for float32 data as numpy does.
     */
    static final class Edges implements Kernel<ChunkHistogramEdges> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkHistogramEdges op, List<ChunkData> inputs) {
            double lo = ChunkInputs.array(node, inputs, 0).getDouble();
            double hi = ChunkInputs.array(node, inputs, 1).getDouble();
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "autodetected range of [" + lo + ", " + hi
                        + "] is not finite");
            }
            if (lo == hi) {
                lo -= 0.5;
                hi += 0.5;
            }
            int bins = op.bins();
            if (node.dtype() == DataType.FLOAT32) {
                float start = (float) lo;
                float stop = (float) hi;
                float step = (stop - start) / bins;
                float[] e = new float[bins + 1];
                for (int i = 0; i <= bins; i++) {
                    e[i] = (float) i * step + start;
                }
                e[bins] = stop;
                return NDArray.of(e);
            }
            double step = (hi - lo) / bins;
            double[] e = new double[bins + 1];
            for (int i = 0; i <= bins; i++) {
                e[i] = i * step + lo;
            }
            e[bins] = hi;
            return NDArray.of(e);
        }
    }

    /**
     * Counts of one chunk: bin {@code i} holds {@code edges[i] <= x < edges[i+1]}, the last bin also
     * {@code x == edges[-1]}; values outside the edges (and NaN) are not counted.
     */
    static final class Counts implements Kernel<ChunkHistogram> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkHistogram op, List<ChunkData> inputs) {
            NDArray data = ChunkInputs.array(node, inputs, 0);
            double[] edges = ChunkInputs.array(node, inputs, 1).doubles();
            int bins = edges.length - 1;
            double first = edges[0];
            double last = edges[bins];
            long[] counts = new long[bins];
            double[] x = data.doubles();
            for (double v : x) {
                if (!(v >= first && v <= last)) {
                    continue;
                }
                if (v == last) {
                    counts[bins - 1]++;
                    continue;
                }
                // the last edge not above v
                int lo = 0;
                int hi = bins;
                while (hi - lo > 1) {
                    int mid = (lo + hi) >>> 1;
                    if (edges[mid] <= v) {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                counts[lo]++;
            }
            return new NDArray(DataType.INT64, new long[] {bins}, counts);
        }
    }
}
