#!/usr/bin/env python3
"""Writes the golden files that io.mars.it.golden.* checks Mars's tensor operations against.

How to run (from the repository root; needs python3 and numpy 2.x, nothing else):

    python3 integration-tests/src/test/python/make_golden.py

It replaces integration-tests/src/test/resources/golden/ with:

    inputs/<name>.npy     the deterministic input arrays (no randomness: arange, rounded sin/cos, with
                          negatives, zeros and NaNs where they matter)
    expected/<case>.npy   numpy's result for each case
    cases.tsv             the manifest: one case per row (name, group, operation and parameters, input
                          names, output file, expected dtype and shape, tolerance scale, note); its first
                          line records the numpy version the files were made with.

Re-running it with the same numpy build rewrites byte-identical files. The inputs are exact decimals
(rounded to 6 places), so they do not depend on the platform's libm; expected outputs of transcendental
functions (exp, log, power) may differ in the last bit on another numpy build, which the tests' tolerances
absorb. Commit the regenerated files together with the script change that caused them.

The helpers it shares with the area scripts (golden_<area>.py, which own golden/<area>/) are in golden_common.py
next to it.

Conventions the Java side (GoldenExpressions) relies on:
  * params are "key=value" pairs joined by ";"; lists are comma-separated; "none" means numpy's None.
  * scalars carry their Python kind (kind=int|float|bool): numpy 2 treats Python scalars as "weak"
    (NEP 50), so the Java test must pass a long for kind=int and a double for kind=float.
  * Mars has no float16. Where numpy's result is float16 (sqrt/exp/log of bool or int8) Mars gives float32,
    so the expected output is the operation applied to the inputs cast to float32; the note column says so.
  * scale is the magnitude the float tolerance is relative to when it is larger than the expected value
    itself: for sums and dot products it is the largest sum of absolute terms (the usual bound on rounding
    error of a sum), so a result that cancels to near zero is not held to an impossible relative tolerance.
    0 means "relative to the value itself".
"""

import numpy as np

from golden_common import (DTYPES, GOLDEN_ROOT, STANDARD_INPUTS, Golden, axis_tag, dims_tag, evaluate, exact, fmt,
                           reduction_scale, require_numpy2, scalar_kind, tree_bytes)

GOLDEN = GOLDEN_ROOT
G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input, add_case = G.inputs, G.cases, G.add_input, G.add_case


# ----- inputs -----

def define_inputs():
    k10 = np.arange(10)
    G.add_standard("f64_10", "f64_10_b")
    nan10 = INPUTS["f64_10"].copy()
    nan10[[3, 7]] = np.nan
    add_input("f64_10_nan", nan10)
    add_input("f64_10_pos", exact((k10 + 1) / 4))
    G.add_standard("f64_100")
    add_input("f64_24", exact(np.arange(24) * 0.5 - 6))
    # One input in format 2.0 so the Java reader's v2 header path is exercised too.
    add_input("f64_6x4", STANDARD_INPUTS["f64_6x4"](), version=(2, 0))
    G.add_standard("f64_6x4_b")
    m = exact(np.cos(np.arange(24).reshape(6, 4) * 0.5) * 7)
    m[1, 2] = np.nan
    m[4, 0] = np.nan
    add_input("f64_6x4_nan", m)
    add_input("f64_4x5", exact(np.cos(np.arange(20).reshape(4, 5)) * 4))
    add_input("f64_5x4", exact(np.sin(np.arange(20).reshape(5, 4) + 0.5) * 2))
    G.add_standard("f64_2x3x4", "f64_3x1", "f64_4")
    add_input("f64_6x1", exact(np.arange(6).reshape(6, 1) * 0.5 - 1))
    G.add_standard("f64_0d")
    add_input("f64_10x10", exact(np.sin(np.arange(100).reshape(10, 10)) * 4 + np.cos(np.arange(100).reshape(10, 10))))
    G.add_standard("f32_10", "f32_6x4")
    add_input("f32_4x5", exact(np.cos(np.arange(20).reshape(4, 5) * 0.3) * 2).astype(np.float32))
    G.add_standard("f32_2x3x4")
    add_input("f32_4", np.array([1.5, -0.25, 3.0, 0.0], dtype=np.float32))
    G.add_standard("i64_10")
    add_input("i64_10_b", np.where(k10 % 3 == 0, INPUTS["i64_10"], (k10 * 7 % 10) - 4).astype(np.int64))
    add_input("i64_10_exp", (k10 % 4).astype(np.int64))   # non-negative: numpy rejects int ** negative int
    G.add_standard("i32_10", "i16_10", "i8_10")
    add_input("i8_10_big", np.array([100, 120, -100, -128, 127, 0, 1, -1, 64, 90], dtype=np.int8))
    G.add_standard("b_10", "i32_6x4", "i64_6x4")
    add_input("i64_4x5", (np.arange(20).reshape(4, 5) % 5 - 2).astype(np.int64))
    G.add_standard("i32_3x1")
    add_input("i8_2x3x4", (np.arange(24).reshape(2, 3, 4) * 5 - 60).astype(np.int8))
    G.add_standard("b_2x3x4", "i64_0d")
    G.add_standard("f64_0", "f64_0x3")                    # empty: reductions give identities or NaN
    G.add_promotion_inputs()


