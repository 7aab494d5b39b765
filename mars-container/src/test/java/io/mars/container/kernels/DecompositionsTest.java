package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Invariants of the per-chunk QR (Householder and the blocked tall path): orthonormal Q, triangular R, QR = A. */
class DecompositionsTest {
    @Test
    void blockedTallQrIsAnOrthonormalTriangularFactorization() {
        checkQr(9000, 7); // above 4 blocks of 2048 rows: the in-chunk TSQR path, with a longer last block
    }

    @Test
    void householderQrOfSmallAndWideMatrices() {
        checkQr(6, 4);
        checkQr(3, 5);
        checkQr(300, 32);
    }

    @Test
    void householderQrOfMatricesWithAZeroColumn() {
        for (int m : new int[] {50, 500}) { // the Java loops, and the BLAS path where it is native
            double[] a = random(m, 10);
            for (int i = 0; i < m; i++) {
                a[i * 10 + 2] = 0.0;
            }
            checkQr(a, m, 10);
        }
    }

    @Test
    void qrIntoWritesQAtTheOffsetAndReturnsR() {
        for (int[] mn : new int[][] {{9000, 7}, {6, 4}}) {
            int m = mn[0];
            int n = mn[1];
            double[] a = random(m, n);
            Decompositions.Qr qr = Decompositions.qr(a, m, n);
            double[] packed = new double[3 + m * n + 5];
            double[] r = Decompositions.qrInto(a, m, n, packed, 3);
            // the same numbers up to rounding: native BLAS may sum in another order when the arrays lie at other
            // alignments (OpenBLAS's AVX-512 kernels), so two runs of one product can differ in the last bits
            assertThat(r).containsExactly(qr.r(), within(1e-12));
            assertThat(java.util.Arrays.copyOfRange(packed, 3, 3 + m * n)).containsExactly(qr.q(), within(1e-12));
            assertThat(packed[0]).isZero();
            assertThat(packed[3 + m * n]).isZero();
        }
    }

    private static double[] random(int m, int n) {
        return new SplittableRandom(m * 31L + n).doubles((long) m * n, -1, 1).toArray();
    }

    private static void checkQr(int m, int n) {
        checkQr(random(m, n), m, n);
    }

    private static void checkQr(double[] a, int m, int n) {
        Decompositions.Qr qr = Decompositions.qr(a, m, n);
        int k = Math.min(m, n);
        assertThat(qr.k()).isEqualTo(k);
        double[] q = qr.q();
        double[] r = qr.r();
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < Math.min(i, n); j++) {
                assertThat(r[i * n + j]).as("R[%d,%d] below the diagonal", i, j).isEqualTo(0.0);
            }
        }
        for (int p = 0; p < k; p++) {
            for (int s = 0; s < k; s++) {
                double dot = 0;
                for (int i = 0; i < m; i++) {
                    dot += q[i * k + p] * q[i * k + s];
                }
                assertThat(dot).as("(Q^T Q)[%d,%d]", p, s).isCloseTo(p == s ? 1.0 : 0.0, within(1e-12));
            }
        }
        double[] qrProduct = MatMul.multiply(q, r, m, k, n);
        for (int i = 0; i < a.length; i++) {
            assertThat(qrProduct[i]).as("(QR)[%d]", i).isCloseTo(a[i], within(1e-12));
        }
    }
}
