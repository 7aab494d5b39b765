package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.tensor.TensorCentreAssign;
import io.mars.common.operand.tensor.TensorCentreBounds;
import io.mars.common.operand.tensor.TensorCentreMoves;
import io.mars.common.operand.tensor.TensorCentreStats;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.List;

/**
 * Nearest-centre passes over the rows of a matrix, the heart of k-means (Lloyd's algorithm), each one fused pass per
 * block of rows: no samples × centres matrix of distances is made, only one label per row or one small table per
 * block. A row's nearest centre is the one of least {@code |c|² - 2 x·c} (ties to the lowest index, as numpy's
 * argmin of the squared distances would pick up to rounding). X's blocks keep all their features in one chunk (X is
 * rechunked along the features if needed) and the centres go into one chunk, so they must fit one worker.
 */
public final class Centres {
    private Centres() {
    }

    /** The index of each row's nearest centre: int64 (samples,). */
    public static Tensor nearest(Tensor x, Tensor centres) {
        check(x, centres, "nearest");
        return new Tensor(new TensorCentreAssign(false), List.of(x, centres), DataType.INT64,
                new long[] {x.shape()[0]});
    }

    /**
     * As {@link #nearest(Tensor, Tensor)} for the rows of X less {@code offset} (features,), subtracted on the fly:
     * the same labels as {@code nearest(x.subtract(offset), centres)}, with no centred copy of X.
     */
    public static Tensor nearest(Tensor x, Tensor centres, Tensor offset) {
        check(x, centres, "nearest");
        checkOffset(x, offset, "nearest");
        return new Tensor(new TensorCentreAssign(true), List.of(x, centres, offset), DataType.INT64,
                new long[] {x.shape()[0]});
    }

    /**
     * One Lloyd pass: float64 (clusters, features + 2) holding, for each centre, the sum of the rows nearest it
     * (columns 0..features-1), their count (column features) and the sum of their squared distances to it (column
     * features + 1; their total is k-means' inertia for these centres).
     */
    public static Tensor statistics(Tensor x, Tensor centres) {
        check(x, centres, "statistics");
        long[] shape = {centres.shape()[0], centres.shape()[1] + 2};
        return new Tensor(new TensorCentreStats(false), List.of(x, centres), DataType.FLOAT64, shape);
    }

    /**
     * As {@link #statistics(Tensor, Tensor)} for the rows of X less {@code offset} (features,), subtracted on the fly
     * (the sums are of the rows less the offset): the same numbers as {@code statistics(x.subtract(offset), centres)},
     * with no centred copy of X, which k-means would otherwise keep beside X.
     */
    public static Tensor statistics(Tensor x, Tensor centres, Tensor offset) {
        return statistics(x, centres, offset, true);
    }

    /**
     * As {@link #statistics(Tensor, Tensor, Tensor)}; without {@code distances} the last column is 0 and the pass
     * does not square the rows. The inertia then follows from the sums and counts and X's total sum of squares
     * (less the offset), which does not depend on the centres: {@code Σ|x|² + Σ_k (n_k |c_k|² - 2 c_k·s_k)}, as
     * k-means' iterations use it.
     */
    public static Tensor statistics(Tensor x, Tensor centres, Tensor offset, boolean distances) {
        check(x, centres, "statistics");
        checkOffset(x, offset, "statistics");
        long[] shape = {centres.shape()[0], centres.shape()[1] + 2};
        return new Tensor(new TensorCentreStats(true, distances), List.of(x, centres, offset), DataType.FLOAT64,
                shape);
    }

    /** The columns of a bounded pass's table ({@link #bounds}): nearest centre, upper bound, lower bound. */
    public static final int BOUNDS_COLUMNS = 3;

    /**
     * The first bounded pass of k-means (Hamerly's algorithm) over the rows of X less {@code offset}: float32
     * (samples, 3) holding each row's nearest centre (ties to the lowest index), its distance to it (the upper bound)
     * and its distance to the second nearest (the lower bound of its distance to any other centre), the bounds
     * rounded outwards. At most 2^24 centres (a float32 names them exactly).
     */
    public static Tensor bounds(Tensor x, Tensor centres, Tensor offset) {
        check(x, centres, "bounds");
        checkOffset(x, offset, "bounds");
        checkClusters(centres);
        return new Tensor(new TensorCentreBounds(true), List.of(x, centres, offset), DataType.FLOAT32,
                new long[] {x.shape()[0], BOUNDS_COLUMNS});
    }

