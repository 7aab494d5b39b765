package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.ScanFn;
import io.mars.common.operand.chunk.ChunkScan;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * Cumulative sum or product of one chunk along an axis, starting from the carried total of the earlier chunks (an
 * optional second input). Floats accumulate in float64 and are cast to the result dtype; integers and bools in int64,
 * wrapping as numpy does. The nan-variants treat NaN as 0 (sum) or 1 (product).
 */
final class ScanKernel implements Kernel<ChunkScan> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkScan op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        long[] shape = in.shapeView();
        int axis = op.axis();
        int outer = 1;
        for (int d = 0; d < axis; d++) {
            outer *= (int) shape[d];
        }
        int n = (int) shape[axis];
        int inner = 1;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= (int) shape[d];
        }
        NDArray carry = inputs.size() > 1 ? ChunkInputs.state(node, inputs, 1).parts().get(0) : null;
        if (carry != null && carry.size() != outer * inner) {
            throw ChunkInputs.internal(node, "carry of shape " + Shapes.toString(carry.shapeView()) + " for a chunk of shape "
                    + Shapes.toString(shape) + " scanned along axis " + axis);
        }
        ScanFn fn = op.fn();
        boolean product = fn.isProduct();
        if (node.dtype().isFloat()) {
            double[] x = in.doubles();
            double[] out = new double[x.length];
            double[] acc = new double[inner];
            boolean skipNaN = fn.skipsNaN();
            for (int o = 0; o < outer; o++) {
                if (carry == null) {
                    Arrays.fill(acc, product ? 1.0 : 0.0);
                } else {
                    for (int i = 0; i < inner; i++) {
                        acc[i] = carry.getDouble(o * inner + i);
                    }
                }
                for (int j = 0; j < n; j++) {
                    int base = (o * n + j) * inner;
                    if (product) {
                        for (int i = 0; i < inner; i++) {
                            double v = x[base + i];
                            acc[i] *= skipNaN && v != v ? 1.0 : v;
                            out[base + i] = acc[i];
                        }
                    } else {
                        for (int i = 0; i < inner; i++) {
                            double v = x[base + i];
                            acc[i] += skipNaN && v != v ? 0.0 : v;
                            out[base + i] = acc[i];
                        }
                    }
                }
            }
            return Casts.fromDoubles(out, node.dtype(), shape);
        }
        long[] x = in.longs();
        long[] out = new long[x.length];
        long[] acc = new long[inner];
        for (int o = 0; o < outer; o++) {
            if (carry == null) {
                Arrays.fill(acc, product ? 1L : 0L);
            } else {
                for (int i = 0; i < inner; i++) {
                    acc[i] = carry.getLong(o * inner + i);
                }
            }
            for (int j = 0; j < n; j++) {
                int base = (o * n + j) * inner;
                if (product) {
                    for (int i = 0; i < inner; i++) {
                        acc[i] *= x[base + i];
                        out[base + i] = acc[i];
                    }
                } else {
                    for (int i = 0; i < inner; i++) {
                        acc[i] += x[base + i];
                        out[base + i] = acc[i];
                    }
                }
            }
        }
        return Casts.fromLongs(out, node.dtype(), shape);
    }
}
