package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSlice;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * A strided slice of one chunk, seen with the node's shape. A slice that keeps the whole chunk (squeeze, expandDims)
 * shares the input's storage; a unit-step box is copied run by run; other steps gather by position.
 */
final class SliceKernel implements Kernel<ChunkSlice> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSlice op, List<ChunkData> inputs) {
        NDArray in = Casts.to(ChunkInputs.array(node, inputs, 0), node.dtype());
        long[] shape = in.shapeView();
        long[] starts = op.starts();
        long[] steps = op.steps();
        long[] counts = op.counts();
        if (starts.length != shape.length || steps.length != shape.length || counts.length != shape.length) {
            throw ChunkInputs.internal(node, "slice of " + starts.length + " axes on a chunk of shape "
                    + Shapes.toString(shape));
        }
        boolean unit = true;
        for (long s : steps) {
            unit &= s == 1;
        }
        if (unit && Arrays.equals(counts, shape)) {
            return in.reshape(node.shape());
        }
        if (unit) {
            NDArray out = NDArray.allocate(node.dtype(), counts);
            Copies.copyBox(in.data(), shape, starts, out.data(), counts, new long[counts.length], counts);
            return out.reshape(node.shape());
        }
        long[] strides = Shapes.strides(shape);
        long base = 0;
        long[] deltas = new long[shape.length];
        for (int a = 0; a < shape.length; a++) {
            if (counts[a] > 0 && (starts[a] < 0 || starts[a] >= shape[a]
                    || starts[a] + (counts[a] - 1) * steps[a] < 0 || starts[a] + (counts[a] - 1) * steps[a] >= shape[a])) {
                throw ChunkInputs.internal(node, "slice " + Arrays.toString(starts) + " by " + Arrays.toString(steps)
                        + " x " + Arrays.toString(counts) + " leaves the chunk of shape " + Shapes.toString(shape));
            }
            base += starts[a] * strides[a];
            deltas[a] = steps[a] * strides[a];
        }
        int[] positions = Gathers.stridedPositions(base, counts, deltas);
        return new NDArray(node.dtype(), node.shape(), Gathers.gather(in, positions));
    }
}
