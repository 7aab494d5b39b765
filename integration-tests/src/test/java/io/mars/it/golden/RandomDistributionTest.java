package io.mars.it.golden;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.mars.Session;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every random function of {@code Tensors.random(seed)} is a pure function of the seed: bit-identical whatever the
 * chunking (1, 7, 1000, one chunk, uneven 2-d blocks) and on one worker or two. Mars's generator is not numpy's, so
 * the values are specified by their distributions: moments, Kolmogorov-Smirnov distances and chi-square statistics
 * on 10^5 samples, ranges, and permutations being permutations. The thresholds are the 0.1% (or stricter) critical
 * values, and the seeds are fixed, so a pass is deterministic.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class RandomDistributionTest {
    private static final long SEED = 20260101L;
    private static final int N = 100_000;
    /** Kolmogorov-Smirnov critical value at alpha = 0.001: 1.95 / sqrt(n). */
    private static final double KS_001 = 1.95 / Math.sqrt(N);

    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static Session session() {
        return CLUSTER.session();
    }

    /** A named random tensor of 1000 elements made with the given chunks. */
    record Maker(String name, BiFunction<TensorRandom, ChunkSpec, Tensor> make) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Maker> makers() {
        Tensor population = Tensors.arange(0, 2000, 2, chunks(300));
        Tensor rows = Tensors.arange(4000, chunks(999)).reshape(1000, 4);
        double[] p = new double[50];
        for (int i = 0; i < p.length; i++) {
            p[i] = (i % 5 + 1) / 150.0;
        }
        return List.of(
                new Maker("rand", (r, c) -> r.rand(shape(1000), c)),
                new Maker("randn", (r, c) -> r.randn(shape(1000), c)),
                new Maker("uniform(-2, 3)", (r, c) -> r.uniform(-2, 3, shape(1000), c)),
                new Maker("normal(5, 0.5)", (r, c) -> r.normal(5, 0.5, shape(1000), c)),
                new Maker("randint(-5, 1000)", (r, c) -> r.randint(-5, 1000, shape(1000), DataType.INT64, c)),
                new Maker("randint int8", (r, c) -> r.randint(-128, 128, shape(1000), DataType.INT8, c)),
                new Maker("choice(50, p)", (r, c) -> r.choice(50, shape(1000), true, p, c)),
                new Maker("choice(tensor)", (r, c) -> r.choice(population, shape(1000), true, null, c)),
                new Maker("choice(5000) no replace", (r, c) -> r.choice(5000, shape(1000), false, null, c)),
                new Maker("choice(50, p) no replace", (r, c) -> r.choice(50, shape(40), false, p, forForty(c))),
                new Maker("permutation(1000)", (r, c) -> r.permutation(1000, c)),
                new Maker("permutation(tensor)", (r, c) -> r.permutation(Tensors.arange(1000, c))),
                new Maker("shuffle(rows)", (r, c) -> r.shuffle(rows.rechunk(c.sizes().length == 1
                        ? chunks(c.sizes()[0], 4) : ChunkSpec.explicit(new long[] {1, 996, 3}, new long[] {4})))));
    }

    /** The chunking for a sample of 40 that corresponds to {@code c} for 1000. */
    private static ChunkSpec forForty(ChunkSpec c) {
        if (c.nsplits().length > 0) {
            return ChunkSpec.explicit(new long[] {1, 36, 3});
        }
        return c.sizes().length == 1 && c.sizes()[0] == 1000 ? chunks(40) : c;
    }

    static Stream<Arguments> makersAndChunkings() {
        List<ChunkSpec> specs = List.of(chunks(1), chunks(7), chunks(1000), ChunkSpec.auto(),
                ChunkSpec.explicit(new long[] {1, 996, 3}));
        return makers().stream().flatMap(m -> specs.stream().map(s -> Arguments.of(m, s)));
    }

    private static NDArray draw(Session s, Maker m, ChunkSpec chunks) {
        return m.make().apply(Tensors.random(SEED), chunks).execute(s);
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("makersAndChunkings")
    void drawsTheSameBitsWhateverTheChunking(Maker m, ChunkSpec chunks) {
        NDArray reference = draw(session(), m, chunks(1000));
        NDArray values = draw(session(), m, chunks);

        assertThat(values.contentEquals(reference)).as("%s with %s vs one chunk: %s vs %s", m, chunks, values,
                reference).isTrue();
    }

    @Test
    void drawsTheSameBitsOnOneWorkerAsOnTwo() {
        try (Session single = Session.local(1)) {
            for (Maker m : makers()) {
                NDArray onTwo = draw(session(), m, chunks(7));
                NDArray onOne = draw(single, m, chunks(7));
                assertThat(onOne.contentEquals(onTwo)).as("%s on local(1) vs local(2)", m).isTrue();
            }
        }
    }

    @Test
    void drawsTheSameBitsInTwoDimensionalBlocks() {
        TensorRandom a = Tensors.random(SEED);
        TensorRandom b = Tensors.random(SEED);
        List<BiFunction<TensorRandom, ChunkSpec, Tensor>> fns = List.of(
                (r, c) -> r.randn(shape(23, 17), c),
                (r, c) -> r.randint(0, 10, shape(23, 17), DataType.INT32, c),
                (r, c) -> r.choice(9, shape(23, 17), true, null, c),
                (r, c) -> r.uniform(1, 2, shape(23, 17), c));
        for (BiFunction<TensorRandom, ChunkSpec, Tensor> f : fns) {
            NDArray whole = f.apply(a, chunks(23, 17)).execute(session());
            NDArray blocks = f.apply(b, chunks(5, 4)).execute(session());
            assertThat(blocks.contentEquals(whole)).as("(23, 17) in (5, 4) blocks vs one chunk").isTrue();
        }
    }

    @Test
    void drawsStandardNormalValues() {
        double[] x = Tensors.random(SEED).randn(shape(N), chunks(7919)).execute(session()).toDoubleArray();

        assertThat(mean(x)).as("mean").isCloseTo(0.0, offset(4 / Math.sqrt(N)));
        assertThat(std(x)).as("std").isCloseTo(1.0, offset(4 * Math.sqrt(0.5 / N)));
        assertThat(ksDistance(x, RandomDistributionTest::normalCdf)).as("KS distance to N(0, 1)").isLessThan(KS_001);
        long beyond3 = Arrays.stream(x).filter(v -> Math.abs(v) > 3).count();
        // P(|z| > 3) = 0.0027: 270 expected, standard deviation 16.4
        assertThat(beyond3).as("values beyond 3 sigma").isBetween(270L - 66, 270L + 66);
        assertThat(Arrays.stream(x).max().orElseThrow()).isLessThan(8.3);
    }

    @Test
    void drawsNormalValuesOfTheGivenLocAndScale() {
        double[] x = Tensors.random(SEED).normal(-3, 2.5, shape(N), chunks(10_000)).execute(session()).toDoubleArray();

        assertThat(mean(x)).as("mean").isCloseTo(-3.0, offset(4 * 2.5 / Math.sqrt(N)));
        assertThat(std(x)).as("std").isCloseTo(2.5, offset(4 * 2.5 * Math.sqrt(0.5 / N)));
        assertThat(ksDistance(x, v -> normalCdf((v + 3) / 2.5))).isLessThan(KS_001);
    }

    @Test
    void drawsUniformValuesInTheRange() {
        double[] u = Tensors.random(SEED).uniform(-2, 3, shape(N), chunks(10_000)).execute(session()).toDoubleArray();
        double[] r = Tensors.random(SEED + 1).rand(shape(N), chunks(10_000)).execute(session()).toDoubleArray();

        assertThat(Arrays.stream(u).min().orElseThrow()).isGreaterThanOrEqualTo(-2);
        assertThat(Arrays.stream(u).max().orElseThrow()).isLessThan(3);
        assertThat(ksDistance(u, v -> (v + 2) / 5)).as("KS distance to U(-2, 3)").isLessThan(KS_001);
        assertThat(ksDistance(r, v -> v)).as("KS distance of rand to U(0, 1)").isLessThan(KS_001);
    }

    @Test
    void uniformOfZeroToOneIsRandOfTheSameStream() {
        NDArray u = Tensors.random(SEED).uniform(0, 1, shape(1000), chunks(7)).execute(session());
        NDArray r = Tensors.random(SEED).rand(shape(1000), chunks(13)).execute(session());
        assertThat(u.contentEquals(r)).isTrue();
    }

    @Test
    void drawsEveryIntegerOfTheRangeEquallyOften() {
        long[] x = Tensors.random(SEED).randint(-3, 7, shape(N), DataType.INT64, chunks(9_999)).execute(session())
                .toLongArray();
        long[] counts = new long[10];
        for (long v : x) {
            assertThat(v).isBetween(-3L, 6L);
            counts[(int) (v + 3)]++;
        }
        // chi-square with 9 degrees of freedom: 27.88 at alpha = 0.001
        assertThat(chiSquare(counts, uniform(10))).as("chi-square of %s", Arrays.toString(counts)).isLessThan(27.88);
    }

    @Test
    void drawsTheWholeRangeOfSmallDtypes() {
        NDArray x = Tensors.random(SEED).randint(-128, 128, shape(N), DataType.INT8, chunks(20_000)).execute(session());
        assertThat(x.dtype()).isEqualTo(DataType.INT8);
        long[] counts = new long[256];
        for (long v : x.toLongArray()) {
            counts[(int) v + 128]++;
        }
        assertThat(Arrays.stream(counts).min().orElseThrow()).as("every int8 value occurs").isPositive();
        // chi-square with 255 degrees of freedom: 330.5 at alpha = 0.001
        assertThat(chiSquare(counts, uniform(256))).isLessThan(330.5);

        NDArray flags = Tensors.random(SEED).randint(0, 2, shape(N), DataType.BOOL, chunks(20_000)).execute(session());
        long trues = Arrays.stream(flags.toLongArray()).sum();
        assertThat(trues).isBetween(N / 2 - 4 * 158L, N / 2 + 4 * 158L);
    }

    @Test
    void drawsUnbiasedValuesFromHugeRanges() {
        // 3 * 2^61 is not a power of two: a modulo draw would favour the lower third
        long high = 3L << 61;
        double[] x = Tensors.random(SEED).randint(0, high, shape(N), DataType.INT64, chunks(50_000)).execute(session())
                .toDoubleArray();
        assertThat(ksDistance(x, v -> v / high)).isLessThan(KS_001);

        long[] full = Tensors.random(SEED).randint(Long.MIN_VALUE, Long.MAX_VALUE, shape(1000), DataType.INT64,
                chunks(100)).execute(session()).toLongArray();
        assertThat(Arrays.stream(full).filter(v -> v < 0).count()).isBetween(400L, 600L);
    }

    @Test
    void choosesWithTheGivenProbabilities() {
        double[] p = {0.5, 0.0, 0.2, 0.25, 0.05};
        long[] x = Tensors.random(SEED).choice(5, shape(N), true, p, chunks(30_000)).execute(session()).toLongArray();
        long[] counts = new long[5];
        for (long v : x) {
            counts[(int) v]++;
        }
        assertThat(counts[1]).as("a value of probability 0 is never chosen").isZero();
        double[] expected = Arrays.stream(p).map(q -> q * N).toArray();
        // chi-square over the 4 possible values, 3 degrees of freedom: 16.27 at alpha = 0.001
        assertThat(chiSquare(new long[] {counts[0], counts[2], counts[3], counts[4]},
                new double[] {expected[0], expected[2], expected[3], expected[4]})).isLessThan(16.27);
    }

    @Test
    void choosesElementsOfATensor() {
        Tensor letters = Tensors.array(new double[] {1.5, -2.5, 7.25}, chunks(2));
        double[] x = Tensors.random(SEED).choice(letters, shape(300), true, null, chunks(64)).execute(session())
                .toDoubleArray();
        assertThat(Arrays.stream(x).distinct().sorted().toArray()).containsExactly(-2.5, 1.5, 7.25);
    }

    @Test
    void choosesDistinctValuesWithoutReplacement() {
        long[] x = Tensors.random(SEED).choice(200, shape(10, 20), false, null, chunks(3, 7)).execute(session())
                .toLongArray();
        long[] sorted = x.clone();
        Arrays.sort(sorted);
        assertThat(sorted).as("all of 0..199, each once").isEqualTo(java.util.stream.LongStream.range(0, 200).toArray());

        double[] p = {0.3, 0.3, 0.0, 0.2, 0.2};
        long[] y = Tensors.random(SEED).choice(5, shape(4), false, p, chunks(1)).execute(session()).toLongArray();
        assertThat(new HashSet<>(Arrays.stream(y).boxed().toList())).hasSize(4).doesNotContain(2L);
    }

    @Test
    void choiceWithoutReplacementIsAPrefixOfThePermutationOfTheSameStream() {
        NDArray perm = Tensors.random(SEED).permutation(1000, chunks(77)).execute(session());
        NDArray pick = Tensors.random(SEED).choice(1000, shape(100), false, null, chunks(9)).execute(session());
        assertThat(pick.toLongArray()).isEqualTo(Arrays.copyOf(perm.toLongArray(), 100));
    }

    @Test
    void permutesAllValuesUniformly() {
        long[] x = Tensors.random(SEED).permutation(N, chunks(7919)).execute(session()).toLongArray();
        long[] sorted = x.clone();
        Arrays.sort(sorted);
        assertThat(sorted).isEqualTo(java.util.stream.LongStream.range(0, N).toArray());
        // where value 0..9 land, in deciles of positions: each value's position is uniform
        long[] positionDeciles = new long[10];
        for (int pos = 0; pos < N; pos++) {
            if (x[pos] < N / 10) {
                positionDeciles[pos / (N / 10)]++;
            }
        }
        assertThat(chiSquare(positionDeciles, uniform(10, N / 10))).isLessThan(27.88);
        long fixedPoints = java.util.stream.IntStream.range(0, N).filter(i -> x[i] == i).count();
        assertThat(fixedPoints).as("fixed points (Poisson(1))").isLessThan(10);
    }

    @Test
    void shufflesRowsKeepingEachRowWhole() {
        Tensor m = Tensors.arange(300, chunks(7)).reshape(100, 3);
        NDArray s = Tensors.random(SEED).shuffle(m).execute(session());
        assertThat(s.shape()).containsExactly(100, 3);
        long[] v = s.toLongArray();
        Set<Long> firsts = new HashSet<>();
        for (int r = 0; r < 100; r++) {
            assertThat(v[r * 3 + 1]).isEqualTo(v[r * 3] + 1);
            assertThat(v[r * 3 + 2]).isEqualTo(v[r * 3] + 2);
            firsts.add(v[r * 3] / 3);
        }
        assertThat(firsts).hasSize(100);
        assertThat(s.contentEquals(m.execute(session()))).as("shuffled, not the same order").isFalse();
    }

    @Test
    void drawsIndependentStreamsForSuccessiveTensors() {
        TensorRandom r = Tensors.random(SEED);
        NDArray a = r.randn(shape(1000), chunks(100)).execute(session());
        NDArray b = r.randn(shape(1000), chunks(100)).execute(session());
        assertThat(a.contentEquals(b)).isFalse();
        double[] x = a.toDoubleArray();
        double[] y = b.toDoubleArray();
        double corr = 0;
        for (int i = 0; i < x.length; i++) {
            corr += x[i] * y[i];
        }
        assertThat(corr / x.length).as("correlation of two streams").isCloseTo(0, offset(4 / Math.sqrt(1000)));
    }

    @Test
    void drawsEmptyAndZeroDimensionalTensors() {
        TensorRandom r = Tensors.random(SEED);
        assertThat(r.randn(shape(0, 3), chunks(2)).execute(session()).shape()).containsExactly(0, 3);
        assertThat(r.randint(0, 3, shape(), DataType.INT64, ChunkSpec.auto()).execute(session()).getLong())
                .isBetween(0L, 2L);
        assertThat(r.permutation(0).execute(session()).size()).isZero();
        assertThat(r.choice(0, shape(0), false, null, ChunkSpec.auto()).execute(session()).size()).isZero();
    }

    @Test
    void permutesAndDiagonalizesTensorsOfUnknownLength() {
        // unique's length is known only once it ran: the tilers must take it from the computed chunks
        Tensor values = Tensors.unique(Tensors.array(new long[] {5, 3, 5, 9, 3, 1, 7, 9}, chunks(3)));
        assertThat(values.shape()).containsExactly(-1);

        long[] perm = Tensors.random(SEED).permutation(values).execute(session()).toLongArray();
        long[] sorted = perm.clone();
        Arrays.sort(sorted);
        assertThat(sorted).containsExactly(1, 3, 5, 7, 9);

        NDArray d = Tensors.diag(values, 1).execute(session());
        assertThat(d.shape()).containsExactly(6, 6);
        assertThat(Tensors.diag(Tensors.diag(values, 1), 1).execute(session()).toLongArray())
                .containsExactly(1, 3, 5, 7, 9);
        assertThat(Tensors.tril(Tensors.diag(values), -1).execute(session()).toLongArray()).containsOnly(0L);
    }

    // ----- statistics helpers -----

    private static double mean(double[] x) {
        return Arrays.stream(x).sum() / x.length;
    }

    private static double std(double[] x) {
        double m = mean(x);
        return Math.sqrt(Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / x.length);
    }

    /** The largest distance between the empirical CDF of {@code x} and {@code cdf}. */
    private static double ksDistance(double[] x, DoubleUnaryOperator cdf) {
        double[] s = x.clone();
        Arrays.sort(s);
        double d = 0;
        for (int i = 0; i < s.length; i++) {
            double f = cdf.applyAsDouble(s[i]);
            d = Math.max(d, Math.max(Math.abs(f - (double) i / s.length), Math.abs((double) (i + 1) / s.length - f)));
        }
        return d;
    }

    private static double[] uniform(int bins) {
        return uniform(bins, N);
    }

    private static double[] uniform(int bins, long total) {
        double[] e = new double[bins];
        Arrays.fill(e, (double) total / bins);
        return e;
    }

    private static double chiSquare(long[] observed, double[] expected) {
        double c = 0;
        for (int i = 0; i < observed.length; i++) {
            c += (observed[i] - expected[i]) * (observed[i] - expected[i]) / expected[i];
        }
        return c;
    }

    /** Phi(x) = erfc(-x / sqrt 2) / 2, with the Numerical Recipes erfc (fractional error below 1.2e-7). */
    static double normalCdf(double x) {
        return 0.5 * erfc(-x / Math.sqrt(2));
    }

    private static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? r : 2 - r;
    }
}
