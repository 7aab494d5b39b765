package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Dense decompositions of one row-major double matrix, as numpy.linalg and scipy.linalg define them. QR works on
 * a column-major copy so every Householder step runs over contiguous columns (the tall-skinny case is the hot one).
 * Signs of Q/R and U/V columns may differ from LAPACK's; the factorizations are equally valid.
 */
final class Decompositions {
    private Decompositions() {
    }

    /** Reduced QR: q is (m, k), r is (k, n), k = min(m, n). */
    record Qr(double[] q, double[] r, int m, int k, int n) {
    }

    /** Rows per block of the in-chunk tall-skinny QR: a block of columns this long stays in L2. */
    private static final int TALL_BLOCK_ROWS = 2048;

    static Qr qr(double[] a, int m, int n) {
        if (isTall(m, n)) {
            return qrTall(a, m, n, new double[m * n], 0);
        }
        return householder(a, m, n);
    }

    /**
     * QR whose Q (m x k, row-major) is written into {@code q} from {@code qOffset} (a packed chunk: no second copy of
     * a large Q); returns R (k x n).
     */
    static double[] qrInto(double[] a, int m, int n, double[] q, int qOffset) {
        if (isTall(m, n)) {
            return qrTall(a, m, n, q, qOffset).r();
        }
        Qr qr = householder(a, m, n);
        System.arraycopy(qr.q(), 0, q, qOffset, m * qr.k());
        return qr.r();
    }

    private static boolean isTall(int m, int n) {
        return n > 0 && m >= 4L * Math.max(TALL_BLOCK_ROWS, 2L * n);
    }

    /**
     * QR of a tall block as a one-level TSQR inside the chunk: Householder QR of row blocks that fit in cache, QR
     * of their stacked R factors, and each block's Q times its rows of the stacked factor's Q. Same result class
     * as {@link #householder}, several times faster on long columns (they no longer stream from memory per step).
     * With native BLAS each block's Q goes straight to its place in {@code q} and one workspace serves every block,
     * so a chunk leaves no per-block arrays for the collector to copy.
     */
    private static Qr qrTall(double[] a, int m, int n, double[] q, int qOffset) {
        int rowsPer = Math.max(TALL_BLOCK_ROWS, 2 * n);
        int blocks = m / rowsPer;
        double[] stacked = new double[blocks * n * n];
        int[] rows = new int[blocks];
        for (int b = 0; b < blocks; b++) {
            rows[b] = b == blocks - 1 ? m - b * rowsPer : rowsPer;
        }
        if (Blas.isNative()) {
            Workspace ws = new Workspace(rows[blocks - 1], n);
            for (int b = 0; b < blocks; b++) {
                int from = b * rowsPer * n;
                double[] r = householderNative(a, from, rows[b], n, q, qOffset + from, ws);
                System.arraycopy(r, 0, stacked, b * n * n, n * n);
            }
            Qr top = qr(stacked, blocks * n, n);
            for (int b = 0; b < blocks; b++) {
                int at = qOffset + b * rowsPer * n;
                System.arraycopy(q, at, ws.c, 0, rows[b] * n);
                Blas.dgemm(ws.c, 0, top.q(), b * n * n, rows[b], n, n, q, at);
            }
            return new Qr(q, top.r(), m, n, n);
        }
        double[][] qs = new double[blocks][];
        for (int b = 0; b < blocks; b++) {
            int from = b * rowsPer;
            double[] block = new double[rows[b] * n];
            System.arraycopy(a, from * n, block, 0, block.length);
            Qr part = householderJava(block, rows[b], n);
            qs[b] = part.q();
            System.arraycopy(part.r(), 0, stacked, b * n * n, n * n);
        }
        Qr top = qr(stacked, blocks * n, n);
        double[] piece = new double[n * n];
        for (int b = 0; b < blocks; b++) {
            System.arraycopy(top.q(), b * n * n, piece, 0, n * n);
            double[] qb = MatMul.multiply(qs[b], piece, rows[b], n, n);
            System.arraycopy(qb, 0, q, qOffset + b * rowsPer * n, qb.length);
        }
        return new Qr(q, top.r(), m, n, n);
    }

