package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/** Returns the array the operand carries, converted to the node's dtype and seen in the node's shape. */
final class FromArrayKernel implements Kernel<ChunkFromArray> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkFromArray op, List<ChunkData> inputs) {
        NDArray data = op.data();
        if (data.size() != Shapes.size(node.shape())) {
            throw ChunkInputs.internal(node, "carries an array of shape " + Shapes.toString(data.shapeView())
                    + " for a chunk of shape " + Shapes.toString(node.shape()));
        }
        NDArray out = Casts.to(data, node.dtype());
        return Arrays.equals(out.shapeView(), node.shape()) ? out : out.reshape(node.shape());
    }
}
