package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkEye;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/** A block of an eye matrix: one where the global column minus the global row is k. */
final class EyeKernel implements Kernel<ChunkEye> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkEye op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        NDArray out = NDArray.allocate(node.dtype(), shape);
        long rows = shape[0];
        long cols = shape[1];
        // local row r holds the one at local column r + rowOffset + k - colOffset
        long shift = op.rowOffset() + op.k() - op.colOffset();
        long first = Math.max(0, -shift);
        long end = Math.min(rows, cols - shift);
        for (long r = first; r < end; r++) {
            out.setLong((int) (r * cols + r + shift), 1);
        }
        return out;
    }
}
