#!/usr/bin/env python3
"""Writes the golden files RoutinesGoldenTest checks numpy's composed routines against: differences and integrals,
spacing and grids, joining and padding, vector products, closeness, element-wise extras, where values are,
interpolation and convolution, and the small linear algebra (det, slogdet, eigh, pinv, matrix_rank, matrix_power,
multi_dot).

How to run (from the repository root; needs python3 and numpy 2.x):

    python3 integration-tests/src/test/python/golden_routines.py

It replaces integration-tests/src/test/resources/golden/routines/ with inputs/<name>.npy, expected/<case>.npy and
cases.tsv, in the format of make_golden.py. A routine that returns several arrays (meshgrid, modf, nonzero,
slogdet, eigh) gives one case per array, its position in the "output" parameter. Mars's eigh signs each eigenvector
so that its component of largest magnitude is positive; numpy's vectors are signed the same way here.
"""

import numpy as np

from golden_common import GOLDEN_ROOT, Golden, require_numpy2, tree_bytes

GOLDEN = GOLDEN_ROOT / "routines"
G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input, add_case = G.inputs, G.cases, G.add_input, G.add_case


def define_inputs():
    add_input("f64_10", np.round(np.sin(np.arange(10) * 0.9) * 5, 2))
    add_input("f64_nan_9", [1.5, np.nan, -2.0, np.inf, 0.0, -0.0, 3.25, -np.inf, 7.0])
    add_input("i64_12", [3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8])
    add_input("i8_7", np.array([5, -3, 100, -100, 7, 0, -1], dtype=np.int8))
    add_input("bool_8", [True, False, False, True, True, False, True, True])
    add_input("f32_8", np.array([0.5, -1.25, 2.0, 3.5, -0.75, 1.0, 0.0, 4.25], dtype=np.float32))
    add_input("f64_4x5", np.round(np.cos(np.arange(20) * 0.7) * 3, 2).reshape(4, 5))
    add_input("f64_3x4x2", np.round(np.sin(np.arange(24) * 1.3) * 4, 1).reshape(3, 4, 2))
    add_input("i64_3x4", np.array([[0, 2, 0, 5], [1, 0, 0, 0], [0, 7, 3, 0]]))
    add_input("f64_empty", np.zeros((0,)))
    add_input("f64_1", [2.5])
    add_input("f64_scalar", np.float64(4.0))
    add_input("x_f64_6", [0.0, 0.5, 1.5, 2.0, 3.5, 5.0])
    add_input("y_f64_6", [1.0, -2.0, 0.5, 4.0, 3.0, -1.0])
    add_input("a_f64_4x3", np.round(np.sin(np.arange(12) * 1.7) * 3, 2).reshape(4, 3))
    add_input("b_f64_4x3", np.round(np.cos(np.arange(12) * 0.3) * 2, 2).reshape(4, 3))
    add_input("a_f64_5x2", np.round(np.sin(np.arange(10) * 2.3) * 3, 2).reshape(5, 2))
    add_input("b_f64_5x2", np.round(np.cos(np.arange(10) * 1.1) * 2, 2).reshape(5, 2))
    add_input("m_f64_2x3", [[1.0, 2.0, -1.0], [0.5, 0.0, 3.0]])
    add_input("m_f64_3x2", [[2.0, -1.0], [0.0, 1.5], [4.0, 1.0]])
    add_input("v_f64_3", [1.0, -2.0, 0.5])
    add_input("close_a_f64_8", [1.0, 1.00001, np.inf, -np.inf, np.nan, 0.0, 1e-9, 100.0])
    add_input("close_b_f64_8", [1.0, 1.0, np.inf, np.inf, np.nan, 1e-9, 0.0, 100.001])
    add_input("exp_i64_8", [0, 1, -1, 3, -4, 10, 2, 5])
    add_input("test_i64_5", [9, -5, 3, 3, 100])
    add_input("test_f64_4", [1.5, np.nan, 7.0, -2.0])
    add_input("xq_f64_11", [-1.0, 0.0, 0.25, 0.5, 1.7, 2.0, 3.0, 4.9, 5.0, 6.5, np.nan])
    add_input("kernel_f64_3", [0.25, 0.5, 0.25])
    add_input("kernel_f64_4", [1.0, -1.0, 2.0, 0.5])
    add_input("sq_f64_4x4", [[4.0, 1.0, -2.0, 0.5], [1.0, 3.0, 0.0, 1.0], [-2.0, 0.0, 5.0, 1.5],
                             [0.5, 1.0, 1.5, 2.0]])
    add_input("gen_f64_4x4", [[0.0, 2.0, 1.0, -1.0], [3.0, -1.0, 0.5, 2.0], [1.0, 4.0, -2.0, 0.0],
                              [2.0, 1.0, 1.0, 3.0]])
    add_input("sing_f64_3x3", [[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [1.0, 0.0, 1.0]])
    add_input("tall_f64_7x3", np.round(np.sin(np.arange(21) * 0.8) * 2 + np.arange(21) % 3, 2).reshape(7, 3))
    add_input("rank2_f64_6x4", np.outer(np.arange(1.0, 7.0), [1.0, 0.5, -1.0, 2.0])
              + np.outer(np.cos(np.arange(6.0)), [0.0, 1.0, 1.0, 0.0]))
    add_input("chain_a_f64_6x2", np.round(np.sin(np.arange(12) * 0.4) * 2, 2).reshape(6, 2))
    add_input("chain_b_f64_2x5", np.round(np.cos(np.arange(10) * 0.6) * 2, 2).reshape(2, 5))
    add_input("chain_c_f64_5x3", np.round(np.sin(np.arange(15) * 1.1), 2).reshape(5, 3))
    add_input("chain_v_f64_6", [1.0, 0.0, -1.0, 2.0, 0.5, 1.5])
    add_input("chain_w_f64_3", [2.0, -1.0, 0.25])
    add_input("f64_4", INPUTS["f64_10"][:4])
    add_input("i64_10", INPUTS["i64_12"][:10])
    add_input("x_f64_4", INPUTS["x_f64_6"][:4])
    add_input("w_f64_3", INPUTS["m_f64_3x2"][:, 0])
    add_input("exp_i64_6", INPUTS["exp_i64_8"][:6])
    add_input("exp_i32_8", INPUTS["exp_i64_8"].astype(np.int32))
    add_input("xq_f64_10", INPUTS["xq_f64_11"][:-1])
    add_input("k_i64_3", INPUTS["exp_i64_8"][:3])
    add_input("la_f64_8", [0.0, 1.5, -3.0, 700.0, -np.inf, np.inf, np.nan, 2.0])
    add_input("lb_f64_8", [0.0, -2.0, -3.0, 710.0, -np.inf, np.inf, 1.0, -800.0])
    add_input("num_i64_9", [12, -18, 0, 7, 100, -35, 0, 81, 64])
    add_input("den_i64_9", [8, 12, 5, 0, -75, 14, 0, 27, -48])
    add_input("fa_f64_8", [5.5, -5.5, 5.5, -5.5, 0.0, -0.0, 7.25, np.inf])
    add_input("fb_f64_8", [2.0, 2.0, -2.0, -2.0, 3.0, 3.0, 0.5, 2.0])
    add_input("f64_2x3x4", np.round(np.cos(np.arange(24) * 0.45) * 5, 1).reshape(2, 3, 4))
    add_input("flat_i64_7", [0, 5, 11, 23, 17, 6, 12])
    add_input("mi0_i64_5", [0, 1, 2, 1, 0])
    add_input("mi1_i64_5", [3, 0, 2, 1, 0])
    add_input("set_a_i64_10", [5, 1, 3, 3, 9, -2, 7, 1, 0, 5])
    add_input("set_b_i64_7", [3, 8, 1, 1, -2, 10, 6])
    add_input("set_f64_6", [2.5, np.nan, 1.0, 2.5, -4.0, 0.0])
    add_input("key_a_i64_9", [1, 0, 1, 2, 0, 1, 2, 0, 1])
    add_input("key_b_f64_9", [3.0, 1.0, 2.0, 3.0, 1.0, 2.0, 0.5, 1.0, 2.0])


def diff_cases():
    for name in ["f64_10", "i64_12", "i8_7", "bool_8", "f32_8", "f64_empty"]:
        add_case(f"diff_{name}", "diff", "diff", {"n": 1, "axis": -1}, [name], np.diff(INPUTS[name]))
    add_case("diff_f64_10_n3", "diff", "diff", {"n": 3, "axis": -1}, ["f64_10"], np.diff(INPUTS["f64_10"], n=3))
    add_case("diff_f64_10_n0", "diff", "diff", {"n": 0, "axis": -1}, ["f64_10"], np.diff(INPUTS["f64_10"], n=0))
    for axis in [0, 1, -1]:
        add_case(f"diff_f64_4x5_axis{axis}", "diff", "diff", {"n": 1, "axis": axis}, ["f64_4x5"],
                 np.diff(INPUTS["f64_4x5"], axis=axis))
    add_case("diff_f64_3x4x2_axis1_n2", "diff", "diff", {"n": 2, "axis": 1}, ["f64_3x4x2"],
             np.diff(INPUTS["f64_3x4x2"], n=2, axis=1))
    add_case("ediff1d_f64_4x5", "diff", "ediff1d", {}, ["f64_4x5"], np.ediff1d(INPUTS["f64_4x5"]))
    add_case("ediff1d_i64_12", "diff", "ediff1d", {}, ["i64_12"], np.ediff1d(INPUTS["i64_12"]))
    for name in ["f64_10", "i64_12", "f32_8", "f64_nan_9"]:
        add_case(f"gradient_{name}", "diff", "gradient", {"axis": 0}, [name], np.gradient(INPUTS[name]))
    for axis in [0, 1]:
        add_case(f"gradient_f64_4x5_axis{axis}", "diff", "gradient", {"axis": axis}, ["f64_4x5"],
                 np.gradient(INPUTS["f64_4x5"], axis=axis))
    add_case("gradient_f64_3x4x2_axis2", "diff", "gradient", {"axis": 2}, ["f64_3x4x2"],
             np.gradient(INPUTS["f64_3x4x2"], axis=2))
    for name in ["f64_10", "i64_12", "f64_1", "f64_empty"]:
        add_case(f"trapezoid_{name}", "diff", "trapezoid", {"dx": 1.0, "axis": -1}, [name],
                 np.trapezoid(INPUTS[name]))
    add_case("trapezoid_f64_4x5_axis0_dx05", "diff", "trapezoid", {"dx": 0.5, "axis": 0}, ["f64_4x5"],
             np.trapezoid(INPUTS["f64_4x5"], dx=0.5, axis=0))
    add_case("trapezoid_y_x_f64_6", "diff", "trapezoid_x", {"axis": -1}, ["y_f64_6", "x_f64_6"],
             np.trapezoid(INPUTS["y_f64_6"], INPUTS["x_f64_6"]))


def space_cases():
    for start, stop, num, endpoint, base in [(0.0, 3.0, 4, True, 10.0), (-1.0, 2.0, 7, False, 10.0),
                                              (1.0, 5.0, 5, True, 2.0), (2.0, 0.5, 6, True, np.e),
                                              (0.0, 1.0, 1, True, 10.0), (0.0, 1.0, 0, True, 10.0)]:
        add_case(f"logspace_{start}_{stop}_{num}_{endpoint}_{base:.3f}".replace("-", "m"), "space", "logspace",
                 {"start": start, "stop": stop, "num": num, "endpoint": endpoint, "base": base}, [],
                 np.logspace(start, stop, num, endpoint=endpoint, base=base))
    for start, stop, num, endpoint in [(1.0, 1000.0, 4, True), (2.0, 64.0, 6, False), (-1.0, -16.0, 5, True),
                                       (0.5, 8.0, 9, True), (3.0, 3.0, 1, True)]:
        add_case(f"geomspace_{start}_{stop}_{num}_{endpoint}".replace("-", "m"), "space", "geomspace",
                 {"start": start, "stop": stop, "num": num, "endpoint": endpoint}, [],
                 np.geomspace(start, stop, num, endpoint=endpoint))
    for indexing in ["xy", "ij"]:
        outs = np.meshgrid(INPUTS["v_f64_3"], INPUTS["x_f64_6"], indexing=indexing)
        for i, o in enumerate(outs):
            add_case(f"meshgrid2_{indexing}_{i}", "space", "meshgrid", {"indexing": indexing, "output": i},
                     ["v_f64_3", "x_f64_6"], o)
        outs = np.meshgrid(INPUTS["v_f64_3"], INPUTS["i64_12"], INPUTS["f64_1"], indexing=indexing)
        for i, o in enumerate(outs):
            add_case(f"meshgrid3_{indexing}_{i}", "space", "meshgrid", {"indexing": indexing, "output": i},
                     ["v_f64_3", "i64_12", "f64_1"], o)
    for dims in [(3, 4), (2, 3, 2), (5,)]:
        add_case("indices_" + "x".join(map(str, dims)), "space", "indices", {"dims": list(dims)}, [],
                 np.indices(dims))


def join_cases():
    for name in ["f64_scalar", "f64_10", "f64_4x5", "f64_3x4x2"]:
        for n in [1, 2, 3]:
            f = {1: np.atleast_1d, 2: np.atleast_2d, 3: np.atleast_3d}[n]
            add_case(f"atleast{n}d_{name}", "join", f"atleast{n}d", {}, [name], f(INPUTS[name]))
    add_case("dstack_1d", "join", "dstack", {}, ["x_f64_6", "y_f64_6"], np.dstack([INPUTS["x_f64_6"],
                                                                                   INPUTS["y_f64_6"]]))
    add_case("dstack_2d", "join", "dstack", {}, ["a_f64_4x3", "b_f64_4x3"],
             np.dstack([INPUTS["a_f64_4x3"], INPUTS["b_f64_4x3"]]))
    add_case("column_stack_1d", "join", "column_stack", {}, ["x_f64_6", "y_f64_6"],
             np.column_stack([INPUTS["x_f64_6"], INPUTS["y_f64_6"]]))
    add_case("column_stack_mixed", "join", "column_stack", {}, ["a_f64_4x3", "f64_4"],
             np.column_stack([INPUTS["a_f64_4x3"], INPUTS["f64_4"]]))
    add_case("append_flat", "join", "append", {"axis": None}, ["f64_4x5", "f64_10"],
             np.append(INPUTS["f64_4x5"], INPUTS["f64_10"]))
    add_case("append_axis0", "join", "append", {"axis": 0}, ["a_f64_4x3", "b_f64_4x3"],
             np.append(INPUTS["a_f64_4x3"], INPUTS["b_f64_4x3"], axis=0))
    add_case("append_axis1", "join", "append", {"axis": 1}, ["a_f64_4x3", "b_f64_4x3"],
             np.append(INPUTS["a_f64_4x3"], INPUTS["b_f64_4x3"], axis=1))
    add_case("delete_flat", "join", "delete", {"positions": [0, 5, -1], "axis": None}, ["i64_12"],
             np.delete(INPUTS["i64_12"], [0, 5, -1]))
    add_case("delete_axis1", "join", "delete", {"positions": [1, 3], "axis": 1}, ["f64_4x5"],
             np.delete(INPUTS["f64_4x5"], [1, 3], axis=1))
    add_case("delete_axis0_all_but_one", "join", "delete", {"positions": [0, 1, 3], "axis": 0}, ["f64_4x5"],
             np.delete(INPUTS["f64_4x5"], [0, 1, 3], axis=0))
    add_case("insert_flat_value", "join", "insert", {"position": 3, "value": 9.5, "axis": None}, ["f64_10"],
             np.insert(INPUTS["f64_10"], 3, 9.5))
    add_case("insert_flat_end", "join", "insert", {"position": 12, "value": -7.0, "axis": None}, ["i64_12"],
             np.insert(INPUTS["i64_12"], 12, -7))
    add_case("insert_axis1_vector", "join", "insert_tensor", {"position": 2, "axis": 1}, ["f64_4x5", "x_f64_4"],
             np.insert(INPUTS["f64_4x5"], 2, INPUTS["x_f64_4"], axis=1))
    add_case("insert_axis0_negative", "join", "insert_tensor", {"position": -1, "axis": 0}, ["f64_4x5", "f64_scalar"],
             np.insert(INPUTS["f64_4x5"], -1, INPUTS["f64_scalar"], axis=0))
    add_case("pad_constant_1d", "join", "pad", {"width": [2, 3], "mode": "constant", "value": 0.0}, ["f64_10"],
             np.pad(INPUTS["f64_10"], (2, 3)))
    add_case("pad_constant_2d_value", "join", "pad", {"width": [1, 0, 2, 1], "mode": "constant", "value": -1.5},
             ["f64_4x5"], np.pad(INPUTS["f64_4x5"], ((1, 0), (2, 1)), constant_values=-1.5))
    add_case("pad_edge_2d", "join", "pad", {"width": [2, 1, 0, 3], "mode": "edge", "value": 0.0}, ["f64_4x5"],
             np.pad(INPUTS["f64_4x5"], ((2, 1), (0, 3)), mode="edge"))
    add_case("pad_edge_i64", "join", "pad", {"width": [3, 2], "mode": "edge", "value": 0.0}, ["i64_12"],
             np.pad(INPUTS["i64_12"], (3, 2), mode="edge"))


def products_cases():
    add_case("cross_3", "products", "cross", {}, ["a_f64_4x3", "b_f64_4x3"],
             np.cross(INPUTS["a_f64_4x3"], INPUTS["b_f64_4x3"]))
    add_case("cross_2", "products", "cross", {}, ["a_f64_5x2", "b_f64_5x2"],
             np.cross(INPUTS["a_f64_5x2"], INPUTS["b_f64_5x2"]))
    add_case("cross_3_vectors", "products", "cross", {}, ["v_f64_3", "w_f64_3"],
             np.cross(INPUTS["v_f64_3"], INPUTS["w_f64_3"]))
    add_case("cross_2_with_3", "products", "cross", {}, ["a_f64_5x2", "w_f64_3"],
             np.cross(INPUTS["a_f64_5x2"], INPUTS["w_f64_3"]))
    add_case("kron_1d", "products", "kron", {}, ["v_f64_3", "y_f64_6"], np.kron(INPUTS["v_f64_3"], INPUTS["y_f64_6"]))
    add_case("kron_2d", "products", "kron", {}, ["m_f64_2x3", "m_f64_3x2"],
             np.kron(INPUTS["m_f64_2x3"], INPUTS["m_f64_3x2"]))
    add_case("kron_mixed", "products", "kron", {}, ["v_f64_3", "m_f64_2x3"],
             np.kron(INPUTS["v_f64_3"], INPUTS["m_f64_2x3"]))
    add_case("vdot_2d", "products", "vdot", {}, ["a_f64_4x3", "b_f64_4x3"],
             np.vdot(INPUTS["a_f64_4x3"], INPUTS["b_f64_4x3"]))
    chain = [INPUTS[n] for n in ["chain_a_f64_6x2", "chain_b_f64_2x5", "chain_c_f64_5x3"]]
    add_case("multi_dot_3", "products", "multi_dot", {}, ["chain_a_f64_6x2", "chain_b_f64_2x5", "chain_c_f64_5x3"],
             np.linalg.multi_dot(chain))
    add_case("multi_dot_vectors", "products", "multi_dot", {},
             ["chain_v_f64_6", "chain_a_f64_6x2", "chain_b_f64_2x5", "chain_c_f64_5x3", "chain_w_f64_3"],
             np.linalg.multi_dot([INPUTS["chain_v_f64_6"]] + chain + [INPUTS["chain_w_f64_3"]]))
    for n in [0, 1, 2, 5, -1, -3]:
        add_case(f"matrix_power_{n}".replace("-", "m"), "products", "matrix_power", {"n": n}, ["sq_f64_4x4"],
                 np.linalg.matrix_power(INPUTS["sq_f64_4x4"], n))


def close_cases():
    a, b = INPUTS["close_a_f64_8"], INPUTS["close_b_f64_8"]
    add_case("isclose_default", "close", "isclose", {"rtol": 1e-5, "atol": 1e-8, "equal_nan": False},
             ["close_a_f64_8", "close_b_f64_8"], np.isclose(a, b))
    add_case("isclose_equal_nan", "close", "isclose", {"rtol": 1e-5, "atol": 1e-8, "equal_nan": True},
             ["close_a_f64_8", "close_b_f64_8"], np.isclose(a, b, equal_nan=True))
    add_case("isclose_tight", "close", "isclose", {"rtol": 0.0, "atol": 0.0, "equal_nan": False},
             ["close_a_f64_8", "close_b_f64_8"], np.isclose(a, b, rtol=0.0, atol=0.0))
    add_case("isclose_ints", "close", "isclose", {"rtol": 0.1, "atol": 0.0, "equal_nan": False},
             ["i64_10", "f64_10"], np.isclose(INPUTS["i64_10"], INPUTS["f64_10"], rtol=0.1))
    add_case("allclose_false", "close", "allclose", {"rtol": 1e-5, "atol": 1e-8, "equal_nan": True},
             ["close_a_f64_8", "close_b_f64_8"], np.allclose(a, b, equal_nan=True))
    add_case("allclose_true", "close", "allclose", {"rtol": 1e-5, "atol": 1e-8, "equal_nan": False},
             ["f64_4x5", "f64_4x5"], np.allclose(INPUTS["f64_4x5"], INPUTS["f64_4x5"]))
    add_case("array_equal_same", "close", "array_equal", {}, ["i64_3x4", "i64_3x4"],
             np.array_equal(INPUTS["i64_3x4"], INPUTS["i64_3x4"]))
    add_case("array_equal_nan", "close", "array_equal", {}, ["f64_nan_9", "f64_nan_9"],
             np.array_equal(INPUTS["f64_nan_9"], INPUTS["f64_nan_9"]))
    add_case("array_equal_shapes", "close", "array_equal", {}, ["a_f64_4x3", "m_f64_3x2"],
             np.array_equal(INPUTS["a_f64_4x3"], INPUTS["m_f64_3x2"]))


def elementwise_cases():
    for name in ["f64_10", "f64_nan_9", "i64_12", "f32_8"]:
        add_case(f"sinc_{name}", "elementwise", "sinc", {}, [name], np.sinc(INPUTS[name]))
        add_case(f"signbit_{name}", "elementwise", "signbit", {}, [name], np.signbit(INPUTS[name]))
        frac, whole = np.modf(INPUTS[name])
        add_case(f"modf_{name}_0", "elementwise", "modf", {"output": 0}, [name], frac)
        add_case(f"modf_{name}_1", "elementwise", "modf", {"output": 1}, [name], whole)
    add_case("ldexp_f64", "elementwise", "ldexp", {}, ["y_f64_6", "exp_i64_6"],
             np.ldexp(INPUTS["y_f64_6"], INPUTS["exp_i64_6"]))
    add_case("ldexp_f32", "elementwise", "ldexp", {}, ["f32_8", "exp_i32_8"],
             np.ldexp(INPUTS["f32_8"], INPUTS["exp_i32_8"]))


def more_elementwise_cases():
    a, b = INPUTS["la_f64_8"], INPUTS["lb_f64_8"]
    add_case("logaddexp", "elementwise", "logaddexp", {}, ["la_f64_8", "lb_f64_8"], np.logaddexp(a, b))
    add_case("logaddexp2", "elementwise", "logaddexp2", {}, ["la_f64_8", "lb_f64_8"], np.logaddexp2(a, b))
    add_case("logaddexp_f32", "elementwise", "logaddexp", {}, ["f32_8", "f32_8"],
             np.logaddexp(INPUTS["f32_8"], INPUTS["f32_8"]))
    add_case("float_power_f64", "elementwise", "float_power", {}, ["x_f64_6", "y_f64_6"],
             np.float_power(INPUTS["x_f64_6"], INPUTS["y_f64_6"]))
    add_case("float_power_ints_scalar", "elementwise", "float_power_scalar", {"exponent": 2}, ["num_i64_9"],
             np.float_power(INPUTS["num_i64_9"], 2))
    add_case("fmod_f64", "elementwise", "fmod", {}, ["fa_f64_8", "fb_f64_8"],
             np.fmod(INPUTS["fa_f64_8"], INPUTS["fb_f64_8"]))
    add_case("fmod_i64", "elementwise", "fmod", {}, ["num_i64_9", "den_i64_9"],
             np.fmod(INPUTS["num_i64_9"], INPUTS["den_i64_9"]))
    add_case("gcd", "elementwise", "gcd", {}, ["num_i64_9", "den_i64_9"], np.gcd(INPUTS["num_i64_9"], INPUTS["den_i64_9"]))
    add_case("lcm", "elementwise", "lcm", {}, ["num_i64_9", "den_i64_9"], np.lcm(INPUTS["num_i64_9"], INPUTS["den_i64_9"]))
    for name in ["f64_nan_9", "i64_12", "f32_8"]:
        x = INPUTS[name]
        add_case(f"isneginf_{name}", "elementwise", "isneginf", {}, [name], np.isneginf(x))
        add_case(f"isposinf_{name}", "elementwise", "isposinf", {}, [name], np.isposinf(x))
        add_case(f"fabs_{name}", "elementwise", "fabs", {}, [name], np.fabs(x))
        add_case(f"fix_{name}", "elementwise", "fix", {}, [name], np.fix(x))
        add_case(f"angle_{name}", "elementwise", "angle", {}, [name], np.angle(x))
        add_case(f"real_{name}", "elementwise", "real", {}, [name], np.real(x))
        add_case(f"imag_{name}", "elementwise", "imag", {}, [name], np.imag(x))
        add_case(f"conj_{name}", "elementwise", "conj", {}, [name], np.conj(x))
    q, r = np.divmod(INPUTS["fa_f64_8"], INPUTS["fb_f64_8"])
    add_case("divmod_f64_0", "elementwise", "divmod", {"output": 0}, ["fa_f64_8", "fb_f64_8"], q)
    add_case("divmod_f64_1", "elementwise", "divmod", {"output": 1}, ["fa_f64_8", "fb_f64_8"], r)
    q, r = np.divmod(INPUTS["num_i64_9"], INPUTS["den_i64_9"])
    add_case("divmod_i64_0", "elementwise", "divmod", {"output": 0}, ["num_i64_9", "den_i64_9"], q)
    add_case("divmod_i64_1", "elementwise", "divmod", {"output": 1}, ["num_i64_9", "den_i64_9"], r)


def frexp_partition_cases():
    for name in ["f64_10", "f64_nan_9", "i64_12", "f32_8"]:
        mantissa, exponent = np.frexp(INPUTS[name])
        add_case(f"frexp_{name}_0", "elementwise", "frexp", {"output": 0}, [name], mantissa)
        add_case(f"frexp_{name}_1", "elementwise", "frexp", {"output": 1}, [name], exponent)
    add_input("tiny_f64_4", [5e-324, -2.5e-310, 1e-300, -1e300])
    for i, out in enumerate(np.frexp(INPUTS["tiny_f64_4"])):
        add_case(f"frexp_subnormal_{i}", "elementwise", "frexp", {"output": i}, ["tiny_f64_4"], out)
    # numpy leaves the order inside the parts free; Mars gives them sorted, one valid answer. The expected arrays are
    # numpy's sort, checked here to be a partition at kth by numpy's own definition
    for name, kth, axis in [("f64_10", 3, -1), ("i64_12", -2, 0), ("f64_4x5", 1, 0), ("f64_4x5", 4, 1)]:
        a = INPUTS[name]
        ours = np.sort(a, axis=axis)
        part = np.partition(a, kth, axis=axis)
        assert np.array_equal(np.take(ours, [kth], axis=axis), np.take(part, [kth], axis=axis))
        add_case(f"partition_{name}_k{kth}_axis{axis}".replace("-", "m"), "where", "partition",
                 {"kth": kth, "axis": axis}, [name], ours)
        idx = np.argsort(a, axis=axis, kind="stable")
        assert np.array_equal(np.take_along_axis(a, idx, axis=axis), ours)
        add_case(f"argpartition_{name}_k{kth}_axis{axis}".replace("-", "m"), "where", "argpartition",
                 {"kth": kth, "axis": axis}, [name], idx)


def shape_cases():
    m = INPUTS["f64_2x3x4"]
    for k in [0, 1, 2, 3, -1, 5]:
        add_case(f"rot90_k{k}".replace("-", "m"), "join", "rot90", {"k": k, "axes": [0, 1]}, ["f64_4x5"],
                 np.rot90(INPUTS["f64_4x5"], k))
    add_case("rot90_3d_axes_1_2", "join", "rot90", {"k": 1, "axes": [1, 2]}, ["f64_2x3x4"], np.rot90(m, 1, (1, 2)))
    add_case("rot90_3d_axes_2_0", "join", "rot90", {"k": 3, "axes": [2, 0]}, ["f64_2x3x4"], np.rot90(m, 3, (2, 0)))
    add_case("fliplr", "join", "fliplr", {}, ["f64_4x5"], np.fliplr(INPUTS["f64_4x5"]))
    add_case("flipud", "join", "flipud", {}, ["f64_4x5"], np.flipud(INPUTS["f64_4x5"]))
    add_case("flipud_1d", "join", "flipud", {}, ["i64_12"], np.flipud(INPUTS["i64_12"]))
    for i, part in enumerate(np.hsplit(INPUTS["i64_12"], 3)):
        add_case(f"hsplit_1d_{i}", "join", "hsplit", {"sections": 3, "output": i}, ["i64_12"], part)
    for i, part in enumerate(np.hsplit(m, 3)):
        add_case(f"hsplit_3d_{i}", "join", "hsplit", {"sections": 3, "output": i}, ["f64_2x3x4"], part)
    for i, part in enumerate(np.vsplit(INPUTS["f64_4x5"], 2)):
        add_case(f"vsplit_{i}", "join", "vsplit", {"sections": 2, "output": i}, ["f64_4x5"], part)
    for i, part in enumerate(np.dsplit(m, 4)):
        add_case(f"dsplit_{i}", "join", "dsplit", {"sections": 4, "output": i}, ["f64_2x3x4"], part)
    add_case("diagflat", "join", "diagflat", {"k": 0}, ["m_f64_2x3"], np.diagflat(INPUTS["m_f64_2x3"]))
    add_case("diagflat_k_m2", "join", "diagflat", {"k": -2}, ["v_f64_3"], np.diagflat(INPUTS["v_f64_3"], -2))
    for n, mm, k in [(4, 4, 0), (3, 5, 1), (5, 2, -1)]:
        add_case(f"tri_{n}_{mm}_{k}".replace("-", "m"), "join", "tri", {"n": n, "m": mm, "k": k}, [], np.tri(n, mm, k))
    add_case("vander_f64", "join", "vander", {"n": 4, "increasing": False}, ["v_f64_3"], np.vander(INPUTS["v_f64_3"], 4))
    add_case("vander_i64_increasing", "join", "vander", {"n": 3, "increasing": True}, ["mi1_i64_5"],
             np.vander(INPUTS["mi1_i64_5"], 3, increasing=True))
    add_case("vander_square", "join", "vander", {"n": -1, "increasing": False}, ["x_f64_6"], np.vander(INPUTS["x_f64_6"]))
    for shape in [(3, 7), (2,), (4, 5)]:
        add_case("resize_" + "x".join(map(str, shape)), "join", "resize", {"shape": list(shape)}, ["m_f64_2x3"],
                 np.resize(INPUTS["m_f64_2x3"], shape))


def index_set_cases():
    for i, idx in enumerate(np.unravel_index(INPUTS["flat_i64_7"], (4, 6))):
        add_case(f"unravel_index_{i}", "where", "unravel_index", {"shape": [4, 6], "output": i}, ["flat_i64_7"], idx)
    for i, idx in enumerate(np.unravel_index(INPUTS["flat_i64_7"], (2, 3, 4))):
        add_case(f"unravel_index_3d_{i}", "where", "unravel_index", {"shape": [2, 3, 4], "output": i},
                 ["flat_i64_7"], idx)
    add_case("ravel_multi_index", "where", "ravel_multi_index", {"dims": [3, 4]}, ["mi0_i64_5", "mi1_i64_5"],
             np.ravel_multi_index((INPUTS["mi0_i64_5"], INPUTS["mi1_i64_5"]), (3, 4)))
    a, b = INPUTS["set_a_i64_10"], INPUTS["set_b_i64_7"]
    add_case("union1d", "where", "union1d", {}, ["set_a_i64_10", "set_b_i64_7"], np.union1d(a, b))
    add_case("intersect1d", "where", "intersect1d", {}, ["set_a_i64_10", "set_b_i64_7"], np.intersect1d(a, b))
    add_case("setdiff1d", "where", "setdiff1d", {}, ["set_a_i64_10", "set_b_i64_7"], np.setdiff1d(a, b))
    add_case("setxor1d", "where", "setxor1d", {}, ["set_a_i64_10", "set_b_i64_7"], np.setxor1d(a, b))
    add_case("union1d_2d", "where", "union1d", {}, ["i64_3x4", "set_b_i64_7"], np.union1d(INPUTS["i64_3x4"], b))
    add_case("setdiff1d_f64", "where", "setdiff1d", {}, ["set_f64_6", "f64_nan_9"],
             np.setdiff1d(INPUTS["set_f64_6"], INPUTS["f64_nan_9"]))
    add_case("lexsort_2", "where", "lexsort", {}, ["key_b_f64_9", "key_a_i64_9"],
             np.lexsort((INPUTS["key_b_f64_9"], INPUTS["key_a_i64_9"])))
    add_case("lexsort_1", "where", "lexsort", {}, ["key_a_i64_9"], np.lexsort((INPUTS["key_a_i64_9"],)))


def where_cases():
    for name in ["f64_nan_9", "i64_3x4", "bool_8", "f64_3x4x2", "f64_empty"]:
        a = INPUTS[name]
        add_case(f"flatnonzero_{name}", "where", "flatnonzero", {}, [name], np.flatnonzero(a))
        add_case(f"argwhere_{name}", "where", "argwhere", {}, [name], np.argwhere(a))
        for i, idx in enumerate(np.nonzero(a)):
            add_case(f"nonzero_{name}_{i}", "where", "nonzero", {"output": i}, [name], idx)
    add_case("isin_i64", "where", "isin", {"invert": False}, ["i64_12", "test_i64_5"],
             np.isin(INPUTS["i64_12"], INPUTS["test_i64_5"]))
    add_case("isin_i64_invert", "where", "isin", {"invert": True}, ["i64_3x4", "test_i64_5"],
             np.isin(INPUTS["i64_3x4"], INPUTS["test_i64_5"], invert=True))
    add_case("isin_f64_nan", "where", "isin", {"invert": False}, ["f64_nan_9", "test_f64_4"],
             np.isin(INPUTS["f64_nan_9"], INPUTS["test_f64_4"]))
    add_case("isin_mixed", "where", "isin", {"invert": False}, ["f64_10", "i64_12"],
             np.isin(INPUTS["f64_10"], INPUTS["i64_12"]))
    add_case("isin_empty_set", "where", "isin", {"invert": False}, ["i64_12", "f64_empty"],
             np.isin(INPUTS["i64_12"], INPUTS["f64_empty"]))


def interp_cases():
    xq, xp, fp = INPUTS["xq_f64_11"], INPUTS["x_f64_6"], INPUTS["y_f64_6"]
    add_case("interp_default", "interp", "interp", {}, ["xq_f64_11", "x_f64_6", "y_f64_6"], np.interp(xq, xp, fp))
    add_case("interp_left_right", "interp", "interp", {"left": -9.0, "right": 9.0},
             ["xq_f64_11", "x_f64_6", "y_f64_6"], np.interp(xq, xp, fp, left=-9.0, right=9.0))
    add_case("interp_ints", "interp", "interp", {}, ["i64_12", "x_f64_6", "y_f64_6"],
             np.interp(INPUTS["i64_12"], xp, fp))
    add_case("interp_one_point", "interp", "interp", {}, ["xq_f64_10", "f64_1", "f64_1"],
             np.interp(INPUTS["xq_f64_10"], INPUTS["f64_1"], INPUTS["f64_1"]))
    for mode in ["full", "same", "valid"]:
        add_case(f"convolve_{mode}", "interp", "convolve", {"mode": mode}, ["f64_10", "kernel_f64_3"],
                 np.convolve(INPUTS["f64_10"], INPUTS["kernel_f64_3"], mode))
        add_case(f"convolve_{mode}_swapped", "interp", "convolve", {"mode": mode}, ["kernel_f64_4", "f64_10"],
                 np.convolve(INPUTS["kernel_f64_4"], INPUTS["f64_10"], mode))
        add_case(f"correlate_{mode}", "interp", "correlate", {"mode": mode}, ["f64_10", "kernel_f64_4"],
                 np.correlate(INPUTS["f64_10"], INPUTS["kernel_f64_4"], mode))
    add_case("convolve_ints", "interp", "convolve", {"mode": "full"}, ["i64_12", "k_i64_3"],
             np.convolve(INPUTS["i64_12"], INPUTS["k_i64_3"]))


def eigh_signed(a):
    w, v = np.linalg.eigh(a)
    v = v.copy()
    for c in range(v.shape[1]):
        col = v[:, c]
        big = 0
        for r in range(1, len(col)):
            if abs(col[r]) > abs(col[big]) + 1e-12:
                big = r
        if col[big] < 0:
            v[:, c] = -col
    return w, v


def linalg_cases():
    for name in ["sq_f64_4x4", "gen_f64_4x4", "sing_f64_3x3"]:
        a = INPUTS[name]
        add_case(f"det_{name}", "linalg", "det", {}, [name], np.linalg.det(a), scale=1.0)
        sign, logdet = np.linalg.slogdet(a)
        add_case(f"slogdet_{name}_0", "linalg", "slogdet", {"output": 0}, [name], sign)
        add_case(f"slogdet_{name}_1", "linalg", "slogdet", {"output": 1}, [name], logdet, scale=1.0)
    w, v = eigh_signed(INPUTS["sq_f64_4x4"])
    add_case("eigh_sq_0", "linalg", "eigh", {"output": 0}, ["sq_f64_4x4"], w, scale=1.0)
    add_case("eigh_sq_1", "linalg", "eigh", {"output": 1}, ["sq_f64_4x4"], v, scale=1.0)
    add_case("eigvalsh_gen_lower", "linalg", "eigvalsh", {}, ["gen_f64_4x4"], np.linalg.eigvalsh(INPUTS["gen_f64_4x4"]),
             scale=1.0, note="only the lower triangle is read")
    for name in ["tall_f64_7x3", "m_f64_2x3", "sing_f64_3x3", "rank2_f64_6x4"]:
        add_case(f"pinv_{name}", "linalg", "pinv", {}, [name], np.linalg.pinv(INPUTS[name]), scale=1.0)
        add_case(f"matrix_rank_{name}", "linalg", "matrix_rank", {}, [name],
                 np.int64(np.linalg.matrix_rank(INPUTS[name])))
    add_case("matrix_rank_vector", "linalg", "matrix_rank", {}, ["f64_10"],
             np.int64(np.linalg.matrix_rank(INPUTS["f64_10"])))


def main():
    require_numpy2()
    define_inputs()
    diff_cases()
    space_cases()
    join_cases()
    products_cases()
    close_cases()
    elementwise_cases()
    more_elementwise_cases()
    frexp_partition_cases()
    shape_cases()
    index_set_cases()
    where_cases()
    interp_cases()
    linalg_cases()
    G.write()
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {tree_bytes(GOLDEN)} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
