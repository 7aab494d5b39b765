package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkCentreAssign;
import io.mars.common.operand.chunk.ChunkCentreStats;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * {@link CentreKernels} against the nearest centres and Lloyd statistics computed row by row from their definitions:
 * blocks of many tiles (the native products), 8 centres (the tournament), other few centres (the branch-free search of
 * the nearest) and many (the search with branches), an offset subtracted on the fly, feature counts that are and are not multiples of four, and
 * rows exactly between two centres (a tie goes to the lower index).
 */
class CentreKernelsTest {
    @Test
    void findsTheNearestCentresOfABlockOfManyTiles() {
        check(new Random(1), 3000, 16, 8, false);
        check(new Random(5), 2100, 16, 8, true);
        check(new Random(2), 2500, 7, 5, true);
        check(new Random(3), 1100, 13, 300, true);
        check(new Random(4), 5, 2, 3, false);
    }

    @Test
    void keysOrderAsTheirScoresAndTheirArithmeticMinimumNeverOverflows() {
        // scores of every sign and size, infinities included: the least key is the least score (the lower index on a
        // tie), and least/without agree with Math.min and a comparison even between the most distant keys
        double[] scores = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1e300, -3.5, -Double.MIN_VALUE, -0.0, 0.0,
            Double.MIN_VALUE, 1e-300, 2.25, 1e300, Double.MAX_VALUE, Double.POSITIVE_INFINITY};
        for (int i = 0; i < scores.length; i++) {
            for (int j = 0; j < scores.length; j++) {
                long a = CentreKernels.key(scores[i], 3, 7);
                long b = CentreKernels.key(scores[j], 5, 7);
                assertThat(CentreKernels.least(a, b)).as("%s vs %s", scores[i], scores[j]).isEqualTo(Math.min(a, b));
                assertThat(CentreKernels.least(a, CentreKernels.NO_KEY)).isEqualTo(a);
                assertThat(CentreKernels.least(CentreKernels.NO_KEY, b)).isEqualTo(b);
                long least = CentreKernels.least(a, b);
                // equal scores go to the lower index; scores within 16 ulps (the mask's 3 bits and the halving) may tie
                // too, so only scores farther apart are held to their order
                boolean near = Math.abs(scores[i] - scores[j])
                        <= 16 * Math.ulp(Math.max(Math.abs(scores[i]), Math.abs(scores[j])));
                if (Double.compare(scores[i], scores[j]) == 0 || !near) {
                    assertThat(least & 7).as("%s vs %s", scores[i], scores[j]).isEqualTo(scores[i] <= scores[j] ? 3L : 5L);
                }
                assertThat(CentreKernels.without(a, least)).isEqualTo(a == least ? CentreKernels.NO_KEY : a);
                assertThat(CentreKernels.without(b, least)).isEqualTo(b == least ? CentreKernels.NO_KEY : b);
            }
        }
    }

    @Test
    void aRowBetweenTwoCentresGoesToTheLowerIndex() {
        // rows at 0, as near to a centre at e and one at -e (e a unit vector), a third centre farther off: in a small
        // block (the Java products) and in one of 1024 rows of 16 features (the native ones, the branch-free search)
        for (int[] size : new int[][] {{3, 2}, {1024, 16}}) {
            int rows = size[0];
            int features = size[1];
            long[] labels = assign(NDArray.of(new double[rows * features], rows, features),
                    NDArray.of(tieCentres(features), 8, features), null);
            for (int r = 0; r < rows; r++) {
                assertThat(labels[r]).as("row %d of %d x %d", r, rows, features).isEqualTo(2);
            }
        }
    }

    /**
     * 8 centres of which the nearest to the origin are two at the same distance, 2 and 5 (at e and -e, e a unit
     * vector), the others farther off.
     */
    static double[] tieCentres(int features) {
        double[] centres = new double[8 * features];
        for (int k = 0; k < 8; k++) {
            centres[k * features + k % features] = k == 2 ? 1 : k == 5 ? -1 : 3;
        }
        centres[5 * features + 2 % features] = -1;
        centres[5 * features + 5 % features] = 0;
        return centres;
    }

    private static long[] assign(NDArray x, NDArray c, NDArray offset) {
        ChunkCentreAssign op = new ChunkCentreAssign(offset != null);
        ChunkNode node = new ChunkNode("a", op, List.of(), DataType.INT64, new long[] {x.shapeView()[0]}, new int[1]);
        List<io.mars.types.ChunkData> in = offset == null ? List.of(x, c) : List.of(x, c, offset);
        return ((NDArray) new CentreKernels.Assign().execute(node, op, in)).toLongArray();
    }

    private static void check(Random random, int rows, int features, int clusters, boolean withOffset) {
        double[] centres = new double[clusters * features];
        for (int i = 0; i < centres.length; i++) {
            centres[i] = 4 * random.nextGaussian();
        }
        double[] x = new double[rows * features];
        for (int r = 0; r < rows; r++) {
            int k = random.nextInt(clusters);
            for (int j = 0; j < features; j++) {
                x[r * features + j] = centres[k * features + j] + 2 * random.nextGaussian() + (withOffset ? 5 : 0);
            }
        }
        double[] offset = new double[features];
        for (int j = 0; withOffset && j < features; j++) {
            offset[j] = 5 + 0.1 * random.nextGaussian();
        }
        NDArray xa = NDArray.of(x, rows, features);
        NDArray ca = NDArray.of(centres, clusters, features);
        NDArray oa = withOffset ? NDArray.of(offset, features) : null;
        long[] labels = assign(xa, ca, oa);
        // with the squared distances, and without (k-means' passes: sums and counts the same, that column 0)
        for (boolean distances : new boolean[] {true, false}) {
            checkStats(rows, features, clusters, withOffset, distances, x, centres, offset, labels,
                    withOffset ? List.of(xa, ca, oa) : List.of(xa, ca));
        }
    }

    private static void checkStats(int rows, int features, int clusters, boolean withOffset, boolean distances,
            double[] x, double[] centres, double[] offset, long[] labels, List<io.mars.types.ChunkData> in) {
        ChunkCentreStats op = new ChunkCentreStats(withOffset, distances);
        int width = features + 2;
        ChunkNode node = new ChunkNode("s", op, List.of(), DataType.FLOAT64, new long[] {clusters, width},
                new int[2]);
        double[] stats = ((NDArray) new CentreKernels.Stats().execute(node, op, in)).doubles();
        double[] expected = new double[clusters * width];
        for (int r = 0; r < rows; r++) {
            int best = 0;
            double bestDistance = Double.POSITIVE_INFINITY;
            double[] d = new double[clusters];
            for (int k = 0; k < clusters; k++) {
                for (int j = 0; j < features; j++) {
                    double e = x[r * features + j] - offset[j] - centres[k * features + j];
                    d[k] += e * e;
                }
                if (d[k] < bestDistance) {
                    bestDistance = d[k];
                    best = k;
                }
            }
            // the kernels rank by |c|² - 2 x·c: a near tie may go either way, so the label given must be as near
            assertThat(d[(int) labels[r]]).as("row %d's distance to its centre %d (nearest %d)", r, labels[r], best)
                    .isCloseTo(bestDistance, Offset.offset(1e-9 * Math.max(1, bestDistance)));
            int k = (int) labels[r];
            for (int j = 0; j < features; j++) {
                expected[k * width + j] += x[r * features + j] - offset[j];
            }
            expected[k * width + features] += 1;
            expected[k * width + features + 1] += distances ? d[k] : 0;
        }
        assertThat(stats).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(stats[i]).as("statistic %d of %d (distances %s)", i, expected.length, distances)
                    .isCloseTo(expected[i], Offset.offset(1e-9 * Math.max(1.0, Math.abs(expected[i]))));
        }
    }
}
