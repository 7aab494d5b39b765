package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkDiagonal;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/** The main diagonal of the last two axes of a chunk, as its last axis, in the input's dtype. */
final class DiagonalKernel implements Kernel<ChunkDiagonal> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkDiagonal op, List<ChunkData> inputs) {
        NDArray a = ChunkInputs.array(node, inputs, 0);
        long[] s = a.shapeView();
        int nd = s.length;
        int rows = (int) s[nd - 2];
        int cols = (int) s[nd - 1];
        int d = Math.min(rows, cols);
        int outer = rows * cols == 0 ? 0 : a.size() / (rows * cols);
        if (rows * cols == 0) {
            outer = 1;
            for (int i = 0; i < nd - 2; i++) {
                outer *= (int) s[i];
            }
        }
        int[] src = new int[outer * d];
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < d; i++) {
                src[o * d + i] = o * rows * cols + i * cols + i;
            }
        }
        Object data = a.data();
        Object out = NDArray.newStorage(a.dtype(), src.length);
        switch (a.dtype()) {
            case COMPLEX64, COMPLEX128 -> {
                // (real, imaginary) slot pairs
                int[] slots = new int[2 * src.length];
                for (int i = 0; i < src.length; i++) {
                    slots[2 * i] = 2 * src[i];
                    slots[2 * i + 1] = 2 * src[i] + 1;
                }
                if (data instanceof float[] x) {
                    float[] y = (float[]) out;
                    for (int i = 0; i < slots.length; i++) {
                        y[i] = x[slots[i]];
                    }
                } else {
                    double[] x = (double[]) data;
                    double[] y = (double[]) out;
                    for (int i = 0; i < slots.length; i++) {
                        y[i] = x[slots[i]];
                    }
                }
            }
            case BOOL -> gather((boolean[]) data, (boolean[]) out, src);
            case INT8 -> {
                byte[] x = (byte[]) data;
                byte[] y = (byte[]) out;
                for (int i = 0; i < src.length; i++) {
                    y[i] = x[src[i]];
                }
            }
            case INT16 -> {
                short[] x = (short[]) data;
                short[] y = (short[]) out;
                for (int i = 0; i < src.length; i++) {
                    y[i] = x[src[i]];
                }
            }
            case INT32 -> {
                int[] x = (int[]) data;
                int[] y = (int[]) out;
                for (int i = 0; i < src.length; i++) {
                    y[i] = x[src[i]];
                }
            }
            case INT64 -> {
                long[] x = (long[]) data;
                long[] y = (long[]) out;
                for (int i = 0; i < src.length; i++) {
                    y[i] = x[src[i]];
                }
            }
            case FLOAT32 -> {
                float[] x = (float[]) data;
                float[] y = (float[]) out;
                for (int i = 0; i < src.length; i++) {
                    y[i] = x[src[i]];
                }
            }
            case FLOAT64 -> {
                double[] x = (double[]) data;
                double[] y = (double[]) out;
                for (int i = 0; i < src.length; i++) {
                    y[i] = x[src[i]];
                }
            }
        }
        return new NDArray(a.dtype(), node.shape(), out);
    }

    private static void gather(boolean[] x, boolean[] y, int[] src) {
        for (int i = 0; i < src.length; i++) {
            y[i] = x[src[i]];
        }
    }
}
