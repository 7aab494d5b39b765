package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkLogisticTerms;
import io.mars.common.operand.tensor.TensorLogisticTerms;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.List;

/**
 * A block of rows' part of a linear model's log-loss, gradient and Hessian ({@code TensorLogisticTerms}), in one pass
 * over tiles of rows: each tile is copied once with a column of ones appended (the intercept's), its scores,
 * probabilities and residuals are made row by row, and the Hessian's blocks {@code Σ d x xᵀ} are rank-T updates: a
 * native {@code dsyrk} of the rows scaled by √d for a class with itself (d = p(1 - p) ≥ 0), a {@code dgemm} for two
 * classes, or Java loops without native BLAS; without {@code hessian} that part (the bulk of the work) is skipped
 * and only the loss and gradient come back. Tiles follow the whole's blocks of {@value #TILE} rows (the block's first
 * tile is cut short to reach the next boundary), so that with {@code hessianEvery} above 1 the Hessian is summed over
 * the tiles of the sampled blocks only, the same rows at any chunking. Nothing of the block's size is made.
 */
final class LogisticTermsKernel implements Kernel<ChunkLogisticTerms> {
    /** Rows per tile: a tile and its scaled copy (TILE x width doubles each) stay in the cache; the sample's blocks. */
    static final int TILE = TensorLogisticTerms.HESSIAN_BLOCK;

    @Override
    public ChunkData execute(ChunkNode node, ChunkLogisticTerms op, List<ChunkData> inputs) {
        NDArray xa = ChunkInputs.array(node, inputs, 0);
        NDArray ya = ChunkInputs.array(node, inputs, 1);
        NDArray ta = ChunkInputs.array(node, inputs, 2);
        long[] xs = xa.shapeView();
        long[] ys = ya.shapeView();
        long[] ts = ta.shapeView();
        int width = xs.length == 2 ? (int) xs[1] + (op.intercept() ? 1 : 0) : -1;
        if (xs.length != 2 || ys.length != 2 || ts.length != 2 || ys[0] != xs[0] || ys[1] != ts[0]
                || ts[1] != width || ts[0] == 0) {
            throw ChunkInputs.shapeMismatch(node, "X " + ChunkInputs.shape(xs) + ", targets " + ChunkInputs.shape(ys)
                    + " and parameters " + ChunkInputs.shape(ts) + " do not fit together (intercept "
                    + op.intercept() + ")");
        }
        if (op.hessianEvery() < 1 || op.firstRow() < 0) {
            throw ChunkInputs.shapeMismatch(node, "the Hessian's sample (one block in " + op.hessianEvery()
                    + ", first row " + op.firstRow() + ") needs a positive stride and a first row of at least 0");
        }
        Terms terms = new Terms(xa.doubles(), ya.doubles(), ta.doubles(), (int) xs[0], (int) xs[1], (int) ts[0],
                op.intercept(), op.hessian(), op.hessianEvery(), op.firstRow());
        return NDArray.of(terms.run(), 1 + terms.n + (op.hessian() ? (long) terms.n * terms.n : 0));
    }


    /**
     * Per thread (a worker's slot), the tile buffers of the last block it ran, kept for the next: a block's five
     * buffers are about 0.5 MB at 32 features, and made new for each of a pass's hundreds of blocks they were zeroed
     * and, in a large young generation that no collection had recycled yet, faulted in page by page (the fit 8%
     * faster with the heap's pages touched in advance).
     */
    private static final ThreadLocal<double[][]> SCRATCH = ThreadLocal.withInitial(() -> new double[5][]);

    /** Buffer {@code slot} of {@code mine}, of at least {@code length} values (its old values left in it). */
    private static double[] scratch(double[][] mine, int slot, int length) {
        if (mine[slot] == null || mine[slot].length < length) {
            mine[slot] = new double[length];
        }
        return mine[slot];
    }

