#!/usr/bin/env python3
"""Golden answers of io.mars.learn, computed by scikit-learn: writes integration-tests/src/test/resources/golden/learn/.

How the committed files were produced (scikit-learn is only needed to regenerate them, never by the tests or CI):

    apt-get update && apt-get install -y python3-sklearn     # Debian 12: scikit-learn 1.2.1, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_learn.py

It writes inputs/<name>.npy (data sets of a few thousand rows drawn here with a fixed seed), expected/<name>.npy
(scikit-learn's fitted attributes, transforms, metrics) and cases.tsv (each expected file, the inputs and the call
that made it). The Java test (io.mars.it.golden.LearnGoldenTest) fits the same estimators with the Mars API on the
same inputs, cut into several chunkings, on a local cluster and compares.

What cannot be compared value for value: trainTestSplit, shuffled KFold and k-means++ draw from Mars's own
counter-based generator, not numpy's. For them this script records what does not depend on the draws: the sizes of
the split and of the folds, and the inertia and labels of k-means++ on well separated blobs (where any reasonable
seeding finds the same clusters).

Which scikit-learn solver answers: PCA's exact ('full') one and TruncatedSVD's ARPACK run to tol=0 (Mars's are exact
on tall-skinny data); for LogisticRegression the optimum of the objective lbfgs minimizes, found by scikit-learn's
Newton solvers (see the section below for why not lbfgs's own answer).
"""
import math
import warnings

import numpy as np
import pandas as pd
import sklearn
from sklearn.cluster import KMeans
from sklearn.decomposition import PCA, TruncatedSVD
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LinearRegression, LogisticRegression, Ridge
from sklearn.metrics import accuracy_score, confusion_matrix, mean_squared_error, r2_score
from sklearn.neighbors import NearestNeighbors
from sklearn.metrics import pairwise_distances, roc_auc_score
from sklearn.model_selection import KFold
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder, MinMaxScaler, OneHotEncoder, StandardScaler, normalize

from golden_common import GOLDEN_ROOT, prepare_dirs, write_npy

OUT = GOLDEN_ROOT / "learn"
rng = np.random.default_rng(20261126)
inputs = {}
cases = []


def inp(name, array):
    inputs[name] = np.array(array, order="C")
    return name


def case(name, names, call, expected):
    cases.append((name, ",".join(names), call, np.array(expected, order="C")))


# ----- inputs -----
# regression: 2000 x 5, two targets, features of different scales and offsets
reg_x = rng.standard_normal((2000, 5)) * np.array([1.0, 3.0, 0.5, 10.0, 2.0]) + np.array([0.0, 5.0, -2.0, 1.0, 7.0])
w = np.array([[1.5, -2.0, 0.25, 0.1, 3.0], [-0.5, 0.75, 4.0, -0.2, 1.0]])
reg_y2 = reg_x @ w.T + np.array([4.0, -1.5]) + 0.3 * rng.standard_normal((2000, 2))
inp("reg_x", reg_x)
inp("reg_y", reg_y2[:, 0])
inp("reg_y2", reg_y2)
# scaling: 1500 x 4, one constant column (scale 1 in scikit-learn), one with a large offset
scale_x = rng.standard_normal((1500, 4)) * np.array([2.0, 0.01, 1.0, 5.0]) + np.array([1.0, -3.0, 1e3, 0.0])
scale_x[:, 2] = 7.5
inp("scale_x", scale_x)
# clustering: 2400 x 2 of five overlapping blobs (Lloyd takes several iterations from the given centres)
centres5 = np.array([[0.0, 0.0], [4.0, 1.0], [1.0, 5.0], [6.0, 6.0], [-3.0, 4.0]])
km_x = np.concatenate([c + 1.3 * rng.standard_normal((480, 2)) for c in centres5])
km_x = km_x[rng.permutation(len(km_x))]
inp("km_x", km_x)
inp("km_init", km_x[[3, 17, 42, 100, 7]])
# clustering: 3000 x 3 of four well separated blobs, for k-means++
centres4 = np.array([[0.0, 0.0, 0.0], [20.0, 0.0, 5.0], [0.0, 25.0, -5.0], [15.0, 15.0, 15.0]])
blobs_x = np.concatenate([c + rng.standard_normal((750, 3)) for c in centres4])
blobs_x = blobs_x[rng.permutation(len(blobs_x))]
inp("blobs_x", blobs_x)
# classification labels: 2000 values of {0, 1, 2, 5}; predictions right 80% of the time, else another label,
# and sometimes 7, a label the true values never hold
cls_true = rng.choice(np.array([0, 1, 2, 5]), size=2000)
cls_pred = np.where(rng.random(2000) < 0.8, cls_true, rng.choice(np.array([0, 1, 2, 5, 7]), size=2000))
inp("cls_true", cls_true.astype(np.int64))
inp("cls_pred", cls_pred.astype(np.int64))
# scaling with missing values (drawn last, so that the inputs above stay as they were)
scale_xnan = scale_x.copy()
scale_xnan[rng.choice(1500, 40, replace=False), 0] = np.nan
scale_xnan[rng.choice(1500, 25, replace=False), 3] = np.nan
inp("scale_xnan", scale_xnan)
# decomposition, logistic regression and neighbours: a second generator, so that the inputs above stay as they were
rng2 = np.random.default_rng(20261127)
# decomposition: 3000 x 6, correlated features (latent scales well apart, so the singular values are distinct)
mix = np.linalg.qr(rng2.standard_normal((6, 6)))[0]
pca_x = (rng2.standard_normal((3000, 6)) * np.array([6.0, 4.0, 2.5, 1.5, 0.7, 0.2])) @ mix + \
    np.array([3.0, -1.0, 0.5, 10.0, 0.0, -4.0])
