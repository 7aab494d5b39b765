package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.Series;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;

/**
 * scikit-learn's {@code Ridge}: least squares with an L2 penalty {@code alpha}, solved by the normal equations
 * {@code (XᵀX + αI) w = Xᵀy} (scikit-learn's "cholesky" solver): XᵀX is a features × features sum over the rows'
 * chunks, which suits tall-skinny data; the small system is solved in one chunk.
 */
public final class Ridge extends LinearModel {
    private final double alpha;

    public Ridge() {
        this(1.0);
    }

    public Ridge(double alpha) {
        this(alpha, true);
    }

    /** scikit-learn's {@code alpha} (at least 0) and {@code fit_intercept}. */
    public Ridge(double alpha, boolean fitIntercept) {
        super(fitIntercept);
        if (!(alpha >= 0) || Double.isInfinite(alpha)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "The 'alpha' parameter of Ridge must be a finite float"
                    + " in the range [0.0, inf). Got " + alpha + " instead.");
        }
        this.alpha = alpha;
    }

    public double alpha() {
        return alpha;
    }

    /** Fits on X (samples × features) and y (samples,) or (samples × targets); runs on the cluster at once. */
    public Ridge fit(Tensor x, Tensor y, Session session) {
        fitModel(x, y, session);
        return this;
    }

    /** As {@link #fit(Tensor, Tensor, Session)} on a frame's numeric columns and a numeric target series. */
    public Ridge fit(DataFrame x, Series y, Session session) {
        return fit(Inputs.matrix(x, "X"), Inputs.vector(y, "y"), session);
    }

    @Override
    Tensor solve(Tensor xc, Tensor yc) {
        long features = xc.shape()[1];
        Tensor xt = xc.transpose();
        Tensor gram = xt.dot(xc).add(Tensors.eye(features).multiply(alpha));
        return Linalg.solve(gram, xt.dot(yc));
    }

    @Override
    String name() {
        return "Ridge";
    }
}
