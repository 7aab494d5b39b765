package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * Adds same-shaped input chunks (a level of a summation tree, e.g. partial tensordot products) in the node's dtype:
 * floats accumulate in double and round once, integers wrap, bools OR.
 */
final class SumKernel implements Kernel<ChunkSum> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSum op, List<ChunkData> inputs) {
        ChunkInputs.requireAtLeast(node, inputs, 1);
        long[] shape = node.shape();
        NDArray[] arrays = new NDArray[inputs.size()];
        for (int i = 0; i < arrays.length; i++) {
            arrays[i] = ChunkInputs.array(node, inputs, i);
            if (!Arrays.equals(arrays[i].shapeView(), shape)) {
                throw ChunkInputs.shapeMismatch(node, "input " + i + " has shape " + Shapes.toString(arrays[i].shapeView())
                        + ", the chunk needs " + Shapes.toString(shape));
            }
        }
        DataType dtype = node.dtype();
        if (arrays.length == 1) {
            return Casts.to(arrays[0], dtype);
        }
        return switch (dtype.kind()) {
            case COMPLEX -> {
                double[] out = ComplexLoops.pairs(arrays[0]).clone();
                for (int s = 1; s < arrays.length; s++) {
                    double[] b = ComplexLoops.pairs(arrays[s]);
                    for (int i = 0; i < out.length; i++) {
                        out[i] += b[i];
                    }
                }
                yield Casts.to(new NDArray(DataType.COMPLEX128, shape, out), dtype);
            }
            case FLOAT -> {
                double[] out = arrays[0].toDoubleArray();
                for (int s = 1; s < arrays.length; s++) {
                    double[] b = arrays[s].doubles();
                    for (int i = 0; i < out.length; i++) {
                        out[i] += b[i];
                    }
                }
                yield Casts.fromDoubles(out, dtype, shape);
            }
            case INT -> {
                long[] out = arrays[0].toLongArray();
                for (int s = 1; s < arrays.length; s++) {
                    long[] b = arrays[s].longs();
                    for (int i = 0; i < out.length; i++) {
                        out[i] += b[i];
                    }
                }
                yield Casts.fromLongs(out, dtype, shape);
            }
            case BOOL -> {
                boolean[] out = arrays[0].toBooleanArray();
                for (int s = 1; s < arrays.length; s++) {
                    boolean[] b = arrays[s].booleans();
                    for (int i = 0; i < out.length; i++) {
                        out[i] |= b[i];
                    }
                }
                yield new NDArray(DataType.BOOL, shape, out);
            }
        };
    }
}
