package io.mars.learn;

import io.mars.Persisted;
import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.Series;
import io.mars.tensor.Index;
import io.mars.tensor.LinearModels;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;

/**
 * scikit-learn's {@code LogisticRegression} with an L2 penalty: for two classes the logistic loss of the second
 * class, for more the multinomial (softmax) loss, as scikit-learn's default lbfgs solver fits them; the objective
 * is {@code C · Σ loss + ½‖W‖²} (the intercept not penalized). Two solvers minimize it ({@link #solver}), each
 * evaluation of the objective one task that sums over the rows' chunks in one fused pass per block
 * ({@link LinearModels#logisticTerms}); only the sums come back and the step is computed here:
 * <ul>
 *   <li>{@code "newton-cholesky"} (the default): Newton's method with a backtracking line search; each evaluation
 *       also sums the Hessian (products of X with itself weighted by the probabilities, (classes × features)²
 *       numbers), and the small Newton system is solved by Cholesky. 5 or 6 steps on the test data, 7 on the
 *       benchmark's from zero and 3 from the prefix start; converges quadratically, so its last step lands far inside
 *       the tolerance. Near the optimum (a small Newton decrement) the Hessian is summed over a sample of the rows
 *       ({@link #hessianEvery}, automatic from {@value #AUTOMATIC_START_MIN_ROWS} rows), the loss and gradient still
 *       over all: the last passes then cost little more than gradient-only ones, for the same number of steps.</li>
 *   <li>{@code "lbfgs"}: L-BFGS (the last {@value #LBFGS_MEMORY} steps' curvature pairs, a line search for the weak
 *       Wolfe conditions), each evaluation the loss and gradient only, a fraction of a Newton evaluation's work, but
 *       more evaluations (on the benchmark 14 against Newton's 8 from zero, 13 against 4 from the prefix): to meet the optimum as closely as the Newton solver does (to 1e-5 in
 *       the probabilities, which scikit-learn's own lbfgs does not: it stops on scipy's relative decrease of the
 *       objective) it runs until the gradient is {@value #LBFGS_TIGHTENING} times {@code tol}.</li>
 * </ul>
 * Newton stays the default because it is the faster on the benchmark (10^6 × 32, benchmarks/README.md's learn
 * section, session 17): a gradient-only pass costs about as much as a Newton pass there (task overhead and reading
 * X, spilled at scale, outweigh the Hessian's arithmetic at 33 parameters), and L-BFGS takes 2–3 times as many
 * passes. From {@value #AUTOMATIC_START_MIN_ROWS} rows either solver first fits a prefix of the rows and starts from
 * there ({@link #startRows}), which halves Newton's passes over all the rows.
 *
 * <p>X gets no check pass of its own: NaN or infinity in X makes a pass's loss or gradient non-finite, and only then
 * do X's exact checks run (and throw, before anything is fitted).
 *
 * <p>It stops, as scikit-learn asks lbfgs to, once the largest entry of the gradient of scikit-learn's form of the
 * objective ({@code Σ loss + ‖W‖² / 2C}) is at most {@code tol} (times {@value #LBFGS_TIGHTENING} for L-BFGS), or
 * after {@code maxIter} steps. scikit-learn's lbfgs often stops before that: on the test data its probabilities are
 * up to 1.5e-5 from the optimum, where both solvers here meet the tests' 1e-5 (probabilities) and 1e-6
 * (coefficients) at every chunking.
 */
public final class LogisticRegression {
    /** L-BFGS's curvature pairs kept (scipy's {@code maxcor} default, which scikit-learn's lbfgs uses). */
    static final int LBFGS_MEMORY = 10;
    /** L-BFGS stops at this fraction of {@code tol}: its convergence is linear at the end, Newton's quadratic. */
    static final double LBFGS_TIGHTENING = 1e-3;

    /** The minimizers {@link #solver} offers, by scikit-learn's names. */
    private enum Solver {
        NEWTON_CHOLESKY,
        LBFGS
    }

