package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkSparseDot;
import io.mars.common.operand.chunk.ChunkSparseFromCoo;
import io.mars.common.operand.chunk.ChunkSparseFromDense;
import io.mars.common.operand.chunk.ChunkSparseReduce;
import io.mars.common.operand.chunk.ChunkSparseScale;
import io.mars.common.operand.chunk.ChunkSparseToDense;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * Kernels of sparse 2-d tensors. A CSR block is a {@link ReductionState} of [indptr (int64, rows + 1), indices
 * (int64, column of each stored entry, ascending within a row), data (the tensor's dtype)], so storage, spill and
 * transfer treat it as any state; the block's column count is its node's second dimension. Values are computed in
 * double and stored in the node's dtype (integers exact up to 2^53).
 */
final class SparseKernels {
    private SparseKernels() {
    }

    /** One CSR block, read. */
    record Csr(long[] indptr, long[] indices, double[] data, int rows, int cols) {
        static Csr of(ChunkNode node, List<ChunkData> inputs, int i) {
            ReductionState s = ChunkInputs.state(node, inputs, i);
            if (s.parts().size() != 3) {
                throw ChunkInputs.internal(node, "input " + i + " is not a CSR block (" + s.parts().size()
                        + " parts)");
            }
            ChunkNode in = node.input(i);
            return new Csr(s.parts().get(0).longs(), s.parts().get(1).longs(), s.parts().get(2).doubles(),
                    (int) in.shape()[0], (int) in.shape()[1]);
        }
    }

    static ReductionState csr(long[] indptr, long[] indices, double[] data, DataType dtype) {
        int nnz = indices.length;
        return new ReductionState(List.of(new NDArray(DataType.INT64, new long[] {indptr.length}, indptr),
                new NDArray(DataType.INT64, new long[] {nnz}, indices),
                Casts.fromDoubles(data, dtype, new long[] {nnz})));
    }

    static final class FromCoo implements Kernel<ChunkSparseFromCoo> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkSparseFromCoo op, List<ChunkData> inputs) {
            int k = inputs.size() / 3;
            int rows = (int) node.shape()[0];
            long start = op.rowStart();
            int count = 0;
            long[][] r = new long[k][];
            long[][] c = new long[k][];
            double[][] v = new double[k][];
            for (int p = 0; p < k; p++) {
                r[p] = ChunkInputs.array(node, inputs, p).longs();
                c[p] = ChunkInputs.array(node, inputs, k + p).longs();
                v[p] = ChunkInputs.array(node, inputs, 2 * k + p).doubles();
                for (int e = 0; e < r[p].length; e++) {
                    check(r[p][e], op.nrows(), "row", op);
                    check(c[p][e], op.ncols(), "column", op);
                    if (r[p][e] >= start && r[p][e] < start + rows) {
                        count++;
                    }
                }
            }
            // the block's entries, ordered by (row, column) with duplicates summed (scipy's sum_duplicates)
            long[] keys = new long[count];
            double[] values = new double[count];
            Integer[] order = new Integer[count];
            int n = 0;
            for (int p = 0; p < k; p++) {
                for (int e = 0; e < r[p].length; e++) {
                    if (r[p][e] >= start && r[p][e] < start + rows) {
                        keys[n] = (r[p][e] - start) * op.ncols() + c[p][e];
                        values[n] = v[p][e];
                        order[n] = n;
                        n++;
                    }
                }
            }
            Arrays.sort(order, (x, y) -> Long.compare(keys[x], keys[y]));
            long[] indptr = new long[rows + 1];
            long[] indices = new long[count];
            double[] data = new double[count];
            int nnz = 0;
            for (int q = 0; q < count; q++) {
                int e = order[q];
                if (nnz > 0 && keys[order[q - 1]] == keys[e]) {
                    data[nnz - 1] += values[e];
                    continue;
                }
                int row = (int) (keys[e] / op.ncols());
                indptr[row + 1]++;
                indices[nnz] = keys[e] % op.ncols();
                data[nnz++] = values[e];
            }
            for (int i = 0; i < rows; i++) {
                indptr[i + 1] += indptr[i];
            }
            return csr(indptr, Arrays.copyOf(indices, nnz), Arrays.copyOf(data, nnz), node.dtype());
        }

        private static void check(long index, long bound, String what, ChunkSparseFromCoo op) {
            if (index < 0 || index >= bound) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + " index " + index + " is out of bounds for"
                        + " a sparse tensor of shape (" + op.nrows() + ", " + op.ncols() + ") (scipy: "
                        + (index < 0 ? "negative " + what + " index found" : what + " index exceeds matrix dimensions")
                        + ")");
            }
        }
    }

    static final class FromDense implements Kernel<ChunkSparseFromDense> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkSparseFromDense op, List<ChunkData> inputs) {
            NDArray a = ChunkInputs.array(node, inputs, 0);
            int rows = (int) node.shape()[0];
            int cols = (int) node.shape()[1];
            double[] x = a.doubles();
            int nnz = 0;
            for (double d : x) {
                if (d != 0) {
                    nnz++;
                }
            }
            long[] indptr = new long[rows + 1];
            long[] indices = new long[nnz];
            double[] data = new double[nnz];
            int p = 0;
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    double d = x[i * cols + j];
                    if (d != 0) {
                        indices[p] = j;
                        data[p++] = d;
                    }
                }
                indptr[i + 1] = p;
            }
            return csr(indptr, indices, data, node.dtype());
        }
    }

    static final class ToDense implements Kernel<ChunkSparseToDense> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkSparseToDense op, List<ChunkData> inputs) {
            Csr m = Csr.of(node, inputs, 0);
            double[] out = new double[m.rows() * m.cols()];
            for (int i = 0; i < m.rows(); i++) {
                for (long p = m.indptr()[i]; p < m.indptr()[i + 1]; p++) {
                    out[i * m.cols() + (int) m.indices()[(int) p]] += m.data()[(int) p];
                }
            }
            return Casts.fromDoubles(out, node.dtype(), node.shape());
        }
    }

    static final class Scale implements Kernel<ChunkSparseScale> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkSparseScale op, List<ChunkData> inputs) {
            Csr m = Csr.of(node, inputs, 0);
            Scalar s = op.scalar();
            double v = s.kind() == DataType.Kind.FLOAT ? s.floatValue() : (double) s.intValue();
            double f = op.divide() ? 1.0 / v : v;
            double[] data = new double[m.data().length];
            for (int p = 0; p < data.length; p++) {
                data[p] = m.data()[p] * f;
            }
            return csr(m.indptr(), m.indices(), data, node.dtype());
        }
    }

    static final class Reduce implements Kernel<ChunkSparseReduce> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkSparseReduce op, List<ChunkData> inputs) {
            Csr m = Csr.of(node, inputs, 0);
            double[] out = switch (op.fn()) {
                case ROW_SUMS -> {
                    double[] sums = new double[m.rows()];
                    for (int i = 0; i < m.rows(); i++) {
                        for (long p = m.indptr()[i]; p < m.indptr()[i + 1]; p++) {
                            sums[i] += m.data()[(int) p];
                        }
                    }
                    yield sums;
                }
                case COLUMN_SUMS -> {
                    double[] sums = new double[m.cols()];
                    for (int p = 0; p < m.data().length; p++) {
                        sums[(int) m.indices()[p]] += m.data()[p];
                    }
                    yield sums;
                }
                case NNZ -> new double[] {m.data().length};
            };
            return Casts.fromDoubles(out, node.dtype(), node.shape());
        }
    }

    static final class Dot implements Kernel<ChunkSparseDot> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkSparseDot op, List<ChunkData> inputs) {
            Csr m = Csr.of(node, inputs, 0);
            NDArray b = ChunkInputs.array(node, inputs, 1);
            int width = b.ndim() == 1 ? 1 : (int) b.shapeView()[1];
            double[] x = b.doubles();
            double[] out = new double[m.rows() * width];
            for (int i = 0; i < m.rows(); i++) {
                for (long p = m.indptr()[i]; p < m.indptr()[i + 1]; p++) {
                    double a = m.data()[(int) p];
                    int row = (int) m.indices()[(int) p] * width;
                    for (int j = 0; j < width; j++) {
                        out[i * width + j] += a * x[row + j];
                    }
                }
            }
            return Casts.fromDoubles(out, node.dtype(), node.shape());
        }
    }
}