inp("pca_x", pca_x)
# wide decomposition, for the randomized solver: 1500 x 80 with singular values decaying geometrically (a generator of
# its own, so that every input above and below stays as it was)
rng3 = np.random.default_rng(20261126)
wide_mix = np.linalg.qr(rng3.standard_normal((80, 80)))[0]
wide_x = (rng3.standard_normal((1500, 80)) * (10.0 * 0.8 ** np.arange(80))) @ wide_mix + rng3.standard_normal(80)
inp("wide_x", wide_x)
# binary classification: 3000 x 4, labels 3 and 7 from a logistic model (classes that overlap, so the fit is finite)
log_x = rng2.standard_normal((3000, 4)) * np.array([1.0, 2.0, 0.5, 1.5]) + np.array([0.5, -1.0, 0.0, 2.0])
logit = log_x @ np.array([1.2, -0.7, 2.0, 0.3]) - 0.8
inp("log_x", log_x)
inp("log_y", np.where(rng2.random(3000) < 1 / (1 + np.exp(-logit)), 7, 3).astype(np.int64))
# three classes: 2400 x 3 around three overlapping means, labels 0, 1, 2
log3_means = np.array([[0.0, 0.0, 0.0], [1.5, 0.5, -1.0], [-0.5, 1.5, 1.0]])
log3_y = rng2.integers(0, 3, 2400)
inp("log3_x", log3_means[log3_y] + 1.2 * rng2.standard_normal((2400, 3)))
inp("log3_y", log3_y.astype(np.int64))
# neighbours: 2000 x 4 points and 300 queries that are not among them
inp("nn_x", rng2.standard_normal((2000, 4)) * np.array([1.0, 2.0, 0.5, 1.0]))
inp("nn_q", rng2.standard_normal((300, 4)) * np.array([1.0, 2.0, 0.5, 1.0]))
# categorical columns: 1500 rows of two string columns (codes into the tables below, as the Java test maps them) and
# one integer column
COLOURS = ["red", "green", "blue", "amber", "teal"]
SIZES = ["S", "M", "L", "XL"]
inp("cat_codes", np.stack([rng2.integers(0, 5, 1500), rng2.integers(0, 4, 1500)], axis=1).astype(np.int64))
inp("cat_counts", rng2.choice(np.array([40, 5, 20, 10]), 1500).astype(np.int64))
# wide logistic data: 2600 x 12 (enough features that a tile's Hessian goes through the native BLAS), a binary and a
# four-class target; its own generator, so the draws above stay as they were
rng3 = np.random.default_rng(20261127)
logw_x = rng3.standard_normal((2600, 12)) * rng3.uniform(0.5, 2.0, 12) + rng3.uniform(-1.0, 1.0, 12)
inp("logw_x", logw_x)
inp("logw_y", (rng3.random(2600) < 1 / (1 + np.exp(-(logw_x @ rng3.uniform(-0.8, 0.8, 12) + 0.3)))).astype(np.int64))
logw_scores = logw_x @ rng3.uniform(-0.7, 0.7, (12, 4))
logw_p = np.exp(logw_scores - logw_scores.max(axis=1, keepdims=True))
logw_p /= logw_p.sum(axis=1, keepdims=True)
inp("logw4_y", np.array([rng3.choice(4, p=row) for row in logw_p], dtype=np.int64))
A = inputs

