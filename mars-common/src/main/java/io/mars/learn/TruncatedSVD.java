package io.mars.learn;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.tensor.Tensor;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;

/**
 * scikit-learn's {@code TruncatedSVD}: the leading right singular vectors of X itself (not centred), computed
 * exactly through TSQR and the SVD of the small R, with scikit-learn's signs ({@code svd_flip}). scikit-learn
 * approximates the same vectors (randomized or ARPACK); on tall-skinny data the exact ones cost no more here.
 * {@link #fit} runs three tasks (finiteness check with the feature variances, the SVD, the variance of the
 * projection); {@link #transform} is lazy.
 */
public final class TruncatedSVD {
    private final int nComponents;

    private double[][] components;
    private double[] explainedVariance;
    private double[] explainedVarianceRatio;
    private double[] singularValues;

    /** Two components, scikit-learn's default. */
    public TruncatedSVD() {
        this(2);
    }

    /** scikit-learn's {@code n_components} (at least 1, at most min(samples, features)). */
    public TruncatedSVD(int nComponents) {
        if (nComponents < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "n_components=" + nComponents + " must be >= 1");
        }
        this.nComponents = nComponents;
    }

    public TruncatedSVD fit(Tensor x, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        long n = xf.shape()[0];
        long features = xf.shape()[1];
        if (nComponents > features) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "n_components=" + nComponents + " must be <="
                    + " n_features=" + features + " (X of shape (" + n + ", " + features + "))");
        }
        if (nComponents > n) {
            throw new MarsException(ErrorCode.TOO_FEW_SAMPLES, "n_components=" + nComponents + " must be <="
                    + " n_samples=" + n + " (X of shape (" + n + ", " + features + "))");
        }
        List<NDArray> stats = Inputs.requireFinite(session, List.of("X"), List.of(xf), xf.var(0).sum());
        double totalVariance = stats.get(0).getDouble();
        FlippedSvd svd = FlippedSvd.of(xf, session);
        double[][] kept = Arrays.copyOf(svd.components(), nComponents);
        // as scikit-learn: the variance (ddof 0) of each column of the projection, over the features' total
        double[] variance = session.execute(xf.dot(Inputs.tensor(kept).transpose()).var(0)).toDoubleArray();
        double[] ratio = new double[nComponents];
        for (int i = 0; i < nComponents; i++) {
            ratio[i] = variance[i] / totalVariance;
        }
        this.components = kept;
        this.explainedVariance = variance;
        this.explainedVarianceRatio = ratio;
        this.singularValues = Arrays.copyOf(svd.singularValues(), nComponents);
        return this;
    }

    /** As {@link #fit(Tensor, Session)} on a frame's numeric columns (its features). */
    public TruncatedSVD fit(DataFrame x, Session session) {
        return fit(Inputs.matrix(x, "X"), session);
    }

    /** As {@link #transform(Tensor)} on a frame's numeric columns. */
    public Tensor transform(DataFrame x) {
        return transform(Inputs.matrix(x, "X"));
    }

    /** X projected on the components (samples × components), lazily. */
    public Tensor transform(Tensor x) {
        Inputs.requireFitted(components, "TruncatedSVD");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, components[0].length, "TruncatedSVD");
        return xf.dot(Inputs.tensor(components).transpose());
    }

    public Tensor fitTransform(Tensor x, Session session) {
        return fit(x, session).transform(x);
    }

    /** Projections back in feature space: {@code scores · components} (samples × features), lazily. */
    public Tensor inverseTransform(Tensor scores) {
        Inputs.requireFitted(components, "TruncatedSVD");
        Tensor sf = Inputs.matrix(scores, "X");
        Inputs.sameFeatures(sf, components.length, "TruncatedSVD.inverseTransform");
        return sf.dot(Inputs.tensor(components));
    }

    /** scikit-learn's {@code components_}: (components, features). */
    public Tensor components() {
        Inputs.requireFitted(components, "TruncatedSVD");
        return Inputs.tensor(components);
    }

    /** scikit-learn's {@code explained_variance_}: the variance (ddof 0) of each column of the projection. */
    public Tensor explainedVariance() {
        Inputs.requireFitted(components, "TruncatedSVD");
        return Inputs.tensor(explainedVariance);
    }

    /** scikit-learn's {@code explained_variance_ratio_}: each component's variance over the features' total. */
    public Tensor explainedVarianceRatio() {
        Inputs.requireFitted(components, "TruncatedSVD");
        return Inputs.tensor(explainedVarianceRatio);
    }

    /** scikit-learn's {@code singular_values_}: the kept singular values of X. */
    public Tensor singularValues() {
        Inputs.requireFitted(components, "TruncatedSVD");
        return Inputs.tensor(singularValues);
    }
}
