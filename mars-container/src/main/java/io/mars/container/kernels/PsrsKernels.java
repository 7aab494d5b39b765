package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkPsrsMerge;
import io.mars.common.operand.chunk.ChunkPsrsPiece;
import io.mars.common.operand.chunk.ChunkPsrsPivots;
import io.mars.common.operand.chunk.ChunkPsrsSample;
import io.mars.common.operand.chunk.ChunkPsrsSort;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The steps of parallel sorting by regular sampling of a 1-d tensor. Sorted chunks and pieces are
 * {@link ReductionState}s of {@code [keys]} or {@code [keys, int64 global indices]} (argsort), keys being float64 or
 * int64 ({@link SortLoops#keyType}); samples and pivots are key arrays.
 */
final class PsrsKernels {
    private PsrsKernels() {
    }

    private static NDArray keysArray(Object keys) {
        return keys instanceof double[] d ? NDArray.of(d) : NDArray.of((long[]) keys);
    }

    /** Sorts one chunk; for argsort the keys are canonical and carry their global indices. */
    static final class Sort implements Kernel<ChunkPsrsSort> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkPsrsSort op, List<ChunkData> inputs) {
            NDArray in = ChunkInputs.array(node, inputs, 0);
            int n = in.size();
            if (!op.indices()) {
                Object keys = SortLoops.keys(in);
                if (keys instanceof double[] d) {
                    Arrays.sort(d);
                } else {
                    Arrays.sort((long[]) keys);
                }
                return new ReductionState(List.of(keysArray(keys)));
            }
            Object keys = SortLoops.argsortKeys(in);
            int[] order = keys instanceof double[] d ? SortLoops.argsort(d, 0, n) : SortLoops.argsort((long[]) keys, 0, n);
            long[] global = new long[n];
            Object sorted;
            if (keys instanceof double[] d) {
                double[] s = new double[n];
                for (int i = 0; i < n; i++) {
                    s[i] = d[order[i]];
                    global[i] = op.offset() + order[i];
                }
                sorted = s;
            } else {
                long[] l = (long[]) keys;
                long[] s = new long[n];
                for (int i = 0; i < n; i++) {
                    s[i] = l[order[i]];
                    global[i] = op.offset() + order[i];
                }
                sorted = s;
            }
            return new ReductionState(List.of(keysArray(sorted), NDArray.of(global)));
        }
    }

    /** {@code count} regularly spaced keys of a sorted chunk: positions {@code j * n / count}. */
    static final class Sample implements Kernel<ChunkPsrsSample> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkPsrsSample op, List<ChunkData> inputs) {
            NDArray keys = ChunkInputs.state(node, inputs, 0).parts().get(0);
            int n = keys.size();
            int count = op.count();
            if (count > n) {
                throw ChunkInputs.internal(node, "asks for " + count + " samples of a chunk of " + n);
            }
            NDArray out = NDArray.allocate(keys.dtype(), count);
            for (int j = 0; j < count; j++) {
                int pos = (int) ((long) j * n / count);
                if (keys.dtype() == DataType.FLOAT64) {
                    out.setDouble(j, keys.getDouble(pos));
                } else {
                    out.setLong(j, keys.getLong(pos));
                }
            }
            return out;
        }
    }

    /** The {@code parts - 1} pivots: regularly spaced among all samples, sorted. */
    static final class Pivots implements Kernel<ChunkPsrsPivots> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkPsrsPivots op, List<ChunkData> inputs) {
            int total = 0;
            for (int i = 0; i < inputs.size(); i++) {
                total += ChunkInputs.array(node, inputs, i).size();
            }
            int count = op.parts() - 1;
            NDArray out = NDArray.allocate(node.dtype(), count);
            if (total == 0) {
                return out;
            }
            Object all = node.dtype() == DataType.FLOAT64 ? new double[total] : new long[total];
            int at = 0;
            for (int i = 0; i < inputs.size(); i++) {
                NDArray s = ChunkInputs.array(node, inputs, i);
                System.arraycopy(s.data(), 0, all, at, s.size());
                at += s.size();
            }
            if (all instanceof double[] d) {
                Arrays.sort(d);
            } else {
                Arrays.sort((long[]) all);
            }
            for (int j = 1; j <= count; j++) {
                int pos = (int) ((long) j * total / op.parts());
                if (all instanceof double[] d) {
                    out.setDouble(j - 1, d[pos]);
                } else {
                    out.setLong(j - 1, ((long[]) all)[pos]);
                }
            }
            return out;
        }
    }

    /** The slice of a sorted chunk with {@code pivot[part-1] <= key < pivot[part]}. */
    static final class Piece implements Kernel<ChunkPsrsPiece> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkPsrsPiece op, List<ChunkData> inputs) {
            List<NDArray> state = ChunkInputs.state(node, inputs, 0).parts();
            NDArray pivots = ChunkInputs.array(node, inputs, 1);
            NDArray keys = state.get(0);
            int n = keys.size();
            int part = op.part();
            int lo = part == 0 ? 0 : bound(keys, pivots, part - 1);
            int hi = part == pivots.size() ? n : bound(keys, pivots, part);
            List<NDArray> out = new ArrayList<>(state.size());
            for (NDArray a : state) {
                out.add(slice(a, lo, hi));
            }
            return new ReductionState(out);
        }

        private static int bound(NDArray keys, NDArray pivots, int p) {
            return keys.data() instanceof double[] d ? SortLoops.lowerBound(d, 0, d.length, pivots.getDouble(p))
                    : SortLoops.lowerBound((long[]) keys.data(), 0, keys.size(), pivots.getLong(p));
        }

        private static NDArray slice(NDArray a, int lo, int hi) {
            Object data = a.data() instanceof double[] d ? Arrays.copyOfRange(d, lo, hi)
                    : Arrays.copyOfRange((long[]) a.data(), lo, hi);
            return new NDArray(a.dtype(), new long[] {hi - lo}, data);
        }
    }

    /** Merges one part's pieces, in chunk order, into the sorted values (in the node's dtype) or their indices. */
    static final class Merge implements Kernel<ChunkPsrsMerge> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkPsrsMerge op, List<ChunkData> inputs) {
            int runs = inputs.size();
            int[] starts = new int[runs + 1];
            List<List<NDArray>> pieces = new ArrayList<>(runs);
            for (int r = 0; r < runs; r++) {
                List<NDArray> p = ChunkInputs.state(node, inputs, r).parts();
                pieces.add(p);
                starts[r + 1] = starts[r] + p.get(0).size();
            }
            int n = starts[runs];
            DataType keyType = runs == 0 ? DataType.FLOAT64 : pieces.get(0).get(0).dtype();
            Object keys = keyType == DataType.FLOAT64 ? new double[n] : new long[n];
            long[] indices = op.indices() ? new long[n] : null;
            for (int r = 0; r < runs; r++) {
                List<NDArray> p = pieces.get(r);
                int len = starts[r + 1] - starts[r];
                System.arraycopy(p.get(0).data(), 0, keys, starts[r], len);
                if (indices != null) {
                    System.arraycopy(p.get(1).data(), 0, indices, starts[r], len);
                }
            }
            Object[] merged = runs == 0 ? new Object[] {keys, indices} : SortLoops.mergeRuns(keys, indices, starts);
            long[] shape = {n};
            return op.indices() ? new NDArray(DataType.INT64, shape, merged[1])
                    : SortLoops.fromKeys(merged[0], node.dtype(), shape);
        }
    }
}
