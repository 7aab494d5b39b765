package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkCentreBounds;
import io.mars.common.operand.chunk.ChunkCentreMoves;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * {@link CentreBoundsKernels} against exact distances computed here: the first table's labels are the nearest centres
 * and its bounds hold; after the centres move a little, the next table's labels are again the nearest, its bounds
 * still hold, and most rows kept their centre without being searched (their upper bound is the widened old one, not
 * the exact distance); the cluster sums and their changes match sums by label. Blocks of many tiles with 8 centres
 * (native products, the 8-centre search), other counts (1, 5 and 300: the general searches) and a small block (the
 * exact Java search); an offset subtracted throughout; a row between two centres goes to the lower index.
 */
class CentreBoundsKernelsTest {
    @Test
    void boundedPassesFindTheNearestCentresAndSkipMostRowsOnceTheCentresSettle() {
        check(new Random(1), 3000, 16, 8, true);
        check(new Random(2), 2600, 7, 5, true);
        check(new Random(3), 1500, 13, 300, false);
        check(new Random(4), 1200, 16, 1, true);
        check(new Random(5), 40, 2, 3, true);
    }

    @Test
    void aRowBetweenTwoCentresGoesToTheLowerIndex() {
        for (int[] size : new int[][] {{3, 2}, {1024, 16}}) {
            int rows = size[0];
            int features = size[1];
            NDArray x = NDArray.of(new double[rows * features], rows, features);
            float[] table = bounds(x, null, NDArray.of(CentreKernelsTest.tieCentres(features), 8, features),
                    NDArray.of(new double[features], features), null).floats();
            for (int r = 0; r < rows; r++) {
                assertThat(table[3 * r]).as("row %d of %d x %d", r, rows, features).isEqualTo(2f);
            }
        }
    }

    @Test
    void aTableNamingNoCentreIsRejected() {
        NDArray x = NDArray.of(new double[4], 2, 2);
        NDArray c = NDArray.of(new double[] {0, 0, 1, 1}, 2, 2);
        NDArray o = NDArray.of(new double[2], 2);
        NDArray bad = NDArray.of(new float[] {0, 1, 2, 7, 1, 2}, 2, 3);
        assertThatThrownBy(() -> bounds(x, bad, c, o, NDArray.of(new double[2], 2)))
                .isInstanceOf(MarsException.class).hasMessageContaining("names centre 7.0 of 2");
        assertThatThrownBy(() -> moves(x, NDArray.of(new float[3], 1, 3), bad, o, 2))
                .isInstanceOf(MarsException.class).hasMessageContaining("3 columns");
    }

    private static NDArray bounds(NDArray x, NDArray previous, NDArray c, NDArray o, NDArray moved) {
        boolean initial = previous == null;
        ChunkCentreBounds op = new ChunkCentreBounds(initial);
        ChunkNode node = new ChunkNode("b", op, List.of(), DataType.FLOAT32, new long[] {x.shapeView()[0], 3},
                new int[2]);
        List<ChunkData> in = initial ? List.of(x, c, o) : List.of(x, previous, c, o, moved);
        return (NDArray) new CentreBoundsKernels.Bounds().execute(node, op, in);
    }

    private static double[] moves(NDArray x, NDArray previous, NDArray current, NDArray o, int clusters) {
        boolean initial = previous == null;
        ChunkCentreMoves op = new ChunkCentreMoves(initial);
        ChunkNode node = new ChunkNode("m", op, List.of(), DataType.FLOAT64,
                new long[] {clusters, x.shapeView()[1] + 2}, new int[2]);
        List<ChunkData> in = initial ? List.of(x, current, o) : List.of(x, previous, current, o);
        return ((NDArray) new CentreBoundsKernels.Moves().execute(node, op, in)).doubles();
    }

