package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * numpy.tensordot of chunks: {@code a} is permuted to (free axes, contracted axes) and seen as an (M, K) matrix,
 * {@code b} to (contracted axes, free axes) as (K, N), and their product is seen as (a's free dims, b's free dims).
 * A node may hold several pairs (blocks along the contracted axes): their products are summed, through the native
 * BLAS into one accumulator ({@code beta = 1}). A {@code self} node whose pairs are one chunk twice with the same axes
 * on both sides is a Gram block {@code X X^T}: BLAS computes one triangle (syrk, half the work) and it is mirrored.
 * Float dtypes multiply in double, integer dtypes in long (wrapping), bool as OR of ANDs; the result has the node's
 * dtype.
 */
final class TensorDotKernel implements Kernel<ChunkTensorDot> {
    /** Made once per worker (in {@link KernelRegistry#standard()}): says which BLAS the worker's products use. */
    TensorDotKernel() {
        Blas.logImplementation();
    }

    /** One pair's operands seen as matrices: op(A) is (m, k), op(B) is (k, n). */
    private record Pair(NDArray a, NDArray b, int[] axesA, int[] axesB, int[] freeA, int[] freeB, int m, int k, int n) {
    }

    @Override
    public ChunkData execute(ChunkNode node, ChunkTensorDot op, List<ChunkData> inputs) {
        int step = op.self() ? 1 : 2;
        if (inputs.isEmpty() || inputs.size() % step != 0) {
            throw ChunkInputs.internal(node, (op.self() ? "needs at least one input" : "needs input pairs")
                    + ", got " + inputs.size() + " input(s)");
        }
        List<Pair> pairs = new ArrayList<>(inputs.size() / step);
        for (int i = 0; i < inputs.size(); i += step) {
            NDArray a = ChunkInputs.array(node, inputs, i);
            pairs.add(pair(node, op, a, op.self() ? a : ChunkInputs.array(node, inputs, i + 1)));
        }
        Pair first = pairs.get(0);
        long[] shape = node.shape();
        DataType dtype = node.dtype();
        if (dtype.isFloat() && Blas.isNative() && (long) first.m() * first.k() * first.n() >= Blas.MIN_NATIVE_WORK) {
            return Casts.fromDoubles(nativeProduct(op, pairs), dtype, shape);
        }
        return switch (dtype.kind()) {
            case COMPLEX -> throw ComplexLoops.unsupported("dot/tensordot", dtype);
            case FLOAT -> {
                double[] c = new double[first.m() * first.n()];
                for (Pair p : pairs) {
                    addTo(c, MatMul.multiply(left(p).doubles(), right(p).doubles(), p.m(), p.k(), p.n()));
                }
                yield Casts.fromDoubles(c, dtype, shape);
            }
            case INT -> {
                long[] c = new long[first.m() * first.n()];
                for (Pair p : pairs) {
                    long[] part = MatMul.multiply(left(p).longs(), right(p).longs(), p.m(), p.k(), p.n());
                    for (int i = 0; i < c.length; i++) {
                        c[i] += part[i];
                    }
                }
                yield Casts.fromLongs(c, dtype, shape);
            }
            case BOOL -> {
                boolean[] c = new boolean[first.m() * first.n()];
                for (Pair p : pairs) {
                    boolean[] part = MatMul.multiply(left(p).booleans(), right(p).booleans(), p.m(), p.k(), p.n());
                    for (int i = 0; i < c.length; i++) {
                        c[i] |= part[i];
                    }
                }
                yield new NDArray(DataType.BOOL, shape, c);
            }
        };
    }

    /** Sums the pairs' products into one array through BLAS; a layout already (K, M) or (N, K) is passed transposed. */
    private static double[] nativeProduct(ChunkTensorDot op, List<Pair> pairs) {
        Pair first = pairs.get(0);
        double[] c = new double[first.m() * first.n()];
        boolean triangle = false;
        double beta = 0.0;
        for (Pair p : pairs) {
            boolean transA = isIdentity(concat(p.axesA(), p.freeA())) && !isIdentity(concat(p.freeA(), p.axesA()));
            NDArray pa = transA ? p.a() : Copies.transpose(p.a(), concat(p.freeA(), p.axesA()));
            if (op.self() && Arrays.equals(p.axesA(), p.axesB())) {
                Blas.dsyrk(pa.doubles(), transA, p.m(), p.k(), beta, c);
                triangle = true;
            } else {
                boolean transB = isIdentity(concat(p.freeB(), p.axesB())) && !isIdentity(concat(p.axesB(), p.freeB()));
                NDArray pb = transB ? p.b() : Copies.transpose(p.b(), concat(p.axesB(), p.freeB()));
                Blas.dgemm(pa.doubles(), transA, pb.doubles(), transB, p.m(), p.k(), p.n(), beta, c);
            }
            beta = 1.0;
        }
        if (triangle) {
            // every pair's product is symmetric here, so the full sums below the diagonal are the ones above it
            Blas.mirrorLower(c, first.m());
        }
        return c;
    }

    private static NDArray left(Pair p) {
        return Copies.transpose(p.a(), concat(p.freeA(), p.axesA()));
    }

    private static NDArray right(Pair p) {
        return Copies.transpose(p.b(), concat(p.axesB(), p.freeB()));
    }

    private static void addTo(double[] c, double[] part) {
        for (int i = 0; i < c.length; i++) {
            c[i] += part[i];
        }
    }

    private static Pair pair(ChunkNode node, ChunkTensorDot op, NDArray a, NDArray b) {
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
        long[] shape = resultShape(shapeA, freeA, shapeB, freeB);
        if (!Arrays.equals(shape, node.shape())) {
            throw ChunkInputs.internal(node, "tensordot of " + Shapes.toString(shapeA) + " and " + Shapes.toString(shapeB)
                    + " gives " + Shapes.toString(shape) + ", the chunk needs " + Shapes.toString(node.shape()));
        }
        return new Pair(a, b, axesA, axesB, freeA, freeB, (int) product(shapeA, freeA), (int) product(shapeA, axesA),
                (int) product(shapeB, freeB));
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
