package io.mars.learn;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.util.List;

/**
 * scikit-learn's {@code StandardScaler}: centres each feature (column) on its mean and scales it to unit variance.
 * {@link #fit} runs on the cluster at once (one task: the column means, variances and counts); {@link #transform}
 * builds a lazy tensor. As scikit-learn, NaNs are left out of the statistics and kept by transform, and a feature
 * that is constant (up to rounding) keeps a scale of 1.
 */
public final class StandardScaler {
    private static final double EPS = Math.ulp(1.0);

    private final boolean withMean;
    private final boolean withStd;
    private NDArray mean;
    private NDArray var;
    private NDArray scale;
    private Tensor meanTensor;
    private Tensor scaleTensor;

    public StandardScaler() {
        this(true, true);
    }

    /** scikit-learn's {@code with_mean} and {@code with_std}. */
    public StandardScaler(boolean withMean, boolean withStd) {
        this.withMean = withMean;
        this.withStd = withStd;
    }

    /** Computes each feature's mean and variance of {@code x} (samples × features) on the cluster. */
    public StandardScaler fit(Tensor x, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        int[] rows = {0};
        List<NDArray> v = session.execute(xf.nanmean(rows), xf.nanvar(rows, false, 0),
                Tensors.logicalNot(Tensors.isnan(xf)).sum(rows));
        NDArray m = v.get(0);
        NDArray variance = v.get(1);
        NDArray counts = v.get(2);
        double[] s = new double[variance.size()];
        for (int j = 0; j < s.length; j++) {
            double n = counts.getDouble(j);
            double vj = variance.getDouble(j);
            double mj = m.getDouble(j);
            // scikit-learn's _is_constant_feature: a variance within rounding of zero is a constant feature
            boolean constant = vj <= n * EPS * vj + (n * mj * EPS) * (n * mj * EPS);
            s[j] = constant ? 1.0 : Math.sqrt(vj);
        }
        this.mean = m;
        this.var = variance;
        this.scale = NDArray.of(s, s.length);
        this.meanTensor = Inputs.tensor(m);
        this.scaleTensor = Inputs.tensor(scale);
        return this;
    }

    /** {@code (x - mean) / scale}, lazily (without the centring or the scaling when they are turned off). */
    public Tensor transform(Tensor x) {
        Inputs.requireFitted(mean, "StandardScaler");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, mean.size(), "StandardScaler");
        Tensor out = withMean ? xf.subtract(meanTensor) : xf;
        return withStd ? out.divide(scaleTensor) : out;
    }

    /** As {@link #fit(Tensor, Session)} on a frame's numeric columns (its features). */
    public StandardScaler fit(DataFrame x, Session session) {
        return fit(Inputs.matrix(x, "X"), session);
    }

    /** As {@link #transform(Tensor)} on a frame's numeric columns. */
    public Tensor transform(DataFrame x) {
        return transform(Inputs.matrix(x, "X"));
    }

    public Tensor fitTransform(Tensor x, Session session) {
        return fit(x, session).transform(x);
    }

    /** {@code x * scale + mean}: the data back on its own scale. */
    public Tensor inverseTransform(Tensor x) {
        Inputs.requireFitted(mean, "StandardScaler");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, mean.size(), "StandardScaler");
        Tensor out = withStd ? xf.multiply(scaleTensor) : xf;
        return withMean ? out.add(meanTensor) : out;
    }

    /** scikit-learn's {@code mean_}: each feature's mean (computed even when {@code withMean} is false). */
    public Tensor mean() {
        Inputs.requireFitted(mean, "StandardScaler");
        return meanTensor;
    }

    /** scikit-learn's {@code var_}: each feature's variance (ddof 0). */
    public Tensor var() {
        Inputs.requireFitted(var, "StandardScaler");
        return Inputs.tensor(var);
    }

    /** scikit-learn's {@code scale_}: each feature's standard deviation, 1 for a constant feature. */
    public Tensor scale() {
        Inputs.requireFitted(scale, "StandardScaler");
        return scaleTensor;
    }
}