# ----- preprocessing -----
s = StandardScaler().fit(A["scale_x"])
case("standard_mean", ["scale_x"], "StandardScaler().fit(x).mean_", s.mean_)
case("standard_var", ["scale_x"], "StandardScaler().fit(x).var_", s.var_)
case("standard_scale", ["scale_x"], "StandardScaler().fit(x).scale_", s.scale_)
case("standard_transform", ["scale_x"], "StandardScaler().fit_transform(x)", s.transform(A["scale_x"]))
s = StandardScaler(with_mean=False).fit(A["reg_x"])
case("standard_nomean_transform", ["reg_x"], "StandardScaler(with_mean=False).fit_transform(x)",
     s.transform(A["reg_x"]))
m = MinMaxScaler().fit(A["scale_x"])
case("minmax_data_min", ["scale_x"], "MinMaxScaler().fit(x).data_min_", m.data_min_)
case("minmax_data_max", ["scale_x"], "MinMaxScaler().fit(x).data_max_", m.data_max_)
case("minmax_scale", ["scale_x"], "MinMaxScaler().fit(x).scale_", m.scale_)
case("minmax_min", ["scale_x"], "MinMaxScaler().fit(x).min_", m.min_)
case("minmax_transform", ["scale_x"], "MinMaxScaler().fit_transform(x)", m.transform(A["scale_x"]))
m = MinMaxScaler(feature_range=(-1.0, 2.0)).fit(A["reg_x"])
case("minmax_range_transform", ["reg_x"], "MinMaxScaler(feature_range=(-1, 2)).fit_transform(x)",
     m.transform(A["reg_x"]))
s = StandardScaler().fit(A["scale_xnan"])
case("standard_nan_mean", ["scale_xnan"], "StandardScaler().fit(xnan).mean_", s.mean_)
case("standard_nan_scale", ["scale_xnan"], "StandardScaler().fit(xnan).scale_", s.scale_)
case("standard_nan_transform", ["scale_xnan"], "StandardScaler().fit_transform(xnan)", s.transform(A["scale_xnan"]))
m = MinMaxScaler().fit(A["scale_xnan"])
case("minmax_nan_transform", ["scale_xnan"], "MinMaxScaler().fit_transform(xnan)", m.transform(A["scale_xnan"]))
for norm in ["l2", "l1", "max"]:
    case("normalize_" + norm, ["reg_x"], "normalize(x, norm='%s')" % norm, normalize(A["reg_x"], norm=norm))

# ----- linear models -----
lr = LinearRegression().fit(A["reg_x"], A["reg_y"])
case("linreg_coef", ["reg_x", "reg_y"], "LinearRegression().fit(x, y).coef_", lr.coef_)
case("linreg_intercept", ["reg_x", "reg_y"], "LinearRegression().fit(x, y).intercept_", lr.intercept_)
case("linreg_predict", ["reg_x", "reg_y"], "LinearRegression().fit(x, y).predict(x)", lr.predict(A["reg_x"]))
case("linreg_score", ["reg_x", "reg_y"], "LinearRegression().fit(x, y).score(x, y)", lr.score(A["reg_x"], A["reg_y"]))
lr = LinearRegression().fit(A["reg_x"], A["reg_y2"])
case("linreg2_coef", ["reg_x", "reg_y2"], "LinearRegression().fit(x, y2).coef_", lr.coef_)
case("linreg2_intercept", ["reg_x", "reg_y2"], "LinearRegression().fit(x, y2).intercept_", lr.intercept_)
lr = LinearRegression(fit_intercept=False).fit(A["reg_x"], A["reg_y"])
case("linreg_noint_coef", ["reg_x", "reg_y"], "LinearRegression(fit_intercept=False).fit(x, y).coef_", lr.coef_)
for alpha in [1.0, 500.0]:
    r = Ridge(alpha=alpha).fit(A["reg_x"], A["reg_y"])
    tag = "ridge_a%g" % alpha
    case(tag + "_coef", ["reg_x", "reg_y"], "Ridge(alpha=%r).fit(x, y).coef_" % alpha, r.coef_)
    case(tag + "_intercept", ["reg_x", "reg_y"], "Ridge(alpha=%r).fit(x, y).intercept_" % alpha, r.intercept_)
r = Ridge(alpha=10.0).fit(A["reg_x"], A["reg_y2"])
case("ridge2_coef", ["reg_x", "reg_y2"], "Ridge(alpha=10.0).fit(x, y2).coef_", r.coef_)
case("ridge2_intercept", ["reg_x", "reg_y2"], "Ridge(alpha=10.0).fit(x, y2).intercept_", r.intercept_)
r = Ridge(alpha=10.0, fit_intercept=False).fit(A["reg_x"], A["reg_y"])
case("ridge_noint_coef", ["reg_x", "reg_y"], "Ridge(alpha=10.0, fit_intercept=False).fit(x, y).coef_", r.coef_)