    /** Fits of at least this many rows start from a first fit on a prefix of them ({@link #startRows}). */
    static final long AUTOMATIC_START_MIN_ROWS = 200_000;
    /**
     * The automatic prefix: this fraction of the rows. At 10^7 × 32 a sixteenth (625,000 rows, 160 MB) starts the fit
     * on all rows as close as an eighth did (4 passes over all rows either way) and, at the default heap, its own
     * passes read less back from spill files: 17.3–18.0 s against 19.5–19.8 s a fit (session 24).
     */
    static final int AUTOMATIC_START_FRACTION = 16;
    /**
     * The most steps on the prefix (Newton takes 5 to 7 on ordinary data): a prefix of one class (rows sorted by
     * label) has no optimum, and its start is then dropped for zero after these cheap passes.
     */
    static final int START_MAX_STEPS = 12;
    /** A start's Newton fit ends below this decrement per parameter (see {@code newton}). */
    static final double START_DECREMENT = 1e-2;
    /**
     * Newton fits of at least {@value #AUTOMATIC_START_MIN_ROWS} rows sum the Hessian over one block of rows in this
     * many ({@link #hessianEvery}), fewer when that would leave under {@value #MIN_HESSIAN_ROWS} rows.
     */
    static final int AUTOMATIC_HESSIAN_EVERY = 16;
    static final long MIN_HESSIAN_ROWS = 50_000;
    /**
     * Below this Newton decrement ({@code -g·d}, the objective's predicted decrease, twice) a Newton step lands where
     * the sample's Hessian is used ({@link #hessianEvery}): quadratic convergence has set in (the decrement's root
     * well below 1, as for a self-concordant objective), so the step after that one, even with a Hessian off by a
     * percent, takes the gradient down a hundredfold or more. Farther out the whole Hessian keeps the steps
     * quadratic: a sample's would add steps, and each step is one more pass over X.
     */
    static final double NEAR_DECREMENT = 0.25;

    private Solver solver = Solver.NEWTON_CHOLESKY;
    private long startRows = -1;
    private int hessianEvery = -1;
    private double c = 1.0;
    private int maxIter = 100;
    private double tol = 1e-4;
    private boolean fitIntercept = true;

    private NDArray classes;
    private double[][] coef;
    private double[] intercept;
    private int nIter;

