package io.mars.learn;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.ErrorKind;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Bad input the estimators see while the graph is built (shapes, parameters, use before fit) fails at once with a
 * user error naming it, as scikit-learn's does, before any session is asked to run anything: these tests pass none.
 */
class LearnInputChecksTest {
    private static final Tensor X = Tensors.ones(shape(10, 2), chunks(4));
    private static final Tensor Y = Tensors.ones(shape(10), chunks(4));

    private static void fails(ThrowingCallable call, ErrorCode code, Consumer<String> message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).as("code of %s", e).isEqualTo(code);
            assertThat(e.kind()).isEqualTo(ErrorKind.USER);
            message.accept(e.getMessage());
        });
    }

    @Test
    void nearestCentrePassesNeedMatricesOfOneNumberOfFeatures() {
        Tensor centres = Tensors.ones(shape(3, 2));
        fails(() -> io.mars.tensor.Centres.nearest(Y, centres), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).isEqualTo("Centres.nearest: X and the centres should be matrices, got shapes (10,)"
                        + " and (3, 2)"));
        fails(() -> io.mars.tensor.Centres.statistics(X, Tensors.ones(shape(3, 5))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).isEqualTo("Centres.statistics: X has 2 features but the centres have 5 (shapes"
                        + " (10, 2) and (3, 5))"));
        fails(() -> io.mars.tensor.Centres.statistics(X, Tensors.ones(shape(0, 2))), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("needs at least one centre, got shape (0, 2)"));
        Tensor complex = Tensors.complex(X, X);
        fails(() -> io.mars.tensor.Centres.nearest(complex, centres), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).isEqualTo("Centres.nearest: needs real inputs, got complex128"));
        fails(() -> io.mars.tensor.LinearModels.logisticTerms(complex, Tensors.ones(shape(10, 1)),
                Tensors.ones(shape(1, 3)), true), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).isEqualTo("logisticTerms: needs real inputs, got complex128"));
        assertThat(io.mars.tensor.Centres.statistics(X, centres).shape()).containsExactly(3, 4);
        assertThat(io.mars.tensor.Centres.nearest(X, centres).shape()).containsExactly(10);
    }

    @Test
    void predictOrTransformBeforeFitIsNotFitted() {
        String notFitted = "is not fitted yet. Call 'fit' with appropriate arguments before using this estimator.";
        fails(() -> new LinearRegression().predict(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This LinearRegression instance").endsWith(notFitted));
        fails(() -> new Ridge().coef(), ErrorCode.NOT_FITTED, m -> assertThat(m).startsWith("This Ridge instance"));
        fails(() -> new KMeans(3).predict(X), ErrorCode.NOT_FITTED, m -> assertThat(m).startsWith("This KMeans"));
        fails(() -> new KMeans(3).inertia(), ErrorCode.NOT_FITTED, m -> assertThat(m).endsWith(notFitted));
        fails(() -> new KMeans(3).transform(X), ErrorCode.NOT_FITTED, m -> assertThat(m).endsWith(notFitted));
        fails(() -> new KMeans(3).score(X), ErrorCode.NOT_FITTED, m -> assertThat(m).endsWith(notFitted));
        fails(() -> new StandardScaler().transform(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This StandardScaler"));
        fails(() -> new MinMaxScaler().transform(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This MinMaxScaler"));
        fails(() -> new PCA().transform(X), ErrorCode.NOT_FITTED, m -> assertThat(m).startsWith("This PCA instance"));
        fails(() -> new PCA(1).components(), ErrorCode.NOT_FITTED, m -> assertThat(m).endsWith(notFitted));
        fails(() -> new TruncatedSVD().transform(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This TruncatedSVD instance"));
        fails(() -> new LogisticRegression().predict(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This LogisticRegression instance").endsWith(notFitted));
        fails(() -> new LogisticRegression().predictProba(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).endsWith(notFitted));
        fails(() -> new LogisticRegression().coef(), ErrorCode.NOT_FITTED, m -> assertThat(m).endsWith(notFitted));
        fails(() -> new NearestNeighbors().kneighbors(X), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This NearestNeighbors instance"));
        fails(() -> new LabelEncoder().transform(Y), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This LabelEncoder instance"));
        fails(() -> new OneHotEncoder().categories(), ErrorCode.NOT_FITTED,
                m -> assertThat(m).startsWith("This OneHotEncoder instance"));
    }

    @Test
    void xAndYWithDifferentRowsAreInconsistentSamples() {
        Tensor nine = Tensors.ones(shape(9), chunks(4));
        fails(() -> new LinearRegression().fit(X, nine, null), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("inconsistent numbers of samples: [10, 9]"));
        fails(() -> new Ridge(2.0).fit(X, nine, null), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("[10, 9]"));
        fails(() -> new LogisticRegression().fit(X, nine, null), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("inconsistent numbers of samples: [10, 9]"));
        fails(() -> Metrics.accuracyScore(Y, nine), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("[10, 9]"));
        fails(() -> Metrics.r2Score(Y, nine), ErrorCode.INCONSISTENT_SAMPLES, m -> assertThat(m).contains("[10, 9]"));
        fails(() -> Metrics.confusionMatrix(Y, nine, 0, 1), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("[10, 9]"));
        fails(() -> ModelSelection.trainTestSplit(0.25, 1, X, nine), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("[10, 9]"));
    }

    @Test
    void moreClustersThanRowsIsTooFewSamples() {
        fails(() -> new KMeans(11).fit(X, null), ErrorCode.TOO_FEW_SAMPLES,
                m -> assertThat(m).isEqualTo("n_samples=10 should be >= n_clusters=11."));
    }

    @Test
    void moreComponentsThanRowsIsTooFewSamples() {
        Tensor wide = Tensors.ones(shape(3, 8), chunks(4));
        fails(() -> new PCA(5).fit(wide, null), ErrorCode.TOO_FEW_SAMPLES,
                m -> assertThat(m).contains("n_components=5 must be between 0 and min(n_samples, n_features)=3"));
        fails(() -> new TruncatedSVD(5).fit(wide, null), ErrorCode.TOO_FEW_SAMPLES,
                m -> assertThat(m).contains("n_components=5 must be <= n_samples=3"));
    }

    @Test
    void shapesAndParametersAreCheckedAsScikitLearnChecksThem() {
        fails(() -> new LinearRegression().fit(Y, Y, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Expected 2D array, got 1D array instead"));
        fails(() -> new KMeans(2).init(Tensors.ones(shape(3, 2), chunks(2))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("(3, 2)").contains("number of clusters 2"));
        fails(() -> new KMeans(2).init(Tensors.ones(shape(2, 3), chunks(2))).fit(X, null), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("(2, 3)").contains("number of features of the data 2"));
        fails(() -> new KMeans(0), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("n_clusters"));
        fails(() -> new KMeans(2).algorithm("full"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'lloyd' or 'elkan'").contains("'full'"));
        fails(() -> new Ridge(-1.0), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("-1.0"));
        fails(() -> new MinMaxScaler(2, 1), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("(2.0, 1.0)"));
        fails(() -> Preprocessing.normalize(X, "l3"), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("'l3'"));
        fails(() -> ModelSelection.trainTestSplit(1.5, 1, X), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("test_size=1.5"));
        fails(() -> ModelSelection.trainTestSplit(0.95, 1, X), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("n_samples=10").contains("train set will be empty"));
        fails(() -> new PCA(0), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("n_components=0"));
        fails(() -> new PCA(3).fit(X, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("min(n_samples, n_features)=2"));
        fails(() -> new TruncatedSVD(3).fit(X, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("n_components=3 must be <= n_features=2"));
        fails(() -> new PCA().fit(Y, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Expected 2D array, got 1D array instead"));
        fails(() -> new LogisticRegression().c(0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'C' parameter").contains("Got 0.0"));
        fails(() -> new LogisticRegression().maxIter(0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("max_iter"));
        fails(() -> new LogisticRegression().fit(X, X, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("y must be 1-dimensional"));
        DataFrame floats = DataFrames.fromColumns(Map.of("price", List.of(1.5, 2.5)));
        fails(() -> new OneHotEncoder().fit(floats, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("column 'price' holds float64"));
        fails(() -> new LabelEncoder().fit(floats.col("price"), null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("not strings"));
        DataFrame named = DataFrames.fromColumns(Map.of("name", List.of("a", "b")));
        fails(() -> new PCA(1).fit(named, null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("X column 'name' holds strings"));
        fails(() -> new LogisticRegression().fit(floats, named.col("name"), null), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("y series 'name' holds strings"));
        fails(() -> new KFold(1), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("n_splits=1"));
        fails(() -> new KFold(11).split(X), ErrorCode.TOO_FEW_SAMPLES,
                m -> assertThat(m).contains("n_splits=11 greater than the number of samples: n_samples=10"));
        fails(() -> Metrics.rocAucScore(Y, Tensors.ones(shape(9), chunks(4))), ErrorCode.INCONSISTENT_SAMPLES,
                m -> assertThat(m).contains("[10, 9]"));
        fails(() -> new NearestNeighbors(0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).isEqualTo("Expected n_neighbors > 0. Got 0"));
        fails(() -> Metrics.pairwiseDistances(X, Tensors.ones(shape(4, 3), chunks(4))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("X.shape[1] == 2 while Y.shape[1] == 3"));
        fails(() -> Metrics.meanSquaredError(Tensors.ones(shape(10, 2), chunks(4)), Tensors.ones(shape(10, 3),
                chunks(4))), ErrorCode.SHAPE_MISMATCH, m -> assertThat(m).contains("(2!=3)"));
    }

    @Test
    void splitSizesAreScikitLearns() {
        var parts = ModelSelection.trainTestSplit(0.25, 1, X, Y);
        assertThat(parts).hasSize(4);
        assertThat(parts.get(0).shape()).containsExactly(7, 2);
        assertThat(parts.get(1).shape()).containsExactly(3, 2);
        assertThat(parts.get(3).shape()).containsExactly(3);
    }
}