# ----- clustering -----
km = KMeans(n_clusters=5, init=A["km_init"], n_init=1, max_iter=300, tol=1e-4, algorithm="lloyd").fit(A["km_x"])
assert km.n_iter_ > 3, km.n_iter_
case("kmeans_centers", ["km_x", "km_init"], "KMeans(5, init=km_init, n_init=1).fit(x).cluster_centers_",
     km.cluster_centers_)
case("kmeans_labels", ["km_x", "km_init"], "KMeans(5, init=km_init, n_init=1).fit(x).labels_",
     km.labels_.astype(np.int64))
case("kmeans_inertia", ["km_x", "km_init"], "KMeans(5, init=km_init, n_init=1).fit(x).inertia_", km.inertia_)
case("kmeans_n_iter", ["km_x", "km_init"], "KMeans(5, init=km_init, n_init=1).fit(x).n_iter_",
     np.int64(km.n_iter_))
km = KMeans(n_clusters=5, init=A["km_init"], n_init=1, max_iter=2, algorithm="lloyd").fit(A["km_x"])
case("kmeans_iter2_inertia", ["km_x", "km_init"], "KMeans(5, init=km_init, n_init=1, max_iter=2).fit(x).inertia_",
     km.inertia_)
case("kmeans_iter2_centers", ["km_x", "km_init"],
     "KMeans(5, init=km_init, n_init=1, max_iter=2).fit(x).cluster_centers_", km.cluster_centers_)
# a centre far from every row: its cluster is empty at the first iteration and takes the farthest row
far_init = inp("km_init_far", np.where(np.arange(5)[:, None] == 2, np.array([30.0, 30.0]), A["km_init"]))
km = KMeans(n_clusters=5, init=A[far_init], n_init=1, algorithm="lloyd").fit(A["km_x"])
case("kmeans_far_centers", ["km_x", far_init], "KMeans(5, init=km_init_far, n_init=1).fit(x).cluster_centers_",
     km.cluster_centers_)
case("kmeans_far_labels", ["km_x", far_init], "KMeans(5, init=km_init_far, n_init=1).fit(x).labels_",
     km.labels_.astype(np.int64))
case("kmeans_far_inertia", ["km_x", far_init], "KMeans(5, init=km_init_far, n_init=1).fit(x).inertia_", km.inertia_)
case("kmeans_far_n_iter", ["km_x", far_init], "KMeans(5, init=km_init_far, n_init=1).fit(x).n_iter_",
     np.int64(km.n_iter_))
km1 = KMeans(n_clusters=5, init=A[far_init], n_init=1, max_iter=1, algorithm="lloyd").fit(A["km_x"])
assert np.sum(np.all(km1.cluster_centers_ == [30.0, 30.0], axis=1)) == 0, "the far centre was not relocated"
# two such centres: the farthest row goes to the first empty cluster, the next farthest to the second
far2_init = inp("km_init_far2", np.where(np.arange(5)[:, None] == 4, np.array([-30.0, 30.0]), A[far_init]))
km = KMeans(n_clusters=5, init=A[far2_init], n_init=1, algorithm="lloyd").fit(A["km_x"])
case("kmeans_far2_centers", ["km_x", far2_init], "KMeans(5, init=km_init_far2, n_init=1).fit(x).cluster_centers_",
     km.cluster_centers_)
case("kmeans_far2_inertia", ["km_x", far2_init], "KMeans(5, init=km_init_far2, n_init=1).fit(x).inertia_",
     km.inertia_)
# the fused nearest-centre passes (io.mars.tensor.Centres) in plain numpy: argmin of the squared distances, and per
# centre the sum of its rows, their count and their squared distances
def nearest_centres(x, c):
    return np.argmin(((x[:, None, :] - c[None, :, :]) ** 2).sum(axis=2), axis=1).astype(np.int64)


def centre_statistics(x, c):
    labels = nearest_centres(x, c)
    out = np.zeros((len(c), x.shape[1] + 2))
    for k in range(len(c)):
        rows = x[labels == k]
        out[k, :-2] = rows.sum(axis=0)
        out[k, -2] = len(rows)
        out[k, -1] = ((rows - c[k]) ** 2).sum()
    return out


for cname in ["km_init", far_init]:
    case("centres_nearest_" + cname, ["km_x", cname], "argmin over centres of |x - c|^2",
         nearest_centres(A["km_x"], A[cname]))
    case("centres_stats_" + cname, ["km_x", cname], "per centre: sum of its rows, count, sum of |x - c|^2",
         centre_statistics(A["km_x"], A[cname]))
