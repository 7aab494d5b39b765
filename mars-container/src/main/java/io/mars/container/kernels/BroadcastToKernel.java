package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkBroadcastTo;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/** Broadcasts one chunk to the node's shape by gathering with a zero step along the repeated axes. */
final class BroadcastToKernel implements Kernel<ChunkBroadcastTo> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkBroadcastTo op, List<ChunkData> inputs) {
        NDArray in = Casts.to(ChunkInputs.array(node, inputs, 0), node.dtype());
        long[] inShape = in.shapeView();
        long[] out = node.shape();
        int lead = out.length - inShape.length;
        if (lead < 0) {
            throw ChunkInputs.internal(node, "cannot broadcast " + Shapes.toString(inShape) + " to "
                    + Shapes.toString(out));
        }
        long[] inStrides = Shapes.strides(inShape);
        long[] deltas = new long[out.length];
        for (int a = lead; a < out.length; a++) {
            long d = inShape[a - lead];
            if (d != out[a] && d != 1) {
                throw ChunkInputs.internal(node, "cannot broadcast " + Shapes.toString(inShape) + " to "
                        + Shapes.toString(out));
            }
            deltas[a] = d == 1 ? 0 : inStrides[a - lead];
        }
        int[] positions = Gathers.stridedPositions(0, out, deltas);
        return new NDArray(node.dtype(), out, Gathers.gather(in, positions));
    }
}
