#!/usr/bin/env python3
"""Writes the golden files of the reductions area: reductions, arg-reductions, weighted averages, quantiles and
scans, checked by io.mars.it.golden.ReductionsGoldenTest.

How to run (from the repository root; needs python3 and numpy 2.x):

    python3 integration-tests/src/test/python/golden_reductions.py

It replaces integration-tests/src/test/resources/golden/reductions/ with inputs/<name>.npy, expected/<case>.npy and
cases.tsv, in the format of make_golden.py (whose conventions apply: params "key=value;...", "none" for None,
lists comma-separated; scale is the magnitude float tolerances are relative to when larger than the value).
Ops and their params:
  reduce    fn (numpy name), axis, keepdims, ddof (var/std)
  arg       fn (argmin, argmax, nanargmin, nanargmax), axis (one axis or none), keepdims
  average   axis, keepdims; a second input is the weights, else none
  quantile  fn (median, percentile, quantile and nan-variants), q (one value, or a list when qlist=true), axis,
            keepdims, method
  scan      fn (cumsum, cumprod, nancumsum, nancumprod), axis (one axis or none)
"""

import numpy as np

from golden_common import (GOLDEN_ROOT, Golden, axis_tag, exact, fmt, largest, quiet, reduction_scale,
                           require_numpy2, tree_bytes)

GOLDEN = GOLDEN_ROOT / "reductions"
G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input = G.inputs, G.cases, G.add_input


def add_case(name, op, params, inputs, result, scale=0.0):
    G.add_case(name, "reductions", op, params, inputs, result, scale=scale)


def define_inputs():
    G.add_standard("f64_100", "f64_6x4")
    m = exact(np.cos(np.arange(24).reshape(6, 4) * 0.5) * 7)
    m[1, 2] = np.nan
    m[4, 0] = np.nan
    m[5, 3] = np.nan
    add_input("f64_6x4_nan", m)
    a = exact(np.sin(np.arange(20).reshape(5, 4)) * 3)
    a[2, :] = np.nan                                     # an all-NaN row
    a[:, 1] = np.nan                                     # an all-NaN column
    add_input("f64_5x4_allnan", a)
    G.add_standard("f64_2x3x4", "f32_2x3x4", "i32_6x4")
    add_input("i8_2x3x4", (np.arange(24).reshape(2, 3, 4) % 7 - 3).astype(np.int8))
    G.add_standard("b_2x3x4")
    add_input("b_6x4", (np.arange(24).reshape(6, 4) % 7) != 3)
    # ties: the first occurrence must win
    add_input("i64_ties_5x6", np.array([[3, 1, 4, 1, 5, 9], [2, 6, 5, 3, 5, 8], [9, 7, 9, 3, 2, 3],
                                        [8, 4, 6, 2, 6, 4], [3, 3, 8, 3, 2, 7]], dtype=np.int64))
    add_input("f64_ties_nan_4x5", np.array([[1.0, -2.0, 5.0, -2.0, 5.0], [np.nan, 0.0, np.nan, 3.0, 3.0],
                                            [4.0, 4.0, 4.0, 4.0, 4.0], [0.5, np.nan, -7.0, -7.0, np.nan]]))
    add_input("f64_10_nan", exact(np.r_[np.sin(np.arange(3)), np.nan, np.sin(np.arange(3, 7)), np.nan, 0.25]))
    add_input("f64_7_even", exact(np.array([3.5, -1.0, 2.0, 8.25, 2.0, -4.5, 0.0])))
    add_input("i16_6", np.array([7, -3, 12, 0, 5, -3], dtype=np.int16))
    add_input("i64_small_3x4", np.array([[1, 2, -1, 3], [2, 2, 1, -2], [1, -3, 2, 1]], dtype=np.int64))
    add_input("f64_prod_3x4", exact(np.array([[1.5, -0.5, 2.0, 0.75], [1.25, 0.8, -1.1, 2.5], [0.9, 1.1, 1.3, -0.7]])))
    G.add_standard("f64_0", "f64_0x3", "f64_0d", "i64_0d")
    # weights
    add_input("w_f64_4", exact(np.array([0.5, 2.0, 1.0, 0.25])))
    add_input("w_f64_6", exact(np.array([1.0, 0.0, 2.5, 1.5, 0.5, 3.0])))
    add_input("w_i32_6x4", ((np.arange(24).reshape(6, 4) % 5) + 1).astype(np.int32))
    add_input("w_f32_3x4", exact(np.arange(12).reshape(3, 4) * 0.25 + 0.5).astype(np.float32))
    add_input("w_f64_4x2", exact(np.arange(8).reshape(4, 2) * 0.5 + 0.25))