# ----- cases -----

def arrays(names):
    return [INPUTS[n] for n in names]


UNARY = {"negative": np.negative, "abs": np.abs, "sqrt": np.sqrt, "exp": np.exp, "log": np.log}
BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "divide": np.divide,
          "power": np.power, "less": np.less, "less_equal": np.less_equal, "greater": np.greater,
          "greater_equal": np.greater_equal, "equal": np.equal, "not_equal": np.not_equal}


def unary_case(group, fn, a, name=None):
    out, note = evaluate(UNARY[fn], arrays([a]))
    add_case(name or f"{fn}_{a}", group, "unary", {"fn": fn}, [a], out, note=note)


def binary_case(group, fn, a, b, name=None):
    out, note = evaluate(BINARY[fn], arrays([a, b]))
    add_case(name or f"{fn}_{a}_{b}", group, "binary", {"fn": fn}, [a, b], out, note=note)


def scalar_case(fn, a, scalar, side="right", name=None):
    kind = scalar_kind(scalar)
    f = BINARY[fn]
    # A Python scalar, so numpy applies NEP 50 weak promotion exactly as for `a + 1` in Python.
    out, note = evaluate((lambda x: f(x, scalar)) if side == "right" else (lambda x: f(scalar, x)), arrays([a]))
    tag = fmt(scalar).replace("-", "m").replace(".", "p")
    add_case(name or f"{fn}_{a}_{side}_{kind}_{tag}", "scalar", "binary_scalar",
             {"fn": fn, "scalar": scalar, "kind": kind, "side": side}, [a], out, note=note)


