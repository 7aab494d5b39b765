package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkFft;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The complex transform of every line along one axis of a chunk that holds that axis whole ({@link FftLines}), read
 * in the input's own dtype and computed in double; complex64 results are rounded once at the end.
 */
final class FftKernel implements Kernel<ChunkFft> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkFft op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        NDArray out = FftLines.transform(in, op.axis(), op.inverse(), op.scale(), op.twiddleLength(), op.offset(),
                op.transposed());
        return Casts.to(out, node.dtype());
    }
}