km = KMeans(n_clusters=4, init="k-means++", n_init=1, random_state=0, algorithm="lloyd").fit(A["blobs_x"])
case("kmeanspp_inertia", ["blobs_x"], "KMeans(4, init='k-means++', n_init=1, random_state=0).fit(x).inertia_",
     km.inertia_)
case("kmeanspp_labels", ["blobs_x"], "KMeans(4, init='k-means++', n_init=1, random_state=0).fit(x).labels_",
     km.labels_.astype(np.int64))
fitted = KMeans(n_clusters=5, init=A["km_init"], n_init=1, algorithm="lloyd").fit(A["km_x"])
case("kmeans_transform", ["km_x", "km_init"], "KMeans(5, init=km_init, n_init=1).fit(km_x).transform(km_x)",
     fitted.transform(A["km_x"]))
case("kmeans_score", ["km_x", "km_init", "blobs_x"],
     "KMeans(5, init=km_init, n_init=1).fit(km_x).score(blobs_x[:, :2])",
     fitted.score(np.ascontiguousarray(A["blobs_x"][:, :2])))
case("kmeans_predict", ["km_x", "km_init", "blobs_x"],
     "KMeans(5, init=km_init, n_init=1).fit(km_x).predict(blobs_x[:, :2])",
     KMeans(n_clusters=5, init=A["km_init"], n_init=1, algorithm="lloyd").fit(A["km_x"])
     .predict(np.ascontiguousarray(A["blobs_x"][:, :2])).astype(np.int64))

# ----- decomposition (exact solvers: Mars's PCA and TruncatedSVD are exact on tall-skinny data) -----
p = PCA(svd_solver="full").fit(A["pca_x"])
case("pca_components", ["pca_x"], "PCA(svd_solver='full').fit(x).components_", p.components_)
case("pca_explained_variance", ["pca_x"], "PCA(svd_solver='full').fit(x).explained_variance_",
     p.explained_variance_)
case("pca_explained_variance_ratio", ["pca_x"], "PCA(svd_solver='full').fit(x).explained_variance_ratio_",
     p.explained_variance_ratio_)
case("pca_singular_values", ["pca_x"], "PCA(svd_solver='full').fit(x).singular_values_", p.singular_values_)
case("pca_mean", ["pca_x"], "PCA(svd_solver='full').fit(x).mean_", p.mean_)
p = PCA(n_components=3, svd_solver="full").fit(A["pca_x"])
case("pca3_components", ["pca_x"], "PCA(3, svd_solver='full').fit(x).components_", p.components_)
case("pca3_explained_variance_ratio", ["pca_x"], "PCA(3, svd_solver='full').fit(x).explained_variance_ratio_",
     p.explained_variance_ratio_)
case("pca3_noise_variance", ["pca_x"], "PCA(3, svd_solver='full').fit(x).noise_variance_", p.noise_variance_)
case("pca3_transform", ["pca_x"], "PCA(3, svd_solver='full').fit_transform(x)", p.transform(A["pca_x"]))
case("pca3_inverse", ["pca_x"], "PCA(3, svd_solver='full').fit(x).inverse_transform(transform(x))",
     p.inverse_transform(p.transform(A["pca_x"])))
# the randomized solver converges to the exact answer on data with a spectral gap: the goldens are the full solver's
p = PCA(n_components=5, svd_solver="full").fit(A["wide_x"])
case("wpca5_components", ["wide_x"], "PCA(5, svd_solver='full').fit(x).components_", p.components_)
case("wpca5_explained_variance", ["wide_x"], "PCA(5, svd_solver='full').fit(x).explained_variance_",
     p.explained_variance_)
case("wpca5_explained_variance_ratio", ["wide_x"], "PCA(5, svd_solver='full').fit(x).explained_variance_ratio_",
     p.explained_variance_ratio_)
case("wpca5_noise_variance", ["wide_x"], "PCA(5, svd_solver='full').fit(x).noise_variance_", p.noise_variance_)
t = TruncatedSVD(n_components=3, algorithm="arpack", tol=0.0, random_state=0).fit(A["pca_x"])
case("tsvd_components", ["pca_x"], "TruncatedSVD(3, algorithm='arpack', tol=0).fit(x).components_", t.components_)
case("tsvd_explained_variance", ["pca_x"], "TruncatedSVD(3, algorithm='arpack', tol=0).fit(x).explained_variance_",
     t.explained_variance_)