def creation_cases():
    g = "creation"
    add_case("ones_3x4", g, "ones", {"shape": (3, 4), "dtype": "float64"}, [], np.ones((3, 4)))
    add_case("ones_int32_2x3x4", g, "ones", {"shape": (2, 3, 4), "dtype": "int32"}, [], np.ones((2, 3, 4), np.int32))
    add_case("ones_0d", g, "ones", {"shape": (), "dtype": "float64"}, [], np.ones(()))
    add_case("zeros_10", g, "zeros", {"shape": (10,), "dtype": "float64"}, [], np.zeros(10))
    add_case("zeros_bool_3x4", g, "zeros", {"shape": (3, 4), "dtype": "bool"}, [], np.zeros((3, 4), bool))
    add_case("zeros_int8_7", g, "zeros", {"shape": (7,), "dtype": "int8"}, [], np.zeros(7, np.int8))
    add_case("full_float_3x4", g, "full", {"shape": (3, 4), "value": 2.5, "kind": "float"}, [], np.full((3, 4), 2.5))
    add_case("full_int_10", g, "full", {"shape": (10,), "value": -7, "kind": "int"}, [], np.full(10, -7))
    add_case("full_bool_5", g, "full", {"shape": (5,), "value": True, "kind": "bool"}, [], np.full(5, True))
    add_case("full_float32_2x5", g, "full", {"shape": (2, 5), "value": -1.5, "kind": "float", "dtype": "float32"}, [],
             np.full((2, 5), -1.5, np.float32))
    add_case("arange_10", g, "arange", {"stop": 10, "kind": "int"}, [], np.arange(10))
    add_case("arange_int_step", g, "arange", {"start": -7, "stop": 20, "step": 3, "kind": "int"}, [], np.arange(-7, 20, 3))
    add_case("arange_int_negative_step", g, "arange", {"start": 10, "stop": -3, "step": -2, "kind": "int"}, [], np.arange(10, -3, -2))
    add_case("arange_float", g, "arange", {"start": 0.0, "stop": 1.0, "step": 0.1, "kind": "float"}, [], np.arange(0.0, 1.0, 0.1))
    add_case("arange_float_negative_step", g, "arange", {"start": 2.5, "stop": -1.0, "step": -0.25, "kind": "float"}, [],
             np.arange(2.5, -1.0, -0.25))
    for a in ["p_" + d for d in DTYPES] + ["f64_6x4", "f64_2x3x4", "f64_0d", "b_2x3x4", "f64_10_nan"]:
        add_case("array_" + a, g, "array", {}, [a], INPUTS[a])


def elementwise_cases():
    g = "elementwise"
    for a in ["f64_10", "f64_10_nan", "f64_6x4", "f32_10", "i64_10", "i32_10", "i16_10", "i8_10", "b_10"]:
        for fn in UNARY:
            if fn == "negative" and a == "b_10":
                continue  # numpy rejects it; BadInputTest checks Mars does too
            unary_case(g, fn, a)
    for a, b in [("f64_10", "f64_10_b"), ("f64_6x4", "f64_6x4_b"), ("i64_10", "i64_10_b")]:
        for fn in ["add", "subtract", "multiply", "divide"]:
            binary_case(g, fn, a, b)
    binary_case(g, "power", "f64_10", "f64_10_b")          # negative bases with fractional exponents: NaN
    binary_case(g, "power", "f64_10_pos", "f64_10_b")
    binary_case(g, "power", "i64_10", "i64_10_exp")
    binary_case(g, "power", "f64_6x4", "f64_6x4_b")
    binary_case(g, "add", "i8_10_big", "i8_10_big", name="add_int8_wraps_around")  # numpy wraps int8
    binary_case(g, "multiply", "i8_10_big", "i8_10", name="multiply_int8_wraps_around")
    binary_case(g, "add", "f64_0", "f64_0", name="add_empty")
    unary_case(g, "exp", "f64_0x3", name="exp_empty_0x3")


def promotion_cases():
    for i, d1 in enumerate(DTYPES):
        for d2 in DTYPES[i:]:
            for fn in ["add", "multiply", "divide", "less"]:
                binary_case("promotion", fn, "p_" + d1, "q_" + d2)
    for d in DTYPES:
        if d != "bool":
            binary_case("promotion", "subtract", "q_" + d, "p_bool")
    binary_case("promotion", "power", "p_bool", "q_bool")     # numpy: int8
    binary_case("promotion", "power", "q_int8", "p_float32")
    binary_case("promotion", "power", "p_float32", "q_int64")


