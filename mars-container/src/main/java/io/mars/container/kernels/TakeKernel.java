package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkTake;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.Arrays;
import java.util.List;

/**
 * Integer-array indexing along an axis, reading from every source chunk along it: each index is checked (numpy's
 * IndexError wording), located in its chunk by the chunk offsets, and its sub-array copied.
 */
final class TakeKernel implements Kernel<ChunkTake> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkTake op, List<ChunkData> inputs) {
        NDArray indices = ChunkInputs.array(node, inputs, 0);
        long[] offsets = op.offsets();
        ChunkInputs.requireAtLeast(node, inputs, offsets.length + 1);
        NDArray[] sources = new NDArray[offsets.length];
        for (int c = 0; c < sources.length; c++) {
            sources[c] = Casts.to(ChunkInputs.array(node, inputs, c + 1), node.dtype());
        }
        int axis = op.axis();
        long[] first = sources[0].shapeView();
        int outer = (int) Shapes.size(Arrays.copyOfRange(first, 0, axis));
        // storage slots per sub-array: a complex element is its (real, imaginary) pair
        boolean complex = node.dtype().isComplex();
        int inner = (int) Shapes.size(Arrays.copyOfRange(first, axis + 1, first.length)) * (complex ? 2 : 1);
        int m = indices.size();
        int[] chunkOf = new int[m];
        int[] localOf = new int[m];
        long n = op.axisLength();
        for (int j = 0; j < m; j++) {
            long v = indices.getLong(j);
            if (v < -n || v >= n) {
                throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "index " + v + " is out of bounds for axis "
                        + axis + " with size " + n);
            }
            long p = v < 0 ? v + n : v;
            int c = Arrays.binarySearch(offsets, p);
            if (c < 0) {
                c = -c - 2;
            } else {
                while (c + 1 < offsets.length && offsets[c + 1] == p) {
                    c++; // skip empty chunks
                }
            }
            chunkOf[j] = c;
            localOf[j] = (int) (p - offsets[c]);
        }
        NDArray out = NDArray.allocate(node.dtype(), node.shape());
        Object dst = out.data();
        if (inner == 1 && !complex && gatherElements(sources, axis, outer, chunkOf, localOf, dst)) {
            return out;
        }
        int d = 0;
        for (int o = 0; o < outer; o++) {
            for (int j = 0; j < m; j++) {
                NDArray src = sources[chunkOf[j]];
                int len = (int) src.shapeView()[axis];
                System.arraycopy(src.data(), (o * len + localOf[j]) * inner, dst, d, inner);
                d += inner;
            }
        }
        return out;
    }

    /**
     * Taking along the last axis copies single elements: a typed loop instead of one arraycopy call per element.
     * Returns false for storage types without a loop here (the caller copies element by element).
     */
    private static boolean gatherElements(NDArray[] sources, int axis, int outer, int[] chunkOf, int[] localOf,
            Object dst) {
        int m = chunkOf.length;
        int[] lens = new int[sources.length];
        for (int c = 0; c < sources.length; c++) {
            lens[c] = (int) sources[c].shapeView()[axis];
        }
        if (dst instanceof double[] d) {
            double[][] src = new double[sources.length][];
            for (int c = 0; c < src.length; c++) {
                src[c] = (double[]) sources[c].data();
            }
            for (int o = 0, k = 0; o < outer; o++) {
                for (int j = 0; j < m; j++) {
                    int c = chunkOf[j];
                    d[k++] = src[c][o * lens[c] + localOf[j]];
                }
            }
            return true;
        }
        if (dst instanceof long[] d) {
            long[][] src = new long[sources.length][];
            for (int c = 0; c < src.length; c++) {
                src[c] = (long[]) sources[c].data();
            }
            for (int o = 0, k = 0; o < outer; o++) {
                for (int j = 0; j < m; j++) {
                    int c = chunkOf[j];
                    d[k++] = src[c][o * lens[c] + localOf[j]];
                }
            }
            return true;
        }
        return false;
    }
}
