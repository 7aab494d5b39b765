package io.mars.learn;

import io.mars.Session;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The thin SVD {@code X = U S Vᵀ} of a matrix, with scikit-learn's sign convention ({@code svd_flip}, deciding by
 * U): each singular vector pair is turned so that the entry of U's column largest in magnitude is positive. A tall
 * matrix goes through TSQR and the SVD of its small R, so the rows never meet; one task computes S, Vᵀ and, for the
 * signs, each column's largest and smallest entry of U (U itself never comes back).
 *
 * @param singularValues S, descending
 * @param components Vᵀ, one right singular vector per row, signs flipped
 */
record FlippedSvd(double[] singularValues, double[][] components) {
    static FlippedSvd of(Tensor x, Session session) {
        Linalg.SvdResult svd = Linalg.svd(x);
        int[] rows = {0};
        List<NDArray> v = session.execute(svd.s(), svd.vh(), svd.u().max(rows), svd.u().min(rows));
        double[] s = v.get(0).toDoubleArray();
        double[][] vt = v.get(1).toDoubleMatrix();
        double[] uMax = v.get(2).toDoubleArray();
        double[] uMin = v.get(3).toDoubleArray();
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
