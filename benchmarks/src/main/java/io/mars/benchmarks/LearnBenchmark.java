package io.mars.benchmarks;

import io.mars.Persisted;
import io.mars.Session;
import io.mars.examples.JobResult;
import io.mars.learn.KMeans;
import io.mars.learn.LogisticRegression;
import io.mars.learn.Metrics;
import io.mars.learn.PCA;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The learn workloads of {@code benchmarks/run-learn-benchmark.sh}, on {@code .npy} files that
 * {@code python/learn_baselines.py} wrote (so scikit-learn fits the same data), each printing one {@link JobResult}
 * line:
 * <ul>
 *   <li>{@code kmeans dir [algorithm[,maxIter[,tol]]]}: KMeans(8) from the given centres {@code kmeans_init.npy}
 *       on {@code kmeans_x.npy}, by default the estimator's algorithm and 10 Lloyd iterations (tol 0); prints the
 *       inertia;</li>
 *   <li>{@code pca dir [solver]}: PCA(8) of {@code pca_x.npy} with the given solver, by default
 *       {@code covariance_eigh} (scikit-learn 1.5's choice for this shape; {@code full} is the TSQR one); prints the
 *       sum of the explained variances;</li>
 *   <li>{@code logreg dir [solver[,startRows]]}: LogisticRegression (L2, C = 1, the given solver and start, by default
 *       the estimator's) of {@code logreg_y.npy} on {@code logreg_x.npy}; prints the training accuracy.</li>
 * </ul>
 * The wall time covers the fit (and the one number printed), not JVM and cluster start-up, as the baselines'
 * covers the fit, not the interpreter's start or the file reads: the inputs are read into the workers' memory first
 * ({@link Session#persist}), as the baselines' {@code np.load} reads them into the process's.
 */
public final class LearnBenchmark {
    private LearnBenchmark() {
    }

    public static void main(String[] args) {
        if (args.length != 2 && args.length != 3) {
            throw new IllegalArgumentException("usage: LearnBenchmark kmeans|pca|logreg DATA_DIR [kmeans'"
                    + " ALGORITHM[,MAX_ITER[,TOL]], pca's or logreg's SOLVER]");
        }
        Path dir = Path.of(args[1]);
        try (Session session = Session.getOrCreate()) {
            JobResult r = switch (args[0]) {
                case "kmeans" -> kmeans(session, dir, args.length == 3 ? args[2] : null);
                case "pca" -> pca(session, dir, args.length == 3 ? args[2] : "covariance_eigh");
                case "logreg" -> logreg(session, dir, args.length == 3 ? args[2] : null);
                default -> throw new IllegalArgumentException("unknown workload " + args[0] + "; kmeans, pca or logreg");
            };
            System.out.println(r.line());
        }
    }

    private static Tensor npy(Path dir, String name) {
        Path p = dir.resolve(name);
        if (!Files.isRegularFile(p)) {
            throw new IllegalArgumentException(p + " is missing; benchmarks/run-learn-benchmark.sh writes it");
        }
        return Tensors.fromNpy(p.toString());
    }

    /** {@code options}: null, or the algorithm, then optionally the most iterations and the tolerance. */
    static JobResult kmeans(Session session, Path dir, String options) {
        Tensor x = npy(dir, "kmeans_x.npy");
        Tensor init = npy(dir, "kmeans_init.npy");
        String[] o = options == null ? new String[0] : options.split(",");
        try (Persisted loaded = session.persist(x, init)) {
            long start = System.nanoTime();
            KMeans km = new KMeans(8).init(init).maxIter(o.length > 1 ? Integer.parseInt(o[1]) : 10)
                    .tol(o.length > 2 ? Double.parseDouble(o[2]) : 0);
            if (o.length > 0) {
                km.algorithm(o[0]);
            }
            km.fit(x, session);
            return new JobResult("KMeans", String.format(Locale.ROOT, "%.6e", km.inertia()), shape(x),
                    System.nanoTime() - start);
        }
    }

    static JobResult pca(Session session, Path dir, String solver) {
        Tensor x = npy(dir, "pca_x.npy");
        try (Persisted loaded = session.persist(x)) {
            long start = System.nanoTime();
            PCA pca = new PCA(8).svdSolver(solver).fit(x, session);
            double total = Arrays.stream(pca.explainedVariance().execute(session).toDoubleArray()).sum();
            return new JobResult("PCA", String.format(Locale.ROOT, "%.6e", total), shape(x),
                    System.nanoTime() - start);
        }
    }

    static JobResult logreg(Session session, Path dir, String solver) {
        Tensor x = npy(dir, "logreg_x.npy");
        Tensor y = npy(dir, "logreg_y.npy");
        try (Persisted loaded = session.persist(x, y)) {
            long start = System.nanoTime();
            LogisticRegression model = new LogisticRegression();
            if (solver != null) {
                String[] parts = solver.split(",");
                model.solver(parts[0]);
                if (parts.length > 1) {
                    model.startRows(Long.parseLong(parts[1]));
                }
            }
            LogisticRegression lr = model.fit(x, y, session);
            double accuracy = Metrics.accuracyScore(y, lr.predict(x)).execute(session).getDouble();
            return new JobResult("LogisticRegression", String.format(Locale.ROOT, "%.4f", accuracy), shape(x),
                    System.nanoTime() - start);
        }
    }

    private static String shape(Tensor x) {
        return x.shape()[0] + "x" + x.shape()[1];
    }
}