REDUCE = {"sum": np.sum, "prod": np.prod, "mean": np.mean, "var": np.var, "std": np.std, "min": np.min,
          "max": np.max, "all": np.all, "any": np.any, "count_nonzero": np.count_nonzero, "ptp": np.ptp,
          "nansum": np.nansum, "nanprod": np.nanprod, "nanmean": np.nanmean, "nanvar": np.nanvar,
          "nanstd": np.nanstd, "nanmin": np.nanmin, "nanmax": np.nanmax}


def reduce_case(fn, a, axis=None, keepdims=False, ddof=0):
    x = INPUTS[a]
    kw = {"axis": axis, "keepdims": keepdims}
    if fn in ("var", "std", "nanvar", "nanstd"):
        kw["ddof"] = ddof
    out = quiet(lambda: np.asarray(REDUCE[fn](x, **kw)))
    if fn == "count_nonzero":
        out = out.astype(np.int64)
    scale = reduction_scale(fn.removeprefix("nan"), x, axis, out)
    name = f"{fn}_{a}_axis_{axis_tag(axis)}" + ("_keepdims" if keepdims else "") + (f"_ddof{ddof}" if ddof else "")
    if G.has_case(name):
        return
    params = {"fn": fn, "axis": axis, "keepdims": keepdims}
    if "ddof" in kw:
        params["ddof"] = ddof
    add_case(name, "reduce", params, [a], out, scale=scale)


def arg_case(fn, a, axis=None, keepdims=False):
    out = quiet(lambda: np.asarray(getattr(np, fn)(INPUTS[a], axis=axis, keepdims=keepdims)))
    name = f"{fn}_{a}_axis_{axis_tag(axis)}" + ("_keepdims" if keepdims else "")
    add_case(name, "arg", {"fn": fn, "axis": axis, "keepdims": keepdims}, [a], out.astype(np.int64))


def average_case(a, weights=None, axis=None, keepdims=False):
    x = INPUTS[a]
    w = None if weights is None else INPUTS[weights]
    out = quiet(lambda: np.asarray(np.average(x, axis=axis, weights=w, keepdims=keepdims)))
    wx = np.abs(x) if w is None else np.abs(x * np.broadcast_to(
        w if w.shape == x.shape else w.reshape([x.shape[d] if d in np.atleast_1d(axis) % x.ndim else 1
                                                for d in range(x.ndim)]), x.shape))
    name = f"average_{a}_{weights or 'unweighted'}_axis_{axis_tag(axis)}" + ("_keepdims" if keepdims else "")
    add_case(name, "average", {"axis": axis, "keepdims": keepdims}, [a] + ([weights] if weights else []), out,
             scale=largest(np.nansum(wx, axis=axis)))


QUANTILE = {"median": np.median, "nanmedian": np.nanmedian, "percentile": np.percentile,
            "nanpercentile": np.nanpercentile, "quantile": np.quantile, "nanquantile": np.nanquantile}