    /**
     * A later bounded pass: {@code previous} is the table of the pass at the former centres and {@code moved} the
     * distance each centre has moved since (clusters,). The bounds are widened by those moves; a row whose upper bound
     * is still below its lower bound and half the distance from its centre to the nearest other one keeps its centre
     * without being read, else its distance to its centre is computed again, and only if that does not settle it are
     * all its distances. The labels are those of {@link #nearest(Tensor, Tensor, Tensor)} at these centres (but for
     * rows within about 1e-9 of a tie, which rounding may send either way).
     */
    public static Tensor bounds(Tensor x, Tensor previous, Tensor centres, Tensor offset, Tensor moved) {
        check(x, centres, "bounds");
        checkOffset(x, offset, "bounds");
        checkClusters(centres);
        checkTable(x, previous, "bounds");
        if (moved.ndim() != 1 || moved.shape()[0] != centres.shape()[0]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Centres.bounds: the centres' moves should be a vector"
                    + " of the " + centres.shape()[0] + " centres, got shape " + Shapes.toString(moved.shape()));
        }
        return new Tensor(new TensorCentreBounds(false), List.of(x, previous, centres, offset, moved),
                DataType.FLOAT32, new long[] {x.shape()[0], BOUNDS_COLUMNS});
    }

    /**
     * The cluster sums of the first bounded pass's table: float64 (clusters, features + 2), the sums and counts as
     * {@link #statistics(Tensor, Tensor, Tensor)} gives them, and in the last column X's sum of squares (less the
     * offset) in the first row, 0 in the others: with it the inertia at the centres is
     * {@code Σ|x|² + Σ_k (n_k |c_k|² - 2 c_k·s_k)}.
     */
    public static Tensor moves(Tensor x, Tensor table, Tensor offset, int clusters) {
        checkOffset(x, offset, "moves");
        checkTable(x, table, "moves");
        return new Tensor(new TensorCentreMoves(true), List.of(x, table, offset), DataType.FLOAT64,
                new long[] {clusters, x.shape()[1] + 2});
    }

    /**
     * What changed from the table {@code previous} to {@code current}: float64 (clusters, features + 2), for each
     * centre the sum (less the offset) and count of the rows that joined it less those of the rows that left it, and
     * 0: the previous sums and counts plus these are the current ones. Reads only the rows that changed centre.
     */
    public static Tensor moves(Tensor x, Tensor previous, Tensor current, Tensor offset, int clusters) {
        checkOffset(x, offset, "moves");
        checkTable(x, previous, "moves");
        checkTable(x, current, "moves");
        return new Tensor(new TensorCentreMoves(false), List.of(x, previous, current, offset), DataType.FLOAT64,
                new long[] {clusters, x.shape()[1] + 2});
    }

    private static void checkClusters(Tensor centres) {
        if (centres.shape()[0] > 1 << 24) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Centres.bounds: at most 2^24 centres, got "
                    + centres.shape()[0]);
        }
    }

    private static void checkTable(Tensor x, Tensor table, String name) {
        if (table.ndim() != 2 || table.shape()[0] != x.shape()[0] || table.shape()[1] != BOUNDS_COLUMNS
                || table.dtype() != DataType.FLOAT32) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Centres." + name + ": a bounds table should be float32"
                    + " (" + x.shape()[0] + ", " + BOUNDS_COLUMNS + ") for X of shape " + Shapes.toString(x.shape())
                    + ", got " + table.dtype().numpyName() + " " + Shapes.toString(table.shape()));
        }
    }

    private static void checkOffset(Tensor x, Tensor offset, String name) {
        if (offset.ndim() != 1 || offset.shape()[0] != x.shape()[1]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Centres." + name + ": the offset should be a vector of"
                    + " X's " + x.shape()[1] + " features, got shape " + Shapes.toString(offset.shape()));
        }
        if (offset.dtype().isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Centres." + name + ": needs a real offset, got "
                    + offset.dtype().numpyName());
        }
    }

    private static void check(Tensor x, Tensor centres, String name) {
        if (x.ndim() != 2 || centres.ndim() != 2) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Centres." + name + ": X and the centres should be"
                    + " matrices, got shapes " + Shapes.toString(x.shape()) + " and " + Shapes.toString(centres.shape()));
        }
        if (x.shape()[1] != centres.shape()[1]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Centres." + name + ": X has " + x.shape()[1]
                    + " features but the centres have " + centres.shape()[1] + " (shapes " + Shapes.toString(x.shape())
                    + " and " + Shapes.toString(centres.shape()) + ")");
        }
        if (centres.shape()[0] <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Centres." + name + ": needs at least one centre, got"
                    + " shape " + Shapes.toString(centres.shape()));
        }
        if (x.shape()[1] == Shapes.UNKNOWN || centres.shape()[0] == Shapes.UNKNOWN) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Centres." + name + ": the number of features and of"
                    + " centres must be known (they come from a filter here); execute the inputs first");
        }
        for (Tensor t : List.of(x, centres)) {
            if (t.dtype().isComplex()) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Centres." + name + ": needs real inputs, got "
                        + t.dtype().numpyName());
            }
        }
    }
}
