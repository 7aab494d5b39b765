package io.mars.container.kernels;

/**
 * Dense row-major matrix products {@code C(m,n) = A(m,k) * B(k,n)} for the three compute domains. The double
 * product walks i-k-j, so the inner loop runs with unit stride along rows of B and C (the JIT vectorizes it), in
 * blocks of B that stay in L2 while every row of A passes over them; each pass over a row of C adds four rows of B,
 * so C is loaded and stored once per four multiply-adds.
 */
final class MatMul {
    /** Rows of B per block: KB x NB doubles (512 KiB) stay in L2. */
    private static final int KB = 64;
    /** Columns per block: the NB-long segment of a row of C (8 KiB) stays in L1. */
    private static final int NB = 1024;

    private MatMul() {
    }

    /** The product through the native BLAS when it is active and the product is big enough, else {@link #multiply}. */
    static double[] product(double[] a, double[] b, int m, int k, int n) {
        if (Blas.isNative() && (long) m * k * n >= Blas.MIN_NATIVE_WORK) {
            return Blas.dgemm(a, false, b, false, m, k, n);
        }
        return multiply(a, b, m, k, n);
    }

    static double[] multiply(double[] a, double[] b, int m, int k, int n) {
        double[] c = new double[m * n];
        for (int k0 = 0; k0 < k; k0 += KB) {
            int k1 = Math.min(k, k0 + KB);
            for (int j0 = 0; j0 < n; j0 += NB) {
                int j1 = Math.min(n, j0 + NB);
                for (int i = 0; i < m; i++) {
                    rowBlock(a, b, c, i * k, i * n, n, k0, k1, j0, j1);
                }
            }
        }
        return c;
    }

    /** Adds A[i, k0:k1] * B[k0:k1, j0:j1] to C[i, j0:j1]; {@code ai} and {@code ci} are the offsets of row i. */
    private static void rowBlock(double[] a, double[] b, double[] c, int ai, int ci, int n, int k0, int k1, int j0,
            int j1) {
        int kk = k0;
        for (; kk + 4 <= k1; kk += 4) {
            double x0 = a[ai + kk];
            double x1 = a[ai + kk + 1];
            double x2 = a[ai + kk + 2];
            double x3 = a[ai + kk + 3];
            int b0 = kk * n;
            int b1 = b0 + n;
            int b2 = b1 + n;
            int b3 = b2 + n;
            for (int j = j0; j < j1; j++) {
                c[ci + j] += x0 * b[b0 + j] + x1 * b[b1 + j] + x2 * b[b2 + j] + x3 * b[b3 + j];
            }
        }
        for (; kk < k1; kk++) {
            double x = a[ai + kk];
            int bk = kk * n;
            for (int j = j0; j < j1; j++) {
                c[ci + j] += x * b[bk + j];
            }
        }
    }

    /** Integer product with wrap-around, i-k-j. */
    static long[] multiply(long[] a, long[] b, int m, int k, int n) {
        long[] c = new long[m * n];
        for (int i = 0; i < m; i++) {
            int ci = i * n;
            for (int kk = 0; kk < k; kk++) {
                long aik = a[i * k + kk];
                if (aik == 0) {
                    continue;
                }
                int bk = kk * n;
                for (int j = 0; j < n; j++) {
                    c[ci + j] += aik * b[bk + j];
                }
            }
        }
        return c;
    }

    /** Boolean product: C[i,j] is the OR over kk of A[i,kk] AND B[kk,j]. */
    static boolean[] multiply(boolean[] a, boolean[] b, int m, int k, int n) {
        boolean[] c = new boolean[m * n];
        for (int i = 0; i < m; i++) {
            int ci = i * n;
            for (int kk = 0; kk < k; kk++) {
                if (!a[i * k + kk]) {
                    continue;
                }
                int bk = kk * n;
                for (int j = 0; j < n; j++) {
                    c[ci + j] |= b[bk + j];
                }
            }
        }
        return c;
    }
}
