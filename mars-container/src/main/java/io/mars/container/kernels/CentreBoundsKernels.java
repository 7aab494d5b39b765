package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkCentreBounds;
import io.mars.common.operand.chunk.ChunkCentreMoves;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * The bounded k-means passes (Hamerly, "Making k-means even faster", 2010) over one block of rows. A block's table
 * keeps, for each row, its nearest centre {@code a}, an upper bound {@code u} of its distance to that centre and a
 * lower bound {@code l} of its distance to every other one, as float32 (12 bytes a row; the bounds rounded outwards,
 * so that they stay bounds). When the centres move, {@code u} grows by the distance its centre moved and {@code l}
 * shrinks by the farthest any other moved (the triangle inequality keeps them bounds); while {@code u} stays below
 * {@code l} and below half the distance from its centre to the nearest other centre, no other centre can be nearer
 * and the row is not read. Otherwise its distance to its centre is computed again (u exact) and, if the test still
 * fails, the row joins a tile of rows searched as a full pass searches them. Once the centres settle almost every row
 * is proved in a few comparisons, where a full pass reads all of X and computes every distance.
 *
 * <p>A tile's search is the full pass's: the products x·c of the tile's rows (less the offset) with the centres from
 * one native BLAS call, the nearest centre the least {@code |c|² - 2 x·c} (ties to the lower index). The upper bound is
 * then the least score plus |x|² and the lower bound the second least plus |x|², widened by a margin far above that
 * sum's rounding (it cancels), so they stay above the centre's and below every other centre's exact distance; a row
 * re-measured against its own centre gets the exact {@code sqrt(Σ (x - o - c)²)}. A row is
 * kept only if its bounds prove its centre nearer by a margin of {@value #SLACK} of the distances' scale, far above
 * the bounds' own rounding, so the labels are those of a full pass. Without native BLAS the search is Java's, the
 * exact distances to every centre.
 */
final class CentreBoundsKernels {
    /** The relative margin by which bounds must prove a row's centre: rounding in them is about 1e-14 at most. */
    static final double SLACK = 1e-9;
    /**
     * The margin, relative to {@code |x|² + max |c|²}, by which bounds made from the products are widened: the
     * rounding of {@code |x|² + |c|² - 2 x·c} is below about 4 features x 2^-52 of that, and a score within 2^8 ulps
     * of the second least may stand for it (the branch-free search's ties); plus 1e-14 a feature.
     */
    static final double CANCELLATION = 1e-12;
    /** Rows searched at once: the full pass's tile (the tile, its products and scores stay in the L2 cache). */
    static final int TILE = CentreKernels.TILE;

    private CentreBoundsKernels() {
    }

    /** The (rows, 3) float32 table of a bounded pass. */
    static final class Bounds implements Kernel<ChunkCentreBounds> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkCentreBounds op, List<ChunkData> inputs) {
            boolean initial = op.initial();
            NDArray x = ChunkInputs.array(node, inputs, 0);
            int at = initial ? 1 : 2;
            NDArray c = ChunkInputs.array(node, inputs, at);
            NDArray o = ChunkInputs.array(node, inputs, at + 1);
            long[] xs = x.shapeView();
            long[] cs = c.shapeView();
            if (xs.length != 2 || cs.length != 2 || xs[1] != cs[1] || cs[0] == 0) {
                throw ChunkInputs.shapeMismatch(node, "rows " + ChunkInputs.shape(xs) + " and centres "
                        + ChunkInputs.shape(cs) + " need one number of features and at least one centre");
            }
            int rows = (int) xs[0];
            int f = (int) xs[1];
            int k = (int) cs[0];
            checkOffset(node, o, f);
            Search s = new Search(x.doubles(), c.doubles(), o.doubles(), f, k);
            float[] out = new float[rows * 3];
            if (initial) {
                for (int r = 0; r < rows; r++) {
                    s.add(r, out);
                }
                s.flush(out);
                return NDArray.of(out, rows, 3);
            }
            NDArray previous = ChunkInputs.array(node, inputs, 1);
            NDArray moves = ChunkInputs.array(node, inputs, at + 2);
            checkTable(node, previous, rows);
            if (moves.shapeView().length != 1 || moves.shapeView()[0] != k) {
                throw ChunkInputs.shapeMismatch(node, "the centres' moves " + ChunkInputs.shape(moves.shapeView())
                        + " should be a vector of the " + k + " centres");
            }
            float[] p = previous.floats();
            double[] moved = moves.doubles();
            // the farthest move and the farthest of the other centres', for the lower bounds
            int farthest = 0;
            for (int q = 1; q < k; q++) {
                if (moved[q] > moved[farthest]) {
                    farthest = q;
                }
            }
            double second = 0;
            for (int q = 0; q < k; q++) {
                if (q != farthest) {
                    second = Math.max(second, moved[q]);
                }
            }
            double most = moved[farthest];
            double scale = 2 * s.radius + most;
            double[] half = s.half;
            for (int r = 0; r < rows; r++) {
                int i = 3 * r;
                int a = label(node, p[i], k);
                double u = p[i + 1] + moved[a];
                double l = p[i + 2] - (a == farthest ? second : most);
                double bound = Math.max(half[a], l);
                double slack = SLACK * (u + scale);
                if (u + slack >= bound) {
                    u = Math.sqrt(s.squaredDistance(r, a));
                    if (u + slack >= bound) {
                        s.add(r, out);
                        continue;
                    }
                }
                out[i] = a;
                out[i + 1] = up(u);
                out[i + 2] = down(l);
            }
            s.flush(out);
            return NDArray.of(out, rows, 3);
        }
    }

    /** The block's part of a bounded pass's cluster sums, or of their change since the previous pass. */
    static final class Moves implements Kernel<ChunkCentreMoves> {
        @Override
        public ChunkData execute(ChunkNode node, ChunkCentreMoves op, List<ChunkData> inputs) {
            boolean initial = op.initial();
            NDArray x = ChunkInputs.array(node, inputs, 0);
            NDArray o = ChunkInputs.array(node, inputs, initial ? 2 : 3);
            long[] xs = x.shapeView();
            long[] shape = node.shape();
            if (xs.length != 2 || shape.length != 2 || shape[1] != xs[1] + 2) {
                throw ChunkInputs.shapeMismatch(node, "rows " + ChunkInputs.shape(xs) + " and a table of "
                        + ChunkInputs.shape(shape) + " need the table to have the rows' features + 2 columns");
            }
            int rows = (int) xs[0];
            int f = (int) xs[1];
            int k = (int) shape[0];
            int width = f + 2;
            checkOffset(node, o, f);
            double[] xv = x.doubles();
            double[] offset = o.doubles();
            double[] out = new double[k * width];
            NDArray current = ChunkInputs.array(node, inputs, initial ? 1 : 2);
            checkTable(node, current, rows);
            float[] now = current.floats();
            if (initial && Blas.isNative() && (long) f * k * TILE >= Blas.MIN_NATIVE_WORK) {
                return nativeSums(node, xv, offset, now, rows, f, k);
            }
            if (initial) {
                // the squares by feature (independent sums, not one chain a row), their total in the first row
                double[] squares = new double[f];
                for (int r = 0; r < rows; r++) {
                    int a = label(node, now[3 * r], k);
                    int to = a * width;
                    int row = r * f;
                    for (int j = 0; j < f; j++) {
                        double v = xv[row + j] - offset[j];
                        out[to + j] += v;
                        squares[j] += v * v;
                    }
                    out[to + f] += 1;
                }
                double total = 0;
                for (double v : squares) {
                    total += v;
                }
                out[f + 1] = total;
                return NDArray.of(out, k, width);
            }
            NDArray previous = ChunkInputs.array(node, inputs, 1);
            checkTable(node, previous, rows);
            float[] before = previous.floats();
            for (int r = 0; r < rows; r++) {
                float was = before[3 * r];
                float is = now[3 * r];
                if (was == is) {
                    continue;
                }
                int to = label(node, is, k) * width;
                int from = label(node, was, k) * width;
                int row = r * f;
                for (int j = 0; j < f; j++) {
                    double v = xv[row + j] - offset[j];
                    out[to + j] += v;
                    out[from + j] -= v;
                }
                out[to + f] += 1;
                out[from + f] -= 1;
            }
            return NDArray.of(out, k, width);
        }
    }

    /**
     * The first pass's sums with native products, as the Lloyd pass makes them: per tile of rows (less the offset), a
     * one-hot table of their centres times the tile gives every centre's sum in one call; the squares are summed over
     * the whole tile (a loop C2 vectorises, then four partial sums).
     */
    private static NDArray nativeSums(ChunkNode node, double[] x, double[] offset, float[] table, int rows, int f,
            int k) {
        int width = f + 2;
        double[] sums = new double[k * f];
        double[] counts = new double[k];
        double[] tile = new double[TILE * f];
        double[] squared = new double[TILE * f];
        double[] repeated = CentreKernels.repeated(offset, TILE * f);
        double[] oneHot = new double[TILE * k];
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int from = 0; from < rows; from += TILE) {
            int n = Math.min(rows, from + TILE) - from;
            int m = n * f;
            System.arraycopy(x, from * f, tile, 0, m);
            CentreKernels.subtract(tile, repeated, m);
            java.util.Arrays.fill(oneHot, 0, n * k, 0.0);
            for (int r = 0; r < n; r++) {
                int a = label(node, table[3 * (from + r)], k);
                oneHot[r * k + a] = 1;
                counts[a] += 1;
            }
            Blas.dgemmTransAAdd(oneHot, tile, k, n, f, sums);
            CentreKernels.square(tile, squared, m);
            int i = 0;
            for (; i + 4 <= m; i += 4) {
                s0 += squared[i];
                s1 += squared[i + 1];
                s2 += squared[i + 2];
                s3 += squared[i + 3];
            }
            for (; i < m; i++) {
                s0 += squared[i];
            }
        }
        double[] out = new double[k * width];
        for (int q = 0; q < k; q++) {
            System.arraycopy(sums, q * f, out, q * width, f);
            out[q * width + f] = counts[q];
        }
        out[f + 1] = (s0 + s1) + (s2 + s3);
        return NDArray.of(out, k, width);
    }

    /** A float32 table's bounds are widened by this much before rounding to nearest (2^-24): they stay bounds. */
    private static final double WIDEN = 0x1p-22;

    /**
     * A float at or above v (v at least 0; an upper bound stays one): without branches (whether rounding went down is
     * a coin toss a row, a branch on it mispredicts half the time), at most 2^-22 above.
     */
    static float up(double v) {
        return (float) (v + v * WIDEN);
    }

    /** A float at or below v (a lower bound stays one; infinity stays infinite), at most 2^-22 of |v| below. */
    static float down(double v) {
        return v == Double.POSITIVE_INFINITY ? Float.POSITIVE_INFINITY : (float) (v - Math.abs(v) * WIDEN);
    }

    /**
     * The centres in the rows' frame (the offset added) and centred, their spacing, and the search of the rows that
     * the bounds do not settle, a tile at a time.
     */
    private static final class Search {
        final double[] x;
        /** The centres plus the offset (clusters x features), for exact distances to the rows as they are. */
        final double[] centres;
        final double[] centred;
        final int features;
        final int clusters;
        /** Half the distance from each centre to the nearest other one (infinite for one centre). */
        final double[] half;
        /** The largest distance of a centre from the offset: the scale of the distances, for the margin. */
        final double radius;
        /** The centres' squared norms (centred) and the largest of them. */
        final double[] norms;
        final double mostNorm;
        /** The centred centres transposed (features x clusters) for the native products; null without them. */
        final double[] transposed;
        final double[] tile;
        final double[] repeatedOffset;
        final double[] products;
        final int[] pending = new int[TILE];
        int waiting;
        /** A tile's squares, the rows' squared norms, a column of ones (their sums' product) and the searches. */
        final double[] squaredTile;
        final double[] squares;
        final double[] ones;
        final int[] nearest = new int[TILE];
        final int[] runnerUp = new int[TILE];
        /** The bounds' margin relative to {@code |x|² + max |c|²}: {@link #CANCELLATION} and 1e-14 a feature. */
        final double relativeMargin;
        /** Low bits of a score given up for a centre's index in the branch-free search (0: the search with branches). */
        final int indexBits;

        Search(double[] x, double[] centred, double[] offset, int features, int clusters) {
            this.x = x;
            this.centred = centred;
            this.features = features;
            this.clusters = clusters;
            this.centres = new double[clusters * features];
            this.norms = new double[clusters];
            double most = 0;
            for (int q = 0; q < clusters; q++) {
                double norm = 0;
                for (int j = 0; j < features; j++) {
                    double v = centred[q * features + j];
                    centres[q * features + j] = v + offset[j];
                    norm += v * v;
                }
                norms[q] = norm;
                most = Math.max(most, norm);
            }
            this.mostNorm = most;
            int bits = 32 - Integer.numberOfLeadingZeros(Math.max(1, clusters - 1));
            this.indexBits = bits <= 8 ? bits : 0;
            this.relativeMargin = CANCELLATION + 1e-14 * features;
            this.radius = Math.sqrt(most);
            this.half = new double[clusters];
            java.util.Arrays.fill(half, Double.POSITIVE_INFINITY);
            for (int q = 0; q < clusters; q++) {
                for (int p = q + 1; p < clusters; p++) {
                    double d = 0;
                    for (int j = 0; j < features; j++) {
                        double e = centred[q * features + j] - centred[p * features + j];
                        d += e * e;
                    }
                    d = Math.sqrt(d) / 2;
                    half[q] = Math.min(half[q], d);
                    half[p] = Math.min(half[p], d);
                }
            }
            boolean nativeProducts = Blas.isNative() && (long) features * clusters * TILE >= Blas.MIN_NATIVE_WORK;
            if (nativeProducts) {
                transposed = new double[features * clusters];
                for (int q = 0; q < clusters; q++) {
                    for (int j = 0; j < features; j++) {
                        transposed[j * clusters + q] = centred[q * features + j];
                    }
                }
                tile = new double[TILE * features];
                repeatedOffset = CentreKernels.repeated(offset, TILE * features);
                products = new double[TILE * clusters];
                squaredTile = new double[TILE * features];
                squares = new double[TILE];
                ones = new double[features];
                java.util.Arrays.fill(ones, 1.0);
            } else {
                squaredTile = null;
                squares = null;
                ones = null;
                transposed = null;
                tile = null;
                repeatedOffset = null;
                products = null;
            }
        }

        /**
         * The squared distance of row r to centre q, exactly (from the rows as they are and the offset centres), with
         * four partial sums.
         */
        double squaredDistance(int r, int q) {
            int row = r * features;
            int c = q * features;
            double d0 = 0;
            double d1 = 0;
            double d2 = 0;
            double d3 = 0;
            int j = 0;
            for (; j + 4 <= features; j += 4) {
                double e0 = x[row + j] - centres[c + j];
                double e1 = x[row + j + 1] - centres[c + j + 1];
                double e2 = x[row + j + 2] - centres[c + j + 2];
                double e3 = x[row + j + 3] - centres[c + j + 3];
                d0 += e0 * e0;
                d1 += e1 * e1;
                d2 += e2 * e2;
                d3 += e3 * e3;
            }
            for (; j < features; j++) {
                double e = x[row + j] - centres[c + j];
                d0 += e * e;
            }
            return (d0 + d1) + (d2 + d3);
        }

        /** Row r to be searched: at once without native products, else with the next full tile. */
        void add(int r, float[] out) {
            if (products == null) {
                searchExactly(r, out);
                return;
            }
            pending[waiting++] = r;
            if (waiting == TILE) {
                flush(out);
            }
        }

        /**
         * Searches the rows waiting: their products with the centres and their squared norms (the squares' row sums)
         * in native calls, then per row the least and second least score without branches (a branch per centre
         * mispredicts as often as the nearest centre changes from row to row). The bounds come from the scores:
         * {@code |x|² + score}, the squared distance, widened either way by {@link #relativeMargin} of
         * {@code |x|² + max |c|²} against its rounding.
         */
        void flush(float[] out) {
            int n = waiting;
            if (n == 0) {
                return;
            }
            waiting = 0;
            int f = features;
            int k = clusters;
            if (pending[n - 1] - pending[0] == n - 1) {
                System.arraycopy(x, pending[0] * f, tile, 0, n * f);
            } else {
                for (int i = 0; i < n; i++) {
                    System.arraycopy(x, pending[i] * f, tile, i * f, f);
                }
            }
            CentreKernels.subtract(tile, repeatedOffset, n * f);
            Blas.dgemm(tile, 0, transposed, 0, n, f, k, products, 0);
            CentreKernels.square(tile, squaredTile, n * f);
            Blas.dgemv(squaredTile, false, n, f, ones, 0.0, squares);
            if (k == 8) {
                CentreKernels.nearestOfEight(norms, products, n, nearest, runnerUp);
            } else {
                searchAny(n);
            }
            for (int i = 0; i < n; i++) {
                int at = i * k;
                int best = nearest[i];
                int next = runnerUp[i];
                double norm = squares[i];
                double margin = relativeMargin * (norm + mostNorm);
                double upper = norm + norms[best] - 2 * products[at + best] + margin;
                double lower = next < 0 ? Double.POSITIVE_INFINITY
                        : norm + norms[next] - 2 * products[at + next] - margin;
                int o = 3 * pending[i];
                out[o] = best;
                out[o + 1] = up(Math.sqrt(upper));
                out[o + 2] = down(Math.sqrt(Math.max(0, lower)));
            }
        }

        /**
         * {@link #flush}'s search for any number of centres: with keys as {@link CentreKernels#nearestOfEight} up to
         * 256 centres, else with branches (-1: no second centre).
         */
        private void searchAny(int n) {
            int k = clusters;
            long mask = (1L << indexBits) - 1;
            for (int i = 0; i < n; i++) {
                int at = i * k;
                if (indexBits > 0) {
                    long least = CentreKernels.NO_KEY;
                    for (int q = 0; q < k; q++) {
                        least = CentreKernels.least(least, CentreKernels.key(norms[q] - 2 * products[at + q], q, mask));
                    }
                    long second = CentreKernels.NO_KEY;
                    for (int q = 0; q < k; q++) {
                        long key = CentreKernels.key(norms[q] - 2 * products[at + q], q, mask);
                        second = CentreKernels.least(second, CentreKernels.without(key, least));
                    }
                    nearest[i] = (int) (least & mask);
                    runnerUp[i] = k == 1 ? -1 : (int) (second & mask);
                    continue;
                }
                int best = 0;
                int next = -1;
                double first = norms[0] - 2 * products[at];
                double runner = Double.POSITIVE_INFINITY;
                for (int q = 1; q < k; q++) {
                    double score = norms[q] - 2 * products[at + q];
                    if (score < first) {
                        runner = first;
                        next = best;
                        first = score;
                        best = q;
                    } else if (score < runner) {
                        runner = score;
                        next = q;
                    }
                }
                nearest[i] = best;
                runnerUp[i] = next;
            }
        }

        /**
         * Row r's nearest centre (ties to the lower index), its distance and that of the second nearest, from the
         * exact distances to every centre (the search without native products).
         */
        void searchExactly(int r, float[] out) {
            int best = 0;
            double first = Double.POSITIVE_INFINITY;
            double second = Double.POSITIVE_INFINITY;
            for (int q = 0; q < clusters; q++) {
                double d = squaredDistance(r, q);
                if (d < first) {
                    second = first;
                    first = d;
                    best = q;
                } else if (d < second) {
                    second = d;
                }
            }
            out[3 * r] = best;
            out[3 * r + 1] = up(Math.sqrt(first));
            out[3 * r + 2] = down(Math.sqrt(second));
        }
    }

    private static int label(ChunkNode node, float value, int clusters) {
        int a = (int) value;
        if (a < 0 || a >= clusters || a != value) {
            throw ChunkInputs.shapeMismatch(node, "a bounds table names centre " + value + " of " + clusters);
        }
        return a;
    }

    private static void checkOffset(ChunkNode node, NDArray o, int features) {
        if (o.shapeView().length != 1 || o.shapeView()[0] != features) {
            throw ChunkInputs.shapeMismatch(node, "the offset " + ChunkInputs.shape(o.shapeView())
                    + " should be a vector of the rows' " + features + " features");
        }
    }

    private static void checkTable(ChunkNode node, NDArray table, int rows) {
        long[] ts = table.shapeView();
        if (ts.length != 2 || ts[0] != rows || ts[1] != 3) {
            throw ChunkInputs.shapeMismatch(node, "a bounds table " + ChunkInputs.shape(ts) + " should have the"
                    + " block's " + rows + " rows and 3 columns");
        }
    }
}
