package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkBincountAgg;
import io.mars.common.operand.chunk.ChunkBincountCombine;
import io.mars.common.operand.chunk.ChunkBincountMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The kernels of numpy.bincount. States are {@link ReductionState}s of one array (int64 counts, or float64 sums of
 * weights) whose length is the largest value seen + 1.
 */
final class BincountKernels {
    private BincountKernels() {
    }

    /** Counts one chunk; a negative value is the user's error, named with its value as numpy does. */
    static final class Map implements Kernel<ChunkBincountMap> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkBincountMap op, List<ChunkData> inputs) {
            long[] x = ChunkInputs.array(node, inputs, 0).longs();
            long max = -1;
            for (long v : x) {
                if (v < 0) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                            "'list' argument must have no negative elements, found " + v);
                }
                max = Math.max(max, v);
            }
            if (max >= Integer.MAX_VALUE - 8) {
                throw new MarsException(ErrorCode.RESULT_TOO_LARGE, "bincount: value " + max
                        + " would need a result longer than one array can hold");
            }
            int length = (int) (max + 1);
            if (inputs.size() > 1) {
                double[] w = ChunkInputs.array(node, inputs, 1).doubles();
                double[] sums = new double[length];
                for (int i = 0; i < x.length; i++) {
                    sums[(int) x[i]] += w[i];
                }
                return new ReductionState(List.of(NDArray.of(sums)));
            }
            long[] counts = new long[length];
            for (long v : x) {
                counts[(int) v]++;
            }
            return new ReductionState(List.of(NDArray.of(counts)));
        }
    }

    /** Adds states, the shorter padded with zeros. */
    static final class Combine implements Kernel<ChunkBincountCombine> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkBincountCombine op, List<ChunkData> inputs) {
            return new ReductionState(List.of(sum(node, inputs, 0)));
        }
    }

    /** The summed states padded with zeros to {@code minlength}. */
    static final class Agg implements Kernel<ChunkBincountAgg> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkBincountAgg op, List<ChunkData> inputs) {
            return Casts.to(sum(node, inputs, op.minlength()), node.dtype());
        }
    }

    /** The sum of the input states, at least {@code minlength} long, as int64 or float64. */
    private static NDArray sum(ChunkNode node, List<ChunkData> inputs, long minlength) {
        int length = (int) minlength;
        boolean weighted = false;
        for (int i = 0; i < inputs.size(); i++) {
            NDArray s = ChunkInputs.state(node, inputs, i).parts().get(0);
            length = Math.max(length, s.size());
            weighted |= s.dtype() == DataType.FLOAT64;
        }
        if (weighted) {
            double[] out = new double[length];
            for (int i = 0; i < inputs.size(); i++) {
                double[] s = (double[]) ChunkInputs.state(node, inputs, i).parts().get(0).data();
                for (int k = 0; k < s.length; k++) {
                    out[k] += s[k];
                }
            }
            return NDArray.of(out);
        }
        long[] out = new long[length];
        for (int i = 0; i < inputs.size(); i++) {
            long[] s = (long[]) ChunkInputs.state(node, inputs, i).parts().get(0).data();
            for (int k = 0; k < s.length; k++) {
                out[k] += s[k];
            }
        }
        return NDArray.of(out);
    }
}
