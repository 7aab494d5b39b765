package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkPut;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * A copy of the array with the masked positions replaced, the value cast to the array's dtype as numpy's item
 * assignment does (floats truncate into ints, non-zero is true).
 */
final class PutKernel implements Kernel<ChunkPut> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkPut op, List<ChunkData> inputs) {
        NDArray a = Casts.to(ChunkInputs.array(node, inputs, 0), node.dtype());
        NDArray mask = ChunkInputs.array(node, inputs, 1);
        if (mask.dtype() != DataType.BOOL || !Arrays.equals(mask.shapeView(), a.shapeView())) {
            throw ChunkInputs.internal(node, "mask " + ChunkInputs.shape(mask.shapeView()) + " " + mask.dtype()
                    + " does not match the array " + ChunkInputs.shape(a.shapeView()));
        }
        NDArray values = op.value() == null
                ? Casts.to(ChunkInputs.array(node, inputs, 2), node.dtype())
                : scalar(op.value(), node.dtype());
        if (node.dtype().isComplex()) {
            NDArray out = Casts.to(a, node.dtype());
            out = new NDArray(node.dtype(), node.shape(), copy(out.data()));
            boolean[] m = (boolean[]) mask.data();
            boolean one = values.size() == 1 && m.length != 1;
            for (int i = 0; i < m.length; i++) {
                if (m[i]) {
                    int v = one ? 0 : i;
                    out.setComplex(i, values.getReal(v), values.getImag(v));
                }
            }
            return out;
        }
        Object out = NDArray.newStorage(node.dtype(), a.size());
        System.arraycopy(a.data(), 0, out, 0, java.lang.reflect.Array.getLength(out));
        Gathers.maskedCopy(values.data(), (boolean[]) mask.data(), out);
        return new NDArray(node.dtype(), node.shape(), out);
    }

    private static Object copy(Object storage) {
        return storage instanceof float[] f ? f.clone() : ((double[]) storage).clone();
    }

    private static NDArray scalar(Scalar s, DataType dtype) {
        if (dtype.isComplex()) {
            NDArray one = NDArray.allocate(dtype, 1);
            one.setComplex(0, s.realValue(), s.imagValue());
            return one;
        }
        return switch (s.kind()) {
            case FLOAT, COMPLEX -> Casts.fromDoubles(new double[] {s.floatValue()}, dtype, new long[] {1});
            case INT, BOOL -> Casts.fromLongs(new long[] {s.intValue()}, dtype, new long[] {1});
        };
    }
}
