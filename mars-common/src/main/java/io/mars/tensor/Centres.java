package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.tensor.TensorCentreAssign;
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