    private static void check(Random random, int rows, int features, int clusters, boolean settle) {
        double[] centres = new double[clusters * features];
        for (int i = 0; i < centres.length; i++) {
            centres[i] = 6 * random.nextGaussian();
        }
        double[] x = new double[rows * features];
        for (int r = 0; r < rows; r++) {
            int k = random.nextInt(clusters);
            for (int j = 0; j < features; j++) {
                x[r * features + j] = centres[k * features + j] + 2 * random.nextGaussian() + 5;
            }
        }
        double[] offset = new double[features];
        for (int j = 0; j < features; j++) {
            offset[j] = 5 + 0.1 * random.nextGaussian();
        }
        NDArray xa = NDArray.of(x, rows, features);
        NDArray oa = NDArray.of(offset, features);
        String what = rows + " x " + features + ", " + clusters + " centres";
        NDArray first = bounds(xa, null, NDArray.of(centres, clusters, features), oa, null);
        checkTable(first.floats(), x, offset, centres, rows, features, clusters, what + ", first pass");
        double[] sums = moves(xa, null, first, oa, clusters);
        checkSums(sums, first.floats(), x, offset, rows, features, clusters, true, what);

        // the centres move a little (as they do once settling): most rows keep their centre unread
        double[] moved = new double[clusters];
        double[] next = centres.clone();
        for (int k = 0; k < clusters; k++) {
            double d = 0;
            for (int j = 0; j < features; j++) {
                double step = (settle ? 0.02 : 0.5) * random.nextGaussian();
                next[k * features + j] += step;
                d += step * step;
            }
            moved[k] = Math.sqrt(d);
        }
        NDArray second = bounds(xa, first, NDArray.of(next, clusters, features), oa, NDArray.of(moved, clusters));
        float[] table = second.floats();
        int unread = checkTable(table, x, offset, next, rows, features, clusters, what + ", second pass");
        if (settle) {
            assertThat(unread).as("rows kept without being searched, " + what).isGreaterThan(rows / 2);
        }
        double[] changes = moves(xa, first, second, oa, clusters);
        double[] now = new double[sums.length];
        for (int i = 0; i < now.length; i++) {
            now[i] = sums[i] + changes[i];
        }
        // the changes leave the squares' column 0: the sum of squares is the first pass's
        assertThat(changes[features + 1]).isZero();
        now[features + 1] = 0;
        checkSums(now, table, x, offset, rows, features, clusters, false, what + ", after the changes");
    }

    /** Checks labels and bounds against exact distances; returns how many upper bounds are not exact distances. */
    private static int checkTable(float[] table, double[] x, double[] offset, double[] centres, int rows,
            int features, int clusters, String what) {
        int loose = 0;
        for (int r = 0; r < rows; r++) {
            double[] d = new double[clusters];
            double nearest = Double.POSITIVE_INFINITY;
            for (int k = 0; k < clusters; k++) {
                for (int j = 0; j < features; j++) {
                    double e = x[r * features + j] - offset[j] - centres[k * features + j];
                    d[k] += e * e;
                }
                d[k] = Math.sqrt(d[k]);
                nearest = Math.min(nearest, d[k]);
            }
            int label = (int) table[3 * r];
            assertThat(d[label]).as("row %d's distance to its centre %d, %s", r, label, what)
                    .isCloseTo(nearest, Offset.offset(1e-9 * Math.max(1, nearest)));
            double other = Double.POSITIVE_INFINITY;
            for (int k = 0; k < clusters; k++) {
                if (k != label) {
                    other = Math.min(other, d[k]);
                }
            }
            assertThat((double) table[3 * r + 1]).as("row %d's upper bound, %s", r, what)
                    .isGreaterThanOrEqualTo(d[label]);
            assertThat((double) table[3 * r + 2]).as("row %d's lower bound, %s", r, what)
                    .isLessThanOrEqualTo(other);
            if (table[3 * r + 1] > d[label] * (1 + 1e-6) + 1e-9) {
                loose++;
            }
        }
        return loose;
    }

    private static void checkSums(double[] sums, float[] table, double[] x, double[] offset, int rows, int features,
            int clusters, boolean withSquares, String what) {
        int width = features + 2;
        double[] expected = new double[clusters * width];
        double squares = 0;
        for (int r = 0; r < rows; r++) {
            int k = (int) table[3 * r];
            for (int j = 0; j < features; j++) {
                double v = x[r * features + j] - offset[j];
                expected[k * width + j] += v;
                squares += v * v;
            }
            expected[k * width + features] += 1;
        }
        if (withSquares) {
            expected[features + 1] = squares;
        }
        for (int i = 0; i < expected.length; i++) {
            assertThat(sums[i]).as("sum %d of %d, %s", i, expected.length, what)
                    .isCloseTo(expected[i], Offset.offset(1e-9 * Math.max(1.0, Math.abs(expected[i]))));
        }
    }
}