case("tsvd_explained_variance_ratio", ["pca_x"],
     "TruncatedSVD(3, algorithm='arpack', tol=0).fit(x).explained_variance_ratio_", t.explained_variance_ratio_)
case("tsvd_singular_values", ["pca_x"], "TruncatedSVD(3, algorithm='arpack', tol=0).fit(x).singular_values_",
     t.singular_values_)
case("tsvd_transform", ["pca_x"], "TruncatedSVD(3, algorithm='arpack', tol=0).fit(x).transform(x)",
     t.transform(A["pca_x"]))


# ----- logistic regression -----
# The optimum of scikit-learn's objective (C * sum of log losses + |w|^2 / 2), found by scikit-learn's own Newton
# solvers run to tol=1e-14: 'newton-cholesky' for two classes, 'newton-cg' (multinomial) for more. The default lbfgs
# solver minimizes the same objective but stops on scipy's relative decrease of it (ftol 2.2e-9) whatever tol asks:
# on these data its probabilities are up to 1.5e-5 off the optimum, more than the 1e-5 the test asks. The script
# checks both: the objective's gradient at the reference is ~0, and lbfgs (default tol) is within 5e-5 of it.
def check_optimum(model, x, y, c):
    classes = model.classes_
    xa = np.hstack([x, np.ones((len(x), 1))]) if model.fit_intercept else x
    w = np.hstack([model.coef_, model.intercept_[:, None]]) if model.fit_intercept else model.coef_
    if len(classes) == 2:
        r = model.predict_proba(x)[:, 1] - (y == classes[1])
        g = c * xa.T @ r
    else:
        r = model.predict_proba(x) - (y[:, None] == classes[None, :])
        g = c * (xa.T @ r).T
    g = np.reshape(g, w.shape)
    g[..., :model.coef_.shape[1]] += model.coef_
    assert np.max(np.abs(g)) / len(x) < 1e-10, np.max(np.abs(g)) / len(x)


def logistic(tag, x_name, y_name, call, lbfgs_gap=5e-5, **kw):
    x, y = A[x_name], A[y_name]
    solver = "newton-cholesky" if len(np.unique(y)) == 2 else "newton-cg"
    with warnings.catch_warnings():
        # newton-cg reports that it did not reach a gradient of 1e-14; check_optimum checks what it reached
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = LogisticRegression(solver=solver, tol=1e-14, max_iter=10000, **kw).fit(x, y)
    check_optimum(m, x, y, kw.get("C", 1.0))
    lbfgs = LogisticRegression(**kw).fit(x, y)
    assert np.max(np.abs(lbfgs.predict_proba(x) - m.predict_proba(x))) < lbfgs_gap
    names = [x_name, y_name]
    call = call.replace(").fit", ", solver='%s', tol=1e-14).fit" % solver).replace("(, ", "(")
    case(tag + "_coef", names, call + ".coef_", m.coef_)
    case(tag + "_intercept", names, call + ".intercept_", m.intercept_)
    case(tag + "_proba", names, call + ".predict_proba(x)", m.predict_proba(x))
    case(tag + "_predict", names, call + ".predict(x)", m.predict(x).astype(np.int64))
    case(tag + "_score", names, call + ".score(x, y)", m.score(x, y))


logistic("logreg", "log_x", "log_y", "LogisticRegression().fit(x, y)")
logistic("logreg_c01_noint", "log_x", "log_y", "LogisticRegression(C=0.1, fit_intercept=False).fit(x, y)",
         C=0.1, fit_intercept=False)
logistic("logreg3", "log3_x", "log3_y", "LogisticRegression().fit(x3, y3)")
logistic("logreg3_c05", "log3_x", "log3_y", "LogisticRegression(C=0.5).fit(x3, y3)", C=0.5)
logistic("logregw", "logw_x", "logw_y", "LogisticRegression().fit(xw, yw)")
# the fused terms of io.mars.tensor.LinearModels.logisticTerms at a given theta, in plain numpy: the summed log-loss,
# its gradient and Hessian in theta (outputs x (features + 1), intercept last)
def logistic_terms(x, targets, theta):
    xa = np.hstack([x, np.ones((len(x), 1))])
    z = xa @ theta.T
    if theta.shape[0] == 1:
        p = 1 / (1 + np.exp(-z))
        loss = np.sum(np.logaddexp(0, z) - targets * z)
    else:
        top = z.max(axis=1, keepdims=True)
        e = np.exp(z - top)
        p = e / e.sum(axis=1, keepdims=True)
        loss = np.sum(top[:, 0] + np.log(e.sum(axis=1)) - (targets * z).sum(axis=1))
    grad = ((p - targets).T @ xa).ravel()
    k, w = theta.shape
    hess = np.zeros((k * w, k * w))
    for a in range(k):
        for b in range(k):
            d = p[:, a] * ((a == b) - p[:, b])
            hess[a * w:(a + 1) * w, b * w:(b + 1) * w] = xa.T @ (xa * d[:, None])
    return np.concatenate([[loss], grad, hess.ravel()])