    /** Below this many elements the JNI calls of the native path cost more than the Java loops. */
    private static final int MIN_NATIVE_QR_ELEMENTS = 4096;

    /**
     * Householder QR. The reflector of a column x is {@code v = x - alpha e_j} with {@code alpha = -sign(x_j) |x|},
     * as LAPACK's dlarfg, so R's diagonal signs match numpy's.
     */
    private static Qr householder(double[] a, int m, int n) {
        if (Blas.isNative() && (long) m * n >= MIN_NATIVE_QR_ELEMENTS) {
            int k = Math.min(m, n);
            double[] q = new double[m * k];
            double[] r = householderNative(a, 0, m, n, q, 0, new Workspace(m, n));
            return new Qr(q, r, m, k, n);
        }
        return householderJava(a, m, n);
    }

    /**
     * Householder QR on a column-major copy, each reflection applied to the trailing columns as BLAS-2 calls
     * ({@code w = A^T v} by dgemv, {@code A -= scale v w^T} by dger) that OpenBLAS vectorizes; the Java loops spend
     * most of their time in the dot products down the columns, sequential reductions the JIT cannot vectorize. Q is
     * accumulated backwards from the identity the same way.
     */
    private static double[] householderNative(double[] a, int aOffset, int m, int n, double[] q, int qOffset,
            Workspace ws) {
        int k = Math.min(m, n);
        double[] c = ws.c;
        for (int i = 0; i < m; i++) {
            int row = aOffset + i * n;
            for (int j = 0; j < n; j++) {
                c[j * m + i] = a[row + j];
            }
        }
        double[] v = ws.v;
        double[] scales = ws.scales;
        double[] t = ws.t;
        for (int j = 0; j < k; j++) {
            int col = j * m;
            scales[j] = 0.0;
            double norm2 = Blas.ddot(m - j, c, col + j, c, col + j);
            if (norm2 == 0) {
                continue; // the column is already zero below the diagonal: H = I
            }
            double norm = Math.sqrt(norm2);
            double xj = c[col + j];
            double alpha = xj >= 0 ? -norm : norm;
            System.arraycopy(c, col + j, v, col + j, m - j);
            v[col + j] = xj - alpha;
            double scale = 2.0 / Blas.ddot(m - j, v, col + j, v, col + j);
            scales[j] = scale;
            c[col + j] = alpha;
            java.util.Arrays.fill(c, col + j + 1, col + m, 0.0);
            if (j + 1 < n) {
                Blas.reflect(c, (j + 1) * m + j, m, m - j, n - j - 1, v, col + j, scale, t);
            }
        }
        double[] r = new double[k * n];
        for (int i = 0; i < k; i++) {
            for (int l = i; l < n; l++) {
                r[i * n + l] = c[l * m + i];
            }
        }
        double[] qc = ws.c; // R is out: the workspace now accumulates Q (m x k, column-major)
        java.util.Arrays.fill(qc, 0, m * k, 0.0);
        for (int i = 0; i < k; i++) {
            qc[i * m + i] = 1.0;
        }
        // Q = H_0 H_1 ... H_{k-1} I from the last reflector: before H_h, the columns before h are still unit vectors
        // H_h leaves alone (its support starts at row h), so it changes columns h and after only
        for (int h = k - 1; h >= 0; h--) {
            if (scales[h] != 0) {
                Blas.reflect(qc, h * m + h, m, m - h, k - h, v, h * m + h, scales[h], t);
            }
        }
        for (int i = 0; i < m; i++) {
            int row = qOffset + i * k;
            for (int j = 0; j < k; j++) {
                q[row + j] = qc[j * m + i];
            }
        }
        return r;
    }

    /**
     * Scratch arrays of the native Householder QR for blocks of up to {@code rows x n}, with one spare column each:
     * netlib's bounds check wants {@code lda} elements past the start of a block's last column.
     */
    private static final class Workspace {
        final double[] c;
        final double[] v;
        final double[] scales;
        final double[] t;

        Workspace(int rows, int n) {
            int k = Math.min(rows, n);
            c = new double[rows * n + rows];
            v = new double[rows * k + rows];
            scales = new double[k];
            t = new double[n];
        }
    }

