#!/usr/bin/env python3
"""Writes the golden files that io.mars.it.golden.ElementwiseGoldenTest checks Mars's element-wise surface against.

How to run (from the repository root; needs python3 and numpy 2.x, nothing else):

    python3 integration-tests/src/test/python/golden_elementwise.py

It replaces integration-tests/src/test/resources/golden/elementwise/ with inputs/<name>.npy, expected/<case>.npy and
cases.tsv, in the same format as make_golden.py (see its docstring for the conventions: params as key=value;...,
scalar kinds for NEP 50 weak scalars, float16 results recomputed on float32 inputs because Mars has no float16).

Some cases pin behaviour numpy leaves to the platform: casting NaN, inf or out-of-range floats to integers (astype,
and integer reciprocal of 0, which numpy computes as the cast of 1.0 / 0). The expected files hold what numpy gives
on x86-64, where this script is run; the note column says so.
"""

import warnings

import numpy as np

from golden_common import (DTYPES, GOLDEN_ROOT, Golden, evaluate, exact, fmt, require_numpy2, scalar_kind,
                           tree_bytes)

GOLDEN = GOLDEN_ROOT / "elementwise"
X86_NOTE = "float to int of NaN/inf/out-of-range values: what numpy gives on x86-64"

G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input, add_case = G.inputs, G.cases, G.add_input, G.add_case


def define_inputs():
    k10 = np.arange(10)
    special = [-2.5, -1.5, -0.5, 0.0, -0.0, 0.5, 1.5, 2.5, np.nan, np.inf, -np.inf, 3.75]
    add_input("f64_sp", np.array(special))
    add_input("f32_sp", np.array(special, dtype=np.float32))
    # divisors for floor_divide / mod: zeros of both signs, negatives, infinities, NaN
    add_input("f64_div", np.array([2.0, 2.0, -2.0, 0.0, -3.0, 0.0, -0.75, np.inf, 1.0, 2.0, -np.inf, -1.5]))
    add_input("f32_div", np.array([2.0, 2.0, -2.0, 0.0, -3.0, 0.0, -0.75, np.inf, 1.0, 2.0, -np.inf, -1.5],
                                  dtype=np.float32))
    G.add_standard("f64_10", "f64_10_b")
    add_input("f64_unit", exact(np.linspace(-1, 1, 10)))           # arcsin, arccos, arctanh (with ±1)
    add_input("f32_unit", exact(np.linspace(-0.9, 0.9, 10)).astype(np.float32))
    add_input("f64_ge1", np.array([1.0, 1.5, 2.0, 3.5, 10.0, 1000.0, 0.5, np.nan]))   # arccosh (0.5 -> NaN)
    add_input("f64_pos", exact((k10 + 1) / 4))
    add_input("f64_tiny", np.array([1e-300, 5e-324, 1e-10, 0.999999, 1.000001, 1e300, 2.0 ** -1074 * 3, 0.25]))
    add_input("f64_dir", np.array([0.0, 1.0, -1.0, np.inf, -np.inf, 0.0, 1.0, np.nan]))   # nextafter's directions
    add_input("f64_nan", np.array([np.nan, 1.0, np.nan, -2.0, 0.0, np.inf]))
    add_input("f64_nan_b", np.array([0.0, np.nan, np.nan, -3.0, -0.0, np.nan]))
    G.add_standard("f64_6x4", "f64_6x4_b", "f64_2x3x4", "f64_3x1", "f64_4", "f64_0d", "f64_0", "f64_0x3",
                   "f32_10", "f32_6x4", "i64_10")
    add_input("i64_10_b", np.array([3, -3, 0, 2, -2, 7, 0, -1, 1, 4], dtype=np.int64))  # divisors with zeros
    add_input("i64_ext", np.array([2 ** 63 - 1, -2 ** 63, 0, 1, -1, 2 ** 40, -7, 12345678901, -2 ** 62, 5], dtype=np.int64))
    add_input("i64_ext_b", np.array([1, -1, 5, -1, 3, 3, 2, -10, 0, -3], dtype=np.int64))
    G.add_standard("i32_10", "i16_10", "i8_10")
    add_input("i8_big", np.array([100, 120, -100, -128, 127, 0, 1, -1, 64, 90], dtype=np.int8))
    add_input("i8_10_b", np.array([3, -3, 0, 2, -2, 7, 0, -1, 1, 4], dtype=np.int8))
    add_input("i64_shift", np.array([0, 1, 3, 7, 8, 15, 31, 63, 64, -1], dtype=np.int64))
    add_input("i8_shift", np.array([0, 1, 3, 7, 8, 9, 100, -1, 2, 6], dtype=np.int8))
    G.add_standard("i32_3x1", "i64_6x4", "i64_0d", "b_10")
    add_input("b_10_b", k10 % 2 == 0)
    add_input("b_6x4", (np.arange(24).reshape(6, 4) % 5) < 2)
    add_input("b_3x1", np.array([[True], [False], [True]]))
    add_input("b_0d", np.array(True))
    add_input("b_0x3", np.zeros((0, 3), dtype=bool))
    add_input("f64_round", np.array([2.5, 3.5, -2.5, 0.125, 2.675, 1234.5, -0.5, 1.005, 0.285, np.nan, np.inf, 1e300,
                                     -1250.0, 1350.0, 0.0, 123456.789]))
    add_input("f32_round", np.array([2.5, 3.5, -2.5, 0.125, 2.675, 1234.5, -0.5, 1.005, 0.285, np.nan, np.inf, 3e38,
                                     -1250.0, 1350.0, 0.0, 12345.678], dtype=np.float32))
    add_input("i64_round", np.array([125, -135, 149, 150, 250, -250, 5, 0, 2 ** 53 + 1, 999], dtype=np.int64))
    add_input("i8_round", np.array([125, -115, 127, -128, 15, 25, 0, 5, -5, 64], dtype=np.int8))
    add_input("f64_cast", np.array([np.nan, np.inf, -np.inf, 1e30, -1e30, 3e9, -3e9, 2.7, -2.7, 300.7, -200.2, 0.0,
                                    40000.5, 1e19, -9.3e18, 127.9, -128.9, 0.3]))
    add_input("f32_cast", np.array([np.nan, np.inf, -np.inf, 1e30, -1e30, 3e9, -3e9, 2.7, -2.7, 300.7, -200.2, 0.0,
                                    40000.5, 1e19, -9.3e18, 127.9, -128.9, 0.3], dtype=np.float32))
    add_input("i64_cast", np.array([300, -200, 2 ** 31, -2 ** 31 - 1, 70000, 2 ** 53 + 1, -1, 0, 255, 128],
                                   dtype=np.int64))
    G.add_promotion_inputs()


