package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mars.common.operand.RandomDistribution;
import io.mars.common.operand.chunk.ChunkChoice;
import io.mars.common.operand.chunk.ChunkRandomSample;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CreationRandomKernelsTest {
    @Test
    void zigguratTablesCloseAtTheTopOfTheDensity() {
        assertThat(CounterRandom.topLayerHeight()).isCloseTo(1.0, within(1e-9));
    }

    @Test
    void zigguratFollowsTheNormalDistributionIntoTheTails() throws URISyntaxException {
        // bin edges: scipy.special.ndtri(p) written by integration-tests/src/test/python/golden_creation-random.py
        NDArray table = Npy.read(Path.of(getClass().getResource("/golden/creation-random/normal_quantiles.npy").toURI()));
        int m = (int) table.shapeView()[1];
        double[] v = table.doubles();
        int n = 4_000_000;
        List<Double> ps = new ArrayList<>();
        List<Double> edges = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            if (v[i] * n >= 40 && (1 - v[i]) * n >= 40) {
                ps.add(v[i]);
                edges.add(v[m + i]);
            }
        }
        double[] z = new double[n];
        RandomSampleKernel.normal(z, 0, n, CounterRandom.counter(CounterRandom.key(3, 4), 0), 0, 1);
        Arrays.sort(z);
        double chi = 0;
        int below = 0;
        double previousP = 0;
        for (int b = 0; b <= edges.size(); b++) {
            double edge = b < edges.size() ? edges.get(b) : Double.POSITIVE_INFINITY;
            double p = b < edges.size() ? ps.get(b) : 1.0;
            int count = lowerBound(z, edge);
            double expected = (p - previousP) * n;
            chi += (count - below - expected) * (count - below - expected) / expected;
            below = count;
            previousP = p;
        }
        int df = edges.size();
        // Wilson-Hilferty approximation of the chi-square quantile at alpha = 0.001 (z = 3.09)
        double h = 2.0 / (9 * df);
        double critical = df * Math.pow(1 - h + 3.09 * Math.sqrt(h), 3);
        assertThat(df).isGreaterThan(100);
        assertThat(chi).as("chi-square over %s bins from p=%s to %s", df + 1, ps.get(0), ps.get(ps.size() - 1))
                .isLessThan(critical);
        // the tails, both sides pooled, each within 4.5 Poisson standard deviations: an omnibus chi-square is too
        // weak to see a wrong tail sampler, which moves only a few hundred of the 4 million values
        for (int b = 0; b < edges.size(); b++) {
            if (ps.get(b) <= 1e-3) {
                double cut = -edges.get(b);
                long beyond = n - lowerBound(z, cut) + lowerBound(z, -cut);
                double expected = 2 * ps.get(b) * n;
                assertThat((double) beyond).as("values beyond +-%s (p = %s each side)", cut, ps.get(b))
                        .isCloseTo(expected, within(4.5 * Math.sqrt(expected)));
            }
        }
        assertThat(z[0]).isGreaterThan(-7);
        assertThat(z[n - 1]).isLessThan(7);
    }

    private static int lowerBound(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
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
