package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.learn.KFold;
import io.mars.learn.KMeans;
import io.mars.learn.LabelEncoder;
import io.mars.learn.LinearModel;
import io.mars.learn.LinearRegression;
import io.mars.learn.LogisticRegression;
import io.mars.learn.NearestNeighbors;
import io.mars.learn.OneHotEncoder;
import io.mars.learn.PCA;
import io.mars.learn.Metrics;
import io.mars.learn.MinMaxScaler;
import io.mars.learn.ModelSelection;
import io.mars.learn.Preprocessing;
import io.mars.learn.Ridge;
import io.mars.learn.StandardScaler;
import io.mars.learn.TruncatedSVD;
import io.mars.tensor.Centres;
import io.mars.tensor.Index;
import io.mars.tensor.LinearModels;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The estimators of {@code io.mars.learn} on the embedded two-worker cluster give scikit-learn's fitted attributes,
 * transforms and metrics on the same data, whatever the chunking. Inputs and answers come from
 * {@code src/test/python/golden_learn.py} (scikit-learn 1.2.1). Tolerances, relative to max(|expected|, 1):
 * coefficients, components and centres 1e-6 (components with scikit-learn's signs, not only up to sign), scaler
 * outputs 1e-9, KMeans inertia 1e-6 (relative), LogisticRegression probabilities 1e-5, neighbour distances 1e-9,
 * labels, neighbour indices and counts exactly; float metrics 1e-12 (a different summation order than numpy's).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LearnGoldenTest {
    private static final String ROOT = "/golden/learn/";
    private static final double COEF_TOL = 1e-6;
    private static final double SCALER_TOL = 1e-9;
    private static final double METRIC_TOL = 1e-12;
    private static final double PROBA_TOL = 1e-5;
    private static final double DISTANCE_TOL = 1e-9;

    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static Session session() {
        return CLUSTER.session();
    }

    // ----- preprocessing -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void standardScalerGivesScikitLearnsStatisticsAndTransform(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("scale_x"));
        StandardScaler scaler = new StandardScaler().fit(x, session());
        assertClose("standard_mean", scaler.mean(), SCALER_TOL);
        assertClose("standard_var", scaler.var(), SCALER_TOL);
        assertClose("standard_scale", scaler.scale(), SCALER_TOL);
        assertClose("standard_transform", scaler.transform(x), SCALER_TOL);
        assertClose("standard_nomean_transform",
                new StandardScaler(false, true).fitTransform(chunking.matrix(input("reg_x")), session()), SCALER_TOL);
        NDArray back = scaler.inverseTransform(scaler.transform(x)).execute(session());
        assertWithin("inverse transform", back, input("scale_x"), SCALER_TOL);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void minMaxScalerGivesScikitLearnsRangeAndTransform(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("scale_x"));
        MinMaxScaler scaler = new MinMaxScaler().fit(x, session());
        assertClose("minmax_data_min", scaler.dataMin(), SCALER_TOL);
        assertClose("minmax_data_max", scaler.dataMax(), SCALER_TOL);
        assertClose("minmax_scale", scaler.scale(), SCALER_TOL);
        assertClose("minmax_min", scaler.min(), SCALER_TOL);
        assertClose("minmax_transform", scaler.transform(x), SCALER_TOL);
        assertClose("minmax_range_transform",
                new MinMaxScaler(-1.0, 2.0).fitTransform(chunking.matrix(input("reg_x")), session()), SCALER_TOL);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void scalersLeaveNanOutOfTheirStatisticsAndKeepItAsScikitLearn(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("scale_xnan"));
        StandardScaler standard = new StandardScaler().fit(x, session());
        assertClose("standard_nan_mean", standard.mean(), SCALER_TOL);
        assertClose("standard_nan_scale", standard.scale(), SCALER_TOL);
        assertClose("standard_nan_transform", standard.transform(x), SCALER_TOL);
        assertClose("minmax_nan_transform", new MinMaxScaler().fitTransform(x, session()), SCALER_TOL);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void normalizeScalesRowsAsScikitLearn(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("reg_x"));
        for (String norm : List.of("l2", "l1", "max")) {
            assertClose("normalize_" + norm, Preprocessing.normalize(x, norm), SCALER_TOL);
        }
    }

    // ----- linear models -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void linearRegressionGivesScikitLearnsCoefficients(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("reg_x"));
        Tensor y = chunking.targets(input("reg_y"));
        LinearRegression lr = new LinearRegression().fit(x, y, session());
        assertClose("linreg_coef", lr.coef(), COEF_TOL);
        assertClose("linreg_intercept", lr.intercept(), COEF_TOL);
        assertClose("linreg_predict", lr.predict(x), COEF_TOL);
        assertClose("linreg_score", lr.score(x, y), COEF_TOL);
        LinearRegression two = new LinearRegression().fit(x, chunking.targets(input("reg_y2")), session());
        assertClose("linreg2_coef", two.coef(), COEF_TOL);
        assertClose("linreg2_intercept", two.intercept(), COEF_TOL);
        assertClose("linreg_noint_coef", new LinearRegression(false).fit(x, y, session()).coef(), COEF_TOL);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void ridgeGivesScikitLearnsCoefficients(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("reg_x"));
        Tensor y = chunking.targets(input("reg_y"));
        for (String alpha : List.of("1", "500")) {
            LinearModel ridge = new Ridge(Double.parseDouble(alpha)).fit(x, y, session());
            assertClose("ridge_a" + alpha + "_coef", ridge.coef(), COEF_TOL);
            assertClose("ridge_a" + alpha + "_intercept", ridge.intercept(), COEF_TOL);
        }
        Ridge two = new Ridge(10.0).fit(x, chunking.targets(input("reg_y2")), session());
        assertClose("ridge2_coef", two.coef(), COEF_TOL);
        assertClose("ridge2_intercept", two.intercept(), COEF_TOL);
        assertClose("ridge_noint_coef", new Ridge(10.0, false).fit(x, y, session()).coef(), COEF_TOL);
    }

    // ----- clustering -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void fusedNearestCentrePassesAgreeWithNumpy(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("km_x"));
        for (String init : List.of("km_init", "km_init_far")) {
            Tensor centres = Tensors.array(input(init), ChunkSpec.of(3, 1));
            assertThat(Centres.nearest(x, centres).execute(session()).toLongArray()).as("nearest to %s", init)
                    .containsExactly(expected("centres_nearest_" + init).toLongArray());
            // sums and squared distances of up to ~500 rows: 1e-9 relative to the column's scale
            assertClose("centres_stats_" + init, Centres.statistics(x, centres), 1e-9);
            // with an offset subtracted on the fly (k-means' column means): exactly the numbers of X centred first
            Tensor means = x.mean(new int[] {0});
            Tensor centred = x.subtract(means);
            assertThat(Centres.nearest(x, centres, means).execute(session()).toLongArray())
                    .as("nearest to %s, offset", init)
                    .containsExactly(Centres.nearest(centred, centres).execute(session()).toLongArray());
            double[] stats = Centres.statistics(centred, centres).execute(session()).toDoubleArray();
            assertThat(Centres.statistics(x, centres, means).execute(session()).toDoubleArray())
                    .as("statistics for %s, offset", init).containsExactly(stats);
            assertThat(stats).as("statistics for %s differ with the offset", init)
                    .isNotEqualTo(Centres.statistics(x, centres).execute(session()).toDoubleArray());
        }
    }

    /** KMeans' two ways of finding the nearest centres, which must follow the same iterations. */
    private static final List<String> KMEANS_ALGORITHMS = List.of("lloyd", "elkan");

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void kMeansFromGivenCentresFollowsScikitLearnsIterations(LearnChunking chunking) {
        // both ways of finding the nearest centres: a full pass each iteration, and the bounded passes
        for (String algorithm : KMEANS_ALGORITHMS) {
            Tensor x = chunking.matrix(input("km_x"));
            KMeans km = new KMeans(5).init(Tensors.array(input("km_init"), ChunkSpec.of(5, 2))).algorithm(algorithm)
                    .fit(x, session());
            assertThat(km.nIter()).as("n_iter_ (%s)", algorithm).isEqualTo(expected("kmeans_n_iter").getLong());
            assertRelative("kmeans_inertia", km.inertia(), expected("kmeans_inertia").getDouble(), 1e-6);
            assertClose("kmeans_centers", km.clusterCenters(), COEF_TOL);
            // the same initial centres in the same order: the labels are scikit-learn's, not only up to permutation
            assertThat(km.labels().execute(session()).toLongArray()).as("labels_ (%s)", algorithm)
                    .containsExactly(expected("kmeans_labels").toLongArray());
            Tensor blobs = Tensors.array(blobsFirstTwoFeatures(), ChunkSpec.of(1000, 2));
            assertThat(km.predict(blobs).execute(session()).toLongArray()).as("predict (%s)", algorithm)
                    .containsExactly(expected("kmeans_predict").toLongArray());
            assertClose("kmeans_transform", km.transform(x), COEF_TOL);
            assertRelative("kmeans_score", km.score(blobs).execute(session()).getDouble(),
                    expected("kmeans_score").getDouble(), 1e-6);

            KMeans two = new KMeans(5).init(Tensors.array(input("km_init"), ChunkSpec.of(5, 2))).maxIter(2)
                    .algorithm(algorithm).fit(x, session());
            assertThat(two.nIter()).isEqualTo(2);
            assertRelative("kmeans_iter2_inertia", two.inertia(), expected("kmeans_iter2_inertia").getDouble(),
                    1e-6);
            assertClose("kmeans_iter2_centers", two.clusterCenters(), COEF_TOL);
        }
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void kMeansMovesEmptyClustersToTheFarthestRowsAsScikitLearn(LearnChunking chunking) {
        for (String algorithm : KMEANS_ALGORITHMS) {
            KMeans km = new KMeans(5).init(Tensors.array(input("km_init_far"), ChunkSpec.of(5, 2)))
                    .algorithm(algorithm).fit(chunking.matrix(input("km_x")), session());
            assertThat(km.nIter()).as("n_iter_ (%s)", algorithm).isEqualTo(expected("kmeans_far_n_iter").getLong());
            assertRelative("kmeans_far_inertia", km.inertia(), expected("kmeans_far_inertia").getDouble(), 1e-6);
            assertClose("kmeans_far_centers", km.clusterCenters(), COEF_TOL);
            assertThat(km.labels().execute(session()).toLongArray()).as("labels_ (%s)", algorithm)
                    .containsExactly(expected("kmeans_far_labels").toLongArray());

            KMeans two = new KMeans(5).init(Tensors.array(input("km_init_far2"), ChunkSpec.of(5, 2)))
                    .algorithm(algorithm).fit(chunking.matrix(input("km_x")), session());
            assertRelative("kmeans_far2_inertia", two.inertia(), expected("kmeans_far2_inertia").getDouble(), 1e-6);
            assertClose("kmeans_far2_centers", two.clusterCenters(), COEF_TOL);
        }
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void kMeansPlusPlusFindsScikitLearnsClustersOfSeparatedBlobs(LearnChunking chunking) {
        for (String algorithm : KMEANS_ALGORITHMS) {
            KMeans km = new KMeans(4).randomState(7).algorithm(algorithm)
                    .fit(chunking.matrix(input("blobs_x")), session());
            assertRelative("kmeanspp_inertia", km.inertia(), expected("kmeanspp_inertia").getDouble(), 1e-6);
            assertEqualUpToPermutation(km.labels().execute(session()).toLongArray(),
                    expected("kmeanspp_labels").toLongArray());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LearnChunking.class)
    void kMeansParallelSeedingFindsScikitLearnsClustersOfSeparatedBlobs(LearnChunking chunking) {
        KMeans km = new KMeans(4).init("k-means||").randomState(7).fit(chunking.matrix(input("blobs_x")), session());
        assertRelative("kmeanspp_inertia", km.inertia(), expected("kmeanspp_inertia").getDouble(), 1e-6);
        assertEqualUpToPermutation(km.labels().execute(session()).toLongArray(),
                expected("kmeanspp_labels").toLongArray());
    }

    @Test
    void kMeansParallelSeedsTheSameCentresWhateverTheChunking() {
        double[][] centres = seededAlikeAtEveryChunking(() -> new KMeans(5).init("k-means||").randomState(3));
        double[][] plusPlus = new KMeans(5).randomState(3).maxIter(1)
                .fit(LearnChunking.ONE_CHUNK.matrix(input("km_x")), session()).clusterCenters().execute(session())
                .toDoubleMatrix();
        assertThat(plusPlus).as("k-means++ from the same seed seeds elsewhere").isNotEqualTo(centres);
    }

    @Test
    void kMeansWithSeveralInitsKeepsTheRunOfLeastInertia() {
        Tensor x = LearnChunking.ROWS_700.matrix(input("km_x"));
        double[] single = new double[4];
        for (int run = 0; run < single.length; run++) {
            single[run] = new KMeans(5).randomState(20 + run).fit(x, session()).inertia();
        }
        KMeans best = new KMeans(5).randomState(20).nInit(single.length).fit(x, session());
        double least = java.util.Arrays.stream(single).min().orElseThrow();
        assertThat(best.inertia()).isCloseTo(least, org.assertj.core.api.Assertions.within(1e-9 * least));
        assertThat(java.util.Arrays.stream(single).max().orElseThrow()).as("the seeds' runs differ, so the choice"
                + " is tested").isGreaterThan(least * (1 + 1e-9));
    }

    @Test
    void kMeansPlusPlusPicksTheSameCentresWhateverTheChunking() {
        double[][] centres = seededAlikeAtEveryChunking(() -> new KMeans(4).randomState(11));
        double[][] otherSeed = new KMeans(4).randomState(12).maxIter(1)
                .fit(LearnChunking.ONE_CHUNK.matrix(input("km_x")), session()).clusterCenters().execute(session())
                .toDoubleMatrix();
        assertThat(otherSeed).as("another seed seeds elsewhere").isNotEqualTo(centres);
    }

    /**
     * The centres a seeding gives km_x after one iteration (so that they still show where it put them), equal at
     * every chunking; returned for the first chunking.
     */
    private static double[][] seededAlikeAtEveryChunking(java.util.function.Supplier<KMeans> kmeans) {
        List<double[][]> centres = new ArrayList<>();
        for (LearnChunking chunking : LearnChunking.values()) {
            KMeans km = kmeans.get().maxIter(1).fit(chunking.matrix(input("km_x")), session());
            centres.add(km.clusterCenters().execute(session()).toDoubleMatrix());
        }
        for (int i = 1; i < centres.size(); i++) {
            for (int k = 0; k < centres.get(0).length; k++) {
                assertThat(centres.get(i)[k]).as("centre %d with %s", k, LearnChunking.values()[i])
                        .containsExactly(centres.get(0)[k], org.assertj.core.api.Assertions.within(1e-9));
            }
        }
        return centres.get(0);
    }

    // ----- decomposition -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void pcaGivesScikitLearnsComponentsWithItsSigns(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("pca_x"));
        PCA pca = new PCA().fit(x, session());
        assertThat(pca.nComponents()).isEqualTo(6);
        assertClose("pca_components", pca.components(), COEF_TOL);
        assertClose("pca_explained_variance", pca.explainedVariance(), COEF_TOL);
        assertClose("pca_explained_variance_ratio", pca.explainedVarianceRatio(), COEF_TOL);
        assertClose("pca_singular_values", pca.singularValues(), COEF_TOL);
        assertClose("pca_mean", pca.mean(), COEF_TOL);
        PCA three = new PCA(3).fit(x, session());
        assertClose("pca3_components", three.components(), COEF_TOL);
        assertClose("pca3_explained_variance_ratio", three.explainedVarianceRatio(), COEF_TOL);
        assertRelative("pca3_noise_variance", three.noiseVariance(), expected("pca3_noise_variance").getDouble(),
                COEF_TOL);
        assertClose("pca3_transform", three.transform(x), COEF_TOL);
        assertClose("pca3_inverse", three.inverseTransform(three.transform(x)), COEF_TOL);
        assertClose("pca3_transform", new PCA(3).fitTransform(x, session()), COEF_TOL);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void pcaFromTheCovarianceMatrixGivesTheFullSolversComponents(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("pca_x"));
        PCA pca = new PCA().svdSolver("covariance_eigh").fit(x, session());
        assertThat(pca.nComponents()).isEqualTo(6);
        assertComponentsTurnedByThemselves("pca_components", pca.components().execute(session()));
        assertClose("pca_explained_variance", pca.explainedVariance(), COEF_TOL);
        assertClose("pca_explained_variance_ratio", pca.explainedVarianceRatio(), COEF_TOL);
        assertClose("pca_singular_values", pca.singularValues(), COEF_TOL);
        assertClose("pca_mean", pca.mean(), COEF_TOL);
        PCA three = new PCA(3).svdSolver("covariance_eigh").fit(x, session());
        assertComponentsTurnedByThemselves("pca3_components", three.components().execute(session()));
        assertRelative("pca3_noise_variance", three.noiseVariance(), expected("pca3_noise_variance").getDouble(),
                COEF_TOL);
        // the components do not move with the data: far from zero (the Gram matrix made from X's own would lose
        // all of the smallest variance, so the centred X's is made) and near it (made from X's own)
        for (double shift : new double[] {1e7, 100}) {
            PCA shifted = new PCA(3).svdSolver("covariance_eigh").fit(x.add(shift), session());
            assertComponentsTurnedByThemselves("pca3_components", shifted.components().execute(session()));
            assertClose("pca3_explained_variance_ratio", shifted.explainedVarianceRatio(), COEF_TOL);
        }
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void randomizedPcaOfWideDataConvergesToTheExactComponents(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("wide_x"));
        PCA pca = new PCA(5).svdSolver("randomized").randomState(3).fit(x, session());
        NDArray components = pca.components().execute(session());
        assertComponentsTurnedByThemselves("wpca5_components", components);
        assertClose("wpca5_explained_variance", pca.explainedVariance(), COEF_TOL);
        assertClose("wpca5_explained_variance_ratio", pca.explainedVarianceRatio(), COEF_TOL);
        assertRelative("wpca5_noise_variance", pca.noiseVariance(), expected("wpca5_noise_variance").getDouble(),
                COEF_TOL);
        assertThat(new PCA(5).svdSolver("randomized").randomState(4).iteratedPower(0).fit(x, session())
                .components().execute(session()).toDoubleArray())
                .as("without power iterations the sketch is rougher: another seed gives other components")
                .isNotEqualTo(components.toDoubleArray());
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void truncatedSvdGivesScikitLearnsComponentsWithItsSigns(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("pca_x"));
        TruncatedSVD svd = new TruncatedSVD(3).fit(x, session());
        assertClose("tsvd_components", svd.components(), COEF_TOL);
        assertClose("tsvd_explained_variance", svd.explainedVariance(), COEF_TOL);
        assertClose("tsvd_explained_variance_ratio", svd.explainedVarianceRatio(), COEF_TOL);
        assertClose("tsvd_singular_values", svd.singularValues(), COEF_TOL);
        assertClose("tsvd_transform", svd.transform(x), COEF_TOL);
    }

    @Test
    void estimatorsFitOnADataFramesNumericColumnsAsOnTheirTensor() {
        DataFrame pcaFrame = DataFrames.fromTensor(LearnChunking.ROWS_700.matrix(input("pca_x")),
                "a", "b", "c", "d", "e", "f");
        PCA pca = new PCA(3).fit(pcaFrame, session());
        assertClose("pca3_components", pca.components(), COEF_TOL);
        assertClose("pca3_transform", pca.transform(pcaFrame), COEF_TOL);
        assertClose("tsvd_components", new TruncatedSVD(3).fit(pcaFrame, session()).components(), COEF_TOL);

        DataFrame x = DataFrames.fromTensor(LearnChunking.ROWS_700.matrix(input("log_x")), "a", "b", "c", "d");
        List<Long> labels = java.util.Arrays.stream(input("log_y").toLongArray()).boxed().toList();
        LogisticRegression lr = new LogisticRegression().fit(x, DataFrames.series("label", labels, 500), session());
        assertClose("logreg_proba", lr.predictProba(x), PROBA_TOL);
        assertThat(lr.predict(x).execute(session()).toLongArray()).containsExactly(expected("logreg_predict")
                .toLongArray());

        DataFrame points = DataFrames.fromTensor(LearnChunking.ROWS_700.matrix(input("nn_x")), "a", "b", "c", "d");
        DataFrame queries = DataFrames.fromTensor(Tensors.array(input("nn_q"), ChunkSpec.of(128, 4)),
                "a", "b", "c", "d");
        NearestNeighbors.Neighbors five = new NearestNeighbors(5).fit(points, session()).kneighbors(queries, 5);
        assertThat(five.indices().execute(session()).toLongArray()).containsExactly(expected("nn_indices")
                .toLongArray());
    }

    @Test
    void scalersRegressorsAndKMeansFitOnADataFramesNumericColumnsAsOnTheirTensor() {
        DataFrame scaled = DataFrames.fromTensor(LearnChunking.ROWS_700.matrix(input("scale_x")), "a", "b", "c", "d");
        assertClose("standard_transform", new StandardScaler().fit(scaled, session()).transform(scaled), SCALER_TOL);
        assertClose("minmax_transform", new MinMaxScaler().fit(scaled, session()).transform(scaled), SCALER_TOL);

        DataFrame x = DataFrames.fromTensor(LearnChunking.ROWS_700.matrix(input("reg_x")), "a", "b", "c", "d", "e");
        List<Double> target = java.util.Arrays.stream(input("reg_y").toDoubleArray()).boxed().toList();
        LinearRegression lr = new LinearRegression().fit(x, DataFrames.series("y", target, 500), session());
        assertClose("linreg_coef", lr.coef(), COEF_TOL);
        assertClose("linreg_predict", lr.predict(x), COEF_TOL);
        assertClose("ridge_a500_coef", new Ridge(500.0).fit(x, DataFrames.series("y", target, 500), session()).coef(),
                COEF_TOL);

        DataFrame points = DataFrames.fromTensor(LearnChunking.ROWS_700.matrix(input("km_x")), "a", "b");
        KMeans km = new KMeans(5).init(Tensors.array(input("km_init"), ChunkSpec.of(5, 2))).fit(points, session());
        assertClose("kmeans_centers", km.clusterCenters(), COEF_TOL);
        assertThat(km.predict(points).execute(session()).toLongArray()).containsExactly(expected("kmeans_labels")
                .toLongArray());
    }

    // ----- logistic regression -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void binaryLogisticRegressionGivesScikitLearnsProbabilities(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("log_x"));
        Tensor y = chunking.targets(input("log_y"));
        assertLogistic("logreg", new LogisticRegression().fit(x, y, session()), x, y);
        assertLogistic("logreg_c01_noint", new LogisticRegression().c(0.1).fitIntercept(false).fit(x, y, session()),
                x, y);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void multinomialLogisticRegressionGivesScikitLearnsProbabilities(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("log3_x"));
        Tensor y = chunking.targets(input("log3_y"));
        assertLogistic("logreg3", new LogisticRegression().fit(x, y, session()), x, y);
        assertLogistic("logreg3_c05", new LogisticRegression().c(0.5).fit(x, y, session()), x, y);
    }

    /** The fused loss terms at a given theta, through the native BLAS (12 features) and the Java loops (one row). */
    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void logisticTermsAgreeWithNumpy(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("logw_x"));
        long[] labels = input("logw_y").toLongArray();
        long[] labels4 = input("logw4_y").toLongArray();
        double[] binary = new double[labels.length];
        double[] oneHot = new double[labels4.length * 4];
        for (int i = 0; i < labels.length; i++) {
            binary[i] = labels[i];
            oneHot[i * 4 + (int) labels4[i]] = 1.0;
        }
        Tensor bin = chunking.targets(NDArray.of(binary, labels.length, 1));
        Tensor theta = Tensors.array(input("logw_theta"), ChunkSpec.of(1, 5));
        assertClose("logistic_terms_bin", LinearModels.logisticTerms(x, bin, theta, true), 1e-9);
        Tensor four = chunking.targets(NDArray.of(oneHot, labels4.length, 4));
        Tensor theta4 = Tensors.array(input("logw4_theta"), ChunkSpec.of(3, 5));
        assertClose("logistic_terms_4", LinearModels.logisticTerms(x, four, theta4, true), 1e-9);
        // without the Hessian: the loss and the gradient, the same numbers as the first 1 + n of the full terms
        assertLeading("logistic_terms_bin", LinearModels.logisticTerms(x, bin, theta, true, false), 1 + 13, 1e-9);
        assertLeading("logistic_terms_4", LinearModels.logisticTerms(x, four, theta4, true, false), 1 + 4 * 13, 1e-9);
        // the Hessian over one block of 512 rows in every 3 (2): the same rows whatever the chunks, none cut off at a
        // chunk's edge, and the loss and gradient still over all rows
        assertClose("logistic_terms_bin_every3", LinearModels.logisticTerms(x, bin, theta, true, 3), 1e-9);
        assertClose("logistic_terms_4_every2", LinearModels.logisticTerms(x, four, theta4, true, 2), 1e-9);
        assertThat(LinearModels.hessianRows(2600, 3)).isEqualTo(1024);
        assertThat(LinearModels.hessianRows(2600, 2)).isEqualTo(1536);
        assertThat(LinearModels.hessianRows(2600, 1)).isEqualTo(2600);
        assertThat(LinearModels.hessianRows(2100, 4)).isEqualTo(512 + 52);
    }

    /**
     * The Newton solver with the Hessian summed over a sample of the rows once near the optimum
     * ({@code hessianEvery}, automatic only from 200,000 rows): one block of 512 rows in every 2 or 3 reaches the same
     * optimum, for two and four classes.
     */
    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void aSampledHessianGivesScikitLearnsProbabilities(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("logw_x"));
        Tensor y = chunking.targets(input("logw_y"));
        assertLogistic("logregw", new LogisticRegression().hessianEvery(3).fit(x, y, session()), x, y);
        Tensor y4 = chunking.targets(input("logw4_y"));
        assertLogistic("logregw4", new LogisticRegression().hessianEvery(2).c(0.5).fit(x, y4, session()), x, y4);
    }

    /**
     * The L-BFGS solver (gradient-only passes) reaches the optimum the Newton cases check, to the same tolerances:
     * two classes with and without an intercept, three and four classes, and twelve features.
     */
    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void lbfgsSolverGivesScikitLearnsProbabilities(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("log_x"));
        Tensor y = chunking.targets(input("log_y"));
        assertLogistic("logreg", new LogisticRegression().solver("lbfgs").fit(x, y, session()), x, y);
        assertLogistic("logreg_c01_noint", new LogisticRegression().solver("lbfgs").c(0.1).fitIntercept(false)
                .fit(x, y, session()), x, y);
        Tensor x3 = chunking.matrix(input("log3_x"));
        Tensor y3 = chunking.targets(input("log3_y"));
        assertLogistic("logreg3", new LogisticRegression().solver("lbfgs").fit(x3, y3, session()), x3, y3);
        assertLogistic("logreg3_c05", new LogisticRegression().solver("lbfgs").c(0.5).fit(x3, y3, session()), x3, y3);
        Tensor xw = chunking.matrix(input("logw_x"));
        Tensor yw = chunking.targets(input("logw_y"));
        assertLogistic("logregw", new LogisticRegression().solver("lbfgs").fit(xw, yw, session()), xw, yw);
        Tensor y4 = chunking.targets(input("logw4_y"));
        assertLogistic("logregw4", new LogisticRegression().solver("lbfgs").c(0.5).fit(xw, y4, session()), xw, y4);
    }

    /**
     * Starting from the optimum on a prefix of the rows ({@code startRows}, automatic only from 200,000 rows) reaches
     * the same optimum, with either solver: a prefix of 500 rows (inside the first chunk, or across the uneven ones),
     * and one of 40 rows whose fit is far off.
     */
    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void startingFromAPrefixFitGivesScikitLearnsProbabilities(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("log_x"));
        Tensor y = chunking.targets(input("log_y"));
        for (String solver : new String[] {"newton-cholesky", "lbfgs"}) {
            assertLogistic("logreg", new LogisticRegression().solver(solver).startRows(500).fit(x, y, session()), x, y);
            assertLogistic("logreg_c01_noint", new LogisticRegression().solver(solver).startRows(40).c(0.1)
                    .fitIntercept(false).fit(x, y, session()), x, y);
        }
        // the point of it: fewer steps over all the rows
        int fromZero = new LogisticRegression().fit(x, y, session()).nIter();
        int fromHalf = new LogisticRegression().startRows(1500).fit(x, y, session()).nIter();
        assertThat(fromHalf).as("Newton steps on all rows from a fit on half of them (from zero: %d)", fromZero)
                .isLessThan(fromZero);
        Tensor xw = chunking.matrix(input("logw_x"));
        Tensor y4 = chunking.targets(input("logw4_y"));
        assertLogistic("logregw4", new LogisticRegression().startRows(700).c(0.5).fit(xw, y4, session()), xw, y4);
        assertLogistic("logregw4", new LogisticRegression().solver("lbfgs").startRows(300).c(0.5)
                .fit(xw, y4, session()), xw, y4);
    }

    /**
     * Rows sorted by label: the prefix the solver starts on holds one class (no optimum there); its start is dropped
     * and the fit still reaches scikit-learn's coefficients (which do not depend on the rows' order).
     */
    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void aPrefixOfOneClassStillGivesScikitLearnsCoefficients(LearnChunking chunking) {
        double[][] rows = input("log_x").toDoubleMatrix();
        long[] labels = input("log_y").toLongArray();
        Integer[] order = new Integer[labels.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, java.util.Comparator.comparingLong(i -> labels[i]));
        int features = rows[0].length;
        double[] sortedRows = new double[labels.length * features];
        long[] sortedLabels = new long[labels.length];
        for (int i = 0; i < order.length; i++) {
            System.arraycopy(rows[order[i]], 0, sortedRows, i * features, features);
            sortedLabels[i] = labels[order[i]];
        }
        assertThat(sortedLabels[999]).as("the first 1000 sorted rows are of one class").isEqualTo(sortedLabels[0]);
        Tensor x = chunking.matrix(NDArray.of(sortedRows, labels.length, features));
        Tensor y = chunking.targets(NDArray.of(sortedLabels, labels.length));
        for (String solver : new String[] {"newton-cholesky", "lbfgs"}) {
            LogisticRegression lr = new LogisticRegression().solver(solver).startRows(1000).fit(x, y, session());
            assertClose("logreg_coef", lr.coef(), COEF_TOL);
            assertClose("logreg_intercept", lr.intercept(), COEF_TOL);
        }
    }

    /** The first {@code count} numbers of a golden vector, which {@code actual} (of that length) must match. */
    private static void assertLeading(String name, Tensor actual, int count, double tolerance) {
        NDArray e = expected(name);
        assertThat(actual.shape()).as("declared shape of %s without the Hessian", name).containsExactly(count);
        NDArray a = actual.execute(session());
        assertThat(a.shape()).as("shape of %s without the Hessian", name).containsExactly(count);
        double[] leading = new double[count];
        for (int i = 0; i < count; i++) {
            leading[i] = e.getDouble(i);
        }
        assertWithin(name + " without the Hessian", a, NDArray.of(leading, count), tolerance);
    }

    /** Twelve features: the Hessian's tiles go through the native BLAS (dsyrk, and dgemm between classes). */
    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void wideLogisticRegressionGivesScikitLearnsProbabilities(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("logw_x"));
        Tensor y = chunking.targets(input("logw_y"));
        assertLogistic("logregw", new LogisticRegression().fit(x, y, session()), x, y);
        Tensor y4 = chunking.targets(input("logw4_y"));
        assertLogistic("logregw4", new LogisticRegression().c(0.5).fit(x, y4, session()), x, y4);
    }

    private static void assertLogistic(String tag, LogisticRegression lr, Tensor x, Tensor y) {
        assertClose(tag + "_coef", lr.coef(), COEF_TOL);
        assertClose(tag + "_intercept", lr.intercept(), COEF_TOL);
        assertClose(tag + "_proba", lr.predictProba(x), PROBA_TOL);
        long[] predicted = lr.predict(x).execute(session()).toLongArray();
        assertThat(predicted).as("%s predict", tag).containsExactly(expected(tag + "_predict").toLongArray());
        if (lr.coef().shape()[0] == 1) {
            // two classes: the second exactly where the decision function is positive, as scikit-learn's predict
            double[] decision = lr.decisionFunction(x).execute(session()).toDoubleArray();
            long[] classes = lr.classes().execute(session()).toLongArray();
            assertThat(decision).as("%s decision function", tag).hasSize(predicted.length);
            for (int i = 0; i < predicted.length; i++) {
                assertThat(predicted[i]).as("%s row %d, decision %s", tag, i, decision[i])
                        .isEqualTo(decision[i] > 0 ? classes[1] : classes[0]);
            }
        }
        assertThat(lr.score(x, y).execute(session()).getDouble()).as("%s score", tag)
                .isEqualTo(expected(tag + "_score").getDouble());
    }

    // ----- neighbours -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void nearestNeighborsFindScikitLearnsNeighbours(LearnChunking chunking) {
        Tensor points = chunking.matrix(input("nn_x"));
        Tensor queries = Tensors.array(input("nn_q"), ChunkSpec.of(128, 4));
        // one block of all the points, and blocks of 700 (the last shorter) whose candidates are merged
        for (long block : new long[] {65_536, 700}) {
            NearestNeighbors nn = new NearestNeighbors(5).blockRows(block).fit(points, session());
            NearestNeighbors.Neighbors five = nn.kneighbors(queries);
            assertClose("nn_distances", five.distances(), DISTANCE_TOL);
            assertThat(five.indices().execute(session()).toLongArray()).as("indices, blocks of %d", block)
                    .containsExactly(expected("nn_indices").toLongArray());
            NearestNeighbors.Neighbors one = nn.kneighbors(queries, 1);
            assertClose("nn1_distances", one.distances(), DISTANCE_TOL);
            assertThat(one.indices().execute(session()).toLongArray()).as("1 neighbour, blocks of %d", block)
                    .containsExactly(expected("nn1_indices").toLongArray());
        }
        Tensor firstQueries = queries.get(Index.slice(0, 20), Index.all());
        assertClose("pairwise", Metrics.pairwiseDistances(firstQueries, points.get(Index.slice(0, 500), Index.all())),
                DISTANCE_TOL);
    }

    // ----- categorical encoding -----

    private static final List<String> COLOURS = List.of("red", "green", "blue", "amber", "teal");
    private static final List<String> SIZES = List.of("S", "M", "L", "XL");

    /** golden_learn.py's frame: the codes mapped through the same tables, and the integer column. */
    private static DataFrame categoricalFrame(LearnChunking chunking) {
        NDArray codes = input("cat_codes");
        long[] counts = input("cat_counts").toLongArray();
        int n = counts.length;
        List<String> colour = new ArrayList<>(n);
        List<String> size = new ArrayList<>(n);
        List<Long> count = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            colour.add(COLOURS.get((int) codes.getLong(2 * i)));
            size.add(SIZES.get((int) codes.getLong(2 * i + 1)));
            count.add(counts[i]);
        }
        Map<String, List<?>> columns = new LinkedHashMap<>();
        columns.put("colour", colour);
        columns.put("size", size);
        columns.put("count", count);
        long chunkRows = switch (chunking) {
            case ONE_CHUNK -> n;
            case ROWS_700 -> 700;
            case UNEVEN_ROWS_AND_FEATURES -> 333;
        };
        return DataFrames.fromColumns(columns, chunkRows);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void oneHotEncoderGivesScikitLearnsIndicators(LearnChunking chunking) {
        DataFrame frame = categoricalFrame(chunking);
        OneHotEncoder encoder = new OneHotEncoder().fit(frame, session());
        List<List<String>> categories = encoder.categories();
        assertThat(categories.get(0)).containsExactlyElementsOf(COLOURS.stream().sorted().toList());
        assertThat(categories.get(1)).containsExactlyElementsOf(SIZES.stream().sorted().toList());
        assertThat(categories.get(2).stream().mapToLong(Long::parseLong).toArray())
                .containsExactly(expected("onehot_count_categories").toLongArray());
        assertThat(encoder.featureNamesOut()).startsWith("colour_amber", "colour_blue").contains("count_40");
        assertClose("onehot", encoder.transform(frame), 0.0);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void labelEncoderGivesScikitLearnsCodes(LearnChunking chunking) {
        LabelEncoder strings = new LabelEncoder().fit(categoricalFrame(chunking).col("colour"), session());
        assertThat(strings.transform(categoricalFrame(chunking).col("colour")).execute(session()).toLongArray())
                .containsExactly(expected("label_strings").toLongArray());
        LabelEncoder numbers = new LabelEncoder().fit(chunking.targets(input("cls_pred")), session());
        assertThat(numbers.classes().execute(session()).toLongArray())
                .containsExactly(expected("label_classes").toLongArray());
        Tensor codes = numbers.transform(chunking.targets(input("cls_true")));
        assertThat(codes.execute(session()).toLongArray()).containsExactly(expected("label_transform").toLongArray());
        assertThat(numbers.inverseTransform(codes).execute(session()).toLongArray())
                .containsExactly(input("cls_true").toLongArray());
    }

    // ----- metrics -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void metricsGiveScikitLearnsValues(LearnChunking chunking) {
        Tensor t = chunking.targets(input("cls_true"));
        Tensor p = chunking.targets(input("cls_pred"));
        assertThat(Metrics.accuracyScore(t, p).execute(session()).getDouble()).as("accuracy")
                .isEqualTo(expected("accuracy").getDouble());
        NDArray cm = Metrics.confusionMatrix(t, p, session()).execute(session());
        assertThat(cm.shape()).containsExactly(expected("confusion").shape());
        assertThat(cm.toLongArray()).as("confusion matrix").containsExactly(expected("confusion").toLongArray());
        assertThat(Metrics.confusionMatrix(t, p, 5, 0, 7).execute(session()).toLongArray()).as("confusion, labels")
                .containsExactly(expected("confusion_labels").toLongArray());

        Tensor y = chunking.targets(input("reg_y"));
        Tensor y2 = chunking.targets(input("reg_y2"));
        Tensor pred2 = chunking.matrix(input("reg_pred2"));
        Tensor pred = pred2.get(io.mars.tensor.Index.all(), io.mars.tensor.Index.at(0));
        assertClose("r2", Metrics.r2Score(y, pred), METRIC_TOL);
        assertClose("r2_multi", Metrics.r2Score(y2, pred2), METRIC_TOL);
        assertClose("mse", Metrics.meanSquaredError(y, pred), METRIC_TOL);
        assertClose("mse_multi", Metrics.meanSquaredError(y2, pred2), METRIC_TOL);
    }

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void rocAucScoreIsScikitLearnsWithAndWithoutTies(LearnChunking chunking) {
        Tensor y = chunking.targets(input("log_y"));
        assertClose("roc_auc", Metrics.rocAucScore(y, chunking.targets(input("auc_scores"))), METRIC_TOL);
        assertClose("roc_auc_ties", Metrics.rocAucScore(y, chunking.targets(input("auc_scores_ties"))), METRIC_TOL);
    }

    // ----- model selection -----

    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void kFoldCutsScikitLearnsFolds(LearnChunking chunking) {
        Tensor x = chunking.matrix(input("reg_x"));
        for (int k : new int[] {5, 7}) {
            List<KFold.Fold> folds = new KFold(k).split(x);
            List<Tensor> run = new ArrayList<>();
            for (KFold.Fold f : folds) {
                run.add(f.test());
                run.add(f.train());
            }
            List<NDArray> v = session().execute(run.toArray(new Tensor[0]));
            long[] sizes = expected("kfold" + k + "_sizes").toLongArray();
            long[] tests = expected("kfold" + k + "_test").toLongArray();
            int at = 0;
            for (int i = 0; i < k; i++) {
                long[] test = v.get(2 * i).toLongArray();
                assertThat(test).as("fold %d of %d", i, k)
                        .containsExactly(java.util.Arrays.copyOfRange(tests, at, at + (int) sizes[i]));
                at += test.length;
                assertPartition(v.get(2 * i + 1).toLongArray(), test, 2000);
            }
        }
        // shuffled: scikit-learn's sizes, each part ascending, every row in one of them
        for (KFold.Fold f : new KFold(5, true, 3).split(x)) {
            List<NDArray> v = session().execute(f.train(), f.test());
            long[] test = v.get(1).toLongArray();
            assertThat(test).isSorted();
            assertThat(v.get(0).toLongArray()).isSorted();
            assertPartition(v.get(0).toLongArray(), test, 2000);
            assertThat((long) test.length).isEqualTo(400L);
        }
    }

    private static void assertPartition(long[] train, long[] test, int n) {
        assertThat(train.length + test.length).isEqualTo(n);
        boolean[] seen = new boolean[n];
        for (long[] part : List.of(train, test)) {
            for (long id : part) {
                assertThat(seen[(int) id]).as("row %d twice", id).isFalse();
                seen[(int) id] = true;
            }
        }
    }


    @ParameterizedTest
    @EnumSource(LearnChunking.class)
    void trainTestSplitPartitionsRowsIntoScikitLearnsSizes(LearnChunking chunking) {
        NDArray xData = input("reg_x");
        Tensor x = chunking.matrix(xData);
        long n = xData.shape()[0];
        Tensor ids = Tensors.arange(0, n, 1, ChunkSpec.of(chunking == LearnChunking.ONE_CHUNK ? n : 300));
        for (String size : List.of("0.25", "0.3", "0.001")) {
            List<Tensor> parts = ModelSelection.trainTestSplit(Double.parseDouble(size), 42, x, ids);
            List<NDArray> v = session().execute(parts.toArray(new Tensor[0]));
            long[] sizes = expected("split_sizes_" + size).toLongArray();
            assertThat(v.get(0).shape()[0]).as("train rows, test_size %s", size).isEqualTo(sizes[0]);
            assertThat(v.get(1).shape()[0]).as("test rows, test_size %s", size).isEqualTo(sizes[1]);
            long[] train = v.get(2).toLongArray();
            long[] test = v.get(3).toLongArray();
            boolean[] seen = new boolean[(int) n];
            for (long id : train) {
                seen[(int) id] = true;
            }
            for (long id : test) {
                assertThat(seen[(int) id]).as("row %d in both parts", id).isFalse();
                seen[(int) id] = true;
            }
            for (int i = 0; i < n; i++) {
                assertThat(seen[i]).as("row %d in a part", i).isTrue();
            }
            // X's rows travel with their ids
            double[][] xTest = v.get(1).toDoubleMatrix();
            for (int r = 0; r < test.length; r++) {
                for (int j = 0; j < xTest[r].length; j++) {
                    assertThat(xTest[r][j]).isEqualTo(xData.getDouble(test[r], j));
                }
            }
            if (size.equals("0.25")) {
                // the draw depends on the seed only: these are the test rows at every chunking
                assertThat(test).startsWith(firstTestRowsOfSeed42());
            }
        }
    }

    /** The first test rows of the split with seed 42 at one chunk (the reference the other chunkings must meet). */
    private static long[] firstTestRowsOfSeed42() {
        Tensor ids = Tensors.arange(0, 2000, 1, ChunkSpec.of(2000));
        return java.util.Arrays.copyOf(ModelSelection.trainTestSplit(0.25, 42, ids).get(1).execute(session())
                .toLongArray(), 10);
    }

    // ----- helpers -----

    private static final Map<String, NDArray> FILES = new HashMap<>();

    private static synchronized NDArray input(String name) {
        return FILES.computeIfAbsent(ROOT + "inputs/" + name + ".npy", NpyReader::readResource);
    }

    private static synchronized NDArray expected(String name) {
        return FILES.computeIfAbsent(ROOT + "expected/" + name + ".npy", NpyReader::readResource);
    }

    private static NDArray blobsFirstTwoFeatures() {
        NDArray blobs = input("blobs_x");
        int n = (int) blobs.shape()[0];
        double[] out = new double[2 * n];
        for (int i = 0; i < n; i++) {
            out[2 * i] = blobs.getDouble(3 * i);
            out[2 * i + 1] = blobs.getDouble(3 * i + 1);
        }
        return NDArray.of(out, n, 2);
    }

    /**
     * Components that scikit-learn 1.2's full solver turned by U, here turned by themselves (scikit-learn 1.5's
     * convention for PCA): each within the tolerance of the expected one up to sign, with its entry largest in
     * magnitude positive.
     */
    private static void assertComponentsTurnedByThemselves(String name, NDArray components) {
        NDArray exact = expected(name);
        int rows = (int) exact.shape()[0];
        int features = (int) exact.shape()[1];
        assertThat(components.shape()).as("shape of %s", name).containsExactly(exact.shape());
        double[] turned = components.toDoubleArray();
        for (int k = 0; k < rows; k++) {
            double dot = 0;
            double largest = 0;
            for (int j = 0; j < features; j++) {
                dot += turned[k * features + j] * exact.getDouble(k * features + j);
                double v = turned[k * features + j];
                largest = Math.abs(v) > Math.abs(largest) ? v : largest;
            }
            assertThat(largest).as("largest entry of %s's component %d", name, k).isPositive();
            for (int j = 0; dot < 0 && j < features; j++) {
                turned[k * features + j] = -turned[k * features + j];
            }
        }
        assertWithin(name, NDArray.of(turned, rows, features), exact, COEF_TOL);
    }

    private static void assertClose(String name, Tensor actual, double tolerance) {
        NDArray e = expected(name);
        assertThat(actual.shape()).as("declared shape of %s", name).containsExactly(e.shape());
        NDArray a = actual.execute(session());
        assertThat(a.shape()).as("shape of %s", name).containsExactly(e.shape());
        assertWithin(name, a, e, tolerance);
    }

    private static void assertWithin(String name, NDArray actual, NDArray expected, double tolerance) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < expected.size(); i++) {
            String p = GoldenAssertions.floatMismatch(actual.getDouble(i), expected.getDouble(i), tolerance, 1.0);
            if (p != null && problems.size() < 8) {
                problems.add("  at flat " + i + ": " + p);
            }
        }
        if (!problems.isEmpty()) {
            fail(name + " differs from scikit-learn:\n" + String.join("\n", problems));
        }
    }

    private static void assertRelative(String name, double actual, double expected, double rtol) {
        assertThat(Math.abs(actual - expected)).as("%s: %s vs scikit-learn's %s", name, actual, expected)
                .isLessThanOrEqualTo(rtol * Math.abs(expected));
    }

    /** The same partition of the rows: a one-to-one map between the two label sets carries one onto the other. */
    private static void assertEqualUpToPermutation(long[] actual, long[] expected) {
        assertThat(actual).hasSameSizeAs(expected);
        Map<Long, Long> forward = new HashMap<>();
        Map<Long, Long> backward = new HashMap<>();
        for (int i = 0; i < actual.length; i++) {
            Long f = forward.putIfAbsent(actual[i], expected[i]);
            Long b = backward.putIfAbsent(expected[i], actual[i]);
            if (f != null && f != expected[i] || b != null && b != actual[i]) {
                fail("labels differ from scikit-learn's beyond a permutation at row " + i + ": " + actual[i] + " vs "
                        + expected[i]);
            }
        }
    }
}
