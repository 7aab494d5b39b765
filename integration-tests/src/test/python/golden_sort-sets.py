#!/usr/bin/env python3
"""Writes the golden files SortSetsGoldenTest checks sorting, searching, sets and histograms against.

How to run (from the repository root; needs python3 and numpy 2.x):

    python3 integration-tests/src/test/python/golden_sort-sets.py

It replaces integration-tests/src/test/resources/golden/sort-sets/ with inputs/<name>.npy,
expected/<case>.npy and cases.tsv, in the format of make_golden.py (same columns and conventions:
params are key=value pairs joined by ";", lists comma-separated, "none" is None). Inputs are exact
decimals with many ties, NaNs and infinities where they matter, so that stability and numpy's
NaN-last order are tested. argsort is numpy's kind="stable" (Mars's argsort is always stable).
"""

import numpy as np

from golden_common import GOLDEN_ROOT, Golden, require_numpy2, tree_bytes

GOLDEN = GOLDEN_ROOT / "sort-sets"
G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input, add_case = G.inputs, G.cases, G.add_input, G.add_case


def define_inputs():
    ties = np.round(np.sin(np.arange(20) * 1.3) * 4) / 2          # many equal values, negatives, zeros
    add_input("f64_ties_20", ties)
    add_input("f64_nan_13", [3.5, np.nan, -1.0, np.inf, 2.0, np.nan, -np.inf, 2.0, 0.0, 7.25, np.nan, -1.0, 1.5])
    add_input("f64_4x6", np.round(np.cos(np.arange(24) * 0.7) * 3).reshape(4, 6))
    add_input("f64_3x4x5", np.round(np.sin(np.arange(60) * 2.1) * 10, 1).reshape(3, 4, 5))
    add_input("i64_15", [5, -3, 7, 5, 0, -3, 12, 5, 1, 0, 9, -8, 7, 2, 5])
    add_input("i32_10", np.array([4, 1, 4, 9, -2, 1, 0, 4, 7, -2], dtype=np.int32))
    add_input("i8_12", np.array([3, -1, 3, 0, 127, -128, 3, 0, 5, -1, 2, 3], dtype=np.int8))
    add_input("bool_9", np.array([True, False, True, True, False, False, True, False, True]))
    add_input("f32_10", np.array([0.5, -1.25, 0.5, 3.0, np.nan, -1.25, 2.0, 0.125, 3.0, -7.5], dtype=np.float32))
    add_input("f32_8", np.array([0.1, -0.3, 0.7, 0.7, 2.9, -1.1, 0.0, 1.3], dtype=np.float32))
    add_input("f64_empty", np.zeros((0,)))
    add_input("f64_scalar", np.float64(2.5))
    add_input("sorted_f64_9", [-2.0, -1.0, -1.0, 0.0, 1.5, 1.5, 1.5, 4.0, np.nan])
    add_input("sorted_i64_8", [-5, 0, 0, 2, 3, 3, 3, 10])
    add_input("v_f64_11", [-3.0, -1.0, 0.0, 1.5, 2.0, 4.0, 10.0, np.nan, -1.0, 1.5, 0.5])
    add_input("v_i64_2x3", np.array([[0, 3, -6], [10, 11, 2]]))
    add_input("i64_nonneg_17", [3, 0, 1, 3, 9, 2, 2, 3, 0, 7, 1, 1, 3, 5, 9, 0, 4])
    add_input("w_f64_17", np.round(np.cos(np.arange(17)) * 2, 3))
    add_input("bins_f64_5", [-1.0, 0.0, 1.5, 3.0, 5.0])
    add_input("bins_dec_f64_4", [6.0, 2.0, 0.0, -1.0])
    add_input("f64_empty_int", np.zeros((0,), dtype=np.int64))


