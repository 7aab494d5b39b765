package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.tensor.Tensor;
import io.mars.types.NDArray;
import java.util.List;

/**
 * scikit-learn's {@code MinMaxScaler}: maps each feature linearly onto {@code featureRange} (default [0, 1]) by
 * its minimum and maximum. {@link #fit} runs on the cluster at once (one task); {@link #transform} is lazy. NaNs
 * are left out of the minimum and maximum and kept by transform; a constant feature gets a range of 1.
 */
public final class MinMaxScaler {
    private static final double TINY_RANGE = 10 * Math.ulp(1.0);

    private final double featureMin;
    private final double featureMax;
    private NDArray dataMin;
    private NDArray dataMax;
    private double[] scale;
    private double[] min;

    public MinMaxScaler() {
        this(0.0, 1.0);
    }

    /** scikit-learn's {@code feature_range=(featureMin, featureMax)}. */
    public MinMaxScaler(double featureMin, double featureMax) {
        if (!(featureMin < featureMax)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Minimum of desired feature range must be smaller"
                    + " than maximum. Got (" + featureMin + ", " + featureMax + ").");
        }
        this.featureMin = featureMin;
        this.featureMax = featureMax;
    }

    public MinMaxScaler fit(Tensor x, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        int[] rows = {0};
        List<NDArray> v = session.execute(xf.nanmin(rows), xf.nanmax(rows));
        NDArray lo = v.get(0);
        NDArray hi = v.get(1);
        double[] s = new double[lo.size()];
        double[] m = new double[lo.size()];
        for (int j = 0; j < s.length; j++) {
            double range = hi.getDouble(j) - lo.getDouble(j);
            s[j] = (featureMax - featureMin) / (range < TINY_RANGE ? 1.0 : range);
            m[j] = featureMin - lo.getDouble(j) * s[j];
        }
        this.dataMin = lo;
        this.dataMax = hi;
        this.scale = s;
        this.min = m;
        return this;
    }

    /** {@code x * scale + min}, lazily. */
    public Tensor transform(Tensor x) {
        Inputs.requireFitted(scale, "MinMaxScaler");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, scale.length, "MinMaxScaler");
        return xf.multiply(Inputs.tensor(scale)).add(Inputs.tensor(min));
    }

    /** As {@link #fit(Tensor, Session)} on a frame's numeric columns (its features). */
    public MinMaxScaler fit(DataFrame x, Session session) {
        return fit(Inputs.matrix(x, "X"), session);
    }

    /** As {@link #transform(Tensor)} on a frame's numeric columns. */
    public Tensor transform(DataFrame x) {
        return transform(Inputs.matrix(x, "X"));
    }

    public Tensor fitTransform(Tensor x, Session session) {
        return fit(x, session).transform(x);
    }

    /** {@code (x - min) / scale}. */
    public Tensor inverseTransform(Tensor x) {
        Inputs.requireFitted(scale, "MinMaxScaler");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, scale.length, "MinMaxScaler");
        return xf.subtract(Inputs.tensor(min)).divide(Inputs.tensor(scale));
    }

    /** scikit-learn's {@code data_min_}. */
    public Tensor dataMin() {
        Inputs.requireFitted(dataMin, "MinMaxScaler");
        return Inputs.tensor(dataMin);
    }

    /** scikit-learn's {@code data_max_}. */
    public Tensor dataMax() {
        Inputs.requireFitted(dataMax, "MinMaxScaler");
        return Inputs.tensor(dataMax);
    }

    /** scikit-learn's {@code scale_}: {@code (featureMax - featureMin) / (dataMax - dataMin)}. */
    public Tensor scale() {
        Inputs.requireFitted(scale, "MinMaxScaler");
        return Inputs.tensor(scale);
    }

    /** scikit-learn's {@code min_}: {@code featureMin - dataMin * scale}. */
    public Tensor min() {
        Inputs.requireFitted(min, "MinMaxScaler");
        return Inputs.tensor(min);
    }
}
