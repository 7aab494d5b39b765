package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * Last step of a tree reduction: merges the states, finishes the statistic, casts it to the node's dtype and drops
 * the reduced axes unless keepdims (a reshape: the data are already in order).
 */
final class ReduceAggKernel implements Kernel<ChunkReduceAgg> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkReduceAgg op, List<ChunkData> inputs) {
        ReductionState state = ReductionStates.merge(node, op.fn(), inputs);
        NDArray result = Casts.to(ReductionStates.finish(node, op.fn(), state, op.ddof()), node.dtype());
        long[] stateShape = result.shapeView();
        int[] axes = Shapes.normalizeAxes(op.axes(), stateShape.length);
        for (int a : axes) {
            if (stateShape[a] != 1) {
                throw ChunkInputs.internal(node, "reduced axis " + a + " has length " + stateShape[a]
                        + " in state of shape " + Shapes.toString(stateShape));
            }
        }
        long[] shape = Shapes.reduced(stateShape, axes, op.keepdims());
        if (!Arrays.equals(shape, node.shape())) {
            throw ChunkInputs.internal(node, "state of shape " + Shapes.toString(stateShape) + " reduced over axes "
                    + Arrays.toString(axes) + (op.keepdims() ? " with" : " without") + " keepdims gives "
                    + Shapes.toString(shape) + ", the chunk needs " + Shapes.toString(node.shape()));
        }
        return Arrays.equals(shape, stateShape) ? result : result.reshape(shape);
    }
}