def quantile_case(fn, a, q=None, axis=None, keepdims=False, method="linear"):
    x = INPUTS[a]
    if fn.endswith("median"):
        out = quiet(lambda: np.asarray(QUANTILE[fn](x, axis=axis, keepdims=keepdims)))
        params = {"fn": fn, "axis": axis, "keepdims": keepdims}
        qtag = ""
    else:
        qarg = list(q) if isinstance(q, (list, tuple)) else q
        out = quiet(lambda: np.asarray(QUANTILE[fn](x, qarg, axis=axis, keepdims=keepdims, method=method)))
        params = {"fn": fn, "q": q, "qlist": isinstance(q, (list, tuple)), "axis": axis, "keepdims": keepdims,
                  "method": method}
        qtag = "_q" + fmt(q).replace(",", "_").replace(".", "p")
    name = f"{fn}_{a}{qtag}_axis_{axis_tag(axis)}" + ("_keepdims" if keepdims else "") + \
        ("" if method == "linear" else "_" + method)
    add_case(name, "quantile", params, [a], out, scale=largest(x))


def scan_case(fn, a, axis=None):
    x = INPUTS[a]
    out = quiet(lambda: np.asarray(getattr(np, fn)(x, axis=axis)))
    scale = 0.0
    if fn.endswith("sum") and x.dtype.kind == "f":
        scale = largest(np.nancumsum(np.abs(x), axis=axis))
    add_case(f"{fn}_{a}_axis_{axis_tag(axis)}", "scan", {"fn": fn, "axis": axis}, [a], out, scale=scale)


