package io.mars.learn;

import io.mars.Persisted;
import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.tensor.Centres;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * scikit-learn's {@code KMeans} with Lloyd's algorithm. {@link #fit} runs on the cluster at once: one task checks X
 * and computes its column means and variances, k-means++ seeding takes one task per centre, and each Lloyd iteration
 * is one task (one fused pass per block of rows, {@link Centres#statistics}, finds each row's nearest centre and adds
 * it to that centre's sum and count; the blocks' tables are added up in a tree; with {@link #algorithm(String)}
 * "elkan" a bounded pass instead, whose per-row bounds stay on the workers between iterations). Only the centres
 * (clusters × features) come back to the client between tasks; X is kept on the workers for the fit
 * ({@link Session#persist}) and released at its end. The passes subtract the column means from each tile of rows as
 * they read it, so no centred copy of X is stored beside it (the same numbers as a centred X: one subtraction per
 * element either way).
 *
 * <p>As scikit-learn, the iterations run on X centred on its column means, stop when the labels no longer change
 * (the centres then stay exactly where they are) or when the squared centre shift is at most {@code tol} times the
 * mean of the features' variances, an empty cluster takes the row farthest from its centre, and the labels and
 * inertia are those of the last centres. Differences: one initialisation is run unless {@link #nInit} asks for more
 * (scikit-learn 1.2 defaults to 10), k-means|| ({@link #init(String)}) is there besides k-means++, and the seedings
 * draw from Mars's counter-based generator, so the same {@code randomState} gives the same centres whatever the
 * chunking (but not numpy's centres).
 */
public final class KMeans {
    /** k-means||'s sampling rounds (as Mars's learn and Spark MLlib: 5 are enough in practice). */
    static final int PARALLEL_ROUNDS = 5;

    private final int nClusters;
    private Tensor init;
    private boolean parallelInit;
    private int nInit = 1;
    private int maxIter = 300;
    private double tol = 1e-4;
    private long randomState;
    private boolean bounded;

    private double[][] centres;
    private double[] featureMeans;
    /** X (float) as fitted: {@link #labels} are computed again from it. */
    private Tensor fitted;
    private double inertia = Double.NaN;
    private int nIter;

    /** scikit-learn's {@code KMeans(n_clusters)}, initialised by k-means++ with random state 0. */
    public KMeans(int nClusters) {
        if (nClusters <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "n_clusters should be > 0, got " + nClusters);
        }
        this.nClusters = nClusters;
    }

    /** scikit-learn's {@code init} as an array: the initial centres, (nClusters, features). */
    public KMeans init(Tensor centres) {
        if (centres.ndim() != 2 || centres.shape()[0] != nClusters) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "The shape of the initial centers "
                    + Shapes.toString(centres.shape()) + " does not match the number of clusters " + nClusters);
        }
        this.init = centres;
        return this;
    }

    /**
     * The seeding: {@code "k-means++"} (the default, scikit-learn's: one task per centre) or {@code "k-means||"}
     * (Bahmani et al.'s scalable k-means++, Mars's and Spark MLlib's default: {@value #PARALLEL_ROUNDS} tasks that
     * each sample about 2k rows with probability proportional to their squared distance to the centres so far, one
     * that weights the samples by the rows nearest them, then a weighted k-means++ and Lloyd among the few samples on
     * the client): as many passes over X whatever k.
     */
    public KMeans init(String method) {
        switch (method) {
            case "k-means++" -> parallelInit = false;
            case "k-means||" -> parallelInit = true;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "init should be 'k-means++', 'k-means||' or"
                    + " an array of initial centres, got '" + method + "'");
        }
        this.init = null;
        return this;
    }

    /**
     * scikit-learn's {@code n_init} (default 1): seedings to run, each with its Lloyd iterations; the fit with the
     * least inertia is kept. Seeding i uses the random state {@code randomState + i}. Ignored (one run) with explicit
     * initial centres, as scikit-learn does.
     */
    public KMeans nInit(int runs) {
        if (runs <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "n_init should be > 0, got " + runs);
        }
        this.nInit = runs;
        return this;
    }

    /** The most Lloyd iterations (scikit-learn's {@code max_iter}, default 300). */
    public KMeans maxIter(int maxIter) {
        if (maxIter <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "max_iter should be > 0, got " + maxIter);
        }
        this.maxIter = maxIter;
        return this;
    }

    /** scikit-learn's {@code tol} (default 1e-4), relative to the mean of the features' variances. */
    public KMeans tol(double tol) {
        if (!(tol >= 0)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "tol should be >= 0, got " + tol);
        }
        this.tol = tol;
        return this;
    }

    /**
     * scikit-learn's {@code algorithm}: how each Lloyd iteration finds the rows' nearest centres; both give the same
     * iterations, labels and centres. {@code "lloyd"} (the default, as scikit-learn's) reads every row and computes
     * its products with every centre in every iteration. {@code "elkan"} keeps, per row, bounds of its distance to its
     * centre and to the others and widens them by how far the centres moved (Hamerly's variant of Elkan's
     * triangle-inequality bounds: two per row instead of one per centre), so that an iteration reads only the rows
     * whose centre may have changed; it keeps a table of 12 bytes a row on the workers during the fit (two while an
     * iteration runs), and its first iteration costs about two of Lloyd's. It pays once the centres move little
     * (about half a Lloyd iteration each then), so for fits of many iterations.
     */
    public KMeans algorithm(String name) {
        switch (name) {
            case "elkan" -> bounded = true;
            case "lloyd" -> bounded = false;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "algorithm should be 'lloyd' or 'elkan',"
                    + " got '" + name + "'");
        }
        return this;
    }

    /** The seed of k-means++ (scikit-learn's {@code random_state}); unused with explicit initial centres. */
    public KMeans randomState(long seed) {
        this.randomState = seed;
        return this;
    }

    /** Clusters the rows of X (samples × features). */
    public KMeans fit(Tensor x, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        long n = xf.shape()[0];
        int features = (int) xf.shape()[1];
        if (n < nClusters) {
            throw new MarsException(ErrorCode.TOO_FEW_SAMPLES, "n_samples=" + n + " should be >= n_clusters="
                    + nClusters + ".");
        }
        if (init != null && init.shape()[1] != features) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "The shape of the initial centers "
                    + Shapes.toString(init.shape()) + " does not match the number of features of the data "
                    + features);
        }
        int[] rows = {0};
        // X, kept on the workers for the seeding and the iterations, each a task reading it; the seeding reads it
        // centred (fused with its own work), the Lloyd passes subtract the means on the fly. Its check and column
        // means (and variances: scikit-learn's tolerance is relative to their mean; not needed for tol 0) come from
        // the task that stores it
        try (Inputs.Kept kept = tol == 0 ? Inputs.Kept.of(session, "X", xf)
                : Inputs.Kept.of(session, "X", xf, xf.var(rows))) {
            double[] means = kept.means();
            double absoluteTol = tol == 0 ? 0
                    : tol * Arrays.stream(kept.values().get(0).toDoubleArray()).average().orElse(0);
            Tensor meansTensor = Inputs.tensor(means);
            // the means too, so that the passes do not make their chunk again each time
            try (Persisted keptMeans = session.persist(meansTensor)) {
                fitCentred(new Data(xf, meansTensor), n, means, absoluteTol, session);
            }
            this.featureMeans = means;
        }
        this.fitted = xf;
        return this;
    }

    /**
     * X and its column means: X centred, lazily, and the fused passes over it that centre on the fly; and X's centred
     * sum of squares once the first pass has given it (NaN before).
     */
    private static final class Data {
        private final Tensor x;
        private final Tensor means;
        private double squares = Double.NaN;

        Data(Tensor x, Tensor means) {
            this.x = x;
            this.means = means;
        }

        Tensor centred() {
            return x.subtract(means);
        }

        /**
         * A Lloyd pass: the sums, counts and (the first pass only) squared distances of the clusters. Once X's sum of
         * squares is known, {@link #inertia} gives the squared distances' total from the sums and counts, and the
         * passes need not square the rows.
         */
        Tensor statistics(double[][] c) {
            return Centres.statistics(x, Inputs.tensor(c), means, Double.isNaN(squares));
        }

        /**
         * The inertia at centres {@code c} from a pass's statistics. Each cluster's squared distances are its rows'
         * squared norms plus {@code n_k |c_k|² - 2 c_k·s_k}, and the norms add up to X's centred sum of squares
         * whatever the clusters: the pass that gives the squared distances gives that sum, the others the inertia
         * (clipped at 0 against rounding). The same cancellation as the squared distances made from the norms of
         * the rows and their products with the centres.
         */
        double inertia(NDArray stats, Sums sums, double[][] c) {
            if (Double.isNaN(squares)) {
                double distances = lastColumn(stats);
                squares = distances - sums.terms(c);
                return distances;
            }
            return inertia(sums, c);
        }

        /** The inertia at centres {@code c}: one more full pass. */
        double inertia(double[][] c, Session session) {
            NDArray stats = session.execute(statistics(c));
            return inertia(stats, Sums.of(stats, c.length, c[0].length), c);
        }

        /** X's centred sum of squares from the last column of a table (clusters, features + 2), if not known yet. */
        void knowSquares(NDArray table) {
            if (Double.isNaN(squares)) {
                squares = lastColumn(table);
            }
        }

        /** The total of the last column of a table (clusters, features + 2). */
        private static double lastColumn(NDArray table) {
            int width = (int) table.shape()[1];
            double total = 0;
            for (int k = 0; k < table.shape()[0]; k++) {
                total += table.getDouble(k * width + width - 1);
            }
            return total;
        }

        /** The inertia at centres {@code c} from their clusters' sums and counts, once X's sum of squares is known. */
        double inertia(Sums sums, double[][] c) {
            return Math.max(0, squares + sums.terms(c));
        }

        Tensor nearest(double[][] c) {
            return Centres.nearest(x, Inputs.tensor(c), means);
        }
    }

    /** The sums of each cluster's rows (clusters × features) and their counts. */
    private record Sums(double[][] sums, double[] counts) {
        /** From a pass's table (clusters, features + 2). */
        static Sums of(NDArray stats, int clusters, int features) {
            double[][] sums = new double[clusters][features];
            double[] counts = new double[clusters];
            for (int k = 0; k < clusters; k++) {
                for (int j = 0; j < features; j++) {
                    sums[k][j] = stats.getDouble(k * (features + 2) + j);
                }
                counts[k] = stats.getDouble(k * (features + 2) + features);
            }
            return new Sums(sums, counts);
        }

        /** Adds a table of changes (clusters, features + 2) in place. */
        void add(NDArray changes) {
            int features = sums[0].length;
            for (int k = 0; k < counts.length; k++) {
                for (int j = 0; j < features; j++) {
                    sums[k][j] += changes.getDouble(k * (features + 2) + j);
                }
                counts[k] += changes.getDouble(k * (features + 2) + features);
            }
        }

        /** {@code Σ_k n_k |c_k|² - 2 c_k·s_k}: the inertia at c less the rows' sum of squares. */
        double terms(double[][] c) {
            double terms = 0;
            for (int k = 0; k < c.length; k++) {
                for (int j = 0; j < c[k].length; j++) {
                    double centre = c[k][j];
                    terms += centre * (counts[k] * centre - 2 * sums[k][j]);
                }
            }
            return terms;
        }

        /** The clusters' means, or the centre itself for an empty cluster. */
        double[][] means(double[][] c) {
            double[][] next = new double[counts.length][];
            for (int k = 0; k < counts.length; k++) {
                next[k] = sums[k].clone();
                for (int j = 0; j < next[k].length; j++) {
                    next[k][j] = counts[k] > 0 ? next[k][j] / counts[k] : c[k][j];
                }
            }
            return next;
        }

        Sums copy() {
            double[][] s = new double[sums.length][];
            for (int k = 0; k < sums.length; k++) {
                s[k] = sums[k].clone();
            }
            return new Sums(s, counts.clone());
        }
    }

    private void fitCentred(Data data, long n, double[] means, double absoluteTol, Session session) {
        Tensor xc = data.centred();
        Lloyd best = null;
        double bestInertia = Double.POSITIVE_INFINITY;
        for (int run = 0; run < (init != null ? 1 : nInit); run++) {
            long seed = randomState + run;
            double[][] start = init != null ? initialCentres(session, means)
                    : parallelInit ? kMeansParallel(xc, n, seed, session) : kMeansPlusPlus(xc, n, seed, session);
            Lloyd result = bounded ? boundedLloyd(data, start, absoluteTol, session)
                    : lloyd(data, start, absoluteTol, session);
            double runInertia = result.inertia() >= 0 ? result.inertia() : data.inertia(result.centres(), session);
            if (best == null || runInertia < bestInertia) {
                best = result;
                bestInertia = runInertia;
            }
        }
        this.inertia = bestInertia;
        this.centres = best.centres();
        this.nIter = best.iterations();
    }

    /** The centres found, the iterations run, and the inertia at those centres if a pass already gave it (else -1). */
    private record Lloyd(double[][] centres, int iterations, double inertia) {
    }

    /** One Lloyd step: the new centres, the inertia at the old ones, whether an empty cluster took a row. */
    private record Step(double[][] centres, double inertia, boolean relocated) {
    }

    /** Lloyd iterations from {@code start}, one task each, until the squared centre shift is at most the tolerance. */
    private Lloyd lloyd(Data data, double[][] start, double absoluteTol, Session session) {
        double[][] c = start;
        for (int i = 1; i <= maxIter; i++) {
            Step step = lloydStep(data, c, session);
            double shift = squaredShift(c, step.centres());
            // the centres did not move at all: the pass's distances were to the final centres, its inertia theirs
            // (no pass over X to compute it again)
            double inertia = shift == 0 && !step.relocated() ? step.inertia() : -1;
            c = step.centres();
            // unchanged labels give exactly the same centres, a shift of 0: scikit-learn's strict convergence
            if (shift <= absoluteTol) {
                return new Lloyd(c, i, inertia);
            }
        }
        return new Lloyd(c, maxIter, -1);
    }

    private static double squaredShift(double[][] from, double[][] to) {
        double shift = 0;
        for (int k = 0; k < from.length; k++) {
            shift += LocalKMeans.squaredDistance(from[k], to[k]);
        }
        return shift;
    }

    /** The index of the nearest centre of each row of X (samples,), int64, lazily. */
    public Tensor predict(Tensor x) {
        return assign(centredInput(x), centres);
    }

    /** scikit-learn's {@code transform}: the distance of each row of X to each centre (samples × clusters), lazily. */
    public Tensor transform(Tensor x) {
        Tensor xc = centredInput(x);
        return squaredDistances(xc, xc.multiply(xc).sum(new int[] {1}, true), Inputs.tensor(centres)).sqrt();
    }

    /** scikit-learn's {@code score}: minus the sum of squared distances of X's rows to their nearest centres (0-d). */
    public Tensor score(Tensor x) {
        Tensor xc = centredInput(x);
        Tensor residual = xc.subtract(Inputs.tensor(centres).take(assign(xc, centres), 0));
        return residual.multiply(residual).sum().negative();
    }

    private Tensor centredInput(Tensor x) {
        Inputs.requireFitted(centres, "KMeans");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, featureMeans.length, "KMeans");
        return xf.subtract(Inputs.tensor(featureMeans));
    }

    /** As {@link #fit(Tensor, Session)} on a frame's numeric columns (its features). */
    public KMeans fit(DataFrame x, Session session) {
        return fit(Inputs.matrix(x, "X"), session);
    }

    /** As {@link #predict(Tensor)} on a frame's numeric columns. */
    public Tensor predict(DataFrame x) {
        return predict(Inputs.matrix(x, "X"));
    }

    public Tensor fitPredict(Tensor x, Session session) {
        return fit(x, session).labels();
    }

    /** scikit-learn's {@code cluster_centers_}: (nClusters, features). */
    public Tensor clusterCenters() {
        Inputs.requireFitted(centres, "KMeans");
        double[][] out = new double[nClusters][];
        for (int k = 0; k < nClusters; k++) {
            out[k] = centres[k].clone();
            for (int j = 0; j < out[k].length; j++) {
                out[k][j] += featureMeans[j];
            }
        }
        return Inputs.tensor(out);
    }

    /**
     * scikit-learn's {@code labels_}: each training row's cluster, int64, lazy (computed again from X and the centres
     * when executed, so that no vector of X's length is kept on the cluster between tasks).
     */
    public Tensor labels() {
        Inputs.requireFitted(centres, "KMeans");
        return Centres.nearest(fitted, Inputs.tensor(centres), Inputs.tensor(featureMeans));
    }

    /** scikit-learn's {@code inertia_}: the sum of squared distances of the rows to their centres. */
    public double inertia() {
        Inputs.requireFitted(centres, "KMeans");
        return inertia;
    }

    /** scikit-learn's {@code n_iter_}: the Lloyd iterations run. */
    public int nIter() {
        Inputs.requireFitted(centres, "KMeans");
        return nIter;
    }

    private double[][] initialCentres(Session session, double[] means) {
        NDArray given = session.execute(Inputs.asFloat(init));
        int features = means.length;
        double[][] c = new double[nClusters][features];
        for (int k = 0; k < nClusters; k++) {
            for (int j = 0; j < features; j++) {
                c[k][j] = given.getDouble(k * features + j) - means[j];
                if (!Double.isFinite(c[k][j])) {
                    throw new MarsException(ErrorCode.NON_FINITE_INPUT, "Input init contains NaN or infinity: centre "
                            + k + ", feature " + j + " is " + given.getDouble(k * features + j));
                }
            }
        }
        return c;
    }

    /**
     * One Lloyd iteration, one task: the sums and counts of each cluster's rows, and from them the new centres. A
     * cluster left empty takes, as in scikit-learn, the row farthest from its centre (one more task, only then).
     */
    private Step lloydStep(Data data, double[][] c, Session session) {
        NDArray stats = session.execute(data.statistics(c));
        Sums sums = Sums.of(stats, nClusters, c[0].length);
        double inertia = data.inertia(stats, sums, c);
        boolean relocated = relocateEmptyClusters(c, data, sums, session);
        return new Step(sums.means(c), inertia, relocated);
    }

    /**
     * Lloyd iterations with bounds ({@link #algorithm(String)} "elkan"): each iteration one task, a bounded pass
     * ({@link Centres#bounds}) whose table is kept on the workers for the next one ({@link Session#persist}, the
     * previous table released) and the change in the clusters' sums and counts ({@link Centres#moves}), the only
     * numbers that come back. The first pass searches every row and gives the sums themselves. The same iterations as
     * {@link #lloyd}; the inertia at the last centres comes from one more pass (cheap: few rows are read once the
     * centres settle) unless the iterations stopped because the centres no longer moved.
     */
    private Lloyd boundedLloyd(Data data, double[][] start, double absoluteTol, Session session) {
        try (Bounds bounds = new Bounds(data, session)) {
            double[][] c = start;
            for (int i = 1; i <= maxIter; i++) {
                Sums sums = bounds.pass(c);
                double inertia = data.inertia(sums, c);
                boolean relocated = relocateEmptyClusters(c, data, sums, session);
                if (relocated) {
                    // a row left its cluster for an empty one: the table's labels no longer hold, start again
                    bounds.release();
                }
                double[][] next = sums.means(c);
                double shift = squaredShift(c, next);
                if (shift <= absoluteTol) {
                    return new Lloyd(next, i, shift == 0 && !relocated ? inertia
                            : data.inertia(bounds.pass(next), next));
                }
                c = next;
            }
            return new Lloyd(c, maxIter, data.inertia(bounds.pass(c), c));
        }
    }

    /** The bounded passes' table kept on the workers between iterations, and the clusters' sums it gives. */
    private final class Bounds implements AutoCloseable {
        private final Data data;
        private final Session session;
        private Tensor table;
        private Persisted kept;
        /** The centres of the kept table. */
        private double[][] at;
        private Sums sums;

        Bounds(Data data, Session session) {
            this.data = data;
            this.session = session;
        }

        /** A pass at centres c: the clusters' sums and counts, the table kept for the next pass. */
        Sums pass(double[][] c) {
            Tensor centres = Inputs.tensor(c);
            boolean initial = table == null;
            Tensor next;
            Tensor moves;
            if (initial) {
                next = Centres.bounds(data.x, centres, data.means);
                moves = Centres.moves(data.x, next, data.means, nClusters);
            } else {
                double[] moved = new double[nClusters];
                for (int k = 0; k < nClusters; k++) {
                    moved[k] = Math.sqrt(LocalKMeans.squaredDistance(c[k], at[k]));
                }
                next = Centres.bounds(data.x, table, centres, data.means, Inputs.tensor(moved));
                moves = Centres.moves(data.x, table, next, data.means, nClusters);
            }
            Persisted p = session.persist(next, moves);
            NDArray changes;
            try {
                changes = session.execute(moves);
            } catch (RuntimeException e) {
                p.close();
                throw e;
            }
            release();
            table = next;
            kept = p;
            at = c;
            if (initial) {
                // the first pass also gives X's centred sum of squares
                data.knowSquares(changes);
                sums = Sums.of(changes, nClusters, c[0].length);
            } else {
                sums.add(changes);
            }
            return sums.copy();
        }

        /** Releases the table: the next pass searches every row again. */
        void release() {
            if (kept != null) {
                kept.close();
                kept = null;
                table = null;
            }
        }

        @Override
        public void close() {
            release();
        }
    }

    /**
     * scikit-learn's {@code _relocate_empty_clusters_dense}: the i-th empty cluster (in order) gets the row i-th
     * farthest from the centre it was assigned to, which leaves that centre's sums and count.
     */
    private static boolean relocateEmptyClusters(double[][] c, Data data, Sums clusters, Session session) {
        double[][] sums = clusters.sums();
        double[] counts = clusters.counts();
        List<Integer> empty = new ArrayList<>();
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] == 0) {
                empty.add(k);
            }
        }
        if (empty.isEmpty()) {
            return false;
        }
        Tensor xc = data.centred();
        Tensor labels = data.nearest(c);
        Tensor residual = xc.subtract(Inputs.tensor(c).take(labels, 0));
        Tensor distances = residual.multiply(residual).sum(1);
        Tensor farthest = empty.size() == 1 ? distances.argmax().reshape(1)
                : distances.argtopk(empty.size(), 0, true);
        List<NDArray> v = session.execute(xc.take(farthest, 0), labels.take(farthest, 0));
        double[][] rows = v.get(0).toDoubleMatrix();
        long[] from = v.get(1).toLongArray();
        for (int i = 0; i < empty.size(); i++) {
            int to = empty.get(i);
            int old = (int) from[i];
            for (int j = 0; j < rows[i].length; j++) {
                sums[old][j] -= rows[i][j];
                sums[to][j] = rows[i][j];
            }
            counts[to] = 1;
            counts[old] -= 1;
        }
        return true;
    }

    /**
     * The nearest centre of each row: the argmin of {@code |c|² - 2 x·c} (|x|² is the same for every centre), as
     * scikit-learn computes it.
     */
    private static Tensor assign(Tensor x, double[][] c) {
        return Centres.nearest(x, Inputs.tensor(c));
    }

    /** Squared distances of every row of x to every centre (samples × centres), clipped at 0 against rounding. */
    private static Tensor squaredDistances(Tensor x, Tensor xSquared, Tensor centres) {
        Tensor centreSquared = centres.multiply(centres).sum(1).reshape(1, centres.shape()[0]);
        Tensor cross = x.dot(centres.transpose());
        return Tensors.maximum(xSquared.subtract(cross.multiply(2.0)).add(centreSquared), 0.0);
    }

    /**
     * scikit-learn's greedy k-means++: the first centre a uniformly drawn row; each next one the best, by the
     * potential it leaves, of {@code 2 + ln k} rows drawn with probability proportional to their squared distance to
     * the nearest centre so far. A draw is the argmax over rows of {@code log(u) / d²} (Efraimidis and Spirakis),
     * u uniform from the counter-based generator, so it depends only on the seed and the row, not on the chunks.
     * One task per centre.
     */
    private double[][] kMeansPlusPlus(Tensor xc, long n, long seed, Session session) {
        int trials = 2 + (int) Math.log(nClusters);
        TensorRandom rng = Tensors.random(seed);
        Tensor first = xc.take(rng.randint(0, n, new long[] {1}), 0);
        List<double[]> chosen = new ArrayList<>();
        chosen.add(session.execute(first).toDoubleArray());
        Tensor xSquared = xc.multiply(xc).sum(new int[] {1}, true);
        int[] cols = {1};
        while (chosen.size() < nClusters) {
            Tensor nearest = squaredDistances(xc, xSquared, Inputs.tensor(chosen.toArray(new double[0][])))
                    .min(cols, true);
            Tensor keys = Tensors.log(rng.rand(n, trials)).divide(nearest);
            Tensor candidates = xc.take(keys.argmax(0), 0);
            Tensor potentials = Tensors.minimum(nearest, squaredDistances(xc, xSquared, candidates)).sum(0);
            List<NDArray> v = session.execute(candidates, potentials);
            int best = 0;
            for (int t = 1; t < trials; t++) {
                if (v.get(1).getDouble(t) < v.get(1).getDouble(best)) {
                    best = t;
                }
            }
            int features = (int) xc.shape()[1];
            double[] row = new double[features];
            for (int j = 0; j < features; j++) {
                row[j] = v.get(0).getDouble(best * features + j);
            }
            chosen.add(row);
        }
        return chosen.toArray(new double[0][]);
    }

    /**
     * k-means|| (Bahmani et al., "Scalable K-Means++"): a uniformly drawn first row, then {@value #PARALLEL_ROUNDS}
     * rounds, one task each, in which every row is taken with probability {@code l d²/ψ} (l = 2k oversampling, d² its
     * squared distance to the nearest sample so far, ψ their sum), drawn from the counter-based generator so that the
     * samples do not depend on the chunks; one more task counts the rows nearest each sample, and the k centres are
     * a weighted k-means++ among the samples refined by weighted Lloyd iterations, on the client (the samples are few:
     * about 2k per round).
     */
    private double[][] kMeansParallel(Tensor xc, long n, long seed, Session session) {
        TensorRandom rng = Tensors.random(seed);
        int features = (int) xc.shape()[1];
        List<double[]> samples = new ArrayList<>();
        NDArray first = session.execute(xc.take(rng.randint(0, n, new long[] {1}), 0));
        samples.add(first.toDoubleArray());
        Tensor xSquared = xc.multiply(xc).sum(new int[] {1}, true);
        double oversampling = 2.0 * nClusters;
        for (int round = 0; round < PARALLEL_ROUNDS; round++) {
            Tensor nearest = squaredDistances(xc, xSquared, Inputs.tensor(samples.toArray(new double[0][])))
                    .min(new int[] {1}, false);
            Tensor psi = nearest.sum();
            Tensor taken = rng.rand(n).multiply(psi).less(nearest.multiply(oversampling));
            NDArray picked = session.execute(xc.get(taken));
            double[][] rows = picked.size() == 0 ? new double[0][] : picked.toDoubleMatrix();
            samples.addAll(Arrays.asList(rows));
        }
        double[][] c = samples.toArray(new double[0][]);
        if (c.length <= nClusters) {
            // too few samples to choose among (tiny or degenerate data): seed by k-means++ on X instead
            return kMeansPlusPlus(xc, n, seed, session);
        }
        double[] weights = session.execute(Tensors.astype(Tensors.bincount(assign(xc, c), c.length),
                DataType.FLOAT64)).toDoubleArray();
        return LocalKMeans.fit(c, weights, nClusters, new java.util.SplittableRandom(seed), features);
    }
}
