package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkDiagExtract;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/** Elements (row + i, col + i) of a matrix chunk: one piece of a matrix's diagonal. */
final class DiagExtractKernel implements Kernel<ChunkDiagExtract> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkDiagExtract op, List<ChunkData> inputs) {
        int n = Shapes.chunkSize(node.shape());
        Object out = NDArray.newStorage(node.dtype(), n);
        if (n == 0) {
            return new NDArray(node.dtype(), node.shape(), out);
        }
        NDArray m = ChunkInputs.array(node, inputs, 0);
        long cols = m.shapeView()[1];
        if (op.row() + n > m.shapeView()[0] || op.col() + n > cols) {
            throw ChunkInputs.internal(node, n + " diagonal elements from (" + op.row() + ", " + op.col()
                    + ") do not fit in a chunk of shape " + Shapes.toString(m.shapeView()));
        }
        for (int i = 0; i < n; i++) {
            System.arraycopy(m.data(), (int) ((op.row() + i) * cols + op.col() + i), out, i, 1);
        }
        return new NDArray(node.dtype(), node.shape(), out);
    }
}
