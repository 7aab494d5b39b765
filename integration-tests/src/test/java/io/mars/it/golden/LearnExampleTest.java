package io.mars.it.golden;

import static io.mars.tensor.Tensors.array;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.random;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.learn.KMeans;
import io.mars.learn.LinearRegression;
import io.mars.learn.LogisticRegression;
import io.mars.learn.Metrics;
import io.mars.learn.ModelSelection;
import io.mars.learn.StandardScaler;
import io.mars.tensor.Index;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.NDArray;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The example jobs of README's "Machine learning (io.mars.learn)", as written there, give what it says. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LearnExampleTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    @Test
    void readmeExampleFitsScoresAndClusters() {
        Session session = CLUSTER.session();
        // ----- the body of README's example, verbatim -----
        TensorRandom rng = random(7);
        Tensor x = rng.normal(5.0, 3.0, shape(100_000, 4), chunks(25_000, 4));
        Tensor y = x.dot(array(new double[] {1.5, -2.0, 0.5, 3.0})).add(4.0)
                .add(rng.normal(0.0, 0.1, shape(100_000), chunks(25_000)));
        List<Tensor> split = ModelSelection.trainTestSplit(0.25, 42, x, y);   // xTrain, xTest, yTrain, yTest
        Tensor xTrain = split.get(0), xTest = split.get(1), yTrain = split.get(2), yTest = split.get(3);

        StandardScaler scaler = new StandardScaler().fit(xTrain, session);    // fit runs now: one task
        LinearRegression lr = new LinearRegression().fit(scaler.transform(xTrain), yTrain, session);
        Tensor yPred = lr.predict(scaler.transform(xTest));                     // lazy, as the metrics
        double r2 = Metrics.r2Score(yTest, yPred).execute(session).getDouble();
        double mse = Metrics.meanSquaredError(yTest, yPred).execute(session).getDouble();

        KMeans km = new KMeans(3).randomState(0).fit(scaler.transform(xTrain), session);
        NDArray labels = km.predict(scaler.transform(xTest)).execute(session);
        System.out.println("R² " + r2 + ", MSE " + mse + ", coef "
                + Arrays.toString(lr.coef().execute(session).toDoubleArray())
                + ", KMeans inertia " + km.inertia() + " after " + km.nIter() + " iterations");
        // ----- end of the example -----
        assertThat(r2).isGreaterThan(0.9999);
        assertThat(mse).isCloseTo(0.01, within(0.001));
        // the coefficient of a standardized feature is its weight times its standard deviation, 3
        double[] weightTimesSd = {4.5, -6.0, 1.5, 9.0};
        for (int j = 0; j < 4; j++) {
            assertThat(coef(lr, session)[j]).as("coef %d", j).isCloseTo(weightTimesSd[j], withinPercentage(2));
        }
        assertThat(labels.shape()).containsExactly(25_000);
        assertThat(Arrays.stream(labels.toLongArray()).distinct().sorted().toArray()).containsExactly(0, 1, 2);
        assertThat(km.inertia()).isPositive();
        assertThat(km.nIter()).isBetween(1, 300);
    }

    @Test
    void readmeParquetExampleScalesFitsAndScores(@TempDir Path dir) throws Exception {
        Session session = CLUSTER.session();
        // the table the example reads: 4 features of different scales and offsets, label 1 where a linear rule of
        // them plus noise is positive (so the best accuracy is about 0.93, the best AUC about 0.98)
        TensorRandom rng = random(11);
        Tensor x = rng.normal(0.0, 1.0, shape(100_000, 4), chunks(25_000, 4))
                .multiply(array(new double[] {1, 10, 0.1, 3})).add(array(new double[] {5, -20, 0, 100}));
        Tensor z = x.subtract(array(new double[] {5, -20, 0, 100})).dot(array(new double[] {2.0, -0.1, 10.0, 0.5}))
                .add(rng.normal(0.0, 1.0, shape(100_000), chunks(25_000)));
        Tensor label = Tensors.astype(z.greater(0.0), io.mars.types.DataType.INT64);
        String parquet = dir.resolve("table").toString();
        DataFrames.fromTensor(x, "f0", "f1", "f2", "f3").assign("label", DataFrames.fromTensor(label, "label")
                .col("label")).toParquet(parquet).execute(session);
        try (var files = Files.list(dir.resolve("table"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".parquet"))).isNotEmpty();
        }
        String[] args = {parquet};
        // ----- the body of README's Parquet example, verbatim -----
        DataFrame table = DataFrames.readParquet(args[0]);                     // columns f0..f3 and label
        DataFrame features = table.select("f0", "f1", "f2", "f3");
        StandardScaler scaler = new StandardScaler().fit(features, session);
        List<Tensor> split = ModelSelection.trainTestSplit(0.25, 7, scaler.transform(features),
                table.col("label").toTensor());                                  // xTrain, xTest, yTrain, yTest
        LogisticRegression model = new LogisticRegression().fit(split.get(0), split.get(2), session);
        double accuracy = model.score(split.get(1), split.get(3)).execute(session).getDouble();
        Tensor proba = model.predictProba(split.get(1)).get(Index.all(), Index.at(1));       // P(label 1)
        double auc = Metrics.rocAucScore(split.get(3), proba).execute(session).getDouble();
        System.out.println("accuracy " + accuracy + ", ROC AUC " + auc);
        // ----- end of the example -----
        // the scaler saw the table's own offsets and scales
        assertThat(scaler.mean().execute(session).toDoubleArray()[3]).isCloseTo(100, within(0.1));
        assertThat(scaler.scale().execute(session).toDoubleArray()[1]).isCloseTo(10, within(0.2));
        assertThat(split.get(1).shape()).containsExactly(25_000, 4);
        assertThat(accuracy).isBetween(0.88, 0.91);
        assertThat(auc).isBetween(0.95, 1.0);
    }

    private static double[] coef(LinearRegression lr, Session session) {
        return lr.coef().execute(session).toDoubleArray();
    }
}