def arrays(names):
    return [INPUTS[n] for n in names]


FLOAT_MATH = ["sqrt", "cbrt", "exp", "expm1", "exp2", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
              "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "degrees",
              "radians", "rint"]
KEEP_TYPE = ["negative", "positive", "abs", "square", "sign", "reciprocal", "floor", "ceil", "trunc"]
LOGICAL = ["logical_and", "logical_or", "logical_xor"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]
PREDICATES = ["isnan", "isinf", "isfinite"]


def ufunc(name):
    return getattr(np, name)


def unary_case(fn, a, group="unary", name=None, note=""):
    out, n = evaluate(ufunc(fn), arrays([a]))
    add_case(name or f"{fn}_{a}", group, "unary", {"fn": fn}, [a], out, note=note or n)


def binary_case(fn, a, b, group="binary", name=None, note=""):
    out, n = evaluate(ufunc(fn), arrays([a, b]))
    add_case(name or f"{fn}_{a}_{b}", group, "binary", {"fn": fn}, [a, b], out, note=note or n)


def scalar_case(fn, a, scalar, side="right"):
    kind = scalar_kind(scalar)
    f = ufunc(fn)
    out, note = evaluate((lambda x: f(x, scalar)) if side == "right" else (lambda x: f(scalar, x)), arrays([a]))
    tag = fmt(scalar).replace("-", "m").replace(".", "p")
    add_case(f"{fn}_{a}_{side}_{kind}_{tag}", "scalar", "binary_scalar",
             {"fn": fn, "scalar": scalar, "kind": kind, "side": side}, [a], out, note=note)


