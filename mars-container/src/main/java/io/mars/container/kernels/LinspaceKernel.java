package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkLinspace;
import io.mars.types.ChunkData;
import io.mars.types.Shapes;
import java.util.List;

/**
 * numpy.linspace's formula, element by element in float64: {@code i * step + start} with
 * {@code step = (stop - start) / div} ({@code div} = num - 1 with the endpoint, num without);
 * {@code (i / div) * delta + start} when the step underflows to zero; the last element is {@code stop} itself when
 * the endpoint is included; integer dtypes take the floor.
 */
final class LinspaceKernel implements Kernel<ChunkLinspace> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkLinspace op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        int n = Shapes.chunkSize(shape);
        double start = op.start();
        double delta = op.stop() - start;
        long div = op.endpoint() ? op.num() - 1 : op.num();
        double step = div > 0 ? delta / div : Double.NaN;
        double[] out = new double[n];
        long offset = op.offset();
        if (div > 0 && step != 0) {
            for (int i = 0; i < n; i++) {
                out[i] = (double) (offset + i) * step + start;
            }
        } else if (div > 0) {
            for (int i = 0; i < n; i++) {
                out[i] = (double) (offset + i) / div * delta + start;
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[i] = (double) (offset + i) * delta + start;
            }
        }
        long last = op.num() - 1;
        if (op.endpoint() && op.num() > 1 && last >= offset && last < offset + n) {
            out[(int) (last - offset)] = op.stop();
        }
        if (node.dtype().isInteger()) {
            for (int i = 0; i < n; i++) {
                out[i] = Math.floor(out[i]);
            }
        }
        return Casts.fromDoubles(out, node.dtype(), shape);
    }
}
