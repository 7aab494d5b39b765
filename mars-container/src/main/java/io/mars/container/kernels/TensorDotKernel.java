package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ChunkData;
import io.mars.common.model.Shapes;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * numpy.tensordot of two chunks: {@code a} is permuted to (free axes, contracted axes) and seen as an (M, K) matrix,
 * {@code b} to (contracted axes, free axes) as (K, N), and their product is seen as (a's free dims, b's free dims).
 * Float dtypes multiply in double, integer dtypes in long (wrapping), bool as OR of ANDs; the result has the node's
 * dtype.
 */
final class TensorDotKernel implements Kernel<ChunkTensorDot> {
    /** Made once per worker (in {@link KernelRegistry#standard()}): says which BLAS the worker's products use. */
    TensorDotKernel() {
        Blas.logImplementation();
    }

    @Override
    public ChunkData execute(ChunkNode node, ChunkTensorDot op, List<ChunkData> inputs) {
        NDArray a = ChunkInputs.array(node, inputs, 0);
        NDArray b = ChunkInputs.array(node, inputs, 1);
        int[] axesA = normalize(op.axesA(), a.ndim());
        int[] axesB = normalize(op.axesB(), b.ndim());
        if (axesA.length != axesB.length) {
            throw ChunkInputs.shapeMismatch(node, "tensordot needs as many axes of a as of b, got "
                    + Arrays.toString(op.axesA()) + " and " + Arrays.toString(op.axesB()));
        }
        long[] shapeA = a.shapeView();
        long[] shapeB = b.shapeView();
        for (int i = 0; i < axesA.length; i++) {
            if (shapeA[axesA[i]] != shapeB[axesB[i]]) {
                throw ChunkInputs.shapeMismatch(node, "shape-mismatch for sum: axis " + axesA[i] + " of a "
                        + Shapes.toString(shapeA) + " has length " + shapeA[axesA[i]] + " but axis " + axesB[i] + " of b "
                        + Shapes.toString(shapeB) + " has length " + shapeB[axesB[i]]);
            }
        }
        int[] freeA = free(axesA, a.ndim());
        int[] freeB = free(axesB, b.ndim());
        int m = (int) product(shapeA, freeA);
        int k = (int) product(shapeA, axesA);
        int n = (int) product(shapeB, freeB);
        long[] shape = resultShape(shapeA, freeA, shapeB, freeB);
        if (!Arrays.equals(shape, node.shape())) {
            throw ChunkInputs.internal(node, "tensordot of " + Shapes.toString(shapeA) + " and " + Shapes.toString(shapeB)
                    + " gives " + Shapes.toString(shape) + ", the chunk needs " + Shapes.toString(node.shape()));
        }
        DataType dtype = node.dtype();
        if (dtype.isFloat() && Blas.isNative() && (long) m * k * n >= Blas.MIN_NATIVE_WORK) {
            // A layout that is already (K, M) or (N, K) goes to BLAS as a transposed operand, without a copy.
            boolean transA = isIdentity(concat(axesA, freeA)) && !isIdentity(concat(freeA, axesA));
            boolean transB = isIdentity(concat(freeB, axesB)) && !isIdentity(concat(axesB, freeB));
            NDArray pa = transA ? a : Copies.transpose(a, concat(freeA, axesA));
            NDArray pb = transB ? b : Copies.transpose(b, concat(axesB, freeB));
            return Casts.fromDoubles(Blas.dgemm(pa.doubles(), transA, pb.doubles(), transB, m, k, n), dtype, shape);
        }
        NDArray pa = Copies.transpose(a, concat(freeA, axesA));
        NDArray pb = Copies.transpose(b, concat(axesB, freeB));
        return switch (dtype.kind()) {
            case FLOAT -> Casts.fromDoubles(MatMul.multiply(pa.doubles(), pb.doubles(), m, k, n), dtype, shape);
            case INT -> Casts.fromLongs(MatMul.multiply(pa.longs(), pb.longs(), m, k, n), dtype, shape);
            case BOOL -> new NDArray(DataType.BOOL, shape, MatMul.multiply(pa.booleans(), pb.booleans(), m, k, n));
        };
    }

    private static boolean isIdentity(int[] perm) {
        for (int i = 0; i < perm.length; i++) {
            if (perm[i] != i) {
                return false;
            }
        }
        return true;
    }

    private static int[] normalize(int[] axes, int ndim) {
        int[] out = new int[axes.length];
        for (int i = 0; i < axes.length; i++) {
            out[i] = Shapes.normalizeAxis(axes[i], ndim);
        }
        return out;
    }

    private static int[] free(int[] contracted, int ndim) {
        int[] out = new int[ndim - contracted.length];
        int j = 0;
        for (int d = 0; d < ndim; d++) {
            if (!Shapes.contains(contracted, d)) {
                out[j++] = d;
            }
        }
        return out;
    }

    private static long product(long[] shape, int[] axes) {
        long p = 1;
        for (int a : axes) {
            p *= shape[a];
        }
        return p;
    }

    private static int[] concat(int[] x, int[] y) {
        int[] out = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }

    private static long[] resultShape(long[] shapeA, int[] freeA, long[] shapeB, int[] freeB) {
        long[] out = new long[freeA.length + freeB.length];
        for (int i = 0; i < freeA.length; i++) {
            out[i] = shapeA[freeA[i]];
        }
        for (int i = 0; i < freeB.length; i++) {
            out[freeA.length + i] = shapeB[freeB[i]];
        }
        return out;
    }
}