def unary_cases():
    for fn in FLOAT_MATH:
        for a in ["f64_sp", "f32_sp", "i32_10", "i8_10", "b_10"]:
            unary_case(fn, a)
    for fn in ["arcsin", "arccos", "arctanh"]:
        unary_case(fn, "f64_unit")
        unary_case(fn, "f32_unit")
    unary_case("arccosh", "f64_ge1")
    unary_case("arcsinh", "f64_10")
    for fn in ["log", "log2", "log10", "log1p", "sqrt", "cbrt", "expm1", "exp2", "arcsinh"]:
        unary_case(fn, "f64_tiny")
    for fn in ["log2", "log", "sqrt", "exp", "sin", "tanh"]:
        unary_case(fn, "f64_pos")
        unary_case(fn, "i64_10")
        unary_case(fn, "i16_10")
    for fn in KEEP_TYPE:
        for a in ["f64_sp", "f32_sp", "i64_10", "i32_10", "i16_10", "i8_big", "b_10"]:
            if a == "b_10" and fn in ("negative", "positive", "sign"):
                continue  # numpy rejects these on bool; ElementwiseBadInputTest checks Mars does too
            note = X86_NOTE if fn == "reciprocal" and a[0] in "ib" else ""
            unary_case(fn, a, note=note)
    for a in ["i64_ext", "i8_big", "b_10", "i16_10"]:
        unary_case("invert", a)
    for fn in PREDICATES:
        for a in ["f64_sp", "f32_sp", "i64_10", "b_10"]:
            unary_case(fn, a, group="predicate")
    # numpy's newer names of radians and degrees: checked against np.deg2rad / np.rad2deg themselves
    for fn in ["deg2rad", "rad2deg"]:
        for a in ["f64_sp", "f32_sp", "f64_6x4", "i32_10", "i8_10", "b_10"]:
            unary_case(fn, a)
    for a in ["f64_sp", "i64_10", "b_10", "f32_sp"]:
        unary_case("logical_not", a, group="logical")
    for a in ["f64_sp", "f32_sp", "f64_tiny", "f64_6x4", "i32_10", "i8_10", "b_10"]:
        unary_case("spacing", a)


def binary_cases():
    for fn in ["floor_divide", "remainder"]:
        binary_case(fn, "f64_sp", "f64_div")
        binary_case(fn, "f32_sp", "f32_div")
        binary_case(fn, "i64_10", "i64_10_b")
        binary_case(fn, "i64_ext", "i64_ext_b")         # includes INT64_MIN // -1
        binary_case(fn, "i8_big", "i8_10_b")
        binary_case(fn, "b_10", "b_10_b")               # int8
        binary_case(fn, "f64_6x4", "f64_6x4_b")
    for fn in ["arctan2", "hypot", "copysign", "heaviside"]:
        binary_case(fn, "f64_sp", "f64_div")
        binary_case(fn, "f64_10", "f64_10_b")
        binary_case(fn, "f32_sp", "f32_div")
        binary_case(fn, "i32_10", "i64_10_b")
        binary_case(fn, "i8_10", "i8_10_b")             # float16 in numpy
    # nextafter: the results, and the step nextafter(x1, x2) - x1 (exact: one ulp of x1's dtype, or 0), which a
    # relative tolerance on the result itself could not tell from x1
    for a, b in [("f64_sp", "f64_div"), ("f64_10", "f64_10_b"), ("f32_sp", "f32_div"), ("i32_10", "i64_10_b"),
                 ("i8_10", "i8_10_b"), ("f64_tiny", "f64_dir"), ("f64_sp", "f64_sp")]:
        if a != "f64_tiny":
            binary_case("nextafter", a, b)
        out, note = evaluate(lambda x, y: np.nextafter(x, y) - x, arrays([a, b]))
        add_case(f"nextafter_step_{a}_{b}", "binary", "nextafter_step", {}, [a, b], out, note=note)
    for fn in ["maximum", "minimum", "fmax", "fmin"]:
        binary_case(fn, "f64_nan", "f64_nan_b")
        binary_case(fn, "f64_10", "f64_10_b")
        binary_case(fn, "f32_sp", "f32_div")
        binary_case(fn, "i64_10", "i64_10_b")
        binary_case(fn, "i8_big", "i8_10_b")
        binary_case(fn, "b_10", "b_10_b")
    for fn in ["add", "subtract", "multiply", "divide", "power"]:
        binary_case(fn, "f64_sp", "f64_div")
    for fn in LOGICAL:
        binary_case(fn, "b_10", "b_10_b", group="logical")
        binary_case(fn, "f64_sp", "f64_div", group="logical")   # NaN is true
        binary_case(fn, "i64_10", "f32_10", group="logical")
    for fn in BITWISE:
        binary_case(fn, "i64_ext", "i64_shift" if "shift" in fn else "i64_ext_b", group="bitwise")
        binary_case(fn, "i8_big", "i8_shift" if "shift" in fn else "i8_10_b", group="bitwise")
        binary_case(fn, "i16_10", "i8_shift", group="bitwise")
        binary_case(fn, "b_10", "b_10_b", group="bitwise")
    binary_case("left_shift", "i32_10", "i64_shift", group="bitwise")
    binary_case("right_shift", "i32_10", "i64_shift", group="bitwise")
    for fn in ["less", "greater_equal", "equal", "not_equal"]:
        binary_case(fn, "f64_nan", "f64_nan_b", group="binary")
        binary_case(fn, "i8_big", "i64_10", group="binary")


