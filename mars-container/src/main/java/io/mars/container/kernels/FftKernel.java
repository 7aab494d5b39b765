package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkFft;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.List;

/**
 * The complex transform of every line along one axis of a chunk that holds that axis whole ({@link FftLines}), read
 * in the input's own dtype and computed in double; complex64 results are rounded once at the end. A chunk gathered
 * from pieces is read from them where they lie ({@link FftGroups#transformPieces}: 2-d complex128 pieces, power-of-two
 * lines), or else assembled here into a temporary that is never stored.
 */
final class FftKernel implements Kernel<ChunkFft> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkFft op, List<ChunkData> inputs) {
        if (!op.pieces().isEmpty()) {
            long[] shape = gatheredShape(node, op);
            List<NDArray> arrays = new ArrayList<>(inputs.size());
            for (int i = 0; i < inputs.size(); i++) {
                arrays.add(ChunkInputs.array(node, inputs, i));
            }
            if (FftGroups.handles((int) shape[op.axis()]) && FftGroups.takesPieces(shape, arrays)) {
                NDArray out = FftGroups.transformPieces(shape, arrays, op.pieces(), op.axis(), op.inverse(),
                        op.scale(), op.twiddleLength(), op.offset(), op.transposed());
                return Casts.to(out, node.dtype());
            }
        }
        NDArray in = op.pieces().isEmpty() ? ChunkInputs.array(node, inputs, 0) : assemble(node, op, inputs);
        NDArray out = FftLines.transform(in, op.axis(), op.inverse(), op.scale(), op.twiddleLength(), op.offset(),
                op.transposed());
        return Casts.to(out, node.dtype());
    }

    /** The shape of the chunk the pieces tile: the node's, or its reverse for a transposed result. */
    private static long[] gatheredShape(ChunkNode node, ChunkFft op) {
        long[] shape = node.shape();
        return op.transposed() ? new long[] {shape[1], shape[0]} : shape;
    }

    private static NDArray assemble(ChunkNode node, ChunkFft op, List<ChunkData> inputs) {
        long[] gathered = gatheredShape(node, op);
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