def scalar_cases():
    scalar_case("add", "i8_10", 3)                 # int8 stays int8
    scalar_case("add", "i8_10", 1.5)               # float64
    scalar_case("add", "b_10", 1)                  # int64
    scalar_case("multiply", "b_10", 2.5)           # float64
    scalar_case("multiply", "f32_10", 2.5)         # float32 stays float32
    scalar_case("multiply", "f32_10", 3)
    scalar_case("subtract", "i32_10", 7)           # int32
    scalar_case("subtract", "i16_10", 0.5)
    scalar_case("divide", "i16_10", 4)             # float64
    scalar_case("divide", "f32_10", 4)             # float32
    scalar_case("divide", "f64_10", 0.0)           # inf, -inf and nan
    scalar_case("power", "f64_10", 2)
    scalar_case("power", "f64_10", 0.5)            # NaN for negatives
    scalar_case("power", "i64_10", 3)
    scalar_case("power", "i8_10", 2)               # int8 wraps: numpy does too
    scalar_case("power", "b_10", 2)                # int64
    scalar_case("add", "f64_6x4", -1.25)
    scalar_case("subtract", "f64_10", 10.0, side="left")
    scalar_case("subtract", "i8_10", 3, side="left")
    scalar_case("divide", "f64_10", 1.0, side="left")
    scalar_case("divide", "i64_10", 2, side="left")
    scalar_case("power", "f64_10_pos", 2.0, side="left")
    scalar_case("power", "i64_10_exp", 3, side="left")
    scalar_case("less", "f64_10", 0.5)
    scalar_case("less_equal", "i32_10", -1.0)
    scalar_case("greater", "f64_10_nan", 0.0)
    scalar_case("greater_equal", "f32_10", 1.0)
    scalar_case("equal", "f64_10_nan", 0.0)
    scalar_case("not_equal", "f64_10_nan", 0.0)
    scalar_case("less", "i8_10", 3)
    scalar_case("greater", "f64_10", 1.0, side="left")
    scalar_case("equal", "b_10", True)


def broadcast_cases():
    g = "broadcast"
    binary_case(g, "add", "f64_3x1", "f64_4")
    binary_case(g, "multiply", "f64_2x3x4", "f64_4")
    binary_case(g, "subtract", "f64_2x3x4", "f64_3x1")
    binary_case(g, "add", "f64_0d", "f64_6x4")
    binary_case(g, "multiply", "f64_2x3x4", "f64_0d")
    binary_case(g, "subtract", "f64_10", "f64_0d")
    binary_case(g, "divide", "f64_6x4", "f64_6x1")
    binary_case(g, "less", "f64_3x1", "f64_4")
    binary_case(g, "equal", "f64_6x1", "f64_4")
    binary_case(g, "add", "i32_3x1", "f32_4")              # float64
    binary_case(g, "power", "f64_6x4", "f64_4")
    binary_case(g, "multiply", "i64_0d", "i8_2x3x4")       # int64
    binary_case(g, "greater_equal", "f64_2x3x4", "f64_3x1")


REDUCTIONS = {"sum": np.sum, "mean": np.mean, "var": np.var, "std": np.std, "min": np.min, "max": np.max}


def reduction_case(fn, a, axis=None, keepdims=False, ddof=0):
    x = INPUTS[a]
    kwargs = {"axis": axis, "keepdims": keepdims}
    if fn in ("var", "std"):
        kwargs["ddof"] = ddof
    out, note = evaluate(lambda v: REDUCTIONS[fn](v, **kwargs), [x])
    scale = reduction_scale(fn, x, axis, out)
    name = f"{fn}_{a}_axis_{axis_tag(axis)}" + ("_keepdims" if keepdims else "") + (f"_ddof{ddof}" if ddof else "")
    params = {"fn": fn, "axis": axis, "keepdims": keepdims}
    if fn in ("var", "std"):
        params["ddof"] = ddof
    add_case(name, "reduction", "reduce", params, [a], out, scale=scale, note=note)


