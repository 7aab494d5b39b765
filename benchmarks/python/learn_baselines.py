#!/usr/bin/env python3
"""scikit-learn's side of benchmarks/run-learn-benchmark.sh, and the data both sides fit.

    learn_baselines.py generate DIR N       writes DIR/{kmeans_x,kmeans_init,pca_x,logreg_x,logreg_y}.npy: N rows each
    learn_baselines.py kmeans|pca|logreg DIR [kmeans' ALGORITHM: lloyd (default) or elkan]
                                            fits as LearnBenchmark does, prints e.g.
                                            KMeans: result=1.234567e+07 (10000000x16) wall=12.34s peak_rss_mb=1400

Needs numpy (generate) and scikit-learn (the fits; Debian's python3-sklearn, run by /usr/bin/python3). The timed part
is the fit and the one number printed, not the interpreter's start or np.load (memory-mapped reads are excluded by
loading the arrays into memory first), as the Java side times the fit and not the JVM's start.

The workloads: KMeans(8, init=the given centres, n_init=1, max_iter=10, tol=0), Lloyd unless told elkan; PCA(8) with scikit-learn's
default solver (randomized at these sizes) against Mars's exact one, both printing the sum of the explained
variances; LogisticRegression() (lbfgs, L2, C=1) against Mars's Newton solver, both printing the training accuracy.
"""
import resource
import sys
import time

import numpy as np


def generate(out, n):
    rng = np.random.default_rng(20261126)
    centres = rng.uniform(-10, 10, (8, 16))
    labels = rng.integers(0, 8, n)
    x = centres[labels] + rng.standard_normal((n, 16)) * 2.0
    np.save(f"{out}/kmeans_x.npy", x)
    np.save(f"{out}/kmeans_init.npy", x[rng.choice(n, 8, replace=False)])
    del x, labels
    mix = np.linalg.qr(rng.standard_normal((64, 64)))[0]
    scales = 10.0 * 0.9 ** np.arange(64)
    x = np.empty((n, 64))
    step = 1_000_000
    for s in range(0, n, step):
        e = min(n, s + step)
        x[s:e] = (rng.standard_normal((e - s, 64)) * scales) @ mix + 1.0
    np.save(f"{out}/pca_x.npy", x)
    del x
    w = rng.standard_normal(32) * 0.5
    x = rng.standard_normal((n, 32))
    p = 1.0 / (1.0 + np.exp(-(x @ w - 0.3)))
    y = (rng.random(n) < p).astype(np.int64)
    np.save(f"{out}/logreg_x.npy", x)
    np.save(f"{out}/logreg_y.npy", y)


def shape(x):
    return f"{x.shape[0]}x{x.shape[1]}"


def kmeans(d, algorithm="lloyd"):
    from sklearn.cluster import KMeans
    x = np.load(f"{d}/kmeans_x.npy")
    init = np.load(f"{d}/kmeans_init.npy")
    start = time.perf_counter()
    km = KMeans(8, init=init, n_init=1, max_iter=10, tol=0.0, algorithm=algorithm).fit(x)
    return "KMeans", "%.6e" % km.inertia_, shape(x), time.perf_counter() - start


def pca(d):
    from sklearn.decomposition import PCA
    x = np.load(f"{d}/pca_x.npy")
    start = time.perf_counter()
    p = PCA(8, random_state=0).fit(x)
    return "PCA", "%.6e" % p.explained_variance_.sum(), shape(x), time.perf_counter() - start


def logreg(d):
    from sklearn.linear_model import LogisticRegression
    x = np.load(f"{d}/logreg_x.npy")
    y = np.load(f"{d}/logreg_y.npy")
    start = time.perf_counter()
    lr = LogisticRegression().fit(x, y)
    accuracy = float((lr.predict(x) == y).mean())
    return "LogisticRegression", "%.4f" % accuracy, shape(x), time.perf_counter() - start


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    if sys.argv[1] == "generate":
        generate(sys.argv[2], int(float(sys.argv[3])))
        return
    job, result, size, wall = {"kmeans": kmeans, "pca": pca, "logreg": logreg}[sys.argv[1]](*sys.argv[2:])
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{job}: result={result} ({size}) wall={wall:.2f}s peak_rss_mb={rss}")


if __name__ == "__main__":
    main()
