package io.mars.learn;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/** Solves a small symmetric positive definite system on the client (a Newton step), by Cholesky factorization. */
final class Cholesky {
    private Cholesky() {
    }

    /** x with {@code a x = b}; a is read, not changed. */
    static double[] solve(double[][] a, double[] b) {
        int n = b.length;
        double[][] l = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                if (i == j) {
                    if (!(s > 0)) {
                        throw new MarsException(ErrorCode.LINALG_ERROR, "Newton system is not positive definite"
                                + " (pivot " + i + " is " + s + "); the input holds values too large or degenerate");
                    }
                    l[i][i] = Math.sqrt(s);
                } else {
                    l[i][j] = s / l[j][j];
                }
            }
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double s = b[i];
            for (int k = 0; k < i; k++) {
                s -= l[i][k] * y[k];
            }
            y[i] = s / l[i][i];
        }
        double[] x = new double[n];
        for (int i = n - 1; i >= 0; i--) {
            double s = y[i];
            for (int k = i + 1; k < n; k++) {
                s -= l[k][i] * x[k];
            }
            x[i] = s / l[i][i];
        }
        return x;
    }
}
