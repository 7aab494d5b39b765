package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.RandomDistribution;
import io.mars.common.operand.chunk.ChunkChoice;
import io.mars.common.operand.chunk.ChunkRandomSample;
import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import io.mars.tensor.Npy;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CreationRandomKernelsTest {
    @Test
    void normalQuantileMatchesScipyToAFewUlps() throws URISyntaxException {
        // written by integration-tests/src/test/python/golden_creation-random.py with scipy.special.ndtri
        NDArray table = Npy.read(Path.of(getClass().getResource("/golden/creation-random/normal_quantiles.npy").toURI()));
        int m = (int) table.shapeView()[1];
        double[] v = table.doubles();
        double worst = 0;
        for (int i = 0; i < m; i++) {
            double p = v[i];
            double expected = v[m + i];
            double actual = CounterRandom.normalQuantile(p);
            double err = expected == 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
            worst = Math.max(worst, err);
            assertThat(err).as("relative error of the quantile of %s: %s vs scipy %s", p, actual, expected)
                    .isLessThan(1e-14);
        }
        assertThat(m).isGreaterThan(100);
        assertThat(worst).isLessThan(1e-14);
    }

    @Test
    void boundedDrawsStayInRangeForEdgeRanges() {
        long bits = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < 1000; i++) {
            bits = RandKernel.mix64(bits + i);
            assertThat(CounterRandom.bounded(bits, 1)).isZero();
            assertThat(CounterRandom.bounded(bits, 7)).isBetween(0L, 6L);
            long full = CounterRandom.bounded(bits, -1L); // range 2^64 - 1, as unsigned
            assertThat(Long.compareUnsigned(full, -1L)).isNegative();
            assertThat(CounterRandom.bounded(bits, 1L << 40)).isEqualTo(bits >>> 24);
        }
    }

    @Test
    void unsignedMultiplyHighMatchesBigIntegerArithmetic() {
        long[] xs = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x9E3779B97F4A7C15L, 12345678901L};
        for (long x : xs) {
            for (long y : xs) {
                java.math.BigInteger bx = new java.math.BigInteger(Long.toUnsignedString(x));
                java.math.BigInteger by = new java.math.BigInteger(Long.toUnsignedString(y));
                long expected = bx.multiply(by).shiftRight(64).longValue();
                assertThat(CounterRandom.unsignedMultiplyHigh(x, y)).as("%s * %s", x, y).isEqualTo(expected);
            }
        }
    }

    @Test
    void weightedSamplingWithoutReplacementDrawsOrderedPairsAsSuccessiveDraws() {
        double[] p = {0.5, 0.3, 0.2};
        int trials = 20_000;
        long[][] counts = new long[3][3];
        for (int s = 0; s < trials; s++) {
            long[] pick = evalArray(node(new ChunkChoice(7, s, 3, false, p, shape(2), shape(0)), DataType.INT64,
                    shape(2))).toLongArray();
            counts[(int) pick[0]][(int) pick[1]]++;
        }
        double chi = 0;
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 3; b++) {
                if (a == b) {
                    assertThat(counts[a][b]).isZero();
                    continue;
                }
                double expected = trials * p[a] * p[b] / (1 - p[a]);
                chi += (counts[a][b] - expected) * (counts[a][b] - expected) / expected;
            }
        }
        // 5 degrees of freedom: 20.52 at alpha = 0.001
        assertThat(chi).as("chi-square of ordered pairs %s", Arrays.deepToString(counts)).isLessThan(20.52);
    }

    @Test
    void integerSamplesCastToTheNodeDtype() {
        NDArray a = evalArray(node(new ChunkRandomSample(1, 2, RandomDistribution.INTEGERS, 0, 0, -3, 4,
                shape(50), shape(0)), DataType.INT16, shape(50)));
        assertThat(a.dtype()).isEqualTo(DataType.INT16);
        assertThat(Arrays.stream(a.toLongArray()).allMatch(v -> v >= -3 && v < 4)).isTrue();
    }
}