    /** scikit-learn's {@code C} (default 1): the inverse of the L2 penalty's strength, positive. */
    public LogisticRegression c(double c) {
        if (!(c > 0) || Double.isInfinite(c)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "The 'C' parameter of LogisticRegression must be a"
                    + " float in the range (0, inf). Got " + c + " instead.");
        }
        this.c = c;
        return this;
    }

    /**
     * The minimizer, by scikit-learn's name: {@code "newton-cholesky"} (the default, the faster here: see the class
     * comment) or {@code "lbfgs"} (gradient-only passes). Both reach the same optimum.
     */
    public LogisticRegression solver(String name) {
        this.solver = switch (name) {
            case "newton-cholesky" -> Solver.NEWTON_CHOLESKY;
            case "lbfgs" -> Solver.LBFGS;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "The 'solver' parameter of"
                    + " LogisticRegression must be 'newton-cholesky' or 'lbfgs'. Got '" + name + "' instead.");
        };
        return this;
    }

    /**
     * Mars's own (scikit-learn has none): the solver first fits the first {@code rows} rows only, a pass over them
     * costing that fraction of one over all the rows, and starts the fit on all rows from there, close enough to the
     * optimum that Newton needs two or three passes over all the rows instead of seven or eight. 0 turns it off; by
     * default (or with -1) a fit of at least {@value #AUTOMATIC_START_MIN_ROWS} rows starts from its first
     * 1/{@value #AUTOMATIC_START_FRACTION}, a smaller one from zero. The optimum, and so the result, is the same; a
     * start worse than zero (a prefix unlike the rest) is dropped for zero, at the cost of one pass.
     */
    public LogisticRegression startRows(long rows) {
        if (rows < -1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "startRows should be -1 (automatic), 0 (off) or a"
                    + " number of rows, got " + rows);
        }
        this.startRows = rows;
        return this;
    }

    /**
     * Mars's own (scikit-learn has none): the Newton solver sums the Hessian over one block of
     * {@value LinearModels#HESSIAN_BLOCK} rows in every {@code every} only (the same rows at any chunking), scaled
     * to all rows, while the loss and the gradient (what the line search and the stopping test look at) are still
     * summed over every row: the Hessian's products, {@code (classes × features)²} multiply-adds a row, are most of a
     * Newton pass's work, and a Hessian from many thousand rows spread over the data points the step almost where the
     * whole one does (sub-sampled Newton). The optimum, and so the result, is the same; a step that then needs its
     * length cut makes the fit sum the whole Hessian from there on. 1 sums it over all rows; by default (or with -1) a
     * fit of at least {@value #AUTOMATIC_START_MIN_ROWS} rows takes one block in {@value #AUTOMATIC_HESSIAN_EVERY} (in
     * fewer if that would leave under {@value #MIN_HESSIAN_ROWS} rows), a smaller one all. L-BFGS sums no Hessian.
     */
    public LogisticRegression hessianEvery(int every) {
        if (every < -1 || every == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "hessianEvery should be -1 (automatic), 1 (every row)"
                    + " or a larger stride, got " + every);
        }
        this.hessianEvery = every;
        return this;
    }

    /** The blocks of rows whose Hessian stands for all {@code n} rows': one in this many ({@link #hessianEvery}). */
    private int hessianEveryOf(long n) {
        if (hessianEvery >= 1) {
            return hessianEvery;
        }
        // from AUTOMATIC_START_MIN_ROWS rows, n / MIN_HESSIAN_ROWS is at least 4
        return n < AUTOMATIC_START_MIN_ROWS ? 1 : (int) Math.min(AUTOMATIC_HESSIAN_EVERY, n / MIN_HESSIAN_ROWS);
    }

    /** The most solver steps (scikit-learn's {@code max_iter}, default 100): Newton or L-BFGS iterations. */
    public LogisticRegression maxIter(int maxIter) {
        if (maxIter <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "max_iter should be > 0, got " + maxIter);
        }
        this.maxIter = maxIter;
        return this;
    }

    /** scikit-learn's {@code tol} (default 1e-4), on the largest entry of the objective's gradient. */
    public LogisticRegression tol(double tol) {
        if (!(tol >= 0)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "tol should be >= 0, got " + tol);
        }
        this.tol = tol;
        return this;
    }

    /** scikit-learn's {@code fit_intercept} (default true). */
    public LogisticRegression fitIntercept(boolean fitIntercept) {
        this.fitIntercept = fitIntercept;
        return this;
    }

    /** Fits on X (samples × features) and the class labels y (samples,). */
    public LogisticRegression fit(Tensor x, Tensor y, Session session) {
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.vector(y, "y");
        Inputs.sameSamples(xf, "X", y, "y");
        boolean floatLabels = y.dtype().isFloat();
        // X is checked by the solver's passes instead of one of its own: NaN or infinity in X makes their loss or
        // gradient non-finite, and only then are X's exact checks run (they throw before anything is fitted)
        List<NDArray> v = Inputs.requireFinite(session, floatLabels ? List.of("y") : List.of(),
                floatLabels ? List.of(y) : List.of(), Tensors.unique(y));
        NDArray labels = v.get(0);
        if (labels.size() < 2) {
            String only = labels.dtype().isFloat() ? String.valueOf(labels.getDouble(0))
                    : String.valueOf(labels.getLong(0));
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "This solver needs samples of at least 2 classes in"
                    + " the data, but the data contains only one class: " + only);
        }
        Problem problem = new Problem(xf, y, labels, c, fitIntercept);
        Fit result;
        // X and the label columns, kept on the workers for the solver's steps, each a task reading them
        try (Persisted kept = session.persist(problem.x, problem.y)) {
            result = solve(problem, start(problem, session), maxIter, true, session);
        }
        this.classes = labels;
        this.coef = problem.coef(result.theta());
        this.intercept = problem.intercept(result.theta());
        this.nIter = result.iterations();
        return this;
    }

    /** As {@link #fit(Tensor, Tensor, Session)} on a frame's numeric columns and numeric labels. */
    public LogisticRegression fit(DataFrame x, Series y, Session session) {
        return fit(Inputs.matrix(x, "X"), Inputs.vector(y, "y"), session);
    }

    /** As {@link #predictProba(Tensor)} on a frame's numeric columns. */
    public Tensor predictProba(DataFrame x) {
        return predictProba(Inputs.matrix(x, "X"));
    }

    /** As {@link #predict(Tensor)} on a frame's numeric columns. */
    public Tensor predict(DataFrame x) {
        return predict(Inputs.matrix(x, "X"));
    }

    private record Fit(double[] theta, int iterations) {
    }

    /** Minimizes from {@code start}; {@code tight}: to the optimum the result needs, else only to tol (a start). */
    private Fit solve(Problem problem, double[] start, int steps, boolean tight, Session session) {
        return switch (solver) {
            case NEWTON_CHOLESKY -> newton(problem, start, steps, tight, session);
            case LBFGS -> lbfgs(problem, start, steps, tight ? tol * LBFGS_TIGHTENING : tol, session);
        };
    }

    /** Where the solver starts on all rows: zero, or the optimum on a prefix of them ({@link #startRows}). */
    private double[] start(Problem problem, Session session) {
        long n = problem.samples();
        long rows = startRows >= 0 ? Math.min(startRows, n)
                : n >= AUTOMATIC_START_MIN_ROWS ? n / AUTOMATIC_START_FRACTION : 0;
        if (rows == 0 || rows == n) {
            return new double[problem.parameters()];
        }
        // L-BFGS needs more, cheaper steps than Newton for the same progress
        int steps = Math.min(maxIter, solver == Solver.LBFGS ? 4 * START_MAX_STEPS : START_MAX_STEPS);
        return solve(problem.prefix(rows), new double[problem.parameters()], steps, false, session).theta();
    }

    /**
     * Newton's method from {@code start}. A start's fit ({@code tight} false) also ends, with a last step taken
     * without evaluating where it lands, once the Newton decrement (the decrease of the objective the step predicts,
     * {@code -g·d}) is below {@value #START_DECREMENT} per parameter: the prefix's optimum is only that close to the
     * optimum on all rows anyway (about half a loss unit per parameter of sampling error), so the passes that would
     * pin it down further save no pass over all the rows. Once a step's decrement is below {@value #NEAR_DECREMENT}
     * the points it and later steps land on sum a sample's Hessian only ({@link #hessianEvery}).
     */
    private Fit newton(Problem problem, double[] start, int maxSteps, boolean tight, Session session) {
        double[] theta = start;
        // near the optimum one block of rows in this many gives the Hessian (1: all rows always)
        int sample = hessianEveryOf(problem.samples());
        Evaluation at = problem.evaluate(theta, 1, session);
        if (maxAbs(start) > 0 && at.loss() > problem.lossAtZero()) {
            theta = new double[problem.parameters()];
            at = problem.evaluate(theta, 1, session);
        }
        int steps = 0;
        // scikit-learn's tol: on the gradient of its objective, sum of losses + |w|² / 2C, which is ours over C
        while (steps < maxSteps && maxAbs(at.gradient()) / c > tol) {
            double[] direction = Cholesky.solve(at.hessian(), negate(at.gradient()));
            double slope = dot(at.gradient(), direction);
            if (!tight && -slope <= START_DECREMENT * problem.parameters()) {
                return new Fit(axpy(theta, 1.0, direction), steps + 1);
            }
            // Newton's decrement small: the step lands where a sample's Hessian steers as well as the whole one
            int every = -slope < NEAR_DECREMENT ? sample : 1;
            double t = 1.0;
            double[] next;
            Evaluation there;
            while (true) {
                next = axpy(theta, t, direction);
                there = problem.evaluate(next, every, session);
                // Armijo's sufficient decrease, with room for the rounding of a sum of many losses near the optimum
                double slack = 1e-12 * Math.abs(at.loss());
                if (there.loss() <= at.loss() + 1e-4 * t * slope + slack || t < 1e-10) {
                    break;
                }
                t /= 2;
                if (at.sampled()) {
                    // a sample's Hessian misjudged the step: the whole Hessian from here on
                    sample = 1;
                }
            }
            theta = next;
            at = there;
            steps++;
        }
        return new Fit(theta, steps);
    }

    /**
     * L-BFGS from {@code start} (or zero, if that is better): the direction from the two-loop recursion over the
     * last {@value #LBFGS_MEMORY} pairs (step, change of gradient), scaled by the newest pair's {@code s·y / y·y}; a
     * step accepted by the weak Wolfe conditions (sufficient decrease, and a slope along the direction risen to 0.9
     * of its start's), so that every pair kept has positive curvature. Each trial point is one gradient-only pass. A line search that cannot decrease the objective
     * any more (rounding, at the optimum) ends the fit, as scipy's does.
     */
    private Fit lbfgs(Problem problem, double[] start, int maxSteps, double gradientTol, Session session) {
        Point at = problem.point(start, session);
        if (maxAbs(start) > 0 && at.loss() > problem.lossAtZero()) {
            at = problem.point(new double[problem.parameters()], session);
        }
        double[][] steps = new double[LBFGS_MEMORY][];
        double[][] changes = new double[LBFGS_MEMORY][];
        double[] rho = new double[LBFGS_MEMORY];
        int kept = 0;
        int newest = -1;
        int iterations = 0;
        while (iterations < maxSteps && maxAbs(at.gradient()) / c > gradientTol) {
            double[] direction = twoLoop(at.gradient(), steps, changes, rho, kept, newest);
            double slope = dot(at.gradient(), direction);
            if (!(slope < 0)) {
                // rounding made the direction useless: restart from steepest descent
                kept = 0;
                direction = negate(at.gradient());
                slope = dot(at.gradient(), direction);
            }
            // the first step, without curvature yet, is one of unit length; later ones start at the full step
            double t = kept == 0 ? Math.min(1.0, 1.0 / Math.sqrt(-slope)) : 1.0;
            Point there = wolfeStep(problem, session, at, direction, slope, t);
            if (there == null) {
                break;
            }
            double[] s = subtract(there.theta(), at.theta());
            double[] y = subtract(there.gradient(), at.gradient());
            double sy = dot(s, y);
            if (sy > 0) {
                newest = (newest + 1) % LBFGS_MEMORY;
                steps[newest] = s;
                changes[newest] = y;
                rho[newest] = 1.0 / sy;
                kept = Math.min(kept + 1, LBFGS_MEMORY);
            }
            at = there;
            iterations++;
        }
        return new Fit(at.theta(), iterations);
    }

    /** The L-BFGS direction {@code -H g}, H the inverse Hessian's approximation from the kept pairs, newest first. */
    private static double[] twoLoop(double[] g, double[][] steps, double[][] changes, double[] rho, int kept,
            int newest) {
        double[] q = g.clone();
        double[] alpha = new double[kept];
        for (int i = 0; i < kept; i++) {
            int j = Math.floorMod(newest - i, LBFGS_MEMORY);
            alpha[i] = rho[j] * dot(steps[j], q);
            addScaled(q, -alpha[i], changes[j]);
        }
        double gamma = kept == 0 ? 1.0 : 1.0 / (rho[newest] * dot(changes[newest], changes[newest]));
        for (int i = 0; i < q.length; i++) {
            q[i] *= gamma;
        }
        for (int i = kept - 1; i >= 0; i--) {
            int j = Math.floorMod(newest - i, LBFGS_MEMORY);
            double beta = rho[j] * dot(changes[j], q);
            addScaled(q, alpha[i] - beta, steps[j]);
        }
        return negate(q);
    }

    /**
     * A step along {@code direction} meeting the weak Wolfe conditions, by bracketing: a step that does not decrease
     * enough shrinks (to the minimum of the quadratic through the two ends, kept within a tenth and a half of it),
     * one whose slope is still too steep grows (doubling, or bisecting once a failing step bounds it). Null when no
     * step of at least 1e-20 decreases the objective.
     */
    private Point wolfeStep(Problem problem, Session session, Point at, double[] direction, double slope,
            double first) {
        double low = 0;
        double high = Double.POSITIVE_INFINITY;
        double t = first;
        // room for the rounding of a sum of many losses near the optimum
        double slack = 1e-12 * Math.abs(at.loss());
        for (int trial = 0; trial < 40 && t >= 1e-20; trial++) {
            Point there = problem.point(axpy(at.theta(), t, direction), session);
            double decrease = there.loss() - at.loss();
            if (!(decrease <= 1e-4 * t * slope + slack)) {
                high = t;
                // the minimum of the quadratic with value 0 and slope `slope` at 0 and `decrease` at t
                double curvature = decrease - slope * t;
                double minimum = curvature > 0 ? -slope * t * t / (2 * curvature) : 0.5 * t;
                t = Math.min(Math.max(minimum, 0.1 * t), 0.5 * t);
                if (Double.isFinite(low) && low > 0) {
                    t = Math.max(t, 0.5 * (low + high));
                }
                continue;
            }
            if (dot(there.gradient(), direction) >= 0.9 * slope) {
                return there;
            }
            low = t;
            t = Double.isInfinite(high) ? 2 * t : 0.5 * (low + high);
            if (Double.isFinite(high) && high - low <= 1e-12 * high) {
                return there;
            }
        }
        return null;
    }

    /** The linear scores of X (samples,) for two classes, (samples, classes) for more; lazy. */
    public Tensor decisionFunction(Tensor x) {
        Tensor xf = fitted(x);
        return coef.length == 1 ? binaryScores(xf) : scores(xf);
    }

    /** Each class's probability (samples × classes, in the order of {@link #classes}), lazily. */
    public Tensor predictProba(Tensor x) {
        Tensor z = scores(fitted(x));
        Tensor e = Tensors.exp(z.subtract(z.max(new int[] {1}, true)));
        return e.divide(e.sum(new int[] {1}, true));
    }

    /** The most probable class of each row (samples,), of y's dtype, lazily. */
    public Tensor predict(Tensor x) {
        Tensor xf = fitted(x);
        if (coef.length == 1) {
            // two classes: the second where the score is positive, as scikit-learn's classes_[scores > 0] (a score of
            // exactly 0 gives the first, as the argmax of [0, score] would): element-wise on the product of X's
            // blocks with w, fused with it, instead of (samples, 2) scores and an argmax over them
            Tensor labels = Inputs.tensor(classes);
            return Tensors.where(Tensors.greater(binaryScores(xf), 0.0), labels.get(Index.at(1)),
                    labels.get(Index.at(0)));
        }
        Tensor best = scores(xf).argmax(1);
        return Inputs.tensor(classes).take(best, 0);
    }

    /** The accuracy of {@link #predict} against y (0-d, lazy). */
    public Tensor score(Tensor x, Tensor y) {
        return Metrics.accuracyScore(y, predict(x));
    }

    /**
     * Scores of every class as softmax inputs (samples × classes): for two classes the first is 0 and the second
     * the logistic model's, so that the softmax gives scikit-learn's {@code [1 - p, p]}. {@code xf} as
     * {@link #fitted} gives it.
     */
    private Tensor scores(Tensor xf) {
        int features = coef[0].length;
        double[][] w = coef.length == 1 ? new double[][] {new double[features], coef[0]} : coef;
        double[] b = coef.length == 1 ? new double[] {0.0, intercept[0]} : intercept;
        return xf.dot(Inputs.tensor(w).transpose()).add(Inputs.tensor(b));
    }

    /** X as a float matrix of the fitted features; NOT_FITTED before {@link #fit}. */
    private Tensor fitted(Tensor x) {
        Inputs.requireFitted(coef, "LogisticRegression");
        Tensor xf = Inputs.matrix(x, "X");
        Inputs.sameFeatures(xf, coef[0].length, "LogisticRegression");
        return xf;
    }

    /** For two classes, the second class's score of each row, {@code X·w + b} (samples,). */
    private Tensor binaryScores(Tensor xf) {
        return xf.dot(Inputs.tensor(coef[0])).add(intercept[0]);
    }

    /** scikit-learn's {@code classes_}: the labels seen by fit, sorted. */
    public Tensor classes() {
        Inputs.requireFitted(classes, "LogisticRegression");
        return Inputs.tensor(classes);
    }

    /** scikit-learn's {@code coef_}: (1, features) for two classes, (classes, features) for more. */
    public Tensor coef() {
        Inputs.requireFitted(coef, "LogisticRegression");
        return Inputs.tensor(coef);
    }

    /** scikit-learn's {@code intercept_}: (1,) for two classes, (classes,) for more; zeros without an intercept. */
    public Tensor intercept() {
        Inputs.requireFitted(intercept, "LogisticRegression");
        return Inputs.tensor(intercept);
    }

    /** scikit-learn's {@code n_iter_}: the solver's steps on all rows (Newton or L-BFGS iterations). */
    public int nIter() {
        Inputs.requireFitted(coef, "LogisticRegression");
        return nIter;
    }

    /** The objective at a point, its gradient and Hessian, and whether that Hessian was a sample's. */
    private record Evaluation(double loss, double[] gradient, double[][] hessian, boolean sampled) {
    }

    /** The objective and its gradient at theta (what L-BFGS evaluates). */
    private record Point(double[] theta, double loss, double[] gradient) {
    }

    /**
     * The objective on one data set. Parameters are laid out by output column k (one for two classes, one per
     * class for more): {@code [w_k (features), b_k]}, the intercept only when fitted.
     */
    private static final class Problem {
        /** All of X as given: what a non-finite sum's exact check looks at. */
        private final Tensor whole;
        private final Tensor x;
        private final Tensor y;
        private final int outputs;
        private final int features;
        private final double c;
        private final boolean intercept;

        Problem(Tensor x, Tensor labels, NDArray classes, double c, boolean intercept) {
            this.whole = x;
            this.x = x;
            int k = classes.size();
            this.outputs = k == 2 ? 1 : k;
            this.features = (int) x.shape()[1];
            this.c = c;
            this.intercept = intercept;
            // the labels each output column stands for: the second class for two, every class for more
            double[] positive = new double[outputs];
            for (int j = 0; j < outputs; j++) {
                positive[j] = classes.getDouble(k == 2 ? 1 : j);
            }
            Tensor row = Inputs.tensor(NDArray.of(positive, 1, outputs));
            // cut like X's rows once (and persisted by fit), so that the passes need not cut it each time
            this.y = LinearModels.alignRows(
                    Tensors.astype(Tensors.equal(Inputs.asFloat(labels).expandDims(1), row), DataType.FLOAT64), x);
        }

        private Problem(Tensor whole, Tensor x, Tensor y, int outputs, int features, double c, boolean intercept) {
            this.whole = whole;
            this.x = x;
            this.y = y;
            this.outputs = outputs;
            this.features = features;
            this.c = c;
            this.intercept = intercept;
        }

        /** The same objective on the first {@code rows} rows. */
        Problem prefix(long rows) {
            Index first = Index.slice(0, rows);
            return new Problem(whole, x.get(first, Index.all()), y.get(first, Index.all()), outputs, features, c,
                    intercept);
        }

        /** The objective at theta = 0: every class equally likely, C · samples · ln(classes). */
        double lossAtZero() {
            return c * samples() * Math.log(outputs == 1 ? 2 : outputs);
        }

        int parameters() {
            return outputs * width();
        }

        long samples() {
            return x.shape()[0];
        }

        private int width() {
            return features + (intercept ? 1 : 0);
        }

        double[][] coef(double[] theta) {
            double[][] w = new double[outputs][features];
            for (int k = 0; k < outputs; k++) {
                System.arraycopy(theta, k * width(), w[k], 0, features);
            }
            return w;
        }

        double[] intercept(double[] theta) {
            double[] b = new double[outputs];
            for (int k = 0; intercept && k < outputs; k++) {
                b[k] = theta[k * width() + features];
            }
            return b;
        }

        /**
         * One task, one fused pass per block of rows ({@link LinearModels#logisticTerms}): the terms at theta, the
         * Hessian summed over one block of rows in every {@code hessianEvery} and scaled to all of them; the loss and
         * gradient are always all rows'.
         */
        Evaluation evaluate(double[] theta, int hessianEvery, Session session) {
            Tensor parameters = Inputs.tensor(NDArray.of(theta, outputs, width()));
            NDArray terms = session.execute(LinearModels.logisticTerms(x, y, parameters, intercept, hessianEvery));
            requireFiniteInput(terms, session);
            return assemble(theta, terms, hessianEvery);
        }

        /**
         * X's check: NaN or infinity in a row makes the loss or the gradient of any pass over it non-finite; then X's
         * exact checks run and fail naming what they found.
         */
        private void requireFiniteInput(NDArray terms, Session session) {
            for (int a = 0; a <= parameters(); a++) {
                if (!Double.isFinite(terms.getDouble(a))) {
                    Inputs.requireFiniteExactly(session, "X", whole);
                    return;
                }
            }
        }

        /** One task of gradient-only passes: the objective and its gradient at theta. */
        Point point(double[] theta, Session session) {
            Tensor parameters = Inputs.tensor(NDArray.of(theta, outputs, width()));
            NDArray terms = session.execute(LinearModels.logisticTerms(x, y, parameters, intercept, false));
            requireFiniteInput(terms, session);
            int n = parameters();
            double[] g = new double[n];
            for (int a = 0; a < n; a++) {
                g[a] = c * terms.getDouble(1 + a);
            }
            double penalty = 0;
            int m = width();
            for (int k = 0; k < outputs; k++) {
                for (int i = 0; i < features; i++) {
                    double wki = theta[k * m + i];
                    penalty += 0.5 * wki * wki;
                    g[k * m + i] += wki;
                }
            }
            return new Point(theta, c * terms.getDouble(0) + penalty, g);
        }

        /**
         * The objective's loss, gradient and Hessian: C times the data's terms, plus the penalty |w|² / 2; the Hessian's
         * data part summed over one block of rows in every {@code hessianEvery}, scaled to all rows.
         */
        private Evaluation assemble(double[] theta, NDArray terms, int hessianEvery) {
            int m = width();
            int n = parameters();
            long hessianRows = LinearModels.hessianRows(samples(), hessianEvery);
            double scale = (double) samples() / hessianRows;
            double penalty = 0;
            double[] g = new double[n];
            double[][] h = new double[n][n];
            for (int a = 0; a < n; a++) {
                g[a] = c * terms.getDouble(1 + a);
                for (int b = 0; b < n; b++) {
                    h[a][b] = c * scale * terms.getDouble(1 + n + a * n + b);
                }
            }
            for (int k = 0; k < outputs; k++) {
                for (int i = 0; i < features; i++) {
                    double wki = theta[k * m + i];
                    penalty += 0.5 * wki * wki;
                    g[k * m + i] += wki;
                    h[k * m + i][k * m + i] += 1.0;
                }
            }
            if (intercept && outputs > 1) {
                // adding one constant to every class's intercept changes neither the loss nor the penalty: fix that
                // direction (the gradient never has a part along it) so that the system is positive definite
                for (int k = 0; k < outputs; k++) {
                    for (int l = 0; l < outputs; l++) {
                        h[k * m + features][l * m + features] += 1.0 / outputs;
                    }
                }
            }
            return new Evaluation(c * terms.getDouble(0) + penalty, g, h, hessianRows < samples());
        }
    }

    private static double maxAbs(double[] a) {
        double m = 0;
        for (double v : a) {
            m = Math.max(m, Math.abs(v));
        }
        return m;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double[] negate(double[] a) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = -a[i];
        }
        return out;
    }

    private static double[] subtract(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] - b[i];
        }
        return out;
    }

    /** {@code x += a d} in place. */
    private static void addScaled(double[] x, double a, double[] d) {
        for (int i = 0; i < x.length; i++) {
            x[i] += a * d[i];
        }
    }

    private static double[] axpy(double[] x, double a, double[] d) {
        double[] out = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            out[i] = x[i] + a * d[i];
        }
        return out;
    }
}
