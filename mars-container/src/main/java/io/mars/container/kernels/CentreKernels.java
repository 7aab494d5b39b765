package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkCentreAssign;
import io.mars.common.operand.chunk.ChunkCentreStats;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The nearest-centre passes of k-means over one block of rows: each row's nearest centre by the smallest
 * {@code |c|² - 2 x·c} (|x|² is the same for every centre; ties to the lowest index, as numpy's argmin), found row by
 * row, so nothing of size rows × centres is made. The block's rows and the centres are read in place (float64). The
 * products x·c of a tile of rows come from one native BLAS call when there is one (about 4x faster than the Java
 * loops at 16 features and 8 centres), else from Java loops. With an offset (k-means' column means) each tile of rows
 * is copied less the offset first, the same numbers as a centred X, which then need not be stored; the statistics
 * without squared distances instead read X's rows in place and shift the centres' terms and the sums by the offset
 * ({@link Stats#inPlaceStats}).
 */
final class CentreKernels {
    /**
     * Rows whose products with the centres are made at once: the tile, its squares and products stay in the L2 cache
     * (512 rows of 16 features measured about 8% faster than 1024 and 256 on 78,125-row chunks, 4096 25% slower).
     */
    static final int TILE = 512;

    private CentreKernels() {
    }

    /** The int64 index of each row's nearest centre. */
    static final class Assign implements Kernel<ChunkCentreAssign> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkCentreAssign op, List<ChunkData> inputs) {
            Block b = Block.of(node, inputs, op.offset());
            long[] labels = new long[b.rows];
            int[] tile = new int[TILE];
            for (int from = 0; from < b.rows; from += TILE) {
                int to = Math.min(b.rows, from + TILE);
                b.load(from, to);
                b.nearest(to - from, tile);
                for (int r = from; r < to; r++) {
                    labels[r] = tile[r - from];
                }
            }
            return NDArray.of(labels, b.rows);
        }
    }

    /**
     * Per centre: the sum of its rows (features), their count, and the sum of their squared distances to it, as
     * float64 (centres, features + 2).
     */
    static final class Stats implements Kernel<ChunkCentreStats> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkCentreStats op, List<ChunkData> inputs) {
            Block b = Block.of(node, inputs, op.offset());
            if (b.products == null) {
                return javaStats(b, op.distances());
            }
            return b.offset != null && !op.distances() ? inPlaceStats(b) : nativeStats(b, op.distances());
        }

        /**
         * The statistics with native products of X's rows where they lie, with an offset and without the squared
         * distances (k-means' passes after the first): {@code |c|² - 2 (x - o)·c = (|c|² + 2 o·c) - 2 x·c}, so the
         * products of X's own rows with the centres choose the same centres, and a cluster's sum of rows less the
         * offset is its sum of X's rows (a one-hot product, as in {@link #nativeStats}) less its count times the
         * offset. No tile is copied less the offset: 29-30 instead of 35 ns a row at 16 features and 8 centres (one
         * thread). Rounding: a product's error grows with |x| instead of |x - o|, which can only matter where
         * two centres are within that error of a tie; a sum's with |x| too, which in X's own coordinates (the centres
         * with the offset added back) is the same order as before.
         */
        private static NDArray inPlaceStats(Block b) {
            int f = b.features;
            int k = b.clusters;
            double[] shiftedNorms = new double[k];
            for (int q = 0; q < k; q++) {
                double dot = 0;
                for (int j = 0; j < f; j++) {
                    dot += b.offset[j] * b.centres[q * f + j];
                }
                shiftedNorms[q] = b.norms[q] + 2 * dot;
            }
            double[] sums = new double[k * f];
            double[] counts = new double[k];
            int[] tile = new int[TILE];
            double[] oneHot = new double[Math.min(b.rows, TILE) * k];
            for (int from = 0; from < b.rows; from += TILE) {
                int n = Math.min(b.rows, from + TILE) - from;
                Blas.dgemm(b.x, from * f, b.transposed, 0, n, f, k, b.products, 0);
                b.search(n, tile, shiftedNorms);
                oneHot(tile, n, k, oneHot, counts);
                Blas.dgemmTransAAdd(oneHot, b.x, from * f, k, n, f, sums);
            }
            int width = f + 2;
            double[] out = new double[k * width];
            for (int q = 0; q < k; q++) {
                for (int j = 0; j < f; j++) {
                    out[q * width + j] = sums[q * f + j] - counts[q] * b.offset[j];
                }
                out[q * width + f] = counts[q];
            }
            return NDArray.of(out, k, width);
        }

        /**
         * The statistics with native products: per tile, the products with the centres give each row's centre, a
         * one-hot table of them (rows x clusters) then gives every centre's sum of rows and of squared rows in two
         * more products (about 4x fewer operations a row than adding each row to its centre in Java), and a centre's
         * squared distances are the sum of |x|² and of the |c|² - 2 x·c that chose it. That sum cancels where a
         * cluster lies far from the origin against its spread (X is centred here); in doubles its relative error
         * stays near 1e-15 times the ratio of the two. Without {@code distances} the rows are not squared and that
         * column is 0 (one product a tile instead of two).
         */
        private static NDArray nativeStats(Block b, boolean distances) {
            int f = b.features;
            int k = b.clusters;
            int width = f + 2;
            double[] sums = new double[k * f];
            double[] squaredSums = distances ? new double[k * f] : null;
            double[] counts = new double[k];
            double[] scores = new double[k];
            int tileRows = Math.min(b.rows, TILE);
            double[] squares = distances ? new double[tileRows * f] : null;
            double[] oneHot = new double[tileRows * k];
            int[] tile = new int[TILE];
            for (int from = 0; from < b.rows; from += TILE) {
                int to = Math.min(b.rows, from + TILE);
                int n = to - from;
                double[] x = b.copy(from, to);
                b.nearest(n, tile);
                oneHot(tile, n, k, oneHot, counts);
                Blas.dgemmTransAAdd(oneHot, x, k, n, f, sums);
                if (distances) {
                    addChosenScores(tile, n, k, b.norms, b.products, scores);
                    square(x, squares, n * f);
                    Blas.dgemmTransAAdd(oneHot, squares, k, n, f, squaredSums);
                }
            }
            double[] out = new double[k * width];
            for (int q = 0; q < k; q++) {
                System.arraycopy(sums, q * f, out, q * width, f);
                out[q * width + f] = counts[q];
                if (distances && counts[q] > 0) {
                    double squared = 0;
                    for (int j = 0; j < f; j++) {
                        squared += squaredSums[q * f + j];
                    }
                    out[q * width + f + 1] = Math.max(0, squared + scores[q]);
                }
            }
            return NDArray.of(out, k, width);
        }

        /**
         * The one-hot table (n x k, rows x clusters) of the labels, and their counts added up. The hot loops of a pass
         * sit in small methods of their own, whatever the pass computes: C2 compiles each once, where one method
         * holding them all was compiled under the first pass's profile (with the squared distances) and deoptimized
         * when the next pass took the other branch.
         */
        static void oneHot(int[] labels, int n, int k, double[] table, double[] counts) {
            java.util.Arrays.fill(table, 0, n * k, 0.0);
            for (int r = 0; r < n; r++) {
                int q = labels[r];
                table[r * k + q] = 1;
                counts[q] += 1;
            }
        }

        /** Adds each row's score at its centre, {@code |c|² - 2 x·c}, to that centre's total. */
        static void addChosenScores(int[] labels, int n, int k, double[] norms, double[] products, double[] scores) {
            for (int r = 0; r < n; r++) {
                int q = labels[r];
                scores[q] += norms[q] - 2 * products[r * k + q];
            }
        }

        /**
         * The statistics with Java products: each row added to its centre's sums as it is read (the squared distances
         * left 0 without {@code distances}).
         */
        private static NDArray javaStats(Block b, boolean distances) {
            int f = b.features;
            int width = f + 2;
            double[] out = new double[b.clusters * width];
            double[] c = b.centres;
            int[] tile = new int[TILE];
            for (int from = 0; from < b.rows; from += TILE) {
                int to = Math.min(b.rows, from + TILE);
                double[] x = b.load(from, to);
                b.nearest(to - from, tile);
                for (int r = 0; r < to - from; r++) {
                    int row = b.base + r * f;
                    int k = tile[r];
                    int at = k * width;
                    int centre = k * f;
                    // four partial sums of the squared differences: one chain of dependent additions per row was
                    // the loop's bottleneck (about 20% of its time at 16 features)
                    double d0 = 0;
                    double d1 = 0;
                    double d2 = 0;
                    double d3 = 0;
                    int j = 0;
                    for (; j + 4 <= f; j += 4) {
                        double v0 = x[row + j];
                        double v1 = x[row + j + 1];
                        double v2 = x[row + j + 2];
                        double v3 = x[row + j + 3];
                        out[at + j] += v0;
                        out[at + j + 1] += v1;
                        out[at + j + 2] += v2;
                        out[at + j + 3] += v3;
                        double e0 = v0 - c[centre + j];
                        double e1 = v1 - c[centre + j + 1];
                        double e2 = v2 - c[centre + j + 2];
                        double e3 = v3 - c[centre + j + 3];
                        d0 += e0 * e0;
                        d1 += e1 * e1;
                        d2 += e2 * e2;
                        d3 += e3 * e3;
                    }
                    for (; j < f; j++) {
                        double v = x[row + j];
                        out[at + j] += v;
                        double e = v - c[centre + j];
                        d0 += e * e;
                    }
                    out[at + f] += 1;
                    if (distances) {
                        out[at + f + 1] += (d0 + d1) + (d2 + d3);
                    }
                }
            }
            return NDArray.of(out, b.clusters, width);
        }
    }

    /**
     * The nearest of 8 centres (scikit-learn's default n_clusters) of each of n rows, by the least {@code |c|² - 2 x·c}
     * from the rows' products with the centres (n x 8) and the centres' squared norms, into {@code nearest}; with
     * {@code runnerUp} not null the second nearest too. Without branches: each score a {@link #key}, the least by a
     * tournament of pairs ({@link #least}) with the norms in registers (a chain of 3 minima a row instead of 8), the
     * second the least of the others ({@link #without}).
     */
    static void nearestOfEight(double[] norms, double[] p, int n, int[] nearest, int[] runnerUp) {
        double n0 = norms[0];
        double n1 = norms[1];
        double n2 = norms[2];
        double n3 = norms[3];
        double n4 = norms[4];
        double n5 = norms[5];
        double n6 = norms[6];
        double n7 = norms[7];
        for (int i = 0; i < n; i++) {
            int at = i * 8;
            long k0 = key(n0 - 2 * p[at], 0, 7);
            long k1 = key(n1 - 2 * p[at + 1], 1, 7);
            long k2 = key(n2 - 2 * p[at + 2], 2, 7);
            long k3 = key(n3 - 2 * p[at + 3], 3, 7);
            long k4 = key(n4 - 2 * p[at + 4], 4, 7);
            long k5 = key(n5 - 2 * p[at + 5], 5, 7);
            long k6 = key(n6 - 2 * p[at + 6], 6, 7);
            long k7 = key(n7 - 2 * p[at + 7], 7, 7);
            long least = least(least(least(k0, k1), least(k2, k3)), least(least(k4, k5), least(k6, k7)));
            nearest[i] = (int) (least & 7);
            if (runnerUp != null) {
                long second = least(least(least(without(k0, least), without(k1, least)),
                        least(without(k2, least), without(k3, least))),
                        least(least(without(k4, least), without(k5, least)),
                                least(without(k6, least), without(k7, least))));
                runnerUp[i] = (int) (second & 7);
            }
        }
    }

    /** Above every {@link #key} of a number: the start of a search for the least key, or a key left out. */
    static final long NO_KEY = Long.MAX_VALUE >> 1;

    /**
     * A score as a long that orders as the double does, its bits under {@code mask} (a few low ones) replaced by the
     * centre's index: the least key is the nearest centre, ties (and scores within twice that many ulps) to the lower
     * index. The order-preserving long is halved (one more low bit given up), so keys lie in [-2^62, 2^62) and
     * {@link #least} can subtract two of them without overflow.
     */
    static long key(double score, int centre, long mask) {
        long bits = Double.doubleToRawLongBits(score);
        return (((bits ^ ((bits >> 63) & Long.MAX_VALUE)) >> 1) & ~mask) | centre;
    }

    /**
     * The lesser of two {@link #key}s (or {@link #NO_KEY}) by arithmetic: C2 on JDK 17 compiles {@code Math.min} of
     * longs to a branch, which mispredicts about as often as the nearest centre changes from row to row (measured:
     * the 8-centre search 29 ns a row with it, 9.5 ns with this).
     */
    static long least(long a, long b) {
        long d = a - b;
        return b + (d & (d >> 63));
    }

    /** {@link #NO_KEY} where {@code key} is {@code least}, else {@code key}; without a branch. */
    static long without(long key, long least) {
        long x = key ^ least;
        long differs = (x | -x) >> 63;
        return (key & differs) | (NO_KEY & ~differs);
    }

    /**
     * The offset (features,) once per row over {@code length} values: a tile's rows less it by {@link #subtract},
     * which C2 vectorises.
     */
    static double[] repeated(double[] offset, int length) {
        double[] out = new double[length];
        for (int i = 0; offset.length > 0 && i < length; i += offset.length) {
            System.arraycopy(offset, 0, out, i, Math.min(offset.length, length - i));
        }
        return out;
    }

    /** {@code y[i] -= o[i]} for i below m (whole arrays from 0: vectorised by C2). */
    static void subtract(double[] y, double[] o, int m) {
        for (int i = 0; i < m; i++) {
            y[i] -= o[i];
        }
    }

    /** {@code q[i] = x[i]²} for i below m (whole arrays from 0: vectorised by C2). */
    static void square(double[] x, double[] q, int m) {
        for (int i = 0; i < m; i++) {
            q[i] = x[i] * x[i];
        }
    }

    /** A block of rows and the centres, with the centres' squared norms. */
    private static final class Block {
        /** The most low bits of a score {@link #nearest(int, int[])} replaces by a centre's index. */
        static final int MOST_INDEX_BITS = 8;
        final double[] x;
        /** Subtracted from every row, or null. */
        final double[] offset;
        /** A tile of rows less the offset (TILE x features), made by the first {@link #copy}. */
        double[] shifted;
        /** The offset once per row of a tile (TILE x features), for a subtraction C2 vectorises; or null. */
        private double[] repeatedOffset;
        /** The rows {@link #load} made current: in {@link #current} from {@link #base}. */
        double[] current;
        int base;
        final double[] centres;
        final double[] norms;
        /** The centres transposed (features x clusters), for the native product; null without native BLAS. */
        final double[] transposed;
        /** A tile's products (TILE x clusters), or null without native BLAS. */
        final double[] products;
        final int rows;
        final int features;
        final int clusters;
        /**
         * Low bits of a score that the branch-free search of the nearest centre gives up for the centre's index (0:
         * the search with branches): up to {@value #MOST_INDEX_BITS}, so that scores closer than about 2^-43 of
         * their size count as a tie, which goes to the lower index, as an exact tie does.
         */
        final int indexBits;

        private Block(double[] x, double[] offset, double[] centres, int rows, int features, int clusters) {
            this.x = x;
            this.offset = offset;
            this.centres = centres;
            this.rows = rows;
            this.features = features;
            this.clusters = clusters;
            int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, clusters - 1));
            this.indexBits = bits <= MOST_INDEX_BITS ? bits : 0;
            this.norms = new double[clusters];
            for (int k = 0; k < clusters; k++) {
                double s = 0;
                for (int j = 0; j < features; j++) {
                    double v = centres[k * features + j];
                    s += v * v;
                }
                norms[k] = s;
            }
            boolean nativeProducts = Blas.isNative() && (long) features * clusters * Math.min(rows, TILE)
                    >= Blas.MIN_NATIVE_WORK;
            this.transposed = nativeProducts ? new double[features * clusters] : null;
            this.products = nativeProducts ? new double[TILE * clusters] : null;
            if (nativeProducts) {
                for (int k = 0; k < clusters; k++) {
                    for (int j = 0; j < features; j++) {
                        transposed[j * clusters + k] = centres[k * features + j];
                    }
                }
            }
        }

        /**
         * Makes rows {@code from} (inclusive) to {@code to} (exclusive, at most TILE after from) current: X's own, or
         * copied less the offset; returns the array holding them (from {@link #base}).
         */
        double[] load(int from, int to) {
            if (offset == null) {
                current = x;
                base = from * features;
                return x;
            }
            return copy(from, to);
        }

        /**
         * As {@link #load}, the rows always copied into the tile buffer (from 0), less the offset if there is one: a
         * copy (System.arraycopy) and a subtraction over whole arrays from index 0, which C2 vectorises, where a loop
         * per row from an offset in X stays scalar (several times slower on JDK 17).
         */
        double[] copy(int from, int to) {
            int m = (to - from) * features;
            if (shifted == null) {
                shifted = new double[Math.min(rows, TILE) * features];
            }
            System.arraycopy(x, from * features, shifted, 0, m);
            if (offset != null) {
                if (repeatedOffset == null) {
                    repeatedOffset = repeated(offset, shifted.length);
                }
                subtract(shifted, repeatedOffset, m);
            }
            current = shifted;
            base = 0;
            return shifted;
        }

        /** The nearest centre of the {@code n} current rows ({@link #load}), into {@code out[0..]}. */
        void nearest(int n, int[] out) {
            if (products == null) {
                for (int r = 0; r < n; r++) {
                    out[r] = nearest(current, base + r * features);
                }
                return;
            }
            Blas.dgemm(current, base, transposed, 0, n, features, clusters, products, 0);
            search(n, out, norms);
        }

        /**
         * The nearest centre of n rows from their {@link #products} with the centres: the least {@code terms[k] - 2
         * x·c} ({@code terms}: the centres' squared norms, or as {@link Stats#inPlaceStats} shifts them), ties to the
         * lower index.
         */
        void search(int n, int[] out, double[] terms) {
            if (clusters == 8) {
                nearestOfEight(terms, products, n, out, null);
                return;
            }
            if (indexBits > 0) {
                // without branches: each score as a long that orders as the double does, its lowest bits replaced
                // by the centre's index, and the least of those longs (a branch per centre mispredicts about as
                // often as the nearest centre changes from row to row: a third of the kernel's time)
                long mask = (1L << indexBits) - 1;
                for (int i = 0; i < n; i++) {
                    int at = i * clusters;
                    long least = NO_KEY;
                    for (int k = 0; k < clusters; k++) {
                        least = least(least, key(terms[k] - 2 * products[at + k], k, mask));
                    }
                    out[i] = (int) (least & mask);
                }
                return;
            }
            for (int i = 0; i < n; i++) {
                int at = i * clusters;
                int best = 0;
                double bestScore = terms[0] - 2 * products[at];
                for (int k = 1; k < clusters; k++) {
                    double score = terms[k] - 2 * products[at + k];
                    if (score < bestScore) {
                        best = k;
                        bestScore = score;
                    }
                }
                out[i] = best;
            }
        }

        static Block of(ChunkNode node, List<ChunkData> inputs, boolean withOffset) {
            NDArray x = ChunkInputs.array(node, inputs, 0);
            NDArray c = ChunkInputs.array(node, inputs, 1);
            long[] xs = x.shapeView();
            long[] cs = c.shapeView();
            if (xs.length != 2 || cs.length != 2 || xs[1] != cs[1] || cs[0] == 0) {
                throw ChunkInputs.shapeMismatch(node, "rows " + ChunkInputs.shape(xs) + " and centres "
                        + ChunkInputs.shape(cs) + " need one number of features and at least one centre");
            }
            double[] offset = null;
            if (withOffset) {
                NDArray o = ChunkInputs.array(node, inputs, 2);
                if (o.shapeView().length != 1 || o.shapeView()[0] != xs[1]) {
                    throw ChunkInputs.shapeMismatch(node, "the offset " + ChunkInputs.shape(o.shapeView())
                            + " should be a vector of the rows' " + xs[1] + " features");
                }
                offset = o.doubles();
            }
            return new Block(x.doubles(), offset, c.doubles(), (int) xs[0], (int) xs[1], (int) cs[0]);
        }


        /** The nearest centre of the row at {@code row} in x; four centres at a time, so their sums interleave. */
        int nearest(double[] x, int row) {
            int f = features;
            int best = 0;
            double bestScore = Double.POSITIVE_INFINITY;
            int k = 0;
            for (; k + 4 <= clusters; k += 4) {
                int c0 = k * f;
                int c1 = c0 + f;
                int c2 = c1 + f;
                int c3 = c2 + f;
                double d0 = 0;
                double d1 = 0;
                double d2 = 0;
                double d3 = 0;
                for (int j = 0; j < f; j++) {
                    double v = x[row + j];
                    d0 += v * centres[c0 + j];
                    d1 += v * centres[c1 + j];
                    d2 += v * centres[c2 + j];
                    d3 += v * centres[c3 + j];
                }
                double s0 = norms[k] - 2 * d0;
                double s1 = norms[k + 1] - 2 * d1;
                double s2 = norms[k + 2] - 2 * d2;
                double s3 = norms[k + 3] - 2 * d3;
                if (s0 < bestScore) {
                    bestScore = s0;
                    best = k;
                }
                if (s1 < bestScore) {
                    bestScore = s1;
                    best = k + 1;
                }
                if (s2 < bestScore) {
                    bestScore = s2;
                    best = k + 2;
                }
                if (s3 < bestScore) {
                    bestScore = s3;
                    best = k + 3;
                }
            }
            for (; k < clusters; k++) {
                int c0 = k * f;
                double d0 = 0;
                for (int j = 0; j < f; j++) {
                    d0 += x[row + j] * centres[c0 + j];
                }
                double s0 = norms[k] - 2 * d0;
                if (s0 < bestScore) {
                    bestScore = s0;
                    best = k;
                }
            }
            return best;
        }
    }
}
