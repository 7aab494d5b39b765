"""Golden cases for sparse 2-d tensors against scipy.sparse's csr_array (SparseGoldenTest).

Run with numpy 2 and scipy (pyenv's python3): python3 golden_sparse.py; it rewrites
integration-tests/src/test/resources/golden/sparse/{inputs,expected}/ and cases.tsv, one case per line: name, inputs
(space-separated), numpy dtype of the result, scale (0: each element to 1e-12 of its own magnitude; otherwise the
magnitude the tolerance is relative to, for sums where terms cancel). Sparse results are compared through toarray().
"""
import os
import numpy as np
import scipy
import scipy.sparse as sp

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "resources", "golden", "sparse")
rng = np.random.default_rng(1821)

SHAPE = (7, 5)
INPUTS = {
    # a duplicate (0, 1) twice, (3, 3) twice summing to 0 (kept as an explicit zero), an explicit 0.0 at (5, 4)
    "rows": np.array([0, 0, 2, 0, 4, 1, 6, 3, 3, 5, 6], dtype=np.int64),
    "cols": np.array([1, 1, 3, 0, 2, 0, 1, 3, 3, 4, 4], dtype=np.int64),
    "vals": np.array([1.5, -2.25, 3.0, 4.5, -0.125, 2.0, 7.75, 1.25, -1.25, 0.0, -3.5]),
    "ivals": np.array([1, -2, 3, 4, -5, 2, 7, 1, -1, 0, -3], dtype=np.int64),
    "fvals": np.array([1.5, -2.25, 3.0, 4.5, -0.125, 2.0, 7.75, 1.25, -1.25, 0.0, -3.5], dtype=np.float32),
    "rows32": np.array([0, 0, 2, 0, 4, 1, 6, 3, 3, 5, 6], dtype=np.int32),
    "dense": np.where(rng.random((6, 5)) < 0.6, 0.0, np.round(rng.standard_normal((6, 5)), 3)),
    "vec5": np.round(rng.standard_normal(5), 3),
    "mat53": np.round(rng.standard_normal((5, 3)), 3),
    "imat53": rng.integers(-4, 5, (5, 3)).astype(np.int64),
    "none": np.zeros(0, dtype=np.int64),
    "nonev": np.zeros(0),
}
INPUTS["densenan"] = INPUTS["dense"].copy()
INPUTS["densenan"][2, 1] = np.nan


def coo(rows, cols, vals, shape=SHAPE):
    return sp.csr_array(sp.coo_array((vals, (rows, cols)), shape=shape))


def dense(x):
    return sp.csr_array(x)


A = "rows cols vals"
I = "rows cols ivals"
F = "rows cols fvals"
CASES = [
    ("coo_todense", A, lambda r, c, v: coo(r, c, v).toarray()),
    ("coo_nnz", A, lambda r, c, v: np.int64(coo(r, c, v).nnz)),
    ("coo_sum", A, lambda r, c, v: coo(r, c, v).sum()),
    ("coo_sum_axis0", A, lambda r, c, v: coo(r, c, v).sum(axis=0)),
    ("coo_sum_axis1", A, lambda r, c, v: coo(r, c, v).sum(axis=1)),
    ("coo_sum_axis_m1", A, lambda r, c, v: coo(r, c, v).sum(axis=-1)),
    ("coo_multiply_float", A, lambda r, c, v: (coo(r, c, v) * 2.5).toarray()),
    ("coo_multiply_int", A, lambda r, c, v: (coo(r, c, v) * 3).toarray()),
    ("coo_divide", A, lambda r, c, v: (coo(r, c, v) / 4).toarray()),
    ("coo_add_zero", A, lambda r, c, v: (coo(r, c, v) + 0).toarray()),
    ("coo_dot_vector", A + " vec5", lambda r, c, v, x: coo(r, c, v) @ x),
    ("coo_dot_matrix", A + " mat53", lambda r, c, v, x: coo(r, c, v) @ x),
    ("coo_scaled_dot", A + " mat53", lambda r, c, v, x: (coo(r, c, v) * 2.0) @ x),
    ("int_todense", I, lambda r, c, v: coo(r, c, v).toarray()),
    ("int_sum", I, lambda r, c, v: coo(r, c, v).sum()),
    ("int_sum_axis0", I, lambda r, c, v: coo(r, c, v).sum(axis=0)),
    ("int_multiply_int", I, lambda r, c, v: (coo(r, c, v) * 2).toarray()),
    ("int_multiply_float", I, lambda r, c, v: (coo(r, c, v) * 0.5).toarray()),
    ("int_divide", I, lambda r, c, v: (coo(r, c, v) / 2).toarray()),
    ("int_dot_int", I + " imat53", lambda r, c, v, x: coo(r, c, v) @ x),
    ("int_dot_float", I + " vec5", lambda r, c, v, x: coo(r, c, v) @ x),
    ("f32_todense", F, lambda r, c, v: coo(r, c, v).toarray()),
    ("f32_sum_axis1", F, lambda r, c, v: coo(r, c, v).sum(axis=1)),
    ("f32_multiply", F, lambda r, c, v: (coo(r, c, v) * 2.5).toarray()),
    ("rows32_todense", "rows32 cols vals", lambda r, c, v: coo(r, c, v).toarray()),
    ("empty_todense", "none none nonev", lambda r, c, v: coo(r, c, v, (3, 4)).toarray()),
    ("empty_nnz", "none none nonev", lambda r, c, v: np.int64(coo(r, c, v, (3, 4)).nnz)),
    ("empty_sum_axis0", "none none nonev", lambda r, c, v: coo(r, c, v, (3, 4)).sum(axis=0)),
    ("dense_roundtrip", "dense", lambda d: dense(d).toarray()),
    ("dense_nnz", "dense", lambda d: np.int64(dense(d).nnz)),
    ("dense_nan_nnz", "densenan", lambda d: np.int64(dense(d).nnz)),
    ("dense_nan_sum_axis1", "densenan", lambda d: dense(d).sum(axis=1)),
    ("dense_sum_axis0", "dense", lambda d: dense(d).sum(axis=0)),
    ("dense_dot", "dense vec5", lambda d, x: dense(d) @ x),
    ("dense_divide_dot", "dense mat53", lambda d, x: (dense(d) / 3) @ x),
]


def scale(name, result, args):
    if "sum" not in name and "dot" not in name:
        return 0.0
    floats = [np.ravel(a) for a in args if a.dtype.kind == "f"]
    return float(np.nansum(np.abs(np.concatenate(floats)))) if floats and np.any(np.concatenate(floats)) else 1.0


def main():
    os.makedirs(os.path.join(OUT, "inputs"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "expected"), exist_ok=True)
    for name, a in INPUTS.items():
        np.save(os.path.join(OUT, "inputs", name + ".npy"), a)
    with open(os.path.join(OUT, "cases.tsv"), "w") as tsv:
        for name, ins, fn in CASES:
            args = [INPUTS[i] for i in ins.split()]
            result = np.asarray(fn(*args))
            result = np.ascontiguousarray(result) if result.ndim else result
            np.save(os.path.join(OUT, "expected", name + ".npy"), result)
            tsv.write(f"{name}\t{ins}\t{result.dtype}\t{scale(name, result, args)!r}\n")


if __name__ == "__main__":
    main()
