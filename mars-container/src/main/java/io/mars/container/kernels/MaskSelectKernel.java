package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkMaskSelect;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/** Keeps the sub-arrays of one chunk where its mask chunk is true, stacked along a new first axis. */
final class MaskSelectKernel implements Kernel<ChunkMaskSelect> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkMaskSelect op, List<ChunkData> inputs) {
        NDArray in = Casts.to(ChunkInputs.array(node, inputs, 0), node.dtype());
        NDArray mask = ChunkInputs.array(node, inputs, 1);
        int k = op.maskNdim();
        long[] shape = in.shapeView();
        if (mask.dtype() != DataType.BOOL || !Arrays.equals(mask.shapeView(), Arrays.copyOf(shape, k))) {
            throw ChunkInputs.internal(node, "mask " + Shapes.toString(mask.shapeView()) + " " + mask.dtype()
                    + " does not cover the first " + k + " axes of " + Shapes.toString(shape));
        }
        boolean[] m = (boolean[]) mask.data();
        int count = 0;
        for (boolean b : m) {
            if (b) {
                count++;
            }
        }
        long[] outShape = new long[shape.length - k + 1];
        outShape[0] = count;
        System.arraycopy(shape, k, outShape, 1, shape.length - k);
        // storage slots per element: a complex element is its (real, imaginary) pair
        int inner = (int) Shapes.size(Arrays.copyOfRange(shape, k, shape.length)) * (node.dtype().isComplex() ? 2 : 1);
        NDArray out = NDArray.allocate(node.dtype(), outShape);
        int d = 0;
        for (int i = 0; i < m.length; i++) {
            if (m[i]) {
                System.arraycopy(in.data(), i * inner, out.data(), d, inner);
                d += inner;
            }
        }
        return out;
    }
}
