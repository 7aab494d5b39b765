package io.mars.learn;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.tensor.Tensor;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/**
 * What scikit-learn's linear regressors share: {@code fit} centres X and y on their means (when fitting an
 * intercept), has the subclass solve for the coefficients on the cluster, and keeps {@code coef_} and
 * {@code intercept_}; {@code predict} and {@code score} are lazy.
 */
public abstract sealed class LinearModel permits LinearRegression, Ridge {
    private final boolean fitIntercept;
    private NDArray coef;
    private NDArray intercept;
    private Tensor coefByFeature;

    LinearModel(boolean fitIntercept) {
        this.fitIntercept = fitIntercept;
    }

    /** The coefficients of centred data: (features,) for one target, (features, targets) for several. */
    abstract Tensor solve(Tensor xc, Tensor yc);

    abstract String name();

    public boolean fitIntercept() {
        return fitIntercept;
    }

    /**
     * Fits on X (samples × features) and y (samples,) or (samples × targets). Runs two tasks: the finiteness check
     * of both with their means, then the solve.
     */
    void fitModel(Tensor x, Tensor y, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        Tensor yf = Inputs.targets(y, "y", xf);
        int[] rows = {0};
        List<NDArray> means = Inputs.requireFinite(session, List.of("X", "y"), List.of(xf, yf),
                fitIntercept ? new Tensor[] {xf.mean(rows), yf.mean(rows)} : new Tensor[0]);
        int features = (int) xf.shape()[1];
        int targets = yf.ndim() == 1 ? 1 : (int) yf.shape()[1];
        double[] xMean = fitIntercept ? means.get(0).toDoubleArray() : new double[features];
        double[] yMean = fitIntercept ? means.get(1).toDoubleArray() : new double[targets];
        Tensor xc = fitIntercept ? xf.subtract(Inputs.tensor(xMean)) : xf;
        Tensor yc = !fitIntercept ? yf : yf.ndim() == 1 ? yf.subtract(yMean[0]) : yf.subtract(Inputs.tensor(yMean));
        NDArray w = session.execute(solve(xc, yc));
        double[] byTarget = new double[targets * features];
        double[] b = new double[targets];
        for (int t = 0; t < targets; t++) {
            b[t] = yMean[t];
            for (int j = 0; j < features; j++) {
                double wjt = w.getDouble(j * targets + t);
                byTarget[t * features + j] = wjt;
                b[t] -= xMean[j] * wjt;
            }
        }
        boolean oneTarget = yf.ndim() == 1;
        this.coef = oneTarget ? NDArray.of(byTarget, features) : NDArray.of(byTarget, targets, features);
        this.intercept = oneTarget ? NDArray.scalar(DataType.FLOAT64, b[0]) : NDArray.of(b, targets);
        this.coefByFeature = Inputs.tensor(w);
    }

    /** {@code x · coefᵀ + intercept}, lazily: (samples,) for one target, (samples, targets) for several. */
    public Tensor predict(Tensor x) {
        Inputs.requireFitted(coef, name());
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, coef.shapeView()[coef.ndim() - 1], name());
        Tensor product = xf.dot(coefByFeature);
        return intercept.ndim() == 0 ? product.add(intercept.getDouble()) : product.add(Inputs.tensor(intercept));
    }

    /** As {@link #predict(Tensor)} on a frame's numeric columns. */
    public Tensor predict(DataFrame x) {
        return predict(Inputs.matrix(x, "X"));
    }

    /** The coefficient of determination R² of {@code predict(x)} against {@code y} (0-d, lazy). */
    public Tensor score(Tensor x, Tensor y) {
        return Metrics.r2Score(y, predict(x));
    }

    /** scikit-learn's {@code coef_}: (features,) for one target, (targets, features) for several. */
    public Tensor coef() {
        Inputs.requireFitted(coef, name());
        return Inputs.tensor(coef);
    }

    /** scikit-learn's {@code intercept_}: 0-d for one target, (targets,) for several; 0 without an intercept. */
    public Tensor intercept() {
        Inputs.requireFitted(intercept, name());
        return Inputs.tensor(intercept);
    }
}
