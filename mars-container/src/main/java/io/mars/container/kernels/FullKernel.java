package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/** A chunk filled with one value, cast to the node's dtype as numpy's {@code full(shape, value, dtype)} does. */
final class FullKernel implements Kernel<ChunkFull> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkFull op, List<ChunkData> inputs) {
        return fill(node.dtype(), node.shape(), op.value());
    }

    static NDArray fill(DataType dtype, long[] shape, Scalar value) {
        int n = Shapes.chunkSize(shape);
        boolean isFloat = value.kind() == DataType.Kind.FLOAT;
        double d = isFloat ? value.floatValue() : (double) value.intValue();
        long l = isFloat ? (long) value.floatValue() : value.intValue();
        Object data = switch (dtype) {
            case BOOL -> {
                boolean[] a = new boolean[n];
                Arrays.fill(a, isFloat ? d != 0.0 : l != 0);
                yield a;
            }
            case INT8 -> {
                byte[] a = new byte[n];
                Arrays.fill(a, (byte) l);
                yield a;
            }
            case INT16 -> {
                short[] a = new short[n];
                Arrays.fill(a, (short) l);
                yield a;
            }
            case INT32 -> {
                int[] a = new int[n];
                Arrays.fill(a, (int) l);
                yield a;
            }
            case INT64 -> {
                long[] a = new long[n];
                Arrays.fill(a, l);
                yield a;
            }
            case FLOAT32 -> {
                float[] a = new float[n];
                Arrays.fill(a, (float) d);
                yield a;
            }
            case FLOAT64 -> {
                double[] a = new double[n];
                Arrays.fill(a, d);
                yield a;
            }
            case COMPLEX64, COMPLEX128 -> {
                NDArray a = NDArray.allocate(dtype, shape);
                for (int i = 0; i < n; i++) {
                    a.setComplex(i, value.realValue(), value.imagValue());
                }
                yield a.data();
            }
        };
        return new NDArray(dtype, shape, data);
    }
}
