package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.types.ChunkData;
import java.util.List;

/** Middle step of a tree reduction: merges k states of one shape into one. */
final class ReduceCombineKernel implements Kernel<ChunkReduceCombine> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkReduceCombine op, List<ChunkData> inputs) {
        return ReductionStates.merge(node, op.fn(), inputs);
    }
}
