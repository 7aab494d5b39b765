package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ChunkData;
import io.mars.common.model.Shapes;
import io.mars.common.operand.chunk.ChunkTake;
import io.mars.tensor.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * Integer-array indexing along an axis, reading from every source chunk along it: each index is checked (numpy's
 * IndexError wording), located in its chunk by the chunk offsets, and its sub-array copied.
 */
final class TakeKernel implements Kernel<ChunkTake> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkTake op, List<ChunkData> inputs) {
        NDArray indices = ChunkInputs.array(node, inputs, 0);
        long[] offsets = op.offsets();
        ChunkInputs.requireAtLeast(node, inputs, offsets.length + 1);
        NDArray[] sources = new NDArray[offsets.length];
        for (int c = 0; c < sources.length; c++) {
            sources[c] = Casts.to(ChunkInputs.array(node, inputs, c + 1), node.dtype());
        }
        int axis = op.axis();
        long[] first = sources[0].shapeView();
        int outer = (int) Shapes.size(Arrays.copyOfRange(first, 0, axis));
        int inner = (int) Shapes.size(Arrays.copyOfRange(first, axis + 1, first.length));
        int m = indices.size();
        int[] chunkOf = new int[m];
        int[] localOf = new int[m];
        long n = op.axisLength();
        for (int j = 0; j < m; j++) {
            long v = indices.getLong(j);
            if (v < -n || v >= n) {
                throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "index " + v + " is out of bounds for axis "
                        + axis + " with size " + n);
            }
            long p = v < 0 ? v + n : v;
            int c = Arrays.binarySearch(offsets, p);
            if (c < 0) {
                c = -c - 2;
            } else {
                while (c + 1 < offsets.length && offsets[c + 1] == p) {
                    c++; // skip empty chunks
                }
            }
            chunkOf[j] = c;
            localOf[j] = (int) (p - offsets[c]);
        }
        NDArray out = NDArray.allocate(node.dtype(), node.shape());
        Object dst = out.data();
        int d = 0;
        for (int o = 0; o < outer; o++) {
            for (int j = 0; j < m; j++) {
                NDArray src = sources[chunkOf[j]];
                int len = (int) src.shapeView()[axis];
                System.arraycopy(src.data(), (o * len + localOf[j]) * inner, dst, d, inner);
                d += inner;
            }
        }
        return out;
    }
}
