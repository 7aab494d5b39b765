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
 * scikit-learn's {@code PCA} with its exact ("full") solver: X centred on its column means, then the thin SVD of the
 * centred X through TSQR (the SVD of the small R, so tall-skinny data never meets in one place), with scikit-learn's
 * signs ({@code svd_flip}). {@link #fit} runs three tasks (the finiteness check with the means, R and its SVD, the
 * signs); the fitted attributes are small and {@link #transform} is lazy. {@code svdSolver("covariance_eigh")}
 * (scikit-learn 1.5's solver of that name) replaces R by the centred X's Gram matrix, made from X's own and the means
 * (one task reads X for both, no centred copy of X is made), and signs each component by itself, as scikit-learn 1.5
 * does for PCA: one task over X. No whitening; scikit-learn's default solver for data
 * of more than 500 rows is the randomized one, whose components approximate these; {@link #svdSolver} picks it here.
 */
public final class PCA {
    /** Random directions beyond the components that the randomized solver samples (scikit-learn's n_oversamples). */
    static final int OVERSAMPLES = 10;

    /** The solvers {@link #svdSolver} takes. */
    private enum Solver { FULL, COVARIANCE, RANDOMIZED }

    private final Integer nComponents;
    private Solver solver = Solver.FULL;
    private Integer iteratedPower;
    private long randomState;

    private double[] mean;
    private double[][] components;
    private double[] explainedVariance;
    private double[] explainedVarianceRatio;
    private double[] singularValues;
    private double noiseVariance;
    private long nSamples;

    /** Keeps every component: min(samples, features) of them. */
    public PCA() {
        this.nComponents = null;
    }

    /** scikit-learn's {@code n_components}: how many components to keep (at least 1). */
    public PCA(int nComponents) {
        if (nComponents < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "n_components=" + nComponents + " must be between 1"
                    + " and min(n_samples, n_features)");
        }
        this.nComponents = nComponents;
    }

    /**
     * scikit-learn's {@code svd_solver}: {@code "full"} (the default here: exact, TSQR and the SVD of R, for
     * tall-skinny data), {@code "covariance_eigh"} (scikit-learn 1.5's: the eigendecomposition of the centred X's
     * features × features Gram matrix, one BLAS syrk per block of rows; the same components (up to sign) and variances
     * as {@code "full"} to rounding when the components kept have variances well apart from the others', at a fraction
     * of the arithmetic and one task over X instead of three, for many rows and few features, as scikit-learn 1.5 picks
     * it then; it squares the condition number, so components of tiny variance are less precise; each component's
     * sign makes its entry largest in magnitude positive, scikit-learn 1.5's convention, where {@code "full"} keeps
     * scikit-learn 1.2's, by U) or {@code "randomized"} (Halko, Martinsson and Tropp,
     * as scikit-learn's: for wide data and a few components, where the exact solver's features × features R would not
     * fit one place).
     */
    public PCA svdSolver(String solver) {
        this.solver = switch (solver) {
            case "full" -> Solver.FULL;
            case "covariance_eigh" -> Solver.COVARIANCE;
            case "randomized" -> Solver.RANDOMIZED;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "svd_solver should be 'full',"
                    + " 'covariance_eigh' or 'randomized', got '" + solver + "'");
        };
        return this;
    }

    /**
     * scikit-learn's {@code iterated_power} for the randomized solver: power iterations, each two passes over X
     * (default: 7 when the components are fewer than a tenth of min(samples, features), else 4, as scikit-learn).
     */
    public PCA iteratedPower(int iterations) {
        if (iterations < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "iterated_power should be >= 0, got " + iterations);
        }
        this.iteratedPower = iterations;
        return this;
    }

    /** The seed of the randomized solver's random directions (scikit-learn's {@code random_state}). */
    public PCA randomState(long seed) {
        this.randomState = seed;
        return this;
    }

    /** Finds the principal axes of X (samples × features). */
    public PCA fit(Tensor x, Session session) {
        if (solver == Solver.RANDOMIZED) {
            return fitRandomized(x, session);
        }
        Tensor xf = Inputs.matrix(x, "X");
        long n = xf.shape()[0];
        int features = (int) xf.shape()[1];
        int most = (int) Math.min(n, features);
        int k = nComponents == null ? most : nComponents;
        if (k > most) {
            ErrorCode code = k > n ? ErrorCode.TOO_FEW_SAMPLES : ErrorCode.INVALID_ARGUMENT;
            throw new MarsException(code, "n_components=" + k + " must be between 0 and min(n_samples, n_features)="
                    + most + " with svd_solver='" + (solver == Solver.FULL ? "full" : "covariance_eigh")
                    + "' (X of shape (" + n + ", " + features + "))");
        }
        if (n < 2) {
            throw new MarsException(ErrorCode.TOO_FEW_SAMPLES, "PCA needs at least 2 samples to estimate variances,"
                    + " got n_samples=" + n);
        }
        double[] m;
        FlippedSvd svd;
        if (solver == Solver.FULL) {
            m = Inputs.requireFinite(session, List.of("X"), List.of(xf), xf.mean(0)).get(0).toDoubleArray();
            svd = FlippedSvd.of(xf.subtract(Inputs.tensor(m)), session);
        } else {
            // the means and X's Gram matrix in one task; means that are not all finite mean NaN or infinity in X
            // (or a sum that overflowed), which the exact check then tells apart, as Inputs.requireFinite does
            List<NDArray> stats = session.execute(xf.mean(0), xf.transpose().dot(xf));
            m = stats.get(0).toDoubleArray();
            if (!Arrays.stream(m).allMatch(Double::isFinite)) {
                Inputs.requireFiniteExactly(session, "X", xf);
            }
            svd = FlippedSvd.ofCovariance(xf, m, n, stats.get(1), session);
        }
        double[] s = svd.singularValues();
        double[] variance = new double[s.length];
        double total = 0;
        for (int i = 0; i < s.length; i++) {
            variance[i] = s[i] * s[i] / (n - 1);
            total += variance[i];
        }
        double[] ratio = new double[s.length];
        for (int i = 0; i < s.length; i++) {
            ratio[i] = variance[i] / total;
        }
        // scikit-learn's noise_variance_: the mean variance of the components left out, 0 when none is
        this.noiseVariance = k < most ? Arrays.stream(variance, k, most).average().orElse(0) : 0.0;
        this.mean = m;
        this.components = Arrays.copyOf(svd.components(), k);
        this.explainedVariance = Arrays.copyOf(variance, k);
        this.explainedVarianceRatio = Arrays.copyOf(ratio, k);
        this.singularValues = Arrays.copyOf(s, k);
        this.nSamples = n;
        return this;
    }

    /**
     * The randomized solver: Y = Xc Ω for Ω of k + {@value #OVERSAMPLES} standard normal columns, an orthonormal
     * basis Q of Y by TSQR, power iterations Q = qr(Xc qr(Xcᵀ Q)) that sharpen it toward the leading singular
     * subspace, then the small B = Qᵀ Xc whose SVD gives the components. All of it is one task (X's chunks read once
     * per pass, Q never leaving the cluster), plus the check of X with its means and variances, and the SVD of B.
     * Signs: each component's entry largest in magnitude is positive (scikit-learn 1.5's convention for PCA).
     */
    private PCA fitRandomized(Tensor x, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        long n = xf.shape()[0];
        int features = (int) xf.shape()[1];
        int most = (int) Math.min(n, features);
        if (nComponents == null || nComponents > most) {
            throw new MarsException(nComponents != null && nComponents > n ? ErrorCode.TOO_FEW_SAMPLES
                    : ErrorCode.INVALID_ARGUMENT, "n_components=" + nComponents + " must be between 1 and"
                    + " min(n_samples, n_features)=" + most + " with svd_solver='randomized' (X of shape (" + n + ", "
                    + features + "))");
        }
        int k = nComponents;
        List<NDArray> stats = Inputs.requireFinite(session, List.of("X"), List.of(xf), xf.mean(0), xf.var(new int[] {0}, false, 1));
        double[] m = stats.get(0).toDoubleArray();
        double totalVariance = Arrays.stream(stats.get(1).toDoubleArray()).sum();
        Tensor xc = xf.subtract(Inputs.tensor(m));
        int sampled = Math.min(most, k + OVERSAMPLES);
        int iterations = iteratedPower != null ? iteratedPower : k < 0.1 * most ? 7 : 4;
        Tensor omega = io.mars.tensor.Tensors.random(randomState).randn(features, sampled);
        Tensor q = io.mars.tensor.Linalg.qr(xc.dot(omega)).q();
        for (int i = 0; i < iterations; i++) {
            q = io.mars.tensor.Linalg.qr(xc.transpose().dot(q)).q();
            q = io.mars.tensor.Linalg.qr(xc.dot(q)).q();
        }
        NDArray b = session.execute(q.transpose().dot(xc));
        FlippedSvd svd = FlippedSvd.ofSmall(b, session);
        double[] s = Arrays.copyOf(svd.singularValues(), k);
        double[][] vt = Arrays.copyOf(svd.components(), k);
        FlippedSvd.turnByComponents(vt);
        double[] variance = new double[k];
        double[] ratio = new double[k];
        double kept = 0;
        for (int i = 0; i < k; i++) {
            variance[i] = s[i] * s[i] / (n - 1);
            ratio[i] = variance[i] / totalVariance;
            kept += variance[i];
        }
        // scikit-learn's noise_variance_ for the randomized solver: the variance not explained, per component left
        this.noiseVariance = k < most ? (totalVariance - kept) / (most - k) : 0.0;
        this.mean = m;
        this.components = vt;
        this.explainedVariance = variance;
        this.explainedVarianceRatio = ratio;
        this.singularValues = s;
        this.nSamples = n;
        return this;
    }

    /** As {@link #fit(Tensor, Session)} on a frame's numeric columns (its features). */
    public PCA fit(DataFrame x, Session session) {
        return fit(Inputs.matrix(x, "X"), session);
    }

    /** As {@link #transform(Tensor)} on a frame's numeric columns. */
    public Tensor transform(DataFrame x) {
        return transform(Inputs.matrix(x, "X"));
    }

    /** X centred on the training means and projected on the components (samples × components), lazily. */
    public Tensor transform(Tensor x) {
        Inputs.requireFitted(components, "PCA");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, mean.length, "PCA");
        return xf.subtract(Inputs.tensor(mean)).dot(Inputs.tensor(components).transpose());
    }

    public Tensor fitTransform(Tensor x, Session session) {
        return fit(x, session).transform(x);
    }

    /** Component scores back in feature space: {@code scores · components + mean} (samples × features), lazily. */
    public Tensor inverseTransform(Tensor scores) {
        Inputs.requireFitted(components, "PCA");
        Tensor sf = Inputs.matrix(scores, "X");
        Inputs.sameFeatures(sf, components.length, "PCA.inverseTransform");
        return sf.dot(Inputs.tensor(components)).add(Inputs.tensor(mean));
    }

    /** scikit-learn's {@code components_}: (components, features), one principal axis per row. */
    public Tensor components() {
        Inputs.requireFitted(components, "PCA");
        return Inputs.tensor(components);
    }

    /** scikit-learn's {@code explained_variance_}: each component's variance (ddof 1). */
    public Tensor explainedVariance() {
        Inputs.requireFitted(components, "PCA");
        return Inputs.tensor(explainedVariance);
    }

    /** scikit-learn's {@code explained_variance_ratio_}: each component's share of the total variance. */
    public Tensor explainedVarianceRatio() {
        Inputs.requireFitted(components, "PCA");
        return Inputs.tensor(explainedVarianceRatio);
    }

    /** scikit-learn's {@code singular_values_}: of the centred X, for the kept components. */
    public Tensor singularValues() {
        Inputs.requireFitted(components, "PCA");
        return Inputs.tensor(singularValues);
    }

    /** scikit-learn's {@code mean_}: each feature's training mean. */
    public Tensor mean() {
        Inputs.requireFitted(components, "PCA");
        return Inputs.tensor(mean);
    }

    /** scikit-learn's {@code noise_variance_}: the mean variance of the components not kept (0 if all are). */
    public double noiseVariance() {
        Inputs.requireFitted(components, "PCA");
        return noiseVariance;
    }

    /** scikit-learn's {@code n_components_}: the components kept. */
    public int nComponents() {
        Inputs.requireFitted(components, "PCA");
        return components.length;
    }

    /** scikit-learn's {@code n_samples_}: the training rows. */
    public long nSamples() {
        Inputs.requireFitted(components, "PCA");
        return nSamples;
    }
}
