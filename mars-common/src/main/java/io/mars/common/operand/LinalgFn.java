package io.mars.common.operand;

/**
 * The dense decompositions and solvers computed on one whole (gathered) matrix, with the number of results each
 * gives (numpy.linalg / scipy.linalg order).
 */
public enum LinalgFn {
    /** Reduced QR: Q (m,k), R (k,n) with k = min(m,n). */
    QR(2),
    /** Reduced SVD: U (m,k), S (k,), Vh (k,n), singular values descending. */
    SVD(3),
    /** scipy.linalg.lu: P (m,m), L (m,k), U (k,n) with A = P L U. */
    LU(3),
    /** Lower-triangular L with A = L L^T. */
    CHOLESKY(1),
    INV(1),
    /** solve(a, b): two inputs. */
    SOLVE(1),
    /** scipy.linalg.solve_triangular(a, b, lower=True): forward substitution over a's lower triangle. */
    SOLVE_LOWER(1),
    /** scipy.linalg.solve_triangular(a, b, lower=False): back substitution over a's upper triangle. */
    SOLVE_UPPER(1),
    /** numpy.linalg.det: a 0-d result. */
    DET(1),
    /** numpy.linalg.slogdet: sign and log|det|, both 0-d. */
    SLOGDET(2),
    /** numpy.linalg.eigh of a symmetric matrix: eigenvalues ascending (n,), eigenvectors as columns (n, n). */
    EIGH(2),
    /**
     * numpy.linalg.eig of a general square matrix: complex128 eigenvalues (n,) and unit eigenvectors as columns (n, n),
     * each phased so that its component of largest magnitude is real and positive.
     */
    EIG(2);

    private final int outputs;

    LinalgFn(int outputs) {
        this.outputs = outputs;
    }

    public int outputs() {
        return outputs;
    }
}
