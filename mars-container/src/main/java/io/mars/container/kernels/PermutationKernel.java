package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkPermutation;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * A random permutation of 0..n-1: element p gets a random key from its position (sub-stream PERMUTATION), and the
 * positions are ordered by key. With an input (the whole tensor, n rows) its rows are copied in that order.
 */
final class PermutationKernel implements Kernel<ChunkPermutation> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkPermutation op, List<ChunkData> inputs) {
        int n = Math.toIntExact(op.n());
        long[] order = order(CounterRandom.key(op.seed(), op.stream()), n);
        if (inputs.isEmpty()) {
            return new NDArray(DataType.INT64, node.shape(), order);
        }
        NDArray src = ChunkInputs.array(node, inputs, 0);
        if (src.ndim() == 0 || src.shapeView()[0] != n) {
            throw ChunkInputs.internal(node, "permutes " + n + " rows but the input has shape "
                    + Shapes.toString(src.shapeView()));
        }
        int rowLen = n == 0 ? 0 : src.size() / n;
        Object out = NDArray.newStorage(src.dtype(), src.size());
        for (int i = 0; i < n; i++) {
            System.arraycopy(src.data(), (int) order[i] * rowLen, out, i * rowLen, rowLen);
        }
        return new NDArray(src.dtype(), src.shapeView(), out);
    }

    /**
     * The positions 0..n-1 sorted by their random keys. A key and its position are packed into one long (the key's
     * high bits, the position's low bits) so that a primitive sort does the work; equal high key bits fall back to
     * the position, still a function of the positions only.
     */
    static long[] order(long key, int n) {
        long sub = CounterRandom.subKey(key, CounterRandom.PERMUTATION);
        int indexBits = 64 - Long.numberOfLeadingZeros(Math.max(n - 1, 1));
        long mask = (1L << indexBits) - 1;
        long[] packed = new long[n];
        long z = CounterRandom.counter(sub, 0);
        for (int p = 0; p < n; p++) {
            packed[p] = (RandKernel.mix64(z) & ~mask) | p;
            z += CounterRandom.GAMMA;
        }
        Arrays.sort(packed);
        for (int i = 0; i < n; i++) {
            packed[i] &= mask;
        }
        return packed;
    }
}
