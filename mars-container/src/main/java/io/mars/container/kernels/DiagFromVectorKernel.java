package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkDiagFromVector;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/** A block of {@code diag(v, k)}: zeros, with the elements of the given chunks of v that fall in the block. */
final class DiagFromVectorKernel implements Kernel<ChunkDiagFromVector> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkDiagFromVector op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        long rows = shape[0];
        long cols = shape[1];
        Object out = NDArray.newStorage(node.dtype(), (int) (rows * cols));
        long rowShift = Math.max(-op.k(), 0) - op.rowOffset();
        long colShift = Math.max(op.k(), 0) - op.colOffset();
        long[] starts = op.inputStarts();
        if (starts.length != inputs.size()) {
            throw ChunkInputs.internal(node, starts.length + " input starts for " + inputs.size() + " inputs");
        }
        for (int j = 0; j < starts.length; j++) {
            NDArray v = ChunkInputs.array(node, inputs, j);
            for (int t = 0; t < v.size(); t++) {
                long r = starts[j] + t + rowShift;
                long c = starts[j] + t + colShift;
                if (r >= 0 && r < rows && c >= 0 && c < cols) {
                    System.arraycopy(v.data(), t, out, (int) (r * cols + c), 1);
                }
            }
        }
        return new NDArray(node.dtype(), shape, out);
    }
}