def reduction_cases():
    configs = [
        ("f64_100", None, False), ("f64_100", 0, False), ("f64_100", -1, True),
        ("f64_6x4", None, False), ("f64_6x4", 0, False), ("f64_6x4", 1, True), ("f64_6x4", -1, False),
        ("f64_6x4", (0, 1), True),
        ("f64_2x3x4", None, True), ("f64_2x3x4", 1, False), ("f64_2x3x4", -1, True), ("f64_2x3x4", (0, 2), False),
        ("f64_2x3x4", (-1, -2), True), ("f64_2x3x4", (0, 1, 2), False),
        ("f32_2x3x4", None, False), ("f32_2x3x4", (0, 2), False),
        ("i32_6x4", None, False), ("i32_6x4", 0, False), ("i32_6x4", -1, True),
        ("i8_2x3x4", (0, 2), False), ("b_2x3x4", 1, False), ("b_2x3x4", None, False),
    ]
    for fn in REDUCTIONS:
        for a, axis, keepdims in configs:
            reduction_case(fn, a, axis, keepdims)
    for fn in ["var", "std"]:
        for a, axis, keepdims in [("f64_100", None, False), ("f64_6x4", 0, True), ("f64_2x3x4", (1, 2), False),
                                  ("i32_6x4", 1, False), ("f32_2x3x4", -1, False)]:
            reduction_case(fn, a, axis, keepdims, ddof=1)
        reduction_case(fn, "f64_3x1", 1, False, ddof=1)   # n - ddof == 0: numpy gives NaN
    reduction_case("sum", "f64_0")                        # 0.0
    reduction_case("mean", "f64_0")                       # NaN (numpy warns "mean of empty slice")
    reduction_case("sum", "f64_0x3", 0)                   # three zeros
    reduction_case("sum", "f64_0x3", 1)                   # empty result
    reduction_case("max", "f64_0x3", 1)                   # empty result: no empty axis is reduced
    for fn in ["sum", "min", "max", "mean"]:
        reduction_case(fn, "f64_10_nan")
        reduction_case(fn, "f64_6x4_nan", 0)
        reduction_case(fn, "f64_6x4_nan", 1, True)


def shape_cases():
    g = "shape"
    for a, axes in [("f64_6x4", None), ("f64_2x3x4", None), ("f64_2x3x4", (1, 0, 2)), ("f64_2x3x4", (2, 0, 1)),
                    ("f64_2x3x4", (-1, 0, 1)), ("f64_10", None), ("i8_2x3x4", (0, 2, 1)), ("b_2x3x4", (1, 2, 0)),
                    ("f64_0x3", None)]:
        tag = "default" if axes is None else dims_tag(axes)
        add_case(f"transpose_{a}_{tag}", g, "transpose", {"axes": axes}, [a], np.transpose(INPUTS[a], axes))
    for a in ["f64_6x4", "f64_2x3x4", "i32_6x4"]:
        add_case(f"T_{a}", g, "T", {}, [a], INPUTS[a].T)
    for a, shape in [("f64_6x4", (4, 6)), ("f64_6x4", (-1,)), ("f64_6x4", (2, -1, 3)), ("f64_24", (2, 3, 4)),
                     ("f64_2x3x4", (4, 6)), ("f64_2x3x4", (24,)), ("f64_2x3x4", (3, -1)), ("f64_10", (2, 5)),
                     ("f64_10", (5, -1)), ("b_2x3x4", (6, 4)), ("i8_2x3x4", (4, 3, 2)), ("f64_0d", (1, 1)),
                     ("f64_6x4", (1, 24)), ("f64_6x4", (6, 4, 1)), ("f64_0x3", (3, 0))]:
        tag = dims_tag(shape)
        add_case(f"reshape_{a}_to_{tag}", g, "reshape", {"shape": shape}, [a], np.reshape(INPUTS[a], shape))
    # Reshape reads C order of the transposed array, not of the stored one.
    add_case("transpose_then_reshape_f64_6x4", g, "expr", {"name": "transpose_then_reshape"}, ["f64_6x4"],
             INPUTS["f64_6x4"].T.reshape(24))


