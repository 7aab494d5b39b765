package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkUniqueAgg;
import io.mars.common.operand.chunk.ChunkUniqueCombine;
import io.mars.common.operand.chunk.ChunkUniqueMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * The kernels of numpy.unique: states are {@link ReductionState}s of {@code [sorted distinct keys, int64 counts]},
 * keys as float64 or int64 ({@link SortLoops#keyType}). Values are distinct when {@code !=}, and all NaNs are one
 * value sorted last (numpy's {@code equal_nan=True}).
 */
final class UniqueKernels {
    private UniqueKernels() {
    }

    /** Sorts one chunk (flattened) and counts runs of equal keys. */
    static final class Map implements Kernel<ChunkUniqueMap> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkUniqueMap op, List<ChunkData> inputs) {
            NDArray in = ChunkInputs.array(node, inputs, 0);
            // canonical keys: -0.0 and 0.0 are one value, reported as 0.0
            Object keys = SortLoops.argsortKeys(in);
            int n = SortLoops.length(keys);
            long[] counts = new long[n];
            int distinct = 0;
            if (keys instanceof double[] d) {
                Arrays.sort(d);
                for (int i = 0; i < n; i++) {
                    if (distinct > 0 && same(d[distinct - 1], d[i])) {
                        counts[distinct - 1]++;
                    } else {
                        d[distinct] = d[i];
                        counts[distinct++] = 1;
                    }
                }
                return state(Arrays.copyOf(d, distinct), Arrays.copyOf(counts, distinct));
            }
            long[] l = (long[]) keys;
            Arrays.sort(l);
            for (int i = 0; i < n; i++) {
                if (distinct > 0 && l[distinct - 1] == l[i]) {
                    counts[distinct - 1]++;
                } else {
                    l[distinct] = l[i];
                    counts[distinct++] = 1;
                }
            }
            return state(Arrays.copyOf(l, distinct), Arrays.copyOf(counts, distinct));
        }
    }

    /** Merges the states one after another. */
    static final class Combine implements Kernel<ChunkUniqueCombine> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkUniqueCombine op, List<ChunkData> inputs) {
            ReductionState acc = ChunkInputs.state(node, inputs, 0);
            for (int i = 1; i < inputs.size(); i++) {
                acc = merge(acc, ChunkInputs.state(node, inputs, i));
            }
            return acc;
        }
    }

    /** The values in the node's dtype, or the counts. */
    static final class Agg implements Kernel<ChunkUniqueAgg> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkUniqueAgg op, List<ChunkData> inputs) {
            List<NDArray> parts = ChunkInputs.state(node, inputs, 0).parts();
            return op.counts() ? parts.get(1) : Casts.to(parts.get(0), node.dtype());
        }
    }

    private static boolean same(double a, double b) {
        return a == b || (a != a && b != b);
    }

    private static ReductionState state(Object keys, long[] counts) {
        NDArray k = keys instanceof double[] d ? NDArray.of(d) : NDArray.of((long[]) keys);
        return new ReductionState(List.of(k, NDArray.of(counts)));
    }

    private static ReductionState merge(ReductionState a, ReductionState b) {
        long[] ca = (long[]) a.parts().get(1).data();
        long[] cb = (long[]) b.parts().get(1).data();
        int na = ca.length;
        int nb = cb.length;
        long[] counts = new long[na + nb];
        int i = 0;
        int j = 0;
        int o = 0;
        if (a.parts().get(0).dtype() == DataType.FLOAT64) {
            double[] ka = (double[]) a.parts().get(0).data();
            double[] kb = (double[]) b.parts().get(0).data();
            double[] keys = new double[na + nb];
            while (i < na || j < nb) {
                if (j == nb || i < na && SortLoops.less(ka[i], kb[j])) {
                    keys[o] = ka[i];
                    counts[o++] = ca[i++];
                } else if (i == na || SortLoops.less(kb[j], ka[i])) {
                    keys[o] = kb[j];
                    counts[o++] = cb[j++];
                } else {
                    keys[o] = ka[i];
                    counts[o++] = ca[i++] + cb[j++];
                }
            }
            return state(Arrays.copyOf(keys, o), Arrays.copyOf(counts, o));
        }
        long[] ka = (long[]) a.parts().get(0).data();
        long[] kb = (long[]) b.parts().get(0).data();
        long[] keys = new long[na + nb];
        while (i < na || j < nb) {
            if (j == nb || i < na && ka[i] < kb[j]) {
                keys[o] = ka[i];
                counts[o++] = ca[i++];
            } else if (i == na || kb[j] < ka[i]) {
                keys[o] = kb[j];
                counts[o++] = cb[j++];
            } else {
                keys[o] = ka[i];
                counts[o++] = ca[i++] + cb[j++];
            }
        }
        return state(Arrays.copyOf(keys, o), Arrays.copyOf(counts, o));
    }
}
