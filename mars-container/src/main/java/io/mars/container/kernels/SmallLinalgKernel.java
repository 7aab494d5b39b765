package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkSmallLinalg;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/** One result of a decomposition or solver over whole matrices held in single chunks, computed in double. */
final class SmallLinalgKernel implements Kernel<ChunkSmallLinalg> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkSmallLinalg op, List<ChunkData> inputs) {
        NDArray a = ChunkInputs.array(node, inputs, 0);
        long[] s = a.shapeView();
        int m = (int) s[0];
        int n = s.length > 1 ? (int) s[1] : 1;
        double[] x = a.doubles();
        double[] out = switch (op.fn()) {
            case QR -> {
                Decompositions.Qr qr = Decompositions.qr(x, m, n);
                yield op.output() == 0 ? qr.q() : qr.r();
            }
            case SVD -> {
                Decompositions.Svd svd = Decompositions.svd(x, m, n);
                yield op.output() == 0 ? svd.u() : op.output() == 1 ? svd.s() : svd.vh();
            }
            case LU -> {
                Decompositions.Lu lu = Decompositions.lu(x, m, n);
                yield op.output() == 0 ? lu.p() : op.output() == 1 ? lu.l() : lu.u();
            }
            case CHOLESKY -> Decompositions.cholesky(x, m);
            case INV -> Decompositions.inv(x, m);
            case DET -> new double[] {Decompositions.det(x, m)};
            case SLOGDET -> {
                double[] sl = Decompositions.slogdet(x, m);
                yield new double[] {sl[op.output()]};
            }
            case EIGH -> {
                Decompositions.Eigh e = Decompositions.eigh(x, m);
                yield op.output() == 0 ? e.w() : e.v();
            }
            case EIG -> {
                // complex128, interleaved (re, im) as NDArray stores it
                Decompositions.Eig e = Decompositions.eig(x, m);
                yield op.output() == 0 ? e.w() : e.v();
            }
            case SOLVE -> {
                NDArray b = ChunkInputs.array(node, inputs, 1);
                int r = b.ndim() == 1 ? 1 : (int) b.shapeView()[1];
                yield Decompositions.solve(x, m, b.doubles(), r);
            }
            case SOLVE_LOWER, SOLVE_UPPER -> {
                NDArray b = ChunkInputs.array(node, inputs, 1);
                int r = b.ndim() == 1 ? 1 : (int) b.shapeView()[1];
                yield Decompositions.solveTriangular(x, m, b.doubles(), r, op.fn() == io.mars.common.operand.LinalgFn.SOLVE_LOWER);
            }
        };
        if (node.dtype() == io.mars.types.DataType.COMPLEX128) {
            return new NDArray(node.dtype(), node.shape(), out);
        }
        if (node.dtype() == io.mars.types.DataType.COMPLEX64) {
            float[] single = new float[out.length];
            for (int i = 0; i < out.length; i++) {
                single[i] = (float) out[i];
            }
            return new NDArray(node.dtype(), node.shape(), single);
        }
        return Casts.fromDoubles(out, node.dtype(), node.shape());
    }
}
