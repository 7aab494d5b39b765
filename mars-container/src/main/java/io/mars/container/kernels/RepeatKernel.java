package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkRepeat;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/** Repeats each element of one chunk along an axis, by one count or by a count per element. */
final class RepeatKernel implements Kernel<ChunkRepeat> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkRepeat op, List<ChunkData> inputs) {
        NDArray in = Casts.to(ChunkInputs.array(node, inputs, 0), node.dtype());
        long[] inShape = in.shapeView();
        long[] out = node.shape();
        int axis = op.axis();
        long[] counts = op.repeats();
        boolean uniform = counts.length == 1;
        long total = uniform ? inShape.length > axis ? inShape[axis] * counts[0] : -1
                : Arrays.stream(counts).sum();
        if (out.length != inShape.length || axis < 0 || axis >= out.length || out[axis] != total
                || !uniform && counts.length != inShape[axis]) {
            throw ChunkInputs.internal(node, "repeat " + Arrays.toString(counts) + " on axis " + axis
                    + " of " + Shapes.toString(inShape) + " cannot give " + Shapes.toString(out));
        }
        int outer = (int) Shapes.size(Arrays.copyOfRange(inShape, 0, axis));
        int len = (int) inShape[axis];
        int inner = (int) Shapes.size(Arrays.copyOfRange(inShape, axis + 1, inShape.length));
        int[] positions = new int[Shapes.chunkSize(out)];
        int k = 0;
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < len; i++) {
                int rowStart = (o * len + i) * inner;
                long r = uniform ? counts[0] : counts[i];
                for (long rep = 0; rep < r; rep++) {
                    for (int j = 0; j < inner; j++) {
                        positions[k++] = rowStart + j;
                    }
                }
            }
        }
        return new NDArray(node.dtype(), out, Gathers.gather(in, positions));
    }
}
