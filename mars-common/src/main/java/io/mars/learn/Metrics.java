package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/** scikit-learn's {@code sklearn.metrics}: each builds a lazy tensor (0-d for a score) from lazy inputs. */
public final class Metrics {
    private Metrics() {
    }

    /** {@code accuracy_score(y_true, y_pred)}: the fraction of equal labels (float64, 0-d). */
    public static Tensor accuracyScore(Tensor yTrue, Tensor yPred) {
        Inputs.vector(yTrue, "y_true");
        Inputs.vector(yPred, "y_pred");
        Inputs.sameSamples(yTrue, "y_true", yPred, "y_pred");
        return Tensors.astype(Tensors.equal(yTrue, yPred), DataType.FLOAT64).mean();
    }

    /**
     * {@code mean_squared_error(y_true, y_pred)}: the mean of the squared differences, for several targets the mean
     * over targets of each one's (scikit-learn's 'uniform_average').
     */
    public static Tensor meanSquaredError(Tensor yTrue, Tensor yPred) {
        Tensor[] y = regressionTargets(yTrue, yPred);
        Tensor perTarget = Tensors.square(y[0].subtract(y[1])).mean(0);
        return perTarget.ndim() == 0 ? perTarget : perTarget.mean();
    }

    /**
     * {@code r2_score(y_true, y_pred)}: {@code 1 - Σ(y - ŷ)² / Σ(y - ȳ)²}, for several targets the mean of each one's.
     * A constant y_true scores 1 when predicted exactly and 0 otherwise (scikit-learn's {@code force_finite}).
     */
    public static Tensor r2Score(Tensor yTrue, Tensor yPred) {
        Tensor[] y = regressionTargets(yTrue, yPred);
        int[] rows = {0};
        Tensor residual = Tensors.square(y[0].subtract(y[1])).sum(rows);
        Tensor total = Tensors.square(y[0].subtract(y[0].mean(rows, true))).sum(rows);
        Tensor defined = Tensors.subtract(1.0, residual.divide(Tensors.where(total.equal(0.0), 1.0, total)));
        Tensor score = Tensors.where(total.notEqual(0.0), defined, Tensors.where(residual.equal(0.0), 1.0, 0.0));
        return score.ndim() == 0 ? score : score.mean();
    }

    /**
     * {@code confusion_matrix(y_true, y_pred)}: entry (i, j) counts the samples of true label i predicted as j, the
     * labels being every value of either, sorted. Finding the labels runs a task (numpy's unique of both); the
     * counts are lazy.
     */
    public static Tensor confusionMatrix(Tensor yTrue, Tensor yPred, Session session) {
        checkLabels(yTrue, yPred);
        NDArray labels = session.execute(Tensors.unique(Tensors.concatenate(List.of(yTrue, yPred))));
        return counts(yTrue, yPred, labels);
    }

    /**
     * {@code confusion_matrix(y_true, y_pred, labels=labels)}: the matrix over these labels in this order; samples
     * whose true or predicted label is not among them are not counted. Lazy.
     */
    public static Tensor confusionMatrix(Tensor yTrue, Tensor yPred, long... labels) {
        checkLabels(yTrue, yPred);
        if (labels.length == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'labels' should contain at least one label");
        }
        return counts(yTrue, yPred, NDArray.of(labels.clone(), labels.length));
    }

    private static Tensor counts(Tensor yTrue, Tensor yPred, NDArray labels) {
        long n = labels.size();
        Tensor row = Inputs.tensor(labels).reshape(1, n);
        Tensor isTrue = Tensors.astype(Tensors.equal(yTrue.expandDims(1), row), DataType.FLOAT64);
        Tensor isPred = Tensors.astype(Tensors.equal(yPred.expandDims(1), row), DataType.FLOAT64);
        // a product of 0/1 matrices: each sum counts samples, exact in float64 up to 2^53 rows
        return Tensors.astype(isTrue.transpose().dot(isPred), DataType.INT64);
    }

    private static void checkLabels(Tensor yTrue, Tensor yPred) {
        Inputs.vector(yTrue, "y_true");
        Inputs.vector(yPred, "y_pred");
        Inputs.sameSamples(yTrue, "y_true", yPred, "y_pred");
    }

