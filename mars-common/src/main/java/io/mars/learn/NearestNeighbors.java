package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.TopK;
import io.mars.tensor.Tensors;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * scikit-learn's {@code NearestNeighbors} with the brute-force algorithm and the euclidean metric. {@link #fit}
 * checks the points (one task) and keeps them as they are; {@link #kneighbors} is lazy: the points are cut into
 * blocks of {@link #blockRows} rows, each block's squared distances to the queries are computed and its k nearest
 * kept by a top-k along the rows ({@link Tensor#topk}: one pass over the distances, so a block's distances are the
 * largest temporary), and the blocks' candidates are merged by a last top-k of the few of them.
 */
public final class NearestNeighbors {
    /** The result of {@link #kneighbors}: (queries, k) each, nearest first. */
    public record Neighbors(Tensor distances, Tensor indices) {
        public Neighbors {
            Objects.requireNonNull(distances, "distances");
            Objects.requireNonNull(indices, "indices");
        }
    }

    private final int nNeighbors;
    private long blockRows = 65_536;
    private Tensor points;

    /** Five neighbours, scikit-learn's default. */
    public NearestNeighbors() {
        this(5);
    }

    /** scikit-learn's {@code n_neighbors}: how many neighbours {@link #kneighbors(Tensor)} finds. */
    public NearestNeighbors(int nNeighbors) {
        this.nNeighbors = requirePositive(nNeighbors);
    }

    /**
     * The fitted points per block of the distance computation (default 65536): a block's distances take queries ×
     * blockRows numbers per query chunk. The result does not depend on it.
     */
    public NearestNeighbors blockRows(long rows) {
        if (rows <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "blockRows should be > 0, got " + rows);
        }
        this.blockRows = rows;
        return this;
    }

    /** Keeps the points X (samples × features) to search, after checking they are finite (one task). */
    public NearestNeighbors fit(Tensor x, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.requireFinite(session, List.of("X"), List.of(xf));
        this.points = xf;
        return this;
    }

    /** As {@link #fit(Tensor, Session)} on a frame's numeric columns. */
    public NearestNeighbors fit(DataFrame x, Session session) {
        return fit(Inputs.matrix(x, "X"), session);
    }

    /** As {@link #kneighbors(Tensor, int)} for the rows of a frame's numeric columns. */
    public Neighbors kneighbors(DataFrame queries, int k) {
        return kneighbors(Inputs.matrix(queries, "X"), k);
    }

    /** The {@code nNeighbors} nearest fitted points of each query row. */
    public Neighbors kneighbors(Tensor queries) {
        return kneighbors(queries, nNeighbors);
    }

    /**
     * The k nearest fitted points of each query row (queries × features): their euclidean distances and their
     * row indices in the fitted X, nearest first. Lazy.
     */
    public Neighbors kneighbors(Tensor queries, int k) {
        Inputs.requireFitted(points, "NearestNeighbors");
        requirePositive(k);
        Tensor q = Inputs.matrix(queries, "X");
        Inputs.sameFeatures(q, points.shape()[1], "NearestNeighbors");
        long n = points.shape()[0];
        if (k > n) {
            throw new MarsException(ErrorCode.TOO_FEW_SAMPLES, "Expected n_neighbors <= n_samples_fit, but"
                    + " n_neighbors = " + k + ", n_samples_fit = " + n + ", n_samples = " + q.shape()[0]);
        }
        Tensor qSquared = q.multiply(q).sum(new int[] {1}, true);
        List<Tensor> distances = new ArrayList<>();
        List<Tensor> indices = new ArrayList<>();
        for (long start = 0; start < n; start += blockRows) {
            long stop = Math.min(n, start + blockRows);
            Tensor block = points.get(Index.slice(start, stop), Index.all());
            Tensor d = Metrics.squaredEuclidean(q, qSquared, block);
            TopK nearest = Tensors.topk(d, Math.min(k, (int) (stop - start)), 1, false);
            distances.add(nearest.values());
            indices.add(start == 0 ? nearest.indices() : nearest.indices().add(start));
        }
        if (distances.size() == 1) {
            return new Neighbors(distances.get(0).sqrt(), indices.get(0));
        }
        // the blocks' candidates, in block order and each block's nearest first: the k nearest of them, equal
        // distances lowest row first
        Tensor candidates = Tensors.concatenate(distances, 1);
        Tensor candidateRows = Tensors.concatenate(indices, 1);
        long rows = candidates.shape()[0];
        long width = candidates.shape()[1];
        TopK nearest = Tensors.topk(candidates, k, 1, false);
        Tensor flat = nearest.indices().add(Tensors.arange(rows).multiply(width).reshape(rows, 1)).ravel();
        return new Neighbors(nearest.values().sqrt(), candidateRows.ravel().take(flat).reshape(rows, k));
    }

    private static int requirePositive(int k) {
        if (k <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Expected n_neighbors > 0. Got " + k);
        }
        return k;
    }
}
