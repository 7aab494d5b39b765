package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkFlatAssemble;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/** Builds a chunk (reshape) from runs of C-order elements of input chunks. */
final class FlatAssembleKernel implements Kernel<ChunkFlatAssemble> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkFlatAssemble op, List<ChunkData> inputs) {
        if (op.runs().size() == 1) {
            ChunkFlatAssemble.Run run = op.runs().get(0);
            NDArray src = ChunkInputs.array(node, inputs, run.input());
            if (src.dtype() == node.dtype() && run.srcStart() == 0 && run.dstStart() == 0
                    && run.length() == src.size() && src.size() == Shapes.size(node.shape())) {
                // the whole of one input in the same C order: a new shape over the same storage, which no kernel
                // modifies, instead of a copy
                return new NDArray(node.dtype(), node.shape(), src.data());
            }
        }
        NDArray out = NDArray.allocate(node.dtype(), node.shape());
        for (ChunkFlatAssemble.Run run : op.runs()) {
            NDArray src = Casts.to(ChunkInputs.array(node, inputs, run.input()), node.dtype());
            if (run.length() < 0 || run.srcStart() < 0 || run.dstStart() < 0 || run.srcStart() + run.length() > src.size()
                    || run.dstStart() + run.length() > out.size()) {
                throw ChunkInputs.internal(node, "run of " + run.length() + " elements from " + run.srcStart()
                        + " of input " + run.input() + " (" + src.size() + " elements) to " + run.dstStart() + " of "
                        + out.size() + " elements is out of bounds");
            }
            int w = src.dtype().isComplex() ? 2 : 1;
            System.arraycopy(src.data(), w * (int) run.srcStart(), out.data(), w * (int) run.dstStart(),
                    w * (int) run.length());
        }
        return out;
    }
}
