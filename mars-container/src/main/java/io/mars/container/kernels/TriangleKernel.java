package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkTriangle;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * tril/triu of a chunk: a copy of the input with, in every row of its last two axes, the columns outside the
 * triangle zeroed. Which columns is decided by the global row and column (chunk offsets plus local index).
 */
final class TriangleKernel implements Kernel<ChunkTriangle> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkTriangle op, List<ChunkData> inputs) {
        NDArray src = ChunkInputs.array(node, inputs, 0);
        long[] shape = src.shapeView();
        int nd = shape.length;
        int rows = (int) shape[nd - 2];
        int cols = (int) shape[nd - 1];
        Object out = NDArray.newStorage(src.dtype(), src.size());
        System.arraycopy(src.data(), 0, out, 0, java.lang.reflect.Array.getLength(out));
        int matrices = rows * cols == 0 ? 0 : src.size() / (rows * cols);
        for (int m = 0; m < matrices; m++) {
            for (int r = 0; r < rows; r++) {
                // global diagonal index of column c in this row: (colOffset + c) - (rowOffset + r)
                long base = op.rowOffset() + r + op.k() - op.colOffset();
                int from;
                int to;
                if (op.lower()) {
                    from = (int) Math.max(0, Math.min(cols, base + 1));
                    to = cols;
                } else {
                    from = 0;
                    to = (int) Math.max(0, Math.min(cols, base));
                }
                int row = (m * rows + r) * cols;
                zero(out, src.dtype(), row + from, row + to);
            }
        }
        return new NDArray(src.dtype(), shape, out);
    }

    private static void zero(Object data, DataType dtype, int from, int to) {
        if (from >= to) {
            return;
        }
        switch (dtype) {
            case BOOL -> Arrays.fill((boolean[]) data, from, to, false);
            case INT8 -> Arrays.fill((byte[]) data, from, to, (byte) 0);
            case INT16 -> Arrays.fill((short[]) data, from, to, (short) 0);
            case INT32 -> Arrays.fill((int[]) data, from, to, 0);
            case INT64 -> Arrays.fill((long[]) data, from, to, 0L);
            case FLOAT32 -> Arrays.fill((float[]) data, from, to, 0f);
            case FLOAT64 -> Arrays.fill((double[]) data, from, to, 0.0);
            case COMPLEX64 -> Arrays.fill((float[]) data, 2 * from, 2 * to, 0f);
            case COMPLEX128 -> Arrays.fill((double[]) data, 2 * from, 2 * to, 0.0);
        }
    }
}
