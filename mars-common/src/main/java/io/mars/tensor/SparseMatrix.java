package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.SparseReduceFn;
import io.mars.common.operand.tensor.TensorSparseDot;
import io.mars.common.operand.tensor.TensorSparseFromCoo;
import io.mars.common.operand.tensor.TensorSparseFromDense;
import io.mars.common.operand.tensor.TensorSparseReduce;
import io.mars.common.operand.tensor.TensorSparseScale;
import io.mars.common.operand.tensor.TensorSparseToDense;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.List;

/**
 * A sparse 2-d tensor with scipy.sparse's semantics ({@code csr_array}): CSR row blocks, each a chunk holding all the
 * columns of its rows. Built from coordinates ({@link Tensors#sparse}) or a dense tensor; multiplying or dividing by
 * a scalar keeps it sparse, reductions and products with dense tensors give dense tensors. Integer and float values
 * (computed in double); bool and complex values are refused.
 */
public final class SparseMatrix {
    /** Row blocks when none are asked for. */
    public static final long DEFAULT_ROW_CHUNK = 65_536;

    private final Tensor csr;

    private SparseMatrix(Tensor csr) {
        this.csr = csr;
    }

    /**
     * scipy's {@code coo_array((values, (rows, cols)), shape=(nrows, ncols)).tocsr()}: duplicates are summed, explicit
     * zeros kept (they count in {@link #nnz}); rows of {@code rowChunk} per block. An index outside the shape fails when
     * the tensor is computed.
     */
    static SparseMatrix fromCoo(Tensor rows, Tensor cols, Tensor values, long nrows, long ncols, long rowChunk) {
        for (Tensor t : List.of(rows, cols, values)) {
            if (t.ndim() != 1) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "sparse: rows, cols and values must be 1-d, got"
                        + " shapes " + Shapes.toString(rows.shape()) + ", " + Shapes.toString(cols.shape()) + " and "
                        + Shapes.toString(values.shape()));
            }
        }
        if (rows.shape()[0] != cols.shape()[0] || rows.shape()[0] != values.shape()[0]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "sparse: row, column, and data array must all be the"
                    + " same length: " + rows.shape()[0] + ", " + cols.shape()[0] + " and " + values.shape()[0]);
        }
        for (Tensor t : List.of(rows, cols)) {
            if (!t.dtype().isInteger()) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "sparse: row and column indices must be"
                        + " integers, got dtype " + t.dtype());
            }
        }
        requireValues(values.dtype());
        if (nrows < 0 || ncols < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "sparse: negative dimensions are not allowed: shape ("
                    + nrows + ", " + ncols + ")");
        }
        if (rowChunk < 1) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "sparse: rows per block must be >= 1, got "
                    + rowChunk);
        }
        return new SparseMatrix(new Tensor(new TensorSparseFromCoo(rowChunk), List.of(rows, cols, values),
                values.dtype(), new long[] {nrows, ncols}));
    }

    /** scipy's {@code csr_array(dense)}: the non-zero elements (NaN included) of a 2-d tensor, by its row chunks. */
    static SparseMatrix fromDense(Tensor dense) {
        if (dense.ndim() != 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "sparse tensors are 2-d; got a "
                    + dense.ndim() + "-d tensor of shape " + Shapes.toString(dense.shape()));
        }
        requireValues(dense.dtype());
        return new SparseMatrix(new Tensor(new TensorSparseFromDense(), List.of(dense), dense.dtype(),
                dense.shape()));
    }

    public long[] shape() {
        return csr.shape();
    }

    public DataType dtype() {
        return csr.dtype();
    }

    /** scipy's {@code toarray()}: a dense tensor chunked by the row blocks. */
    public Tensor toDense() {
        return new Tensor(new TensorSparseToDense(), List.of(csr), dtype(), shape());
    }

    /** scipy's {@code nnz}: the number of stored entries (explicit zeros included), a 0-d int64 tensor. */
    public Tensor nnz() {
        return reduce(SparseReduceFn.NNZ, DataType.INT64, new long[0]);
    }

    /** A sparse tensor with every stored value times {@code s}: numpy's dtype of the values times a weak scalar. */
    public SparseMatrix multiply(double s) {
        return scale(false, Scalar.of(s), DataType.promoteWithScalar(dtype(), DataType.Kind.FLOAT));
    }

    public SparseMatrix multiply(long s) {
        return scale(false, Scalar.of(s), DataType.promoteWithScalar(dtype(), DataType.Kind.INT));
    }

    /** Every stored value divided by {@code s}, as scipy: times 1 / s in float64; 0 is refused (ZeroDivisionError). */
    public SparseMatrix divide(double s) {
        if (s == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "sparse divide: division by zero");
        }
        return scale(true, Scalar.of(s), DataType.FLOAT64);
    }

    public SparseMatrix divide(long s) {
        return divide((double) s);
    }

    /**
     * Adding 0 gives the same sparse tensor; any other scalar is refused, as scipy refuses it ("adding a nonzero scalar
     * to a sparse array is not supported": the result would be dense; use {@code toDense().add(s)}).
     */
    public SparseMatrix add(double s) {
        if (s != 0) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "adding a nonzero scalar to a sparse array is not"
                    + " supported (got " + s + "); use toDense().add(...)");
        }
        return this;
    }

    public SparseMatrix add(long s) {
        return add((double) s);
    }

    /** The sum of all stored values, a 0-d tensor (int64 for integers, as scipy's sum dtype). */
    public Tensor sum() {
        return sum(0).sum();
    }

    /**
     * scipy's {@code csr_array.sum(axis)}: a dense 1-d tensor (scipy's sparse arrays give 1-d arrays; its older
     * {@code csr_matrix} gives an np.matrix of shape (1, n) or (n, 1)).
     */
    public Tensor sum(int axis) {
        int a;
        try {
            a = Shapes.normalizeAxis(axis, 2);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.AXIS_OUT_OF_RANGE, "sparse sum: axis " + axis
                    + " is out of bounds for a sparse tensor of dimension 2");
        }
        DataType dt = dtype().isInteger() ? DataType.INT64 : dtype();
        if (a == 1) {
            return reduce(SparseReduceFn.ROW_SUMS, dt, new long[] {shape()[0]});
        }
        return reduce(SparseReduceFn.COLUMN_SUMS, dt, new long[] {shape()[1]});
    }

    /** sparse (n, k) @ dense (k,) or (k, m): a dense tensor, numpy's promotion of the two dtypes. */
    public Tensor dot(Tensor dense) {
        if (dense.ndim() < 1 || dense.ndim() > 2 || dense.shape()[0] != shape()[1]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "sparse dot: dimension mismatch: "
                    + Shapes.toString(shape()) + " and " + Shapes.toString(dense.shape()));
        }
        if (dense.dtype().isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "sparse dot with a complex tensor (dtype "
                    + dense.dtype() + ") is not supported");
        }
        long[] out = dense.ndim() == 1 ? new long[] {shape()[0]} : new long[] {shape()[0], dense.shape()[1]};
        return new Tensor(new TensorSparseDot(), List.of(csr, dense), DataType.promote(dtype(), dense.dtype()), out);
    }

    @Override
    public String toString() {
        return "SparseMatrix(shape=" + Shapes.toString(shape()) + ", dtype=" + dtype() + ")";
    }

    private SparseMatrix scale(boolean divide, Scalar s, DataType dt) {
        return new SparseMatrix(new Tensor(new TensorSparseScale(divide, s), List.of(csr), dt, shape()));
    }

    private Tensor reduce(SparseReduceFn fn, DataType dt, long[] shape) {
        return new Tensor(new TensorSparseReduce(fn), List.of(csr), dt, shape);
    }

    private static void requireValues(DataType dtype) {
        if (dtype.isBool() || dtype.isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "sparse tensors hold integer or float values, got"
                    + " dtype " + dtype);
        }
    }
}
