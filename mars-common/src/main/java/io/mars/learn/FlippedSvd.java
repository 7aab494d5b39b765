package io.mars.learn;

import io.mars.Session;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The thin SVD {@code X = U S Vᵀ} of a matrix, with scikit-learn's sign convention ({@code svd_flip}, deciding by
 * U): each singular vector pair is turned so that the entry of U's column largest in magnitude is positive. A tall
 * matrix goes through TSQR and the SVD of its small R, so the rows never meet: one task computes S and Vᵀ from R,
 * a second the signs from each column's largest and smallest entry of X V (U times S; neither ever comes back).
 *
 * @param singularValues S, descending
 * @param components Vᵀ, one right singular vector per row, signs flipped
 */
record FlippedSvd(double[] singularValues, double[][] components) {
    static FlippedSvd of(Tensor x, Session session) {
        long m = x.shape()[0];
        long n = x.shape()[1];
        if (m >= n && n > 0) {
            return ofTall(x, session);
        }
        Linalg.SvdResult svd = Linalg.svd(x);
        int[] rows = {0};
        List<NDArray> v = session.execute(svd.s(), svd.vh(), svd.u().max(rows), svd.u().min(rows));
        return flipped(v.get(0).toDoubleArray(), v.get(1).toDoubleMatrix(), v.get(2).toDoubleArray(),
                v.get(3).toDoubleArray());
    }

    /**
     * A tall X in two passes and nothing of X's size kept between them: R of the TSQR (only R: the blocks' Q
     * factors are dropped as the tree merges them) and the SVD of R give S and Vᵀ; then X V, whose columns are U's
     * times S (positive), gives each column's largest and smallest entry for the signs.
     */
    private static FlippedSvd ofTall(Tensor x, Session session) {
        Linalg.SvdResult small = Linalg.svd(Linalg.qr(x).r());
        List<NDArray> sv = session.execute(small.s(), small.vh());
        return signedByU(x, sv.get(0).toDoubleArray(), sv.get(1).toDoubleMatrix(), session);
    }

    /** Digits the centred Gram matrix may lose to cancellation before {@link #ofCovariance} centres X instead. */
    private static final double MOST_CANCELLATION = 1e8;

    /**
     * S and Vᵀ of the centred X, {@code x - mean}, from the eigendecomposition of its Gram matrix, given that of X
     * itself ({@code gram = XᵀX}, one syrk per block of rows, which needs no centred copy of X): the centred one is
     * {@code XᵀX - n mean meanᵀ}, whose SVD (it is symmetric and positive semi-definite) gives V and the eigenvalues,
     * whose square roots are S (a rounding below zero counts as 0). Signs by the components themselves
     * ({@link #turnByComponents}, scikit-learn 1.5's convention for PCA), so no pass over X is needed. When a
     * feature's mean is so large beside its spread that the subtraction would lose more than 8 digits of its
     * variance, the Gram matrix of the centred X is computed instead (a centred copy of X made on the way).
     */
    static FlippedSvd ofCovariance(Tensor x, double[] mean, long n, NDArray gram, Session session) {
        int f = mean.length;
        double[] g = gram.toDoubleArray();
        double[] c = new double[f * f];
        for (int i = 0; i < f; i++) {
            for (int j = 0; j < f; j++) {
                c[i * f + j] = g[i * f + j] - n * mean[i] * mean[j];
            }
        }
        for (int j = 0; j < f; j++) {
            double raw = g[j * f + j];
            if (raw > 0 && !(c[j * f + j] * MOST_CANCELLATION >= raw)) {
                Tensor centred = x.subtract(Inputs.tensor(mean));
                c = session.execute(centred.transpose().dot(centred)).toDoubleArray();
                break;
            }
        }
        Linalg.SvdResult small = Linalg.svd(Inputs.tensor(NDArray.of(c, f, f)));
        List<NDArray> sv = session.execute(small.s(), small.vh());
        double[] s = sv.get(0).toDoubleArray();
        for (int i = 0; i < s.length; i++) {
            s[i] = Math.sqrt(Math.max(0, s[i]));
        }
        double[][] vt = sv.get(1).toDoubleMatrix();
        turnByComponents(vt);
        return new FlippedSvd(s, vt);
    }

    /**
     * Turns each row of Vᵀ so that its entry largest in magnitude is positive (scikit-learn 1.5's {@code svd_flip}
     * with {@code u_based_decision=False}, its convention for PCA; a tie keeps the first such entry).
     */
    static void turnByComponents(double[][] vt) {
        for (double[] row : vt) {
            int largest = 0;
            for (int j = 1; j < row.length; j++) {
                if (Math.abs(row[j]) > Math.abs(row[largest])) {
                    largest = j;
                }
            }
            if (row[largest] < 0) {
                for (int j = 0; j < row.length; j++) {
                    row[j] = -row[j];
                }
            }
        }
    }

    /** S and Vᵀ of X with each pair turned by U's column (X V, U times S), in one pass over X. */
    private static FlippedSvd signedByU(Tensor x, double[] s, double[][] vt, Session session) {
        int[] rows = {0};
        Tensor scaledU = x.dot(Inputs.tensor(vt).transpose());
        List<NDArray> extremes = session.execute(scaledU.max(rows), scaledU.min(rows));
        return flipped(s, vt, extremes.get(0).toDoubleArray(), extremes.get(1).toDoubleArray());
    }

    private static FlippedSvd flipped(double[] s, double[][] vt, double[] uMax, double[] uMin) {
        for (int k = 0; k < vt.length; k++) {
            // the entry largest in magnitude is negative: flip the pair (a tie, |max| = |min|, keeps the sign)
            if (-uMin[k] > uMax[k]) {
                for (int j = 0; j < vt[k].length; j++) {
                    vt[k][j] = -vt[k][j];
                }
            }
        }
        return new FlippedSvd(s, vt);
    }

    /** The SVD of a small matrix already on the client (one chunk, one task), signs as {@link #of}. */
    static FlippedSvd ofSmall(NDArray a, Session session) {
        return of(io.mars.tensor.Tensors.array(a, io.mars.types.ChunkSpec.of(a.shapeView())), session);
    }
}
