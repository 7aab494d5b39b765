package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSearchSorted;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * numpy.searchsorted of a chunk of values (input 1) in the whole sorted array (input 0), with numpy's order (NaN
 * last), comparing as int64 when both are integers and as float64 otherwise. As numpy.digitize, input 0 is the bins:
 * increasing bins search with the opposite side, decreasing ones search the reversed bins.
 */
final class SearchSortedKernel implements Kernel<ChunkSearchSorted> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSearchSorted op, List<ChunkData> inputs) {
        NDArray a = ChunkInputs.array(node, inputs, 0);
        NDArray v = ChunkInputs.array(node, inputs, 1);
        boolean right = op.digitize() ? !op.right() : op.right();
        boolean asLongs = !a.dtype().isFloat() && !v.dtype().isFloat();
        long[] out = new long[v.size()];
        boolean descending = op.digitize() && decreasing(node, a);
        if (asLongs) {
            long[] s = descending ? SortLoops.reversed(a.toLongArray()) : a.longs();
            SortLoops.searchSorted(s, v.longs(), right, descending, out);
        } else {
            double[] s = descending ? SortLoops.reversed(a.toDoubleArray()) : a.doubles();
            SortLoops.searchSorted(s, v.doubles(), right, descending, out);
        }
        return new NDArray(DataType.INT64, v.shapeView(), out);
    }

    /** numpy's digitize check: true for decreasing bins, false for increasing; a user error for neither. */
    private static boolean decreasing(ChunkNode node, NDArray bins) {
        double[] b = bins.doubles();
        boolean increasing = true;
        boolean decreasing = true;
        for (int i = 1; i < b.length; i++) {
            increasing &= b[i - 1] <= b[i];
            decreasing &= b[i - 1] >= b[i];
        }
        if (!increasing && !decreasing) {
            String shown = b.length <= 20 ? Arrays.toString(b) : Arrays.toString(Arrays.copyOf(b, 20)) + "...";
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "bins must be monotonically increasing or decreasing, got " + shown);
        }
        return !increasing;
    }
}