    private static Qr householderJava(double[] a, int m, int n) {
        int k = Math.min(m, n);
        double[][] cols = new double[n][m];
        for (int i = 0; i < m; i++) {
            int row = i * n;
            for (int j = 0; j < n; j++) {
                cols[j][i] = a[row + j];
            }
        }
        double[][] vs = new double[k][];
        double[] scales = new double[k];
        for (int j = 0; j < k; j++) {
            double[] x = cols[j];
            double norm = Math.sqrt(dot(x, x, j, m));
            if (norm == 0) {
                continue; // the column is already zero below the diagonal: H = I
            }
            double alpha = x[j] >= 0 ? -norm : norm;
            double[] v = new double[m];
            System.arraycopy(x, j, v, j, m - j);
            v[j] -= alpha;
            double vv = dot(v, v, j, m);
            double scale = 2.0 / vv;
            x[j] = alpha;
            java.util.Arrays.fill(x, j + 1, m, 0.0);
            for (int l = j + 1; l < n; l++) {
                axpy(-scale * dot(v, cols[l], j, m), v, cols[l], j, m);
            }
            vs[j] = v;
            scales[j] = scale;
        }
        double[] r = new double[k * n];
        for (int i = 0; i < k; i++) {
            for (int l = i; l < n; l++) {
                r[i * n + l] = cols[l][i];
            }
        }
        cols = null;
        double[] q = new double[m * k];
        double[] col = new double[m];
        for (int j = 0; j < k; j++) {
            java.util.Arrays.fill(col, 0.0);
            col[j] = 1.0;
            // H_h for h > j leaves e_j unchanged (its support starts at row h)
            for (int h = j; h >= 0; h--) {
                if (vs[h] != null) {
                    axpy(-scales[h] * dot(vs[h], col, h, m), vs[h], col, h, m);
                }
            }
            for (int i = 0; i < m; i++) {
                q[i * k + j] = col[i];
            }
        }
        return new Qr(q, r, m, k, n);
    }

    private static double dot(double[] x, double[] y, int from, int to) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = from;
        for (; i + 4 <= to; i += 4) {
            s0 += x[i] * y[i];
            s1 += x[i + 1] * y[i + 1];
            s2 += x[i + 2] * y[i + 2];
            s3 += x[i + 3] * y[i + 3];
        }
        for (; i < to; i++) {
            s0 += x[i] * y[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static void axpy(double alpha, double[] x, double[] y, int from, int to) {
        for (int i = from; i < to; i++) {
            y[i] += alpha * x[i];
        }
    }

    /** Reduced SVD: u (m, k), s (k) descending, vh (k, n). */
    record Svd(double[] u, double[] s, double[] vh) {
    }

    static Svd svd(double[] a, int m, int n) {
        int k = Math.min(m, n);
        if (k == 0) {
            return new Svd(new double[0], new double[0], new double[0]);
        }
        SingularValueDecomposition d = new SingularValueDecomposition(new Array2DRowRealMatrix(toRows(a, m, n), false));
        return new Svd(flatten(d.getU(), m, k), d.getSingularValues().clone(), flatten(d.getVT(), k, n));
    }

    private static double[][] toRows(double[] a, int m, int n) {
        double[][] rows = new double[m][n];
        for (int i = 0; i < m; i++) {
            System.arraycopy(a, i * n, rows[i], 0, n);
        }
        return rows;
    }

    private static double[] flatten(RealMatrix x, int rows, int cols) {
        double[] out = new double[rows * cols];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                out[i * cols + j] = x.getEntry(i, j);
            }
        }
        return out;
    }

    /** scipy.linalg.lu: A = P L U, p (m, m), l (m, k) unit lower, u (k, n); the first largest pivot wins (LAPACK). */
    record Lu(double[] p, double[] l, double[] u, int k) {
    }

