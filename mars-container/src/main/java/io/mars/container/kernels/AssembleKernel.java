package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/** Builds a chunk (rechunking) from boxes of input chunks, copied run by run along the last axis. */
final class AssembleKernel implements Kernel<ChunkAssemble> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkAssemble op, List<ChunkData> inputs) {
        NDArray out = NDArray.allocate(node.dtype(), node.shape());
        for (ChunkAssemble.Piece piece : op.pieces()) {
            NDArray src = Casts.to(ChunkInputs.array(node, inputs, piece.input()), node.dtype());
            Copies.copyBox(src.data(), src.shapeView(), piece.srcStart(), out.data(), out.shapeView(), piece.dstStart(),
                    piece.extent());
        }
        return out;
    }
}
