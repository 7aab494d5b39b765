package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.List;

/**
 * Element i of the chunk is {@code start + (offset + i) * step}: computed in long from the scalars' integer values
 * for integer and bool dtypes, in double for float dtypes, so each value is independent of how the range is chunked.
 */
final class ArangeKernel implements Kernel<ChunkArange> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkArange op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        if (shape.length != 1) {
            throw ChunkInputs.internal(node, "arange chunks are 1-d, this one has shape " + Shapes.toString(shape));
        }
        int n = Shapes.chunkSize(shape);
        long offset = op.offset();
        if (node.dtype().isFloat()) {
            double start = asDouble(op.start());
            double step = asDouble(op.step());
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = start + (offset + i) * step;
            }
            return Casts.fromDoubles(out, node.dtype(), shape);
        }
        long start = op.start().intValue();
        long step = op.step().intValue();
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = start + (offset + i) * step;
        }
        return Casts.fromLongs(out, node.dtype(), shape);
    }

    private static double asDouble(Scalar s) {
        return s.kind() == DataType.Kind.FLOAT ? s.floatValue() : (double) s.intValue();
    }
}
