package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.tensor.TensorAlignRows;
import io.mars.common.operand.tensor.TensorLogisticTerms;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.List;

/**
 * Fused passes over the rows of a matrix for fitting linear models: what a second-order solver needs at one point,
 * summed over the rows in one pass per block of rows (no samples × anything intermediates), as the learn package's
 * Newton solver uses it, and what a first-order solver needs (the loss and its gradient only), as its L-BFGS solver
 * uses it.
 */
public final class LinearModels {
    private LinearModels() {
    }

    /**
     * The log-loss of a linear model with parameters {@code theta} over the rows of X, with its gradient and Hessian
     * in the parameters, summed over the rows (no penalty).
     *
     * @param x         samples × features
     * @param targets   samples × outputs of 0/1 (float64): for one output whether each row is of the positive class
     *                  (the logistic loss {@code log(1 + e^z) - y z}), for several one column per class (the softmax
     *                  loss {@code logsumexp(z) - y·z})
     * @param theta     outputs × width: each output's weights, then its intercept when {@code intercept} (width is
     *                  features + 1, else features); the scores are {@code z = x·w + b}
     * @param intercept whether theta's last column is an intercept
     * @return float64 vector {@code [loss, gradient (outputs · width, in theta's order), Hessian ((outputs · width)²,
     *         row-major)]}
     */
    public static Tensor logisticTerms(Tensor x, Tensor targets, Tensor theta, boolean intercept) {
        return logisticTerms(x, targets, theta, intercept, true);
    }

    /**
     * {@code t} cut into the blocks of rows of {@code like} (every other axis of t in one chunk), lazily: persisted,
     * a row-aligned input of the fused passes over {@code like}'s rows that they read as it is, where they would cut
     * t again at every pass (one subtask per block, each reading a whole chunk of t). Only like's splits are used.
     */
    public static Tensor alignRows(Tensor t, Tensor like) {
        if (t.ndim() < 1 || like.ndim() < 1 || t.shape()[0] != like.shape()[0]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "alignRows: the tensors should have as many rows, got"
                    + " shapes " + Shapes.toString(t.shape()) + " and " + Shapes.toString(like.shape()));
        }
        return new Tensor(new TensorAlignRows(), List.of(t, like), t.dtype(), t.shape());
    }

    /**
     * As {@link #logisticTerms(Tensor, Tensor, Tensor, boolean)}, with the Hessian only when {@code hessian}: without
     * it the result is {@code [loss, gradient]} (1 + outputs · width), and each row costs a few multiply-adds per
     * parameter instead of a rank-one update of the (outputs · width)² Hessian.
     */
    public static Tensor logisticTerms(Tensor x, Tensor targets, Tensor theta, boolean intercept, boolean hessian) {
        return logisticTerms(x, targets, theta, intercept, hessian, 1);
    }

    /** The rows of a block the Hessian's sample of {@link #logisticTerms(Tensor, Tensor, Tensor, boolean, int)} takes. */
    public static final int HESSIAN_BLOCK = TensorLogisticTerms.HESSIAN_BLOCK;

    /** How many of {@code samples} rows that sample holds with one block in every {@code hessianEvery}. */
    public static long hessianRows(long samples, int hessianEvery) {
        return TensorLogisticTerms.hessianRows(samples, hessianEvery);
    }

    /**
     * As {@link #logisticTerms(Tensor, Tensor, Tensor, boolean)}, the Hessian summed over one block of
     * {@value #HESSIAN_BLOCK} rows in every {@code hessianEvery} only (1: all rows;
     * {@link #hessianRows} rows), the loss and the gradient over all: a sub-sampled Newton step's
     * terms, the Hessian's rank-one updates being most of a row's work.
     */
    public static Tensor logisticTerms(Tensor x, Tensor targets, Tensor theta, boolean intercept, int hessianEvery) {
        if (hessianEvery < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "logisticTerms: hessianEvery should be at least 1,"
                    + " got " + hessianEvery);
        }
        return logisticTerms(x, targets, theta, intercept, true, hessianEvery);
    }

    private static Tensor logisticTerms(Tensor x, Tensor targets, Tensor theta, boolean intercept, boolean hessian,
            int hessianEvery) {
        if (x.ndim() != 2 || targets.ndim() != 2 || theta.ndim() != 2) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "logisticTerms: X, the targets and theta should be"
                    + " matrices, got shapes " + Shapes.toString(x.shape()) + ", " + Shapes.toString(targets.shape())
                    + " and " + Shapes.toString(theta.shape()));
        }
        long width = x.shape()[1] + (intercept ? 1 : 0);
        if (x.shape()[1] == Shapes.UNKNOWN || theta.shape()[1] != width || targets.shape()[1] != theta.shape()[0]
                || theta.shape()[0] <= 0) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "logisticTerms: theta should be (outputs, " + width
                    + ") for X of shape " + Shapes.toString(x.shape()) + (intercept ? " with" : " without")
                    + " an intercept, and the targets (samples, outputs); got theta " + Shapes.toString(theta.shape())
                    + " and targets " + Shapes.toString(targets.shape()));
        }
        if (x.shape()[0] != targets.shape()[0]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "logisticTerms: X has " + x.shape()[0]
                    + " rows but the targets have " + targets.shape()[0]);
        }
        for (Tensor t : List.of(x, targets, theta)) {
            if (t.dtype().isComplex()) {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "logisticTerms: needs real inputs, got "
                        + t.dtype().numpyName());
            }
        }
        long n = theta.shape()[0] * width;
        return new Tensor(new TensorLogisticTerms(intercept, hessian, hessianEvery), List.of(x, targets, theta),
                DataType.FLOAT64,
                new long[] {1 + n + (hessian ? n * n : 0)});
    }
}
