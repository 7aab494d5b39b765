package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSort;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/**
 * Sorts each line of a chunk along the operand's axis: the values (NaN last) or the stable argsort as int64 indices
 * within the line. The chunk is seen as {@code (outer, n, inner)}; a line is contiguous when {@code inner == 1}.
 */
final class SortKernel implements Kernel<ChunkSort> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSort op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        long[] shape = in.shapeView();
        int axis = op.axis();
        int n = (int) shape[axis];
        int inner = 1;
        for (int a = axis + 1; a < shape.length; a++) {
            inner *= (int) shape[a];
        }
        int outer = n == 0 || inner == 0 ? 0 : in.size() / (n * inner);
        return op.indices() ? argsort(in, outer, n, inner) : sort(in, outer, n, inner);
    }

    private static NDArray sort(NDArray in, int outer, int n, int inner) {
        Object keys = SortLoops.keys(in);
        if (keys instanceof double[] d) {
            SortLoops.sortLines(d, outer, n, inner);
        } else {
            SortLoops.sortLines((long[]) keys, outer, n, inner);
        }
        return SortLoops.fromKeys(keys, in.dtype(), in.shapeView());
    }

    private static NDArray argsort(NDArray in, int outer, int n, int inner) {
        Object keys = SortLoops.argsortKeys(in);
        long[] out = new long[in.size()];
        if (keys instanceof double[] d) {
            SortLoops.argsortLines(d, out, outer, n, inner);
        } else {
            SortLoops.argsortLines((long[]) keys, out, outer, n, inner);
        }
        return new NDArray(DataType.INT64, in.shapeView(), out);
    }
}
