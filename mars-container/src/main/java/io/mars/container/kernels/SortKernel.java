package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSort;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * Sorts each line of a chunk along the operand's axis: the values (NaN last) or the stable argsort as int64 indices
 * within the line. The chunk is seen as {@code (outer, n, inner)}; a line is contiguous when {@code inner == 1}.
 */
final class SortKernel implements Kernel<ChunkSort> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSort op, List<ChunkData> inputs) {
        NDArray in = ChunkInputs.array(node, inputs, 0);
        long[] shape = in.shapeView();
        int axis = op.axis();
        int n = (int) shape[axis];
        int inner = 1;
        for (int a = axis + 1; a < shape.length; a++) {
            inner *= (int) shape[a];
        }
        int outer = n == 0 || inner == 0 ? 0 : in.size() / (n * inner);
        return op.indices() ? argsort(in, outer, n, inner) : sort(in, outer, n, inner);
    }

    private static NDArray sort(NDArray in, int outer, int n, int inner) {
        Object keys = SortLoops.keys(in);
        if (keys instanceof double[] d) {
            sortLines(d, outer, n, inner);
        } else {
            sortLines((long[]) keys, outer, n, inner);
        }
        return SortLoops.fromKeys(keys, in.dtype(), in.shapeView());
    }

    private static void sortLines(double[] v, int outer, int n, int inner) {
        double[] line = inner == 1 ? null : new double[n];
        for (int o = 0; o < outer; o++) {
            int base = o * n * inner;
            if (inner == 1) {
                Arrays.sort(v, base, base + n);
                continue;
            }
            for (int i = 0; i < inner; i++) {
                for (int k = 0; k < n; k++) {
                    line[k] = v[base + k * inner + i];
                }
                Arrays.sort(line);
                for (int k = 0; k < n; k++) {
                    v[base + k * inner + i] = line[k];
                }
            }
        }
    }

    private static void sortLines(long[] v, int outer, int n, int inner) {
        long[] line = inner == 1 ? null : new long[n];
        for (int o = 0; o < outer; o++) {
            int base = o * n * inner;
            if (inner == 1) {
                Arrays.sort(v, base, base + n);
                continue;
            }
            for (int i = 0; i < inner; i++) {
                for (int k = 0; k < n; k++) {
                    line[k] = v[base + k * inner + i];
                }
                Arrays.sort(line);
                for (int k = 0; k < n; k++) {
                    v[base + k * inner + i] = line[k];
                }
            }
        }
    }

    private static NDArray argsort(NDArray in, int outer, int n, int inner) {
        Object keys = SortLoops.argsortKeys(in);
        long[] out = new long[in.size()];
        double[] dLine = keys instanceof double[] && inner > 1 ? new double[n] : null;
        long[] lLine = keys instanceof long[] && inner > 1 ? new long[n] : null;
        for (int o = 0; o < outer; o++) {
            int base = o * n * inner;
            for (int i = 0; i < inner; i++) {
                int[] order;
                if (keys instanceof double[] d) {
                    if (inner == 1) {
                        order = SortLoops.argsort(d, base, n);
                    } else {
                        for (int k = 0; k < n; k++) {
                            dLine[k] = d[base + k * inner + i];
                        }
                        order = SortLoops.argsort(dLine, 0, n);
                    }
                } else {
                    long[] l = (long[]) keys;
                    if (inner == 1) {
                        order = SortLoops.argsort(l, base, n);
                    } else {
                        for (int k = 0; k < n; k++) {
                            lLine[k] = l[base + k * inner + i];
                        }
                        order = SortLoops.argsort(lLine, 0, n);
                    }
                }
                for (int k = 0; k < n; k++) {
                    out[base + k * inner + i] = order[k];
                }
            }
        }
        return new NDArray(DataType.INT64, in.shapeView(), out);
    }
}