    /**
     * {@code roc_auc_score(y_true, y_score)} for two classes: the area under the ROC curve, the larger label of
     * y_true being the positive class. Computed as the chance that a positive scores above a negative, ties counting
     * half (equal to the trapezoidal area scikit-learn integrates): the scores are sorted once, and each positive
     * counts the negatives below and level with it from a running count. Lazy; a y_true of one class gives NaN, where
     * scikit-learn raises.
     */
    public static Tensor rocAucScore(Tensor yTrue, Tensor yScore) {
        Inputs.vector(yTrue, "y_true");
        Inputs.vector(yScore, "y_score");
        Inputs.sameSamples(yTrue, "y_true", yScore, "y_score");
        Tensor score = Inputs.asFloat(yScore);
        Tensor positive = Tensors.astype(yTrue.equal(yTrue.max()), DataType.FLOAT64);
        Tensor negative = positive.rsubtract(1.0);
        Tensor order = score.argsort();
        Tensor sorted = score.take(order);
        // negatives among the first i sorted scores, i = 0..n
        Tensor negativesBelow = Tensors.concatenate(List.of(Tensors.zeros(new long[] {1}),
                negative.take(order).cumsum()));
        Tensor below = negativesBelow.take(sorted.searchsorted(score, "left"));
        Tensor levelOrBelow = negativesBelow.take(sorted.searchsorted(score, "right"));
        Tensor wins = positive.multiply(below.add(levelOrBelow).multiply(0.5)).sum();
        return wins.divide(positive.sum().multiply(negative.sum()));
    }

    /**
     * {@code pairwise_distances(x, y)} with the euclidean metric: the distance of every row of x to every row of y
     * (x rows × y rows), as scikit-learn computes it ({@code |x|² - 2 x·y + |y|²}, clipped at 0, square root). Lazy.
     */
    public static Tensor pairwiseDistances(Tensor x, Tensor y) {
        Tensor xf = Inputs.matrix(x, "X");
        Tensor yf = Inputs.matrix(y, "Y");
        if (xf.shape()[1] != yf.shape()[1]) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "Incompatible dimension for X and Y matrices:"
                    + " X.shape[1] == " + xf.shape()[1] + " while Y.shape[1] == " + yf.shape()[1]);
        }
        return squaredEuclidean(xf, xf.multiply(xf).sum(new int[] {1}, true), yf).sqrt();
    }

    /** {@code pairwise_distances(x)}: of x's rows to each other, the diagonal exactly 0 as in scikit-learn. */
    public static Tensor pairwiseDistances(Tensor x) {
        Tensor d = pairwiseDistances(x, x);
        return Tensors.where(Tensors.eye(x.shape()[0]).notEqual(0.0), 0.0, d);
    }

    /** Squared distances of x's rows (whose squared norms are given, rows × 1) to y's, clipped at 0. */
    static Tensor squaredEuclidean(Tensor x, Tensor xSquared, Tensor y) {
        Tensor ySquared = y.multiply(y).sum(1).reshape(1, y.shape()[0]);
        Tensor cross = x.dot(y.transpose());
        return Tensors.maximum(xSquared.subtract(cross.multiply(2.0)).add(ySquared), 0.0);
    }

    private static Tensor[] regressionTargets(Tensor yTrue, Tensor yPred) {
        Inputs.requireKnownShape(yTrue, "y_true");
        Inputs.requireKnownShape(yPred, "y_pred");
        if (yTrue.ndim() < 1 || yTrue.ndim() > 2 || yPred.ndim() < 1 || yPred.ndim() > 2) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "y_true and y_pred must be 1- or 2-dimensional, got"
                    + " shapes " + Shapes.toString(yTrue.shape()) + " and " + Shapes.toString(yPred.shape()));
        }
        Inputs.sameSamples(yTrue, "y_true", yPred, "y_pred");
        long outTrue = yTrue.ndim() == 1 ? 1 : yTrue.shape()[1];
        long outPred = yPred.ndim() == 1 ? 1 : yPred.shape()[1];
        if (outTrue != outPred) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "y_true and y_pred have different number of output ("
                    + outTrue + "!=" + outPred + ")");
        }
        Tensor t = Inputs.asFloat(yTrue);
        Tensor p = Inputs.asFloat(yPred);
        if (t.ndim() != p.ndim()) {
            // one target given as (n,) on one side and (n, 1) on the other
            t = t.reshape(t.shape()[0], outTrue);
            p = p.reshape(p.shape()[0], outPred);
        }
        return new Tensor[] {t, p};
    }
}