def sort_cases():
    for name in ["f64_ties_20", "f64_nan_13", "i64_15", "i32_10", "i8_12", "bool_9", "f32_10", "f64_empty"]:
        a = INPUTS[name]
        add_case(f"sort_{name}", "sort", "sort", {"axis": -1}, [name], np.sort(a))
        add_case(f"argsort_{name}", "sort", "argsort", {"axis": -1}, [name], np.argsort(a, kind="stable"))
    for name in ["f64_4x6", "f64_3x4x5"]:
        a = INPUTS[name]
        for axis in range(-1, a.ndim):
            add_case(f"sort_{name}_axis{axis}", "sort", "sort", {"axis": axis}, [name], np.sort(a, axis=axis))
            add_case(f"argsort_{name}_axis{axis}", "sort", "argsort", {"axis": axis}, [name],
                     np.argsort(a, axis=axis, kind="stable"))
        add_case(f"sort_{name}_flat", "sort", "sort", {"axis": None}, [name], np.sort(a, axis=None))
        add_case(f"argsort_{name}_flat", "sort", "argsort", {"axis": None}, [name],
                 np.argsort(a, axis=None, kind="stable"))
    add_case("sort_f64_scalar_flat", "sort", "sort", {"axis": None}, ["f64_scalar"],
             np.sort(INPUTS["f64_scalar"], axis=None))


def topk_reference(a, k, axis, largest):
    """Mars's topk order: the smaller (largest: the larger) first, equal values by position, NaN after every number
    either way; a stable argsort of the values (largest: of their negation, which keeps NaN last) gives it."""
    keys = a if not largest else -(a.astype(np.float64) if a.dtype.kind == "f" else a.astype(np.int64))
    idx = np.take(np.argsort(keys, axis=axis, kind="stable"), np.arange(k), axis=axis)
    return np.take_along_axis(a, idx, axis=axis), idx


def topk_cases():
    for name, axis, k in [("f64_ties_20", -1, 7), ("f64_nan_13", 0, 12), ("f64_nan_13", 0, 13), ("i64_15", -1, 5),
                          ("i8_12", -1, 4), ("bool_9", 0, 6), ("f32_10", -1, 3), ("f64_4x6", 1, 4),
                          ("f64_4x6", 0, 3), ("f64_3x4x5", 1, 2), ("f64_3x4x5", -1, 5), ("f64_3x4x5", 0, 1)]:
        a = INPUTS[name]
        for largest in [False, True]:
            values, idx = topk_reference(a, k, axis, largest)
            tag = f"{name}_axis{axis}_k{k}_{'largest' if largest else 'smallest'}"
            params = {"k": k, "axis": axis, "largest": largest}
            add_case(f"topk_{tag}", "topk", "topk", params, [name], values)
            add_case(f"argtopk_{tag}", "topk", "argtopk", params, [name], idx)
            for part, expected in [("values", values), ("indices", idx)]:
                add_case(f"topkpair_{part}_{tag}", "topk", "topk_pair", dict(params, indices=part == "indices"),
                         [name], expected)


def search_cases():
    for a, v in [("sorted_f64_9", "v_f64_11"), ("sorted_i64_8", "v_i64_2x3"), ("sorted_i64_8", "v_f64_11"),
                 ("sorted_f64_9", "f64_empty"), ("sorted_f64_9", "f64_scalar")]:
        for side in ["left", "right"]:
            add_case(f"searchsorted_{a}_{v}_{side}", "search", "searchsorted", {"side": side}, [a, v],
                     np.searchsorted(INPUTS[a], INPUTS[v], side=side))
    bins_inc = INPUTS["bins_f64_5"]
    bins_dec = INPUTS["bins_dec_f64_4"]
    for x in ["f64_nan_13", "f64_4x6", "i64_15", "f64_empty"]:
        for right in [False, True]:
            for bname, bins in [("inc", bins_inc), ("dec", bins_dec)]:
                add_case(f"digitize_{x}_{bname}_{'right' if right else 'left'}", "search", "digitize",
                         {"bins": bins, "right": right}, [x], np.digitize(INPUTS[x], bins, right=right))
    for right in [False, True]:
        add_case(f"digitize_tensor_bins_i64_15_{right}", "search", "digitize_tensor", {"right": right},
                 ["bins_f64_5", "i64_15"], np.digitize(INPUTS["i64_15"], bins_inc, right=right))