def promotion_cases():
    for i, d1 in enumerate(DTYPES):
        for d2 in DTYPES[i:]:
            for fn in ["floor_divide", "remainder", "maximum", "fmin", "arctan2", "logical_xor"]:
                binary_case(fn, "p_" + d1, "q_" + d2, group="promotion")
            if not d1.startswith("float") and not d2.startswith("float"):
                binary_case("bitwise_or", "p_" + d1, "q_" + d2, group="promotion")
                binary_case("right_shift", "p_" + d1, "q_" + d2, group="promotion")   # negative counts too


def scalar_cases():
    scalar_case("floor_divide", "i8_10", 3)
    scalar_case("floor_divide", "i8_10", 2.5)
    scalar_case("floor_divide", "f32_10", -2)
    scalar_case("remainder", "i16_10", 7)
    scalar_case("remainder", "i16_10", -7, side="left")
    scalar_case("remainder", "f64_sp", 1.25)
    scalar_case("remainder", "f64_10", -3.0, side="left")
    scalar_case("maximum", "f64_sp", 0.0)
    scalar_case("fmin", "f64_sp", 1.0, side="left")
    scalar_case("maximum", "i8_10", 3)
    scalar_case("maximum", "b_10", 2)
    scalar_case("minimum", "f32_10", 1)
    scalar_case("arctan2", "i8_10", 300)                # a float16 loop in numpy: the int is used as a float
    scalar_case("arctan2", "f32_10", 2.0, side="left")
    scalar_case("hypot", "i64_10", 3)
    scalar_case("bitwise_and", "i8_big", 15)
    scalar_case("bitwise_xor", "i64_10", -1, side="left")
    scalar_case("bitwise_or", "b_10", True)
    scalar_case("bitwise_or", "b_10", 4)                # int64
    scalar_case("left_shift", "i8_big", 1)
    scalar_case("right_shift", "i16_10", 2)
    scalar_case("left_shift", "i64_shift", 1, side="left")
    scalar_case("logical_and", "f64_sp", 0.5)
    scalar_case("logical_or", "i64_10", False, side="left")
    scalar_case("logical_xor", "b_10", True)
    scalar_case("less", "i8_10", 300)                   # compared exactly, no overflow error
    scalar_case("equal", "i64_10", 2)


def broadcast_cases():
    g = "broadcast"
    binary_case("floor_divide", "f64_3x1", "f64_4", group=g)
    binary_case("remainder", "f64_2x3x4", "f64_4", group=g)
    binary_case("maximum", "f64_0d", "f64_6x4", group=g)
    binary_case("arctan2", "f64_2x3x4", "f64_3x1", group=g)
    binary_case("hypot", "i32_3x1", "f64_4", group=g)
    binary_case("logical_and", "b_3x1", "f64_4", group=g)
    binary_case("fmax", "f64_2x3x4", "f64_0d", group=g)
    binary_case("left_shift", "i64_0d", "i64_6x4", group=g)