    static Lu lu(double[] a, int m, int n) {
        int k = Math.min(m, n);
        double[] w = a.clone();
        int[] perm = factor(w, m, n);
        double[] p = new double[m * m];
        for (int i = 0; i < m; i++) {
            p[perm[i] * m + i] = 1.0;
        }
        double[] l = new double[m * k];
        double[] u = new double[k * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < k; j++) {
                l[i * k + j] = i == j ? 1.0 : i > j ? w[i * n + j] : 0.0;
            }
        }
        for (int i = 0; i < k; i++) {
            for (int j = i; j < n; j++) {
                u[i * n + j] = w[i * n + j];
            }
        }
        return new Lu(p, l, u, k);
    }

    /** In-place LU with partial pivoting of the (m, n) row-major {@code w}; returns the row of A now at each row. */
    private static int[] factor(double[] w, int m, int n) {
        int k = Math.min(m, n);
        int[] perm = new int[m];
        for (int i = 0; i < m; i++) {
            perm[i] = i;
        }
        for (int j = 0; j < k; j++) {
            int piv = j;
            double best = Math.abs(w[j * n + j]);
            for (int i = j + 1; i < m; i++) {
                double v = Math.abs(w[i * n + j]);
                if (v > best) {
                    best = v;
                    piv = i;
                }
            }
            if (piv != j) {
                for (int c = 0; c < n; c++) {
                    double t = w[j * n + c];
                    w[j * n + c] = w[piv * n + c];
                    w[piv * n + c] = t;
                }
                int t = perm[j];
                perm[j] = perm[piv];
                perm[piv] = t;
            }
            double d = w[j * n + j];
            if (d == 0) {
                continue;
            }
            for (int i = j + 1; i < m; i++) {
                double f = w[i * n + j] / d;
                w[i * n + j] = f;
                if (f != 0) {
                    int ri = i * n;
                    int rj = j * n;
                    for (int c = j + 1; c < n; c++) {
                        w[ri + c] -= f * w[rj + c];
                    }
                }
            }
        }
        return perm;
    }

    /** numpy.linalg.det of the (n, n) row-major {@code a}: the product of LU's pivots, signed by the row swaps. */
    static double det(double[] a, int n) {
        double[] w = a.clone();
        double det = permutationSign(factor(w, n, n));
        for (int i = 0; i < n; i++) {
            det *= w[i * n + i];
        }
        return det;
    }

    /**
     * numpy.linalg.slogdet: {sign, log|det|} from LU's pivots, summed as logarithms so that no product overflows; a
     * singular matrix gives {0, -inf}.
     */
    static double[] slogdet(double[] a, int n) {
        double[] w = a.clone();
        double sign = permutationSign(factor(w, n, n));
        double log = 0;
        for (int i = 0; i < n; i++) {
            double d = w[i * n + i];
            if (d == 0 || Double.isNaN(d)) {
                return Double.isNaN(d) ? new double[] {Double.NaN, Double.NaN} : new double[] {0.0,
                        Double.NEGATIVE_INFINITY};
            }
            sign = d < 0 ? -sign : sign;
            log += Math.log(Math.abs(d));
        }
        return new double[] {sign, log};
    }

    /** +1 for an even permutation, -1 for an odd one: a cycle of length L is L - 1 swaps. */
    private static double permutationSign(int[] perm) {
        boolean[] seen = new boolean[perm.length];
        int swaps = 0;
        for (int i = 0; i < perm.length; i++) {
            int len = 0;
            for (int j = i; !seen[j]; j = perm[j]) {
                seen[j] = true;
                len++;
            }
            swaps += Math.max(0, len - 1);
        }
        return swaps % 2 == 0 ? 1.0 : -1.0;
    }

    /** numpy.linalg.eig's results as interleaved complex pairs: w (n,), v (n, n) in C order. */
    record Eig(double[] w, double[] v) {
    }

    /**
     * numpy.linalg.eig of a general real matrix by commons-math's EigenDecomposition (Hessenberg, then the shifted QR
     * iteration to the real Schur form, then back-substitution). Its V holds a complex pair's vector as two real
     * columns, the real part under the eigenvalue with the positive imaginary part and the imaginary part beside it
     * (JAMA's layout: A [v1 v2] = [v1 v2] [[a, b], [-b, a]]), so w = a + ib takes v1 + i v2 and its conjugate
     * v1 - i v2. Each vector is scaled to unit norm and turned so that its largest component (the first such) is real
     * and positive.
     */
    static Eig eig(double[] a, int n) {
        if (n == 0) {
            return new Eig(new double[0], new double[0]);
        }
        for (double x : a) {
            if (!Double.isFinite(x)) {
                throw new MarsException(ErrorCode.LINALG_ERROR, "Array must not contain infs or NaNs (eig got " + x
                        + ")");
            }
        }
        double[][] rows = new double[n][n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a, i * n, rows[i], 0, n);
        }
        org.apache.commons.math3.linear.EigenDecomposition d;
        try {
            d = new org.apache.commons.math3.linear.EigenDecomposition(new Array2DRowRealMatrix(rows, false));
        } catch (org.apache.commons.math3.exception.MathIllegalStateException | ArithmeticException e) {
            throw new MarsException(ErrorCode.LINALG_ERROR, "Eigenvalues did not converge (" + e.getMessage() + ")");
        }
        double[] re = d.getRealEigenvalues();
        double[] im = d.getImagEigenvalues();
        RealMatrix vv = d.getV();
        double[] w = new double[2 * n];
        double[] v = new double[2 * n * n];
        double[] col = new double[2 * n];
        for (int k = 0; k < n; k++) {
            w[2 * k] = re[k];
            w[2 * k + 1] = im[k];
            for (int r = 0; r < n; r++) {
                if (im[k] == 0.0) {
                    col[2 * r] = vv.getEntry(r, k);
                    col[2 * r + 1] = 0.0;
                } else if (im[k] > 0) {
                    col[2 * r] = vv.getEntry(r, k);
                    col[2 * r + 1] = vv.getEntry(r, k + 1);
                } else {
                    col[2 * r] = vv.getEntry(r, k - 1);
                    col[2 * r + 1] = -vv.getEntry(r, k);
                }
            }
            normalizePhase(col, n);
            for (int r = 0; r < n; r++) {
                v[2 * (r * n + k)] = col[2 * r];
                v[2 * (r * n + k) + 1] = col[2 * r + 1];
            }
        }
        return new Eig(w, v);
    }

    /** Scales a complex vector (interleaved) to unit norm with its largest component real and positive. */
    private static void normalizePhase(double[] col, int n) {
        int big = 0;
        double bigAbs = -1;
        double norm = 0;
        for (int r = 0; r < n; r++) {
            double m = Math.hypot(col[2 * r], col[2 * r + 1]);
            norm = Math.hypot(norm, m);
            if (m > bigAbs * (1 + 1e-12)) {
                big = r;
                bigAbs = m;
            }
        }
        if (bigAbs == 0) {
            return;
        }
        // multiply by conj(c) / (|c| norm), c the largest component
        double cr = col[2 * big] / bigAbs;
        double ci = -col[2 * big + 1] / bigAbs;
        for (int r = 0; r < n; r++) {
            double x = col[2 * r];
            double y = col[2 * r + 1];
            col[2 * r] = (x * cr - y * ci) / norm;
            col[2 * r + 1] = (x * ci + y * cr) / norm;
        }
        col[2 * big + 1] = 0.0;
    }

    /**
     * numpy.linalg.eigh of a symmetric matrix (its lower triangle is read, as numpy's default UPLO='L'): eigenvalues
     * ascending, unit eigenvectors as columns. Each vector's sign is fixed so that its component of largest magnitude
     * (the first such) is positive; LAPACK leaves the sign free, so compare numpy's after the same normalization.
     */
    record Eigh(double[] w, double[] v) {
    }

    static Eigh eigh(double[] a, int n) {
        if (n == 0) {
            return new Eigh(new double[0], new double[0]);
        }
        double[][] rows = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                rows[i][j] = a[i * n + j];
                rows[j][i] = a[i * n + j];
            }
        }
        org.apache.commons.math3.linear.EigenDecomposition d =
                new org.apache.commons.math3.linear.EigenDecomposition(new Array2DRowRealMatrix(rows, false));
        double[] values = d.getRealEigenvalues();
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(values[x], values[y]));
        double[] w = new double[n];
        double[] v = new double[n * n];
        for (int c = 0; c < n; c++) {
            int src = order[c];
            w[c] = values[src];
            org.apache.commons.math3.linear.RealVector vec = d.getEigenvector(src);
            int big = 0;
            for (int r = 1; r < n; r++) {
                if (Math.abs(vec.getEntry(r)) > Math.abs(vec.getEntry(big)) + 1e-12) {
                    big = r;
                }
            }
            double flip = vec.getEntry(big) < 0 ? -1.0 : 1.0;
            double norm = vec.getNorm();
            for (int r = 0; r < n; r++) {
                v[r * n + c] = flip * vec.getEntry(r) / norm;
            }
        }
        return new Eigh(w, v);
    }

    /** numpy.linalg.cholesky: lower L with A = L L^T, reading only A's lower triangle. */
    static double[] cholesky(double[] a, int n) {
        double[] l = new double[n * n];
        for (int j = 0; j < n; j++) {
            double d = a[j * n + j];
            for (int p = 0; p < j; p++) {
                d -= l[j * n + p] * l[j * n + p];
            }
            if (!(d > 0)) {
                throw new MarsException(ErrorCode.LINALG_ERROR, "Matrix is not positive definite (leading minor of order "
                        + (j + 1) + " is not positive: pivot " + d + ")");
            }
            double ljj = Math.sqrt(d);
            l[j * n + j] = ljj;
            for (int i = j + 1; i < n; i++) {
                double s = a[i * n + j];
                for (int p = 0; p < j; p++) {
                    s -= l[i * n + p] * l[j * n + p];
                }
                l[i * n + j] = s / ljj;
            }
        }
        return l;
    }

    /** numpy.linalg.solve for an (n, n) a and an (n, r) right-hand side, by LU with partial pivoting. */
    static double[] solve(double[] a, int n, double[] b, int r) {
        double[] w = a.clone();
        int[] perm = factor(w, n, n);
        for (int j = 0; j < n; j++) {
            if (w[j * n + j] == 0) {
                throw new MarsException(ErrorCode.LINALG_ERROR, "Singular matrix (pivot " + (j + 1) + " of the "
                        + n + "x" + n + " LU factorization is exactly zero)");
            }
        }
        double[] x = new double[n * r];
        for (int i = 0; i < n; i++) {
            System.arraycopy(b, perm[i] * r, x, i * r, r);
        }
        for (int i = 0; i < n; i++) {
            for (int p = 0; p < i; p++) {
                double f = w[i * n + p];
                if (f != 0) {
                    for (int c = 0; c < r; c++) {
                        x[i * r + c] -= f * x[p * r + c];
                    }
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            for (int p = i + 1; p < n; p++) {
                double f = w[i * n + p];
                if (f != 0) {
                    for (int c = 0; c < r; c++) {
                        x[i * r + c] -= f * x[p * r + c];
                    }
                }
            }
            double d = w[i * n + i];
            for (int c = 0; c < r; c++) {
                x[i * r + c] /= d;
            }
        }
        return x;
    }

    /** x with T x = b, T the lower or upper triangle of {@code a} (n x n), by forward or back substitution. */
    static double[] solveTriangular(double[] a, int n, double[] b, int r, boolean lower) {
        for (int i = 0; i < n; i++) {
            if (a[i * n + i] == 0) {
                throw new MarsException(ErrorCode.LINALG_ERROR, "singular matrix: resolution failed at diagonal " + i
                        + " (the " + n + "x" + n + " triangle's diagonal element is zero)");
            }
        }
        double[] x = b.clone();
        for (int s = 0; s < n; s++) {
            int i = lower ? s : n - 1 - s;
            int from = lower ? 0 : i + 1;
            int to = lower ? i : n;
            for (int p = from; p < to; p++) {
                double f = a[i * n + p];
                if (f != 0) {
                    for (int c = 0; c < r; c++) {
                        x[i * r + c] -= f * x[p * r + c];
                    }
                }
            }
            double d = a[i * n + i];
            for (int c = 0; c < r; c++) {
                x[i * r + c] /= d;
            }
        }
        return x;
    }

    static double[] inv(double[] a, int n) {
        double[] eye = new double[n * n];
        for (int i = 0; i < n; i++) {
            eye[i * n + i] = 1.0;
        }
        return solve(a, n, eye, n);
    }
}
