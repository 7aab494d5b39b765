package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.LinalgFn;
import io.mars.common.operand.tensor.TensorDiagonal;
import io.mars.common.operand.tensor.TensorSmallLinalg;
import io.mars.common.operand.tensor.TensorTsqr;
import io.mars.common.operand.tensor.TensorTsqrPart;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.List;

/**
 * numpy.linalg (and scipy.linalg.lu) for tensors, plus the linear-algebra and statistics functions numpy keeps at
 * top level (outer, tensordot, einsum, trace, cov, corrcoef), which {@link Tensors} also offers.
 *
 * <p>Decompositions of a tall matrix (m >= n) run distributed as a tall-skinny QR (TSQR) over row blocks with all
 * columns in one chunk; every other decomposition and solver gathers its matrix into one chunk, so it is for
 * matrices that fit one worker. Results are float64 (float32 for float32 inputs), computed in double. Signs of the
 * columns of Q, U and rows of Vh may differ from LAPACK's: the factorizations are equally valid.
 */
public final class Linalg {
    private Linalg() {
    }

    /** Q and R of {@link #qr}. */
    public record QrResult(Tensor q, Tensor r) {
    }

    /** U, S and Vh of {@link #svd}: A = U diag(S) Vh. */
    public record SvdResult(Tensor u, Tensor s, Tensor vh) {
    }

    /** P, L and U of {@link #lu}: A = P L U. */
    public record LuResult(Tensor p, Tensor l, Tensor u) {
    }

    /** numpy.linalg.slogdet: the determinant is {@code sign * exp(logabsdet)}. */
    public record SlogdetResult(Tensor sign, Tensor logabsdet) {
    }

    /** numpy.linalg.eigh: eigenvalues ascending and unit eigenvectors as the columns of {@code v}. */
    public record EighResult(Tensor w, Tensor v) {
    }

    // ----- products -----

    /** numpy.outer: the inputs are flattened. */
    public static Tensor outer(Tensor a, Tensor b) {
        return a.reshape(a.size(), 1).multiply(b.reshape(1, b.size()));
    }

