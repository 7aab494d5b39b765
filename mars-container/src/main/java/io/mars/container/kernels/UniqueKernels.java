package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkUniqueAgg;
import io.mars.common.operand.chunk.ChunkUniqueCombine;
import io.mars.common.operand.chunk.ChunkUniqueMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
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
            Object[] distinct = keys instanceof double[] d ? SortLoops.countDistinct(d)
                    : SortLoops.countDistinct((long[]) keys);
            return state(distinct[0], (long[]) distinct[1]);
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

    private static ReductionState state(Object keys, long[] counts) {
        NDArray k = keys instanceof double[] d ? NDArray.of(d) : NDArray.of((long[]) keys);
        return new ReductionState(List.of(k, NDArray.of(counts)));
    }

    private static ReductionState merge(ReductionState a, ReductionState b) {
        long[] ca = (long[]) a.parts().get(1).data();
        long[] cb = (long[]) b.parts().get(1).data();
        Object ka = a.parts().get(0).data();
        Object kb = b.parts().get(0).data();
        Object[] merged = a.parts().get(0).dtype() == DataType.FLOAT64
                ? SortLoops.mergeCounted((double[]) ka, ca, (double[]) kb, cb)
                : SortLoops.mergeCounted((long[]) ka, ca, (long[]) kb, cb);
        return state(merged[0], (long[]) merged[1]);
    }
}