def cases():
    configs = [("f64_100", None, False), ("f64_100", -1, True), ("f64_6x4", None, False), ("f64_6x4", 0, False),
               ("f64_6x4", -1, True), ("f64_6x4", (0, 1), True), ("f64_2x3x4", (0, 2), False),
               ("f64_2x3x4", (-1, -2), True), ("f32_2x3x4", 1, False), ("i32_6x4", 0, False),
               ("i8_2x3x4", (0, 2), False), ("b_2x3x4", 1, False), ("b_2x3x4", None, False), ("f64_6x4_nan", 0, False),
               ("f64_6x4_nan", None, False), ("f64_5x4_allnan", 1, True), ("f64_0d", None, False),
               ("i64_0d", None, True)]
    for fn in ["prod", "all", "any", "count_nonzero", "ptp", "nansum", "nanprod", "nanmean", "nanvar", "nanstd",
               "nanmin", "nanmax", "sum", "mean", "min", "max", "var", "std"]:
        for a, axis, keepdims in configs:
            if fn == "ptp" and a.startswith("b_"):
                continue
            if fn in ("prod", "nanprod") and a in ("f64_100", "i32_6x4"):
                a = "f64_prod_3x4" if a == "f64_100" else "i64_small_3x4"
                axis = None if axis is None else 0
            reduce_case(fn, a, axis, keepdims)
    for fn in ["nanvar", "nanstd"]:
        reduce_case(fn, "f64_6x4_nan", 0, False, ddof=1)
        reduce_case(fn, "f64_5x4_allnan", 0, True, ddof=1)
    reduce_case("prod", "i8_2x3x4", None)                   # int64 result
    reduce_case("prod", "f64_prod_3x4", (0, 1), True)
    reduce_case("prod", "i64_small_3x4", 1)
    # empty inputs where numpy allows them
    for fn in ["prod", "all", "any", "count_nonzero", "nansum", "nanprod", "nanmean"]:
        reduce_case(fn, "f64_0")
        reduce_case(fn, "f64_0x3", 0)
    reduce_case("nanvar", "f64_0x3", 0)
    reduce_case("ptp", "f64_0x3", 1)                         # empty result, nothing reduced is empty
    reduce_case("nanmin", "f64_0x3", 1)
    for fn in ["argmin", "argmax", "nanargmin", "nanargmax"]:
        for a, axis, keepdims in [("f64_100", None, False), ("f64_6x4", None, True), ("f64_6x4", 0, False),
                                  ("f64_6x4", -1, True), ("f64_2x3x4", 1, False), ("f64_2x3x4", None, False),
                                  ("f32_2x3x4", 2, False), ("i32_6x4", 1, False), ("i8_2x3x4", None, False),
                                  ("b_2x3x4", 0, False), ("i64_ties_5x6", None, False), ("i64_ties_5x6", 0, False),
                                  ("i64_ties_5x6", 1, True), ("f64_ties_nan_4x5", 1, False),
                                  ("f64_ties_nan_4x5", 0, False), ("f64_ties_nan_4x5", None, False),
                                  ("f64_6x4_nan", 0, False), ("f64_0d", None, False), ("f64_0x3", 1, False)]:
            reduce_ok = not (fn.startswith("nan") and a == "f64_ties_nan_4x5" and axis == 0)
            if reduce_ok:
                arg_case(fn, a, axis, keepdims)
    for a, w, axis, keepdims in [("f64_6x4", None, None, False), ("i32_6x4", None, 0, False),
                                 ("b_2x3x4", None, (0, 2), True), ("f64_6x4", "w_f64_4", 1, False),
                                 ("f64_6x4", "w_f64_4", -1, True), ("f64_6x4", "w_f64_6", 0, False),
                                 ("i32_6x4", "w_i32_6x4", None, False), ("i32_6x4", "w_i32_6x4", 0, True),
                                 ("f32_2x3x4", "w_f32_3x4", (1, 2), False),
                                 ("f32_2x3x4", "w_f64_4", 2, False), ("f64_2x3x4", "w_f64_4x2", (2, 0), False),
                                 ("f64_6x4_nan", "w_f64_4", 1, False)]:
        average_case(a, w, axis, keepdims)
    for fn in ["median", "nanmedian"]:
        for a, axis, keepdims in [("f64_100", None, False), ("f64_7_even", None, False), ("f64_6x4", 0, False),
                                  ("f64_6x4", -1, True), ("f64_2x3x4", (0, 2), False), ("f32_2x3x4", 1, False),
                                  ("i32_6x4", None, False), ("i16_6", 0, False), ("b_6x4", 0, False),
                                  ("f64_6x4_nan", 0, False), ("f64_5x4_allnan", 1, False), ("f64_0", None, False),
                                  ("f64_0x3", 0, False), ("f64_0d", None, False)]:
            quantile_case(fn, a, axis=axis, keepdims=keepdims)
    for fn, qs in [("percentile", [50.0, 0.0, 100.0, 37.5, [10.0, 90.0, 33.3]]),
                   ("quantile", [0.5, 0.25, [0.0, 0.75, 1.0]]),
                   ("nanpercentile", [50.0, [5.0, 95.0]]), ("nanquantile", [0.3, [0.1, 0.9]])]:
        for q in qs:
            for a, axis, keepdims in [("f64_100", None, False), ("f64_6x4", 0, True), ("f64_2x3x4", (-1, 0), False),
                                      ("f32_2x3x4", 2, False), ("i32_6x4", 1, False), ("f64_6x4_nan", 1, False)]:
                quantile_case(fn, a, q, axis, keepdims)
    for method in ["lower", "higher", "nearest", "midpoint"]:
        for a, q, axis in [("f64_7_even", 50.0, None), ("f64_6x4", [25.0, 62.5], 0), ("i16_6", 50.0, None),
                           ("i32_6x4", [10.0, 50.0], 1), ("f32_2x3x4", 40.0, 2)]:
            quantile_case("percentile", a, q, axis, False, method)
    quantile_case("nanpercentile", "f64_0", 50.0)            # NaN, as numpy
    for fn in ["cumsum", "cumprod", "nancumsum", "nancumprod"]:
        for a, axis in [("f64_100", None), ("f64_6x4", 0), ("f64_6x4", -1), ("f64_2x3x4", 1), ("f64_2x3x4", None),
                        ("f32_2x3x4", 2), ("i32_6x4", 0), ("i8_2x3x4", -1), ("b_2x3x4", 0), ("i16_6", None),
                        ("f64_6x4_nan", 0), ("f64_10_nan", None), ("f64_0x3", 0), ("f64_0d", None),
                        ("i64_0d", None)]:
            if fn.endswith("prod") and a == "f64_100":
                a = "f64_prod_3x4"
            scan_case(fn, a, axis)


def main():
    require_numpy2()
    define_inputs()
    cases()
    G.write()
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {tree_bytes(GOLDEN)} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