    /** numpy.tensordot(a, b, axes=n): the last n axes of a with the first n of b. */
    public static Tensor tensordot(Tensor a, Tensor b, int n) {
        if (n < 0 || n > a.ndim() || n > b.ndim()) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "tensordot axes=" + n + " needs at least " + n
                    + " dimensions in both operands, got shapes " + Shapes.toString(a.shape()) + " and "
                    + Shapes.toString(b.shape()));
        }
        int[] axA = new int[n];
        int[] axB = new int[n];
        for (int i = 0; i < n; i++) {
            axA[i] = a.ndim() - n + i;
            axB[i] = i;
        }
        return Tensor.tensordot(a, b, axA, axB, "tensordot");
    }

    /** numpy.tensordot(a, b, axes=(axesA, axesB)). */
    public static Tensor tensordot(Tensor a, Tensor b, int[] axesA, int[] axesB) {
        return Tensor.tensordot(a, b, axesA, axesB, "tensordot");
    }

    /** numpy.einsum for explicit letter subscripts (no ellipsis), e.g. {@code "bij,bjk->bik"}. */
    public static Tensor einsum(String subscripts, Tensor... operands) {
        return Einsum.evaluate(subscripts, operands);
    }

    /**
     * numpy.matmul for any operands of at least one dimension: stacks of matrices broadcast over their leading
     * dimensions; a 1-d operand is a row (first) or column (second) vector whose axis is removed again.
     */
    public static Tensor matmul(Tensor a, Tensor b) {
        if (a.ndim() == 0 || b.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "matmul: Input operand " + (a.ndim() == 0 ? 0 : 1)
                    + " does not have enough dimensions (shapes " + Shapes.toString(a.shape()) + " and "
                    + Shapes.toString(b.shape()) + "); use multiply for scalars");
        }
        long[] sa = a.shape();
        long[] sb = b.shape();
        long k = sa[sa.length - 1];
        long kb = sb.length == 1 ? sb[0] : sb[sb.length - 2];
        if (k != kb) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "matmul: Input operand 1 has a mismatch in its core "
                    + "dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size " + kb + " is different from "
                    + k + "); shapes " + Shapes.toString(sa) + " and " + Shapes.toString(sb));
        }
        if (a.ndim() <= 2 && b.ndim() <= 2) {
            return a.dot(b);
        }
        if (b.ndim() <= 2) {
            return Tensor.tensordot(a, b, new int[] {a.ndim() - 1}, new int[] {0}, "matmul");
        }
        if (a.ndim() == 1) {
            // (k,) @ (..., k, m) -> (..., m)
            return Tensor.tensordot(a, b, new int[] {0}, new int[] {b.ndim() - 2}, "matmul");
        }
        Tensor x = a;
        Tensor y = b;
        // x: (..., n, k) -> (..., n, 1, k); y: (..., k, m) -> (..., 1, m, k); product summed over the last axis
        long[] xs = x.shape();
        long[] xShape = new long[xs.length + 1];
        System.arraycopy(xs, 0, xShape, 0, xs.length - 1);
        xShape[xs.length - 1] = 1;
        xShape[xs.length] = k;
        int yn = y.ndim();
        int[] perm = new int[yn];
        for (int i = 0; i < yn - 2; i++) {
            perm[i] = i;
        }
        perm[yn - 2] = yn - 1;
        perm[yn - 1] = yn - 2;
        Tensor yt = y.transpose(perm);
        long[] ys = yt.shape();
        long[] yShape = new long[ys.length + 1];
        System.arraycopy(ys, 0, yShape, 0, ys.length - 2);
        yShape[ys.length - 2] = 1;
        yShape[ys.length - 1] = ys[ys.length - 2];
        yShape[ys.length] = k;
        return x.reshape(xShape).multiply(yt.reshape(yShape)).sum(-1);
    }

    /** numpy.trace(a): the sum of the main diagonal of the first two axes. */
    public static Tensor trace(Tensor a) {
        if (a.ndim() < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "diag requires an array of at least two dimensions, "
                    + "got shape " + Shapes.toString(a.shape()));
        }
        return diagonal(a, 0, 1).sum(-1);
    }

    /** numpy.diagonal(a, 0, axis1, axis2): the diagonal becomes the last axis. */
    public static Tensor diagonal(Tensor a, int axis1, int axis2) {
        if (a.ndim() < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "diag requires an array of at least two dimensions, "
                    + "got shape " + Shapes.toString(a.shape()));
        }
        int p = Shapes.normalizeAxis(axis1, a.ndim());
        int q = Shapes.normalizeAxis(axis2, a.ndim());
        if (p == q) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "axis1 and axis2 cannot be the same (both " + p + ")");
        }
        int[] perm = new int[a.ndim()];
        int j = 0;
        for (int i = 0; i < a.ndim(); i++) {
            if (i != p && i != q) {
                perm[j++] = i;
            }
        }
        perm[j++] = p;
        perm[j] = q;
        Tensor t = isIdentity(perm) ? a : a.transpose(perm);
        long[] s = t.shape();
        long[] out = new long[s.length - 1];
        System.arraycopy(s, 0, out, 0, s.length - 2);
        out[s.length - 2] = Math.min(s[s.length - 2], s[s.length - 1]);
        return new Tensor(new TensorDiagonal(), List.of(t), t.dtype(), out);
    }

    private static boolean isIdentity(int[] perm) {
        for (int i = 0; i < perm.length; i++) {
            if (perm[i] != i) {
                return false;
            }
        }
        return true;
    }

    // ----- norms -----

    /** numpy.linalg.norm(x): the 2-norm of the flattened tensor. */
    public static Tensor norm(Tensor x) {
        Tensor f = asFloat(x);
        return f.multiply(f).sum().sqrt();
    }

    /**
     * numpy.linalg.norm(x, ord) for a vector (1-d: any p, 0, +-inf) or a matrix (2-d: 1, -1, 2, -2, +-inf; use
     * {@link #norm(Tensor, String)} for "fro" and "nuc").
     */
    public static Tensor norm(Tensor x, double ord) {
        Tensor f = asFloat(x);
        if (x.ndim() == 1) {
            if (ord == Double.POSITIVE_INFINITY) {
                return f.abs().max();
            }
            if (ord == Double.NEGATIVE_INFINITY) {
                return f.abs().min();
            }
            if (ord == 0) {
                return asFloat(f.notEqual(0.0)).sum();
            }
            if (ord == 1) {
                return f.abs().sum();
            }
            if (ord == 2) {
                return f.multiply(f).sum().sqrt();
            }
            return f.abs().power(ord).sum().power(1.0 / ord);
        }
        if (x.ndim() == 2) {
            if (ord == 1) {
                return f.abs().sum(0).max();
            }
            if (ord == -1) {
                return f.abs().sum(0).min();
            }
            if (ord == Double.POSITIVE_INFINITY) {
                return f.abs().sum(1).max();
            }
            if (ord == Double.NEGATIVE_INFINITY) {
                return f.abs().sum(1).min();
            }
            if (ord == 2) {
                return singularValues(f).max();
            }
            if (ord == -2) {
                return singularValues(f).min();
            }
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid norm order " + ord + " for matrices");
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Improper number of dimensions to norm: shape "
                + Shapes.toString(x.shape()) + " with ord " + ord);
    }

    /** numpy.linalg.norm(x, "fro") or (x, "nuc") for a matrix. */
    public static Tensor norm(Tensor x, String ord) {
        if (x.ndim() != 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid norm order '" + ord + "' for vectors: shape "
                    + Shapes.toString(x.shape()));
        }
        Tensor f = asFloat(x);
        return switch (ord) {
            case "fro" -> f.multiply(f).sum().sqrt();
            case "nuc" -> singularValues(f).sum();
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid norm order '" + ord
                    + "' for matrices");
        };
    }

    // ----- decompositions -----

    /** numpy.linalg.qr(a) (mode 'reduced'): Q (m, k), R (k, n), k = min(m, n); TSQR when m >= n. */
    public static QrResult qr(Tensor a) {
        requireMatrix(a, "qr");
        long m = a.shape()[0];
        long n = a.shape()[1];
        DataType dt = resultType(a.dtype());
        if (m >= n && n > 0) {
            Tensor packed = new Tensor(new TensorTsqr(), List.of(a), dt, new long[] {m + n, n});
            return new QrResult(new Tensor(new TensorTsqrPart(false), List.of(packed), dt, new long[] {m, n}),
                    new Tensor(new TensorTsqrPart(true), List.of(packed), dt, new long[] {n, n}));
        }
        long k = Math.min(m, n);
        return new QrResult(small(LinalgFn.QR, 0, dt, new long[] {m, k}, a),
                small(LinalgFn.QR, 1, dt, new long[] {k, n}, a));
    }

    /**
     * numpy.linalg.svd(a, full_matrices=False): U (m, k), S (k,) descending, Vh (k, n). A tall matrix goes through
     * TSQR (U = Q U_r from the SVD of the small R).
     */
    public static SvdResult svd(Tensor a) {
        requireMatrix(a, "svd");
        long m = a.shape()[0];
        long n = a.shape()[1];
        DataType dt = resultType(a.dtype());
        if (m >= n && n > 0) {
            QrResult qr = qr(a);
            Tensor ur = small(LinalgFn.SVD, 0, dt, new long[] {n, n}, qr.r());
            return new SvdResult(qr.q().dot(ur), small(LinalgFn.SVD, 1, dt, new long[] {n}, qr.r()),
                    small(LinalgFn.SVD, 2, dt, new long[] {n, n}, qr.r()));
        }
        long k = Math.min(m, n);
        return new SvdResult(small(LinalgFn.SVD, 0, dt, new long[] {m, k}, a),
                small(LinalgFn.SVD, 1, dt, new long[] {k}, a), small(LinalgFn.SVD, 2, dt, new long[] {k, n}, a));
    }

    /** The singular values of a matrix, descending. */
    public static Tensor singularValues(Tensor a) {
        requireMatrix(a, "svd");
        long m = a.shape()[0];
        long n = a.shape()[1];
        DataType dt = resultType(a.dtype());
        if (m >= n && n > 0) {
            return small(LinalgFn.SVD, 1, dt, new long[] {n}, qr(a).r());
        }
        return small(LinalgFn.SVD, 1, dt, new long[] {Math.min(m, n)}, a);
    }

    /** scipy.linalg.lu(a): P (m, m), L (m, k), U (k, n) with A = P L U; the matrix is gathered into one chunk. */
    public static LuResult lu(Tensor a) {
        requireMatrix(a, "lu");
        long m = a.shape()[0];
        long n = a.shape()[1];
        long k = Math.min(m, n);
        DataType dt = resultType(a.dtype());
        return new LuResult(small(LinalgFn.LU, 0, dt, new long[] {m, m}, a),
                small(LinalgFn.LU, 1, dt, new long[] {m, k}, a), small(LinalgFn.LU, 2, dt, new long[] {k, n}, a));
    }

    /** numpy.linalg.cholesky(a): lower L with A = L L^T (only A's lower triangle is read). */
    public static Tensor cholesky(Tensor a) {
        requireSquare(a, "cholesky");
        return small(LinalgFn.CHOLESKY, 0, resultType(a.dtype()), a.shape(), a);
    }

    /** numpy.linalg.inv(a); a singular matrix fails with LINALG_ERROR "Singular matrix". */
    public static Tensor inv(Tensor a) {
        requireSquare(a, "inv");
        return small(LinalgFn.INV, 0, resultType(a.dtype()), a.shape(), a);
    }

    /** numpy.linalg.det(a) of a square matrix, from its LU factorization (gathered into one chunk). */
    public static Tensor det(Tensor a) {
        requireSquare(a, "det");
        return small(LinalgFn.DET, 0, resultType(a.dtype()), new long[0], a);
    }

    /** numpy.linalg.slogdet(a): sign (0 for a singular matrix) and log|det| (-inf then), without overflow. */
    public static SlogdetResult slogdet(Tensor a) {
        requireSquare(a, "slogdet");
        DataType dt = resultType(a.dtype());
        return new SlogdetResult(small(LinalgFn.SLOGDET, 0, dt, new long[0], a),
                small(LinalgFn.SLOGDET, 1, dt, new long[0], a));
    }

    /**
     * numpy.linalg.eigh(a) of a symmetric matrix (its lower triangle is read): eigenvalues ascending, eigenvectors as
     * columns, each signed so that its component of largest magnitude is positive (LAPACK leaves the sign free).
     */
    public static EighResult eigh(Tensor a) {
        requireSquare(a, "eigh");
        long n = a.shape()[0];
        DataType dt = resultType(a.dtype());
        return new EighResult(small(LinalgFn.EIGH, 0, dt, new long[] {n}, a),
                small(LinalgFn.EIGH, 1, dt, new long[] {n, n}, a));
    }

    /** numpy.linalg.eig's results: eigenvalues {@code w} (n,) and eigenvectors as the columns of {@code v}. */
    public record EigResult(Tensor w, Tensor v) {
    }

    /**
     * numpy.linalg.eig(a) of a general (not necessarily symmetric) real square matrix: complex128 eigenvalues and unit
     * eigenvectors as columns, A v[:, i] = w[i] v[:, i] (Hessenberg reduction and the shifted QR iteration, on the
     * matrix gathered into one chunk). numpy leaves the order and each vector's phase free (LAPACK's geev): Mars gives
     * the eigenvalues in the order the Schur form holds them, complex conjugate pairs together with the positive
     * imaginary part first, and phases each vector so that its component of largest magnitude is real and positive.
     * The dtype is complex128 (complex64 for float32 input, computed in double), also where numpy gives float64 because
     * every eigenvalue happens to be real (numpy's dtype depends on the values, Mars's must not). Complex input is
     * refused; a matrix with NaN or inf fails with LINALG_ERROR, as numpy.
     */
    public static EigResult eig(Tensor a) {
        requireSquare(a, "eig");
        if (a.dtype().isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "eig of a complex matrix (dtype " + a.dtype()
                    + ") is not supported; eig takes a real matrix");
        }
        long n = a.shape()[0];
        DataType dt = a.dtype() == DataType.FLOAT32 ? DataType.COMPLEX64 : DataType.COMPLEX128;
        return new EigResult(small(LinalgFn.EIG, 0, dt, new long[] {n}, a), small(LinalgFn.EIG, 1, dt, new long[] {n, n}, a));
    }

    /** numpy.linalg.eigvals(a): {@link #eig}'s eigenvalues (complex128, in the same order). */
    public static Tensor eigvals(Tensor a) {
        return eig(a).w();
    }

    /** numpy.linalg.eigvalsh(a): the eigenvalues of a symmetric matrix, ascending. */
    public static Tensor eigvalsh(Tensor a) {
        return eigh(a).w();
    }

    /**
     * numpy.linalg.pinv(a, rcond=1e-15): V diag(1/s) U^T over the singular values above {@code rcond * max(s)}, from
     * the reduced SVD (TSQR for a tall matrix, so a tall-skinny one stays distributed).
     */
    public static Tensor pinv(Tensor a) {
        return pinv(a, 1e-15);
    }

    public static Tensor pinv(Tensor a, double rcond) {
        requireMatrix(a, "pinv");
        if (!(rcond >= 0)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "pinv: rcond must be >= 0, got " + rcond);
        }
        if (a.shape()[0] < a.shape()[1]) {
            return pinv(a.transpose(), rcond).transpose();
        }
        SvdResult usv = svd(asFloat(a));
        Tensor s = usv.s();
        Tensor cutoff = s.max().multiply(rcond);
        Tensor inverse = Tensors.where(s.greater(cutoff), Tensors.reciprocal(s), 0.0);
        // V diag(1/s) U^T: scale the rows of Vh by 1/s, then transpose-multiply
        Tensor scaledVh = usv.vh().multiply(inverse.reshape(s.shape()[0], 1));
        return scaledVh.transpose().dot(usv.u().transpose());
    }

    /**
     * numpy.linalg.matrix_rank(a): the singular values above {@code S.max() * max(M, N) * eps} (eps of the matrix's
     * float type), or above {@code tol} when given; a vector's rank is 1 unless it is all zero.
     */
    public static Tensor matrixRank(Tensor a) {
        return matrixRank(a, Double.NaN);
    }

    public static Tensor matrixRank(Tensor a, double tol) {
        if (a.ndim() < 2) {
            return a.notEqual(0).any().astype(DataType.INT64);
        }
        requireMatrix(a, "matrix_rank");
        Tensor s = singularValues(asFloat(a));
        double eps = resultType(a.dtype()) == DataType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
        Tensor above = Double.isNaN(tol) ? s.greater(s.max().multiply(Math.max(a.shape()[0], a.shape()[1]) * eps))
                : s.greater(tol);
        return above.sum().astype(DataType.INT64);
    }

    /**
     * numpy.linalg.matrix_power(a, n): repeated squaring (about 2 log2 n products); n = 0 gives the identity (as
     * numpy, of a's dtype), a negative n the power of the inverse.
     */
    public static Tensor matrixPower(Tensor a, long n) {
        requireSquare(a, "matrix_power");
        if (n == 0) {
            return Tensors.identity(a.shape()[0], a.dtype());
        }
        Tensor base = n < 0 ? inv(a) : a;
        long e = Math.abs(n);
        Tensor result = null;
        while (e > 0) {
            if ((e & 1) == 1) {
                result = result == null ? base : result.dot(base);
            }
            e >>= 1;
            if (e > 0) {
                base = base.dot(base);
            }
        }
        return result;
    }

    /**
     * numpy.linalg.multi_dot: the chain of products in the order of fewest scalar multiplications (the classic
     * matrix-chain dynamic program over the shapes); a first 1-d operand is a row vector, a last one a column, and
     * both are dropped from the result's shape as numpy does.
     */
    public static Tensor multiDot(List<Tensor> arrays) {
        if (arrays.size() < 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "multi_dot: expecting at least two arrays, got "
                    + arrays.size());
        }
        List<Tensor> ms = new java.util.ArrayList<>(arrays);
        boolean firstVector = ms.get(0).ndim() == 1;
        boolean lastVector = ms.get(ms.size() - 1).ndim() == 1;
        if (firstVector) {
            ms.set(0, ms.get(0).reshape(1, ms.get(0).shape()[0]));
        }
        if (lastVector) {
            Tensor last = ms.get(ms.size() - 1);
            ms.set(ms.size() - 1, last.reshape(last.shape()[0], 1));
        }
        for (int i = 0; i < ms.size(); i++) {
            if (ms.get(i).ndim() != 2) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "multi_dot: array " + i + " has "
                        + ms.get(i).ndim() + " dimensions; only the first and last may be 1-d, the others 2-d");
            }
        }
        int k = ms.size();
        long[] dims = new long[k + 1];
        for (int i = 0; i < k; i++) {
            dims[i] = ms.get(i).shape()[0];
            if (i > 0 && ms.get(i - 1).shape()[1] != dims[i]) {
                throw new MarsException(ErrorCode.SHAPE_MISMATCH, "multi_dot: shapes "
                        + Shapes.toString(ms.get(i - 1).shape()) + " and " + Shapes.toString(ms.get(i).shape())
                        + " not aligned");
            }
        }
        dims[k] = ms.get(k - 1).shape()[1];
        double[][] cost = new double[k][k];
        int[][] split = new int[k][k];
        for (int len = 1; len < k; len++) {
            for (int i = 0; i + len < k; i++) {
                int j = i + len;
                cost[i][j] = Double.POSITIVE_INFINITY;
                for (int c = i; c < j; c++) {
                    double q = cost[i][c] + cost[c + 1][j] + (double) dims[i] * dims[c + 1] * dims[j + 1];
                    if (q < cost[i][j]) {
                        cost[i][j] = q;
                        split[i][j] = c;
                    }
                }
            }
        }
        Tensor out = chain(ms, split, 0, k - 1);
        if (firstVector && lastVector) {
            return out.reshape();
        }
        if (firstVector) {
            return out.reshape(out.shape()[1]);
        }
        return lastVector ? out.reshape(out.shape()[0]) : out;
    }

    private static Tensor chain(List<Tensor> ms, int[][] split, int i, int j) {
        if (i == j) {
            return ms.get(i);
        }
        return chain(ms, split, i, split[i][j]).dot(chain(ms, split, split[i][j] + 1, j));
    }

    /** numpy.linalg.solve(a, b) for a square a and b of shape (n,) or (n, k). */
    public static Tensor solve(Tensor a, Tensor b) {
        requireSquare(a, "solve");
        long n = a.shape()[0];
        if (b.ndim() < 1 || b.ndim() > 2 || b.shape()[0] != n) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "solve: a has shape " + Shapes.toString(a.shape())
                    + " so b must have shape (" + n + ",) or (" + n + ", k), got " + Shapes.toString(b.shape()));
        }
        DataType dt = resultType(DataType.promote(a.dtype(), b.dtype()));
        return new Tensor(new TensorSmallLinalg(LinalgFn.SOLVE, 0), List.of(a, b), dt, b.shape());
    }

    /** scipy.linalg.solve_triangular(a, b): a upper triangular, no transpose, its diagonal read. */
    public static Tensor solveTriangular(Tensor a, Tensor b) {
        return solveTriangular(a, b, false, false, false);
    }

    /**
     * scipy.linalg.solve_triangular(a, b, trans, lower, unit_diagonal): x with op(a) x = b, op(a) = a or (with
     * {@code transpose}) a^T, reading only the triangle {@code lower} names (the other is ignored, as scipy does) and
     * taking the diagonal as ones with {@code unitDiagonal}. b is (n,) or (n, k); the matrix is gathered into one chunk
     * and solved by substitution. A zero on the diagonal fails with LINALG_ERROR "singular matrix: resolution failed
     * at diagonal i" (scipy's words, i from 0).
     */
    public static Tensor solveTriangular(Tensor a, Tensor b, boolean transpose, boolean lower, boolean unitDiagonal) {
        requireSquare(a, "solve_triangular");
        long n = a.shape()[0];
        if (b.ndim() < 1 || b.ndim() > 2 || b.shape()[0] != n) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "solve_triangular: shapes of a " + Shapes.toString(
                    a.shape()) + " and b " + Shapes.toString(b.shape()) + " are incompatible: b must be (" + n
                    + ",) or (" + n + ", k)");
        }
        if (a.dtype().isComplex() || b.dtype().isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "solve_triangular of complex dtype "
                    + (a.dtype().isComplex() ? a.dtype() : b.dtype()) + " is not supported (real matrices only)");
        }
        Tensor m = transpose ? a.transpose() : a;
        boolean low = transpose != lower;
        if (unitDiagonal) {
            m = Tensors.where(Tensors.eye(n).astype(DataType.BOOL), 1L, m);
        }
        DataType dt = resultType(DataType.promote(a.dtype(), b.dtype()));
        return new Tensor(new TensorSmallLinalg(low ? LinalgFn.SOLVE_LOWER : LinalgFn.SOLVE_UPPER, 0), List.of(m, b), dt,
                b.shape());
    }

    /**
     * numpy.linalg.lstsq(a, b)[0] for a tall (m >= n) matrix of full column rank, through QR: x = R^-1 Q^T b.
     * A rank-deficient a fails with "Singular matrix" where numpy would return the minimum-norm solution.
     */
    public static Tensor lstsq(Tensor a, Tensor b) {
        requireMatrix(a, "lstsq");
        long m = a.shape()[0];
        long n = a.shape()[1];
        if (b.ndim() < 1 || b.ndim() > 2 || b.shape()[0] != m) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "lstsq: Incompatible dimensions: a has shape "
                    + Shapes.toString(a.shape()) + ", b has shape " + Shapes.toString(b.shape()));
        }
        if (m < n) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "lstsq of an underdetermined system (a of shape "
                    + Shapes.toString(a.shape()) + ", fewer rows than columns) is not supported; only m >= n");
        }
        QrResult qr = qr(a);
        return solve(qr.r(), qr.q().transpose().dot(b));
    }

    // ----- statistics -----

    /** numpy.cov(m): rows are variables, ddof 1. */
    public static Tensor cov(Tensor m) {
        return cov(m, true, 1);
    }

    /**
     * numpy.cov(m, rowvar=rowvar, ddof=ddof) ({@code bias=True} is ddof 0). A 1x1 result is returned as 0-d, as
     * numpy squeezes it.
     */
    public static Tensor cov(Tensor m, boolean rowvar, int ddof) {
        if (m.ndim() > 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "m has more than 2 dimensions: shape "
                    + Shapes.toString(m.shape()));
        }
        Tensor x = toFloat64(m.ndim() == 2 ? m : m.reshape(1, m.size()));
        if (!rowvar && x.shape()[0] != 1) {
            x = x.transpose();
        }
        long n = x.shape()[1];
        Tensor xc = x.subtract(x.mean(new int[] {1}, true));
        Tensor c = xc.dot(xc.transpose()).multiply(1.0 / Math.max(0, n - ddof));
        return c.shape()[0] == 1 ? c.reshape() : c;
    }

    /** numpy.corrcoef(x). */
    public static Tensor corrcoef(Tensor x) {
        return corrcoef(x, true);
    }

    /** numpy.corrcoef(x, rowvar=rowvar) (without numpy's final clip to [-1, 1]). */
    public static Tensor corrcoef(Tensor x, boolean rowvar) {
        Tensor c = cov(x, rowvar, 1);
        if (c.ndim() == 0) {
            return c.divide(c);
        }
        Tensor std = diagonal(c, 0, 1).sqrt();
        long n = std.size();
        return c.divide(std.reshape(n, 1)).divide(std.reshape(1, n));
    }

    // ----- helpers -----

    static DataType resultType(DataType in) {
        return in == DataType.FLOAT32 ? DataType.FLOAT32 : DataType.FLOAT64;
    }

    /** Ints and bools as float64 (numpy's norm converts them); floats unchanged. */
    private static Tensor asFloat(Tensor x) {
        return x.dtype().isFloat() ? x : toFloat64(x);
    }

    /** The tensor as float64: adding a float64 0-d zero promotes any dtype to float64 and keeps every value. */
    static Tensor toFloat64(Tensor x) {
        return x.dtype() == DataType.FLOAT64 ? x : x.add(Tensors.zeros(new long[0]));
    }

    private static Tensor small(LinalgFn fn, int output, DataType dtype, long[] shape, Tensor a) {
        return new Tensor(new TensorSmallLinalg(fn, output), List.of(a), dtype, shape);
    }

    private static void requireMatrix(Tensor a, String name) {
        if (a.ndim() != 2) {
            throw new MarsException(a.ndim() < 2 ? ErrorCode.INVALID_ARGUMENT : ErrorCode.NOT_SUPPORTED,
                    a.ndim() < 2 ? a.ndim() + "-dimensional array given. Array must be two-dimensional (" + name
                            + " of shape " + Shapes.toString(a.shape()) + ")"
                            : name + " of stacked matrices (shape " + Shapes.toString(a.shape()) + ") is not supported");
        }
    }

    private static void requireSquare(Tensor a, String name) {
        requireMatrix(a, name);
        if (a.shape()[0] != a.shape()[1]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Last 2 dimensions of the array must be square: "
                    + name + " got shape " + Shapes.toString(a.shape()));
        }
    }
}
