package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.it.golden.UserErrors.compact;
import static io.mars.tensor.Tensors.chunks;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.learn.KMeans;
import io.mars.learn.LinearRegression;
import io.mars.learn.LogisticRegression;
import io.mars.learn.NearestNeighbors;
import io.mars.learn.PCA;
import io.mars.learn.Ridge;
import io.mars.learn.StandardScaler;
import io.mars.learn.TruncatedSVD;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bad input to the estimators that only shows when the data is computed (NaN or infinity in X or y) fails with a
 * user error naming it, before anything is fitted (the scalers accept NaN, as scikit-learn's). The checks made while
 * building (shapes, parameters, not fitted) are in mars-common's {@code io.mars.learn.LearnInputChecksTest}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LearnBadInputTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(1);

    private static Session session() {
        return CLUSTER.session();
    }

    private static Tensor withNaN() {
        return Tensors.array(new double[][] {{1, 2}, {3, Double.NaN}, {5, 6}, {7, 9}}, chunks(2));
    }

    private static Tensor withInfinity() {
        return Tensors.array(new double[][] {{1, 2}, {3, 4}, {5, Double.POSITIVE_INFINITY}, {7, 9}}, chunks(2));
    }

    private static Tensor finite() {
        return Tensors.array(new double[][] {{1, 2}, {3, 5}, {5, 6}, {7, 9}}, chunks(2));
    }

    private static Tensor y() {
        return Tensors.array(new double[] {1, 2, 3, 4}, chunks(2));
    }

    @Test
    void nanInXFailsEveryFitThatCannotIgnoreIt() {
        assertUserError(() -> new LinearRegression().fit(withNaN(), y(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input X contains NaN."));
        assertUserError(() -> new Ridge(1.0).fit(withNaN(), y(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input X contains NaN."));
        assertUserError(() -> new KMeans(2).fit(withNaN(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input X contains NaN."));
        assertUserError(() -> new PCA(1).fit(withNaN(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input X contains NaN."));
        assertUserError(() -> new TruncatedSVD(1).fit(withNaN(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input X contains NaN."));
        assertUserError(() -> new LogisticRegression().fit(withNaN(), labels(), session()),
                ErrorCode.NON_FINITE_INPUT, m -> assertThat(m).isEqualTo("Input X contains NaN."));
        assertUserError(() -> new NearestNeighbors(2).fit(withNaN(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input X contains NaN."));
    }

    @Test
    void finiteValuesWhoseSumOverflowsAreAccepted() {
        // the fast check (one sum) overflows to infinity; the exact one finds no NaN and no infinity
        Tensor huge = Tensors.array(new double[][] {{1e308, 1}, {1e308, 2}, {-1, 3}, {2, 4}}, chunks(2));
        NearestNeighbors nn = new NearestNeighbors(1).fit(huge, session());
        assertThat(nn.kneighbors(Tensors.array(new double[][] {{2, 4}})).indices().execute(session()).toLongArray())
                .containsExactly(3);
    }

    @Test
    void infinityInXOrNanInYFailsTheFit() {
        assertUserError(() -> new LinearRegression().fit(withInfinity(), y(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).contains("Input X contains infinity"));
        Tensor nanY = Tensors.array(new double[] {1, Double.NaN, 3, 4}, chunks(3));
        assertUserError(() -> new LinearRegression().fit(finite(), nanY, session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input y contains NaN."));
    }

    private static Tensor labels() {
        return Tensors.array(new long[] {0, 1, 1, 0}, chunks(3));
    }

    @Test
    void logisticRegressionRefusesNanLabelsAndASingleClass() {
        Tensor nanY = Tensors.array(new double[] {0, Double.NaN, 1, 0}, chunks(3));
        assertUserError(() -> new LogisticRegression().fit(finite(), nanY, session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).isEqualTo("Input y contains NaN."));
        Tensor oneClass = Tensors.array(new long[] {4, 4, 4, 4}, chunks(3));
        assertUserError(() -> new LogisticRegression().fit(finite(), oneClass, session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("at least 2 classes").contains("only one class: 4"));
    }

    @Test
    void logisticRegressionRefusesAnUnknownSolverAndANegativeStart() {
        assertUserError(() -> new LogisticRegression().solver("liblinear"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'solver'").contains("'newton-cholesky' or 'lbfgs'")
                        .contains("Got 'liblinear'"));
        assertUserError(() -> new LogisticRegression().startRows(-2), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("startRows").contains("got -2"));
        assertUserError(() -> new LogisticRegression().hessianEvery(0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("hessianEvery").contains("got 0"));
    }

    /**
     * LogisticRegression checks X through its solver's passes (a non-finite loss or gradient), not a pass of its
     * own: NaN or infinity anywhere is still found, with either solver, also past a prefix the solver starts on.
     */
    @Test
    void logisticRegressionFindsNonFiniteXThroughItsPasses() {
        for (String solver : new String[] {"newton-cholesky", "lbfgs"}) {
            assertUserError(() -> new LogisticRegression().solver(solver).fit(withInfinity(), labels(), session()),
                    ErrorCode.NON_FINITE_INPUT, m -> assertThat(m).isEqualTo("Input X contains infinity or a value"
                            + " too large for dtype('float64')."));
            // the NaN is in row 1, outside the prefix of row 0
            assertUserError(() -> new LogisticRegression().solver(solver).startRows(1).fit(withNaN(), labels(),
                    session()), ErrorCode.NON_FINITE_INPUT, m -> assertThat(m).isEqualTo("Input X contains NaN."));
        }
    }

    @Test
    void moreNeighboursThanFittedRowsIsTooFewSamples() {
        NearestNeighbors nn = new NearestNeighbors(5).fit(finite(), session());
        assertUserError(() -> nn.kneighbors(finite()), ErrorCode.TOO_FEW_SAMPLES,
                m -> assertThat(m).isEqualTo("Expected n_neighbors <= n_samples_fit, but n_neighbors = 5,"
                        + " n_samples_fit = 4, n_samples = 4"));
        assertThat(nn.kneighbors(finite(), 4).indices().execute(session()).toLongArray()).startsWith(0, 1);
    }

    @Test
    void nonFiniteInitialCentresFailKMeans() {
        Tensor init = Tensors.array(new double[][] {{1, 2}, {Double.NaN, 4}}, chunks(2));
        assertUserError(() -> new KMeans(2).init(init).fit(finite(), session()), ErrorCode.NON_FINITE_INPUT,
                m -> assertThat(m).contains("init").contains("centre 1"));
    }

    @Test
    void scalersAcceptNanAsScikitLearnDoes() {
        // their values with NaN are LearnGoldenTest's; here only that NaN is no error for them
        StandardScaler scaler = new StandardScaler().fit(withNaN(), session());
        assertThat(scaler.transform(withNaN()).execute(session()).toDoubleArray()[3]).isNaN();
    }

    @Test
    void moreClustersThanRowsFailsBeforeRunning() {
        assertUserError(() -> new KMeans(5).fit(finite(), session()), ErrorCode.TOO_FEW_SAMPLES,
                m -> assertThat(compact(m)).isEqualTo("n_samples=4shouldbe>=n_clusters=5."));
    }

    @Test
    void anUnknownSeedingOrNoInitIsRefused() {
        assertUserError(() -> new KMeans(2).init("random"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'k-means++', 'k-means||'").contains("'random'"));
        assertUserError(() -> new KMeans(2).nInit(0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("n_init should be > 0, got 0"));
    }

    @Test
    void anUnknownPcaSolverOrARandomizedOneWithoutItsComponentsIsRefused() {
        assertUserError(() -> new PCA(1).svdSolver("arpack"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'full', 'covariance_eigh' or 'randomized'").contains("'arpack'"));
        assertUserError(() -> new PCA().svdSolver("randomized").fit(finite(), session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("n_components=null").contains("randomized"));
        assertUserError(() -> new PCA(1).iteratedPower(-1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("iterated_power should be >= 0, got -1"));
    }

    @Test
    void predictingOnAnotherNumberOfFeaturesIsAShapeMismatch() {
        LinearRegression lr = new LinearRegression().fit(finite(), y(), session());
        Tensor three = Tensors.ones(new long[] {4, 3}, chunks(2));
        assertUserError(() -> lr.predict(three), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("X has 3 features, but LinearRegression is expecting 2 features"));
        KMeans km = new KMeans(2).fit(finite(), session());
        assertUserError(() -> km.predict(three), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("X has 3 features, but KMeans is expecting 2 features"));
        PCA pca = new PCA(1).fit(finite(), session());
        assertUserError(() -> pca.transform(three), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("X has 3 features, but PCA is expecting 2 features"));
        LogisticRegression logistic = new LogisticRegression().fit(finite(), labels(), session());
        assertUserError(() -> logistic.predictProba(three), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("X has 3 features, but LogisticRegression is expecting 2 features"));
    }
}