def linalg_case(op, a, b, name=None):
    fn = {"dot": np.dot, "matmul": np.matmul, "inner": np.inner}[op]
    x, y = INPUTS[a], INPUTS[b]
    out, note = evaluate(fn, [x, y])
    scale = float(np.max(np.abs(fn(np.abs(x).astype(np.float64), np.abs(y).astype(np.float64))))) \
        if out.dtype.kind == "f" else 0.0
    add_case(name or f"{op}_{a}_{b}", "linalg", op, {}, [a, b], out, scale=scale, note=note)


def linalg_cases():
    linalg_case("dot", "f64_10", "f64_10_b")
    linalg_case("dot", "f64_6x4", "f64_4")
    linalg_case("dot", "f64_4", "f64_4x5")
    linalg_case("dot", "f64_6x4", "f64_4x5")
    linalg_case("dot", "f64_2x3x4", "f64_4")
    linalg_case("dot", "f64_2x3x4", "f64_4x5")
    linalg_case("dot", "i64_6x4", "i64_4x5")
    linalg_case("dot", "i32_6x4", "i64_4x5")
    linalg_case("dot", "f32_6x4", "f32_4x5")
    linalg_case("dot", "f32_6x4", "f64_4x5")
    linalg_case("dot", "f64_0d", "f64_6x4")
    linalg_case("matmul", "f64_6x4", "f64_4x5")
    linalg_case("matmul", "f64_6x4", "f64_4")
    linalg_case("matmul", "f32_6x4", "f32_4")
    linalg_case("inner", "f64_6x4", "f64_5x4")
    linalg_case("inner", "f64_10", "f64_10_b")
    linalg_case("inner", "f64_6x4", "f64_4")
    linalg_case("inner", "f64_2x3x4", "f64_5x4")


def composite_cases():
    g = "composite"
    a = INPUTS["f64_10x10"]
    out = ((a + 1) * 2).sum()
    add_case("seed_add1_times2_sum", g, "expr", {"name": "add1_times2_sum"}, ["f64_10x10"], out,
             scale=np.abs((a + 1) * 2).sum())
    add_case("seed_inner_ones_sum", g, "expr", {"name": "inner_ones_sum", "operands": 2, "shape": (20, 20)}, [],
             np.inner(np.ones((20, 20)), np.ones((20, 20))).sum())
    add_case("seed_dot_transpose_minus_std", g, "expr", {"name": "dot_transpose_minus_std"}, ["f64_10x10"],
             (a.dot(a.T) - a).std())
    i = INPUTS["i32_6x4"]
    add_case("seed_add1_times2_sum_int32", g, "expr", {"name": "add1_times2_sum"}, ["i32_6x4"], ((i + 1) * 2).sum())
    m = INPUTS["f64_6x4"]
    z = (m - m.mean(axis=0, keepdims=True)) / m.std(axis=0, keepdims=True)
    add_case("standardize_columns", g, "expr", {"name": "standardize_columns"}, ["f64_6x4"], z,
             scale=np.max(np.abs(z)), note="values are O(1) after standardising; tolerance is relative to the largest")
    x = INPUTS["f64_100"]
    add_case("relu_sum", g, "expr", {"name": "relu_sum"}, ["f64_100"], ((x > 0) * x).sum(),
             scale=np.abs(x).sum())
    add_case("mean_of_squares_minus_square_of_mean", g, "expr", {"name": "centered_second_moment"}, ["f64_100"],
             (x * x).mean() - x.mean() ** 2, scale=(x * x).mean(),
             note="cancels; tolerance relative to mean(x*x)")


def main():
    require_numpy2("NEP 50 promotion")
    define_inputs()
    creation_cases()
    elementwise_cases()
    promotion_cases()
    scalar_cases()
    broadcast_cases()
    reduction_cases()
    shape_cases()
    linalg_cases()
    composite_cases()
    # only this script's own files; the area scripts (golden_<area>.py) own the sub-folders golden/<area>/
    G.write(clear="subdirs")
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {tree_bytes(GOLDEN)} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
