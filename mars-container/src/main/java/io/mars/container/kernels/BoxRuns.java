package io.mars.container.kernels;

import io.mars.types.Shapes;

/**
 * Walks a box (a chunk of shape {@code shape} at {@code offset}) of a C-ordered array of shape {@code full} as runs of
 * consecutive positions: axes the box covers completely merge into one run per index of the outer axes.
 */
final class BoxRuns {
    private BoxRuns() {
    }

    /** Receives one run: {@code len} elements of the chunk from {@code chunkStart}, at full position {@code position}. */
    @FunctionalInterface
    interface Visitor {
        void run(int chunkStart, int len, long position);
    }

    static void forEach(long[] shape, long[] full, long[] offset, Visitor visitor) {
        int size = Shapes.chunkSize(shape);
        if (size == 0) {
            return;
        }
        int nd = shape.length;
        int inner = nd;
        while (inner > 1 && shape[inner - 1] == full[inner - 1]) {
            inner--;
        }
        int outer = Math.max(inner - 1, 0);
        long[] fullStrides = Shapes.strides(full);
        int len = 1;
        for (int d = outer; d < nd; d++) {
            len *= (int) shape[d];
        }
        long position = 0;
        for (int d = 0; d < nd; d++) {
            position += offset[d] * fullStrides[d];
        }
        int[] index = new int[outer];
        for (int o = 0; o < size; o += len) {
            visitor.run(o, len, position);
            for (int d = outer - 1; d >= 0; d--) {
                position += fullStrides[d];
                if (++index[d] < shape[d]) {
                    break;
                }
                index[d] = 0;
                position -= shape[d] * fullStrides[d];
            }
        }
    }
}
