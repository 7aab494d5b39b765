package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkFft;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The complex transform of every line along one axis of a chunk that holds that axis whole ({@link FftLines}), read
 * in the input's own dtype and computed in double; complex64 results are rounded once at the end. A chunk gathered
 * from pieces is assembled here, into a temporary that is never stored.
 */
final class FftKernel implements Kernel<ChunkFft> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkFft op, List<ChunkData> inputs) {
        NDArray in = op.pieces().isEmpty() ? ChunkInputs.array(node, inputs, 0) : assemble(node, op, inputs);
        NDArray out = FftLines.transform(in, op.axis(), op.inverse(), op.scale(), op.twiddleLength(), op.offset(),
                op.transposed());
        return Casts.to(out, node.dtype());
    }

    private static NDArray assemble(ChunkNode node, ChunkFft op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        long[] gathered = op.transposed() ? new long[] {shape[1], shape[0]} : shape;
        NDArray first = ChunkInputs.array(node, inputs, op.pieces().get(0).input());
        NDArray out = NDArray.allocate(first.dtype(), gathered);
        for (ChunkAssemble.Piece piece : op.pieces()) {
            NDArray src = Casts.to(ChunkInputs.array(node, inputs, piece.input()), first.dtype());
            Copies.copyBox(src.data(), src.shapeView(), piece.srcStart(), out.data(), out.shapeView(), piece.dstStart(),
                    piece.extent());
        }
        return out;
    }
}