    /** The sums of one block, built tile by tile. */
    private static final class Terms {
        final double[] x;
        final double[] y;
        final double[] theta;
        final int rows;
        final int features;
        final int outputs;
        final int width;
        final int n;
        final boolean nativeBlas;
        final boolean hessian;
        /** The Hessian's sample: blocks of TILE rows of the whole whose index is a multiple of this. */
        final int hessianEvery;
        /** The block's first row in the whole. */
        final long firstRow;
        /** The tile with a column of ones (TILE x width), its scaled copy, scores/probabilities (TILE x outputs). */
        final double[] tile;
        final double[] scaled;
        final double[] p;
        final double[] residual;
        final double[] scores;
        /** Hessian blocks per pair of outputs k <= l, each width x width row-major. */
        final double[][] blocks;
        final double[] gradient;
        double loss;

        Terms(double[] x, double[] y, double[] theta, int rows, int features, int outputs, boolean intercept,
                boolean hessian, int hessianEvery, long firstRow) {
            this.hessian = hessian;
            this.hessianEvery = hessianEvery;
            this.firstRow = firstRow;
            this.x = x;
            this.y = y;
            this.theta = theta;
            this.rows = rows;
            this.features = features;
            this.outputs = outputs;
            this.width = features + (intercept ? 1 : 0);
            this.n = outputs * width;
            int t = Math.min(TILE, Math.max(1, rows));
            this.nativeBlas = Blas.isNative() && (long) t * width * width >= Blas.MIN_NATIVE_WORK;
            // the tile buffers, every value of which a tile writes before it reads it, are the slot thread's own
            double[][] mine = SCRATCH.get();
            this.tile = scratch(mine, 0, t * width);
            this.scaled = hessian ? scratch(mine, 1, t * width) : null;
            this.p = scratch(mine, 2, t * outputs);
            this.residual = scratch(mine, 3, t * outputs);
            this.scores = scratch(mine, 4, t * outputs);
            this.blocks = hessian ? new double[outputs * (outputs + 1) / 2][width * width] : null;
            this.gradient = new double[n];
            if (intercept) {
                for (int r = 0; r < t; r++) {
                    tile[r * width + features] = 1.0;
                }
            }
        }

        double[] run() {
            for (int from = 0; from < rows; ) {
                long row = firstRow + from;
                // up to the whole's next block boundary
                int count = (int) Math.min(TILE - row % TILE, rows - from);
                for (int r = 0; r < count; r++) {
                    System.arraycopy(x, (from + r) * features, tile, r * width, features);
                }
                probabilities(from, count);
                accumulateGradient(count);
                if (hessian && (row / TILE) % hessianEvery == 0) {
                    accumulateHessian(count);
                }
                from += count;
            }
            return assemble();
        }

        /** Scores, probabilities, the loss and the residuals p - y of a tile's rows. */
        private void probabilities(int from, int count) {
            double[] z = new double[outputs];
            if (nativeBlas && outputs == 1) {
                // one output: a matrix times a vector (dgemm with one column is several times slower)
                Blas.dgemv(tile, false, count, width, theta, 0.0, scores);
            } else if (nativeBlas) {
                // the tile's scores (count x outputs) in one product
                Blas.dgemm(tile, false, theta, true, count, width, outputs, 0.0, scores);
            } else {
                for (int r = 0; r < count; r++) {
                    for (int k = 0; k < outputs; k++) {
                        scores[r * outputs + k] = dot(tile, r * width, theta, k * width, width);
                    }
                }
            }
            for (int r = 0; r < count; r++) {
                int out = r * outputs;
                int target = (from + r) * outputs;
                double top = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < outputs; k++) {
                    double s = scores[out + k];
                    z[k] = s;
                    top = Math.max(top, s);
                    loss -= y[target + k] * s;
                }
                if (outputs == 1) {
                    double s = z[0];
                    // log(1 + e^s) without overflow, and the sigmoid, from one exponential; log(1 + e) rather than
                    // log1p(e) (several times slower), whose difference, below 2.3e-16 a row, is far below anything
                    // the line search compares
                    double e = Math.exp(-Math.abs(s));
                    loss += Math.max(s, 0.0) + Math.log(1.0 + e);
                    p[out] = s >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
                } else {
                    double total = 0;
                    for (int k = 0; k < outputs; k++) {
                        double e = Math.exp(z[k] - top);
                        p[out + k] = e;
                        total += e;
                    }
                    loss += top + Math.log(total);
                    for (int k = 0; k < outputs; k++) {
                        p[out + k] /= total;
                    }
                }
                for (int k = 0; k < outputs; k++) {
                    residual[out + k] = p[out + k] - y[target + k];
                }
            }
        }