logw_theta = inp("logw_theta", rng3.uniform(-0.3, 0.3, (1, 13)))
logw4_theta = inp("logw4_theta", rng3.uniform(-0.3, 0.3, (4, 13)))
case("logistic_terms_bin", ["logw_x", "logw_y", logw_theta], "loss, gradient, Hessian of the logistic loss at theta",
     logistic_terms(A["logw_x"], A["logw_y"][:, None].astype(float), A[logw_theta]))
case("logistic_terms_4", ["logw_x", "logw4_y", logw4_theta], "loss, gradient, Hessian of the softmax loss at theta",
     logistic_terms(A["logw_x"], (A["logw4_y"][:, None] == np.arange(4)[None, :]).astype(float), A[logw4_theta]))
# with a sampled Hessian (LinearModels.logisticTerms(x, y, theta, intercept, every)): the loss and gradient over all
# rows, the Hessian over the blocks of 512 rows (counted from the first) whose index is a multiple of `every`
def logistic_terms_sampled(x, targets, theta, every, block=512):
    rows = np.arange(len(x))
    rows = rows[(rows // block) % every == 0]
    whole = logistic_terms(x, targets, theta)
    head = 1 + theta.size
    return np.concatenate([whole[:head], logistic_terms(x[rows], targets[rows], theta)[head:]])


case("logistic_terms_bin_every3", ["logw_x", "logw_y", logw_theta],
     "loss and gradient of the logistic loss at theta, its Hessian over rows 0-511 and 1536-2047",
     logistic_terms_sampled(A["logw_x"], A["logw_y"][:, None].astype(float), A[logw_theta], 3))
case("logistic_terms_4_every2", ["logw_x", "logw4_y", logw4_theta],
     "loss and gradient of the softmax loss at theta, its Hessian over rows 0-511, 1024-1535 and 2048-2559",
     logistic_terms_sampled(A["logw_x"], (A["logw4_y"][:, None] == np.arange(4)[None, :]).astype(float),
                            A[logw4_theta], 2))
# lbfgs stops 1.5e-4 from this optimum (its ftol again, at 34 iterations whatever max_iter)
logistic("logregw4", "logw_x", "logw4_y", "LogisticRegression(C=0.5).fit(xw, yw4)", lbfgs_gap=2e-4, C=0.5)

# ----- neighbours (queries apart from the points, so that no distance is a rounding error around 0) -----
nn = NearestNeighbors(n_neighbors=5, algorithm="brute").fit(A["nn_x"])
d, i = nn.kneighbors(A["nn_q"])
case("nn_distances", ["nn_x", "nn_q"], "NearestNeighbors(5, algorithm='brute').fit(x).kneighbors(q)[0]", d)
case("nn_indices", ["nn_x", "nn_q"], "NearestNeighbors(5, algorithm='brute').fit(x).kneighbors(q)[1]",
     i.astype(np.int64))
d, i = nn.kneighbors(A["nn_q"], n_neighbors=1)
case("nn1_distances", ["nn_x", "nn_q"], "NearestNeighbors(algorithm='brute').fit(x).kneighbors(q, 1)[0]", d)
case("nn1_indices", ["nn_x", "nn_q"], "NearestNeighbors(algorithm='brute').fit(x).kneighbors(q, 1)[1]",
     i.astype(np.int64))
case("pairwise", ["nn_x", "nn_q"], "pairwise_distances(q[:20], x[:500])",
     pairwise_distances(A["nn_q"][:20], A["nn_x"][:500]))

# ----- categorical encoding -----
frame = pd.DataFrame({"colour": np.array(COLOURS, dtype=object)[A["cat_codes"][:, 0]],
                      "size": np.array(SIZES, dtype=object)[A["cat_codes"][:, 1]], "count": A["cat_counts"]})
ohe = OneHotEncoder(sparse_output=False).fit(frame)
assert [list(c) for c in ohe.categories_][:2] == [sorted(COLOURS), sorted(SIZES)]
case("onehot", ["cat_codes", "cat_counts"], "OneHotEncoder(sparse_output=False).fit_transform(frame)",
     ohe.transform(frame))
case("onehot_count_categories", ["cat_counts"], "OneHotEncoder().fit(frame).categories_[2]",
     ohe.categories_[2].astype(np.int64))
case("label_strings", ["cat_codes"], "LabelEncoder().fit_transform(frame.colour)",
     LabelEncoder().fit_transform(frame["colour"]).astype(np.int64))
le = LabelEncoder().fit(A["cls_pred"])
case("label_classes", ["cls_pred"], "LabelEncoder().fit(p).classes_", le.classes_.astype(np.int64))
case("label_transform", ["cls_true", "cls_pred"], "LabelEncoder().fit(p).transform(t)",
     le.transform(A["cls_true"]).astype(np.int64))

# ----- model selection: KFold without shuffling (shuffled folds draw from Mars's generator: only their sizes) -----
for k in [5, 7]:
    folds = list(KFold(n_splits=k).split(A["reg_x"]))
    assert all(np.array_equal(np.sort(np.concatenate([tr, te])), np.arange(2000)) for tr, te in folds)
    case("kfold%d_test" % k, ["reg_x"], "np.concatenate([test for train, test in KFold(%d).split(x)])" % k,
         np.concatenate([te for tr, te in folds]).astype(np.int64))
    case("kfold%d_sizes" % k, ["reg_x"], "[len(test) for train, test in KFold(%d).split(x)]" % k,
         np.array([len(te) for tr, te in folds], dtype=np.int64))

# ----- ROC AUC: scores of a logistic model, as they are and rounded to 2 decimals (many ties) -----
scores = LogisticRegression().fit(A["log_x"], A["log_y"]).predict_proba(A["log_x"])[:, 1]
inp("auc_scores", scores)
inp("auc_scores_ties", np.round(scores, 2))
case("roc_auc", ["log_y", "auc_scores"], "roc_auc_score(log_y, auc_scores)", roc_auc_score(A["log_y"], scores))
case("roc_auc_ties", ["log_y", "auc_scores_ties"], "roc_auc_score(log_y, auc_scores_ties)",
     roc_auc_score(A["log_y"], np.round(scores, 2)))

# ----- metrics -----
case("accuracy", ["cls_true", "cls_pred"], "accuracy_score(t, p)", accuracy_score(A["cls_true"], A["cls_pred"]))
case("confusion", ["cls_true", "cls_pred"], "confusion_matrix(t, p)",
     confusion_matrix(A["cls_true"], A["cls_pred"]).astype(np.int64))
case("confusion_labels", ["cls_true", "cls_pred"], "confusion_matrix(t, p, labels=[5, 0, 7])",
     confusion_matrix(A["cls_true"], A["cls_pred"], labels=[5, 0, 7]).astype(np.int64))
pred = LinearRegression().fit(A["reg_x"][:, :2], A["reg_y2"]).predict(A["reg_x"][:, :2])
inp("reg_pred2", pred)
case("r2", ["reg_y", "reg_pred2"], "r2_score(y, pred2[:, 0])", r2_score(A["reg_y"], pred[:, 0]))
case("r2_multi", ["reg_y2", "reg_pred2"], "r2_score(y2, pred2)", r2_score(A["reg_y2"], pred))
case("mse", ["reg_y", "reg_pred2"], "mean_squared_error(y, pred2[:, 0])", mean_squared_error(A["reg_y"], pred[:, 0]))
case("mse_multi", ["reg_y2", "reg_pred2"], "mean_squared_error(y2, pred2)", mean_squared_error(A["reg_y2"], pred))

# ----- model selection: only the sizes (the draws are Mars's own) -----
for test_size in [0.25, 0.3, 0.001]:
    tr, te = train_test_split(A["reg_x"], test_size=test_size, random_state=0)
    case("split_sizes_%g" % test_size, ["reg_x"], "train_test_split(x, test_size=%r): len(train), len(test)"
         % test_size, np.array([len(tr), len(te)], dtype=np.int64))

# ----- write -----
prepare_dirs(OUT, ["inputs", "expected"], clear="root")
for name, arr in inputs.items():
    write_npy(OUT / "inputs" / (name + ".npy"), arr)
with open(OUT / "cases.tsv", "w") as f:
    f.write("# generated by golden_learn.py with scikit-learn %s, numpy %s; do not edit, re-run the script\n"
            % (sklearn.__version__, np.__version__))
    f.write("name\tinputs\tcall\tdtype\tshape\n")
    for name, names, call, expected in cases:
        write_npy(OUT / "expected" / (name + ".npy"), expected)
        f.write("%s\t%s\t%s\t%s\t%s\n" % (name, names, call, expected.dtype, ",".join(map(str, expected.shape))))
print("%d cases, %d inputs -> %s" % (len(cases), len(inputs), OUT))
