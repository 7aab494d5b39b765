package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkTsqrLeaf;
import io.mars.common.operand.chunk.ChunkTsqrMerge;
import io.mars.common.operand.chunk.ChunkTsqrQ;
import io.mars.common.operand.chunk.ChunkTsqrR;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The kernels of tall-skinny QR. A packed QR chunk is a 1-d float64 array {@code [r, k, n, Q (r x k), R (k x n)]}.
 */
final class TsqrKernels {
    private TsqrKernels() {
    }

    static NDArray pack(Decompositions.Qr qr) {
        int r = qr.m();
        int k = qr.k();
        int n = qr.n();
        double[] out = new double[3 + r * k + k * n];
        out[0] = r;
        out[1] = k;
        out[2] = n;
        System.arraycopy(qr.q(), 0, out, 3, r * k);
        System.arraycopy(qr.r(), 0, out, 3 + r * k, k * n);
        return NDArray.of(out);
    }

    /** A view of a packed chunk. */
    record Packed(double[] data, int r, int k, int n) {
        static Packed of(NDArray a) {
            double[] d = a.doubles();
            return new Packed(d, (int) d[0], (int) d[1], (int) d[2]);
        }

        int qOffset() {
            return 3;
        }

        int rOffset() {
            return 3 + r * k;
        }
    }

    static final class Leaf implements Kernel<ChunkTsqrLeaf> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkTsqrLeaf op, List<ChunkData> inputs) {
            NDArray a = ChunkInputs.array(node, inputs, 0);
            long[] s = a.shapeView();
            int m = (int) s[0];
            int n = (int) s[1];
            int k = Math.min(m, n);
            double[] out = new double[3 + m * k + k * n];
            out[0] = m;
            out[1] = k;
            out[2] = n;
            double[] r = Decompositions.qrInto(a.doubles(), m, n, out, 3);
            System.arraycopy(r, 0, out, 3 + m * k, k * n);
            return NDArray.of(out);
        }
    }

    static final class Merge implements Kernel<ChunkTsqrMerge> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkTsqrMerge op, List<ChunkData> inputs) {
            int rows = 0;
            int n = -1;
            Packed[] parts = new Packed[inputs.size()];
            for (int i = 0; i < parts.length; i++) {
                parts[i] = Packed.of(ChunkInputs.array(node, inputs, i));
                rows += parts[i].k();
                n = parts[i].n();
            }
            double[] stacked = new double[rows * n];
            int at = 0;
            for (Packed p : parts) {
                System.arraycopy(p.data(), p.rOffset(), stacked, at, p.k() * n);
                at += p.k() * n;
            }
            return pack(Decompositions.qr(stacked, rows, n));
        }
    }

    static final class Q implements Kernel<ChunkTsqrQ> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkTsqrQ op, List<ChunkData> inputs) {
            Packed leaf = Packed.of(ChunkInputs.array(node, inputs, 0));
            // chain = rows of every ancestor's Q that belong to this block, multiplied from the parent up (small)
            double[] chain = null;
            int chainRows = leaf.k();
            int chainCols = leaf.k();
            for (int l = 0; l < op.rowOffsets().length; l++) {
                Packed anc = Packed.of(ChunkInputs.array(node, inputs, l + 1));
                int off = (int) op.rowOffsets()[l];
                double[] block = new double[chainCols * anc.k()];
                System.arraycopy(anc.data(), anc.qOffset() + off * anc.k(), block, 0, chainCols * anc.k());
                chain = chain == null ? block : MatMul.multiply(chain, block, chainRows, chainCols, anc.k());
                chainCols = anc.k();
            }
            double[] q;
            if (chain != null && Blas.isNative()) {
                // the leaf's Q is read where it lies in the packed chunk
                q = new double[leaf.r() * chainCols];
                Blas.dgemm(leaf.data(), leaf.qOffset(), chain, 0, leaf.r(), leaf.k(), chainCols, q, 0);
            } else {
                double[] qLeaf = new double[leaf.r() * leaf.k()];
                System.arraycopy(leaf.data(), leaf.qOffset(), qLeaf, 0, qLeaf.length);
                q = chain == null ? qLeaf : MatMul.multiply(qLeaf, chain, leaf.r(), leaf.k(), chainCols);
            }
            return Casts.fromDoubles(q, node.dtype(), node.shape());
        }
    }

    static final class R implements Kernel<ChunkTsqrR> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkTsqrR op, List<ChunkData> inputs) {
            Packed root = Packed.of(ChunkInputs.array(node, inputs, 0));
            double[] r = new double[root.k() * root.n()];
            System.arraycopy(root.data(), root.rOffset(), r, 0, r.length);
            return Casts.fromDoubles(r, node.dtype(), node.shape());
        }
    }
}