def operands(named, ins, params, vals):
    """Each (key, v) of named, v an input name, a Python scalar or None: appended to the case's inputs (ins),
    params and the values numpy is called with (vals)."""
    for key, v in named:
        if v is None:
            params[key] = "none"
            vals.append(None)
        elif isinstance(v, str):
            ins.append(v)
            params[key] = "input"
            vals.append(INPUTS[v])
        else:
            params[key] = scalar_kind(v)
            params[key + "_value"] = v
            vals.append(v)


def where_case(name, cond, x, y, note=""):
    """cond, x, y: an input name, or a Python scalar."""
    ins, params, vals = [], {}, []
    operands((("cond", cond), ("x", x), ("y", y)), ins, params, vals)
    out, n = evaluate(np.where, vals)
    add_case(name, "where", "where", params, ins, out, note=note or n)


def where_cases():
    where_case("where_b_f64_f64", "b_10", "f64_10", "f64_10_b")
    where_case("where_f64cond_nan", "f64_sp", "f64_div", "f64_sp")        # NaN and -0.0 conditions
    where_case("where_i64cond", "i64_10", "i8_10", "i16_10")
    where_case("where_b_i8_scalar_int", "b_10", "i8_10", 1)                # int8: the int is weak
    where_case("where_b_i8_scalar_300", "b_10", "i8_10", 300,
               note="numpy wraps the out-of-range int into int8 in where")
    where_case("where_b_i8_scalar_float", "b_10", "i8_10", 1.5)           # float64
    where_case("where_b_f32_scalar_float", "b_10", 0.25, "f32_10")        # float32 stays
    where_case("where_scalar_scalar_float", "b_10", 1, 2.5)               # float64 from two weak scalars
    where_case("where_scalar_scalar_int", "b_6x4", 7, -7)                 # int64
    where_case("where_scalar_scalar_bool", "b_10", True, False)
    where_case("where_broadcast", "b_3x1", "f64_4", "f64_0d")
    where_case("where_broadcast_cond", "b_6x4", "f64_6x4", "f32_6x4")
    where_case("where_bool_values", "b_10", "b_10_b", False)
    where_case("where_empty", "b_0x3", 1.0, "f64_0x3")
    where_case("where_0d", "b_0d", "f64_0d", 0.0)
    where_case("where_scalar_cond", True, "f64_10", "f64_10_b")
    where_case("where_2x3x4", "f64_2x3x4", "f64_2x3x4", "i64_0d")


def clip_case(name, a, lo, hi, note=""):
    ins, params, vals = [a], {}, [INPUTS[a]]
    operands((("lo", lo), ("hi", hi)), ins, params, vals)
    out, n = evaluate(np.clip, vals)
    add_case(name, "clip", "clip", params, ins, out, note=note or n)


def clip_cases():
    clip_case("clip_f64_scalars", "f64_sp", -1.0, 2.0)
    clip_case("clip_f64_int_bounds", "f64_10", -2, 3)
    clip_case("clip_f32_scalars", "f32_sp", -1.0, 2.0)
    clip_case("clip_i64_scalars", "i64_10", -2, 3)
    clip_case("clip_i8_out_of_range_bounds", "i8_big", -1000, 1000, note="numpy clamps Python ints to the dtype")
    clip_case("clip_i8_float_bound", "i8_big", 0, 1.5)
    clip_case("clip_lo_above_hi", "f64_sp", 2.0, -1.0)
    clip_case("clip_nan_bound", "f64_10", np.nan, 2.0)
    clip_case("clip_low_only", "f64_sp", 0.0, None)
    clip_case("clip_high_only", "i32_10", None, 5)
    clip_case("clip_none_none", "f64_10", None, None)
    clip_case("clip_tensor_bounds", "f64_6x4", "f64_6x4_b", "f64_4")
    clip_case("clip_tensor_low_none", "f64_2x3x4", "f64_3x1", None)
    clip_case("clip_int_tensor_bounds", "i64_10", "i64_10_b", 5)
    clip_case("clip_bool", "b_10", False, True)
    clip_case("clip_empty", "f64_0x3", 0.0, 1.0)
    clip_case("clip_0d", "f64_0d", 0.0, 1.0)