        /**
         * The dot product of a[from..] and b[at..] over {@code length}, in four interleaved partial sums (one running
         * sum waits out the latency of every addition): the scores without native BLAS.
         */
        private static double dot(double[] a, int from, double[] b, int at, int length) {
            double s0 = 0;
            double s1 = 0;
            double s2 = 0;
            double s3 = 0;
            int i = 0;
            for (; i + 3 < length; i += 4) {
                s0 += a[from + i] * b[at + i];
                s1 += a[from + i + 1] * b[at + i + 1];
                s2 += a[from + i + 2] * b[at + i + 2];
                s3 += a[from + i + 3] * b[at + i + 3];
            }
            for (; i < length; i++) {
                s0 += a[from + i] * b[at + i];
            }
            return (s0 + s1) + (s2 + s3);
        }

        private void accumulateGradient(int count) {
            if (nativeBlas && outputs == 1) {
                // gradient (width) += tileᵀ (width x count) · residual (count)
                Blas.dgemv(tile, true, count, width, residual, 1.0, gradient);
                return;
            }
            if (nativeBlas) {
                // gradient (outputs x width) += residualᵀ (outputs x count) · tile (count x width)
                Blas.dgemm(residual, true, tile, false, outputs, count, width, 1.0, gradient);
                return;
            }
            for (int r = 0; r < count; r++) {
                int row = r * width;
                for (int k = 0; k < outputs; k++) {
                    double rk = residual[r * outputs + k];
                    int at = k * width;
                    for (int i = 0; i < width; i++) {
                        gradient[at + i] += rk * tile[row + i];
                    }
                }
            }
        }

        /** {@code Σ d_kl x xᵀ} over the tile for each pair, d_kk = p_k (1 - p_k), d_kl = -p_k p_l. */
        private void accumulateHessian(int count) {
            int b = 0;
            for (int k = 0; k < outputs; k++) {
                for (int l = k; l < outputs; l++, b++) {
                    boolean diagonal = k == l;
                    for (int r = 0; r < count; r++) {
                        double pk = p[r * outputs + k];
                        double d = diagonal ? pk * (1.0 - pk) : -pk * p[r * outputs + l];
                        double scale = diagonal && nativeBlas ? Math.sqrt(d) : d;
                        int row = r * width;
                        for (int i = 0; i < width; i++) {
                            scaled[row + i] = scale * tile[row + i];
                        }
                    }
                    double[] block = blocks[b];
                    if (!nativeBlas) {
                        for (int r = 0; r < count; r++) {
                            int row = r * width;
                            for (int i = 0; i < width; i++) {
                                double a = scaled[row + i];
                                int at = i * width;
                                for (int j = 0; j < width; j++) {
                                    block[at + j] += a * tile[row + j];
                                }
                            }
                        }
                    } else if (diagonal) {
                        Blas.dsyrk(scaled, true, width, count, 1.0, block);
                    } else {
                        Blas.dgemm(tile, true, scaled, false, width, count, width, 1.0, block);
                    }
                }
            }
        }

        /**
         * {@code [loss, gradient, Hessian (n x n)]}, the Hessian filled from the pair blocks on both sides; without the
         * Hessian {@code [loss, gradient]}.
         */
        private double[] assemble() {
            double[] out = new double[1 + n + (hessian ? n * n : 0)];
            out[0] = loss;
            System.arraycopy(gradient, 0, out, 1, n);
            if (!hessian) {
                return out;
            }
            int h = 1 + n;
            int b = 0;
            for (int k = 0; k < outputs; k++) {
                for (int l = k; l < outputs; l++, b++) {
                    double[] block = blocks[b];
                    if (k == l && nativeBlas) {
                        Blas.mirrorLower(block, width);
                    }
                    for (int i = 0; i < width; i++) {
                        for (int j = 0; j < width; j++) {
                            double v = block[i * width + j];
                            out[h + (k * width + i) * n + l * width + j] = v;
                            out[h + (l * width + j) * n + k * width + i] = v;
                        }
                    }
                }
            }
            return out;
        }
    }
}
