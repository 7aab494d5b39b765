package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/** Permutes the axes of one chunk (a copy in the new C order); output axis i is input axis {@code axes[i]}. */
final class TransposeKernel implements Kernel<ChunkTranspose> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkTranspose op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        int[] axes = op.axes().clone();
        for (int i = 0; i < axes.length; i++) {
            axes[i] = Shapes.normalizeAxis(axes[i], in.ndim());
        }
        return Copies.transpose(Casts.to(in, node.dtype()), axes);
    }
}
