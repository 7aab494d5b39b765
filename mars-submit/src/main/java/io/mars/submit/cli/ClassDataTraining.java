package io.mars.submit.cli;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.tensor.Fft;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;

/**
 * The job {@code bin/mars-submit} runs once per installation and Java, through itself, to write the class-data archive
 * later submissions start from (see {@code bin/mars-cds.sh}): small tensor and dataframe jobs on the local cluster, so
 * that the classes a first job loads and the method-handle classes it spins are in the archive. Its results are
 * checked, so a broken installation does not leave an archive behind (the script then runs without one).
 */
public final class ClassDataTraining {
    private ClassDataTraining() {
    }

    public static void main(String[] args) {
        try (Session session = Session.getOrCreate()) {
            TensorRandom rng = Tensors.random(1);
            Tensor a = rng.rand(shape(300, 200), chunks(100, 100));
            // the seed's expression, a transform and reductions along an axis
            double std = session.execute(a.dot(a.transpose()).subtract(a.dot(Tensors.ones(shape(200, 300)))).std())
                    .getDouble();
            double spectrum = session.execute(Fft.fft(rng.rand(shape(4096), chunks(1024))).abs().sum()).getDouble();
            double rows = session.execute(a.sum(0).max()).getDouble();
            check(Double.isFinite(std) && std > 0 && spectrum > 0 && rows > 0, "tensor jobs");
            DataFrame k = DataFrames.fromTensor(rng.randint(0, 10, new long[] {20_000}, DataType.INT64,
                    chunks(5_000)), "k");
            DataFrame df = k.assign("v", DataFrames.fromTensor(rng.rand(shape(20_000), chunks(5_000)), "v")
                    .col("v"));
            long groups = session.executeTables(df.groupBy("k").sum()).get(0).rowCount();
            long kept = session.executeTables(df.filter(df.col("v").gt(0.5)).sortValues("v").head(5)).get(0)
                    .rowCount();
            check(groups == 10 && kept == 5, "dataframe jobs");
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("class-data training: unexpected results of the " + what);
        }
    }
}
