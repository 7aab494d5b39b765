package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkRavelIndex;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/** Combines aligned index chunks into C-order positions in the merged indexed axes, checking each index's bounds. */
final class RavelIndexKernel implements Kernel<ChunkRavelIndex> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkRavelIndex op, List<ChunkData> inputs) {
        long[] dims = op.dims();
        ChunkInputs.requireAtLeast(node, inputs, dims.length);
        int n = Shapes.chunkSize(node.shape());
        long[] out = new long[n];
        for (int j = 0; j < dims.length; j++) {
            NDArray idx = ChunkInputs.array(node, inputs, j);
            if (!Arrays.equals(idx.shapeView(), node.shape())) {
                throw ChunkInputs.internal(node, "index chunk " + j + " has shape " + ChunkInputs.shape(idx.shapeView())
                        + ", expected " + ChunkInputs.shape(node.shape()));
            }
            long[] v = idx.longs();
            long d = dims[j];
            for (int i = 0; i < n; i++) {
                long p = v[i];
                if (p < -d || p >= d) {
                    throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "index " + p + " is out of bounds for axis "
                            + op.axes()[j] + " with size " + d);
                }
                out[i] = out[i] * d + (p < 0 ? p + d : p);
            }
        }
        return new NDArray(node.dtype(), node.shape(), out);
    }
}
