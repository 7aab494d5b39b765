package io.mars.it.golden;

import static io.mars.tensor.Tensors.array;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.random;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.mars.Session;
import io.mars.learn.KMeans;
import io.mars.learn.LinearRegression;
import io.mars.learn.Metrics;
import io.mars.learn.ModelSelection;
import io.mars.learn.StandardScaler;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The example job of README's "Machine learning (io.mars.learn)", as written there, gives what it says. */
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

    private static double[] coef(LinearRegression lr, Session session) {
        return lr.coef().execute(session).toDoubleArray();
    }
}