def around_cases():
    for a in ["f64_round", "f32_round"]:
        for d in [0, 1, 2, -1, -2, 3, 20]:
            x = INPUTS[a]
            out, note = evaluate(lambda v: np.around(v, d), [x])
            add_case(f"around_{a}_{fmt(d).replace('-', 'm')}", "around", "around", {"decimals": d}, [a], out,
                     note=note)
    for a, d in [("i64_round", -1), ("i64_round", -2), ("i8_round", -1), ("i64_round", 2), ("i8_round", 0),
                 ("i64_round", -25), ("b_10", 0), ("f64_6x4", 1), ("f64_0x3", 1), ("f64_0d", 0)]:
        out, note = evaluate(lambda v: np.around(v, d), [INPUTS[a]])
        add_case(f"around_{a}_{fmt(d).replace('-', 'm')}", "around", "around", {"decimals": d}, [a], out,
                 note=note or (X86_NOTE if d <= -20 else ""))


def nan_to_num_cases():
    for a in ["f64_sp", "f32_sp", "i64_10", "b_10", "f64_0d"]:
        add_case(f"nan_to_num_{a}", "nan_to_num", "nan_to_num", {}, [a], np.nan_to_num(INPUTS[a]))
    add_case("nan_to_num_f64_custom", "nan_to_num", "nan_to_num", {"nan": 1.5, "posinf": 7.0, "neginf": -7.0},
             ["f64_sp"], np.nan_to_num(INPUTS["f64_sp"], nan=1.5, posinf=7.0, neginf=-7.0))
    add_case("nan_to_num_f32_custom_big", "nan_to_num", "nan_to_num", {"nan": -1.0, "posinf": 1e300},
             ["f32_sp"], np.nan_to_num(INPUTS["f32_sp"], nan=-1.0, posinf=1e300))
    add_case("nan_to_num_f64_neginf_only", "nan_to_num", "nan_to_num", {"nan": 0.0, "neginf": -1.0},
             ["f64_sp"], np.nan_to_num(INPUTS["f64_sp"], neginf=-1.0))


def astype_cases():
    for a in ["f64_cast", "f32_cast"]:
        for d in DTYPES:
            note = X86_NOTE if d.startswith("int") else ""
            add_case(f"astype_{a}_{d}", "astype", "astype", {"dtype": d}, [a], INPUTS[a].astype(d), note=note)
    for a in ["i64_cast", "b_10", "i8_big", "f64_sp"]:
        for d in DTYPES:
            add_case(f"astype_{a}_{d}", "astype", "astype", {"dtype": d}, [a], INPUTS[a].astype(d))
    add_case("astype_empty", "astype", "astype", {"dtype": "int32"}, ["f64_0x3"], INPUTS["f64_0x3"].astype("int32"))
    add_case("astype_0d", "astype", "astype", {"dtype": "int8"}, ["f64_0d"], INPUTS["f64_0d"].astype("int8"))


def empty_and_0d_cases():
    g = "empty"
    for fn in ["sqrt", "floor", "sign", "isnan", "logical_not", "rint"]:
        unary_case(fn, "f64_0x3", group=g)
        unary_case(fn, "f64_0d", group=g)
    unary_case("invert", "i64_0d", group=g)
    binary_case("floor_divide", "f64_0", "f64_0", group=g)
    binary_case("maximum", "f64_0x3", "f64_0d", group=g)
    binary_case("logical_or", "b_0x3", "f64_0d", group=g)
    binary_case("remainder", "i64_0d", "f64_0d", group=g)
    binary_case("bitwise_xor", "b_0d", "i64_0d", group=g)


def main():
    require_numpy2("NEP 50 promotion")
    np.seterr(all="ignore")                      # NaN and overflow are what many cases are about
    warnings.simplefilter("ignore", RuntimeWarning)
    define_inputs()
    unary_cases()
    binary_cases()
    promotion_cases()
    scalar_cases()
    broadcast_cases()
    where_cases()
    clip_cases()
    around_cases()
    nan_to_num_cases()
    astype_cases()
    empty_and_0d_cases()
    G.write()
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {tree_bytes(GOLDEN)} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