def histogram_cases():
    specs = [
        ("f64_ties_20", {"bins": 5}, dict(bins=5)),
        ("f64_ties_20", {"bins": 7, "range": (-1.0, 1.5)}, dict(bins=7, range=(-1.0, 1.5))),
        ("f64_4x6", {"bins": 3}, dict(bins=3)),
        ("i64_15", {"bins": 4}, dict(bins=4)),
        ("i32_10", {"bins": 6}, dict(bins=6)),
        ("bool_9", {"bins": 2, "range": (0.0, 1.0)}, dict(bins=2, range=(0.0, 1.0))),
        ("f32_10", {"bins": 4, "range": (-2.0, 3.0)}, dict(bins=4, range=(-2.0, 3.0))),
        ("f64_nan_13", {"edges": (-1.0, 0.0, 2.0, 2.0, 7.25)}, dict(bins=np.array([-1.0, 0.0, 2.0, 2.0, 7.25]))),
        ("f64_ties_20", {"edges": (-2.0, -0.5, 0.5, 2.0)}, dict(bins=np.array([-2.0, -0.5, 0.5, 2.0]))),
        ("f32_8", {"bins": 7}, dict(bins=7)),
        ("f64_empty", {"bins": 3}, dict(bins=3)),
        ("f64_scalar", {"bins": 4}, dict(bins=4)),
        ("f64_3x4x5", {"bins": 10, "range": (-5.0, 5.0)}, dict(bins=10, range=(-5.0, 5.0))),
    ]
    for i, (x, params, kwargs) in enumerate(specs):
        counts, edges = np.histogram(INPUTS[x], **kwargs)
        add_case(f"histogram_{i}_{x}_counts", "histogram", "histogram", {**params, "output": "counts"}, [x], counts)
        add_case(f"histogram_{i}_{x}_edges", "histogram", "histogram", {**params, "output": "edges"}, [x], edges)


def bincount_cases():
    x = INPUTS["i64_nonneg_17"]
    for minlength in [4, 10, 12]:
        add_case(f"bincount_min{minlength}", "bincount", "bincount", {"minlength": minlength}, ["i64_nonneg_17"],
                 np.bincount(x, minlength=minlength))
        add_case(f"bincount_weights_min{minlength}", "bincount", "bincount", {"minlength": minlength},
                 ["i64_nonneg_17", "w_f64_17"], np.bincount(x, weights=INPUTS["w_f64_17"], minlength=minlength))
    add_case("bincount_bool_min2", "bincount", "bincount", {"minlength": 2}, ["bool_9"],
             np.bincount(INPUTS["bool_9"], minlength=2))
    add_case("bincount_empty_min3", "bincount", "bincount", {"minlength": 3}, ["f64_empty_int"],
             np.bincount(np.zeros(0, dtype=np.int64), minlength=3))
    add_case("bincount_nominlength", "bincount", "bincount", {"minlength": 0}, ["i64_nonneg_17"], np.bincount(x))


def unique_cases():
    for name in ["f64_ties_20", "f64_nan_13", "i64_15", "i8_12", "bool_9", "f32_10", "f64_4x6", "f64_empty"]:
        values, counts = np.unique(INPUTS[name], return_counts=True)
        add_case(f"unique_{name}_values", "unique", "unique", {"output": "values"}, [name], values)
        add_case(f"unique_{name}_counts", "unique", "unique", {"output": "counts"}, [name], counts)


def main():
    require_numpy2()
    define_inputs()
    sort_cases()
    topk_cases()
    search_cases()
    histogram_cases()
    bincount_cases()
    unique_cases()
    G.write()
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {tree_bytes(GOLDEN)} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
