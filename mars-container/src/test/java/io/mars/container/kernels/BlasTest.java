package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BlasTest {
    @Test
    void describesTheActiveImplementation() {
        assertThat(Blas.describe()).contains(Blas.isNative() ? "JNIBLAS" : "pure-Java");
    }

    @Test
    void nativeProductMatchesTheJavaLoopsForEveryTransposeLayout() {
        // without native BLAS there is nothing to compare: reported as skipped, not passed
        assumeTrue(Blas.isNative(), "no native BLAS on this machine");
        int m = 37;
        int k = 29;
        int n = 41;
        SplittableRandom rnd = new SplittableRandom(7);
        double[] a = rnd.doubles((long) m * k).toArray();
        double[] b = rnd.doubles((long) k * n).toArray();
        double[] expected = MatMul.multiply(a, b, m, k, n);
        double[] aT = transpose(a, m, k);
        double[] bT = transpose(b, k, n);
        assertClose(Blas.dgemm(a, false, b, false, m, k, n), expected);
        assertClose(Blas.dgemm(aT, true, b, false, m, k, n), expected);
        assertClose(Blas.dgemm(a, false, bT, true, m, k, n), expected);
        assertClose(Blas.dgemm(aT, true, bT, true, m, k, n), expected);
        assertClose(MatMul.product(a, b, m, k, n), expected);
    }

    @Test
    void emptyInnerDimensionGivesZeros() {
        assumeTrue(Blas.isNative(), "no native BLAS on this machine");
        assertThat(Blas.dgemm(new double[0], false, new double[0], false, 2, 0, 3)).containsOnly(0.0);
    }

    private static double[] transpose(double[] x, int rows, int cols) {
        double[] t = new double[x.length];
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                t[j * rows + i] = x[i * cols + j];
            }
        }
        return t;
    }

    private static void assertClose(double[] actual, double[] expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.length; i++) {
            assertThat(actual[i]).isCloseTo(expected[i], within(1e-12));
        }
    }
}
