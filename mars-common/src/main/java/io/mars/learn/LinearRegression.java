package io.mars.learn;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.Series;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;

/**
 * scikit-learn's {@code LinearRegression}: ordinary least squares, solved through the tall-skinny QR of the
 * (centred) samples, so the rows never meet in one place. X must have full column rank: a rank-deficient X fails
 * with LINALG_ERROR, where scikit-learn returns the minimum-norm solution; and at least as many samples as features.
 */
public final class LinearRegression extends LinearModel {
    public LinearRegression() {
        this(true);
    }

    /** scikit-learn's {@code fit_intercept}. */
    public LinearRegression(boolean fitIntercept) {
        super(fitIntercept);
    }

    /** Fits on X (samples × features) and y (samples,) or (samples × targets); runs on the cluster at once. */
    public LinearRegression fit(Tensor x, Tensor y, Session session) {
        fitModel(x, y, session);
        return this;
    }

    /** As {@link #fit(Tensor, Tensor, Session)} on a frame's numeric columns and a numeric target series. */
    public LinearRegression fit(DataFrame x, Series y, Session session) {
        return fit(Inputs.matrix(x, "X"), Inputs.vector(y, "y"), session);
    }

    @Override
    Tensor solve(Tensor xc, Tensor yc) {
        return Linalg.lstsq(xc, yc);
    }

    @Override
    String name() {
        return "LinearRegression";
    }
}
