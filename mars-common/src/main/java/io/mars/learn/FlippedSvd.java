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
        double[][] vt = sv.get(1).toDoubleMatrix();
        int[] rows = {0};
        Tensor scaledU = x.dot(Inputs.tensor(vt).transpose());
        List<NDArray> extremes = session.execute(scaledU.max(rows), scaledU.min(rows));
        return flipped(sv.get(0).toDoubleArray(), vt, extremes.get(0).toDoubleArray(),
                extremes.get(1).toDoubleArray());
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
