#!/usr/bin/env python3
"""Writes the golden files of the creation functions (linspace, eye, identity, diag, tril/triu, *_like) and of
.npy reading, which io.mars.it.golden.CreationGoldenTest and NpyGoldenTest check Mars against.

How to run (from the repository root; needs python3 and numpy 2.x):

    python3 integration-tests/src/test/python/golden_creation-random.py

It replaces integration-tests/src/test/resources/golden/creation-random/ with:

    inputs/<name>.npy     input arrays (exact small integers and halves, so no platform dependence)
    expected/<case>.npy   numpy's result of each case
    npy/<name>.npy        files numpy.save wrote, one per dtype and shape; the Java test reads them with
                          Tensors.fromNpy and compares them with the same file read by its own reader, and checks
                          that Java's writer produces the very same bytes
    cases.tsv             the manifest (same columns as golden/cases.tsv); its first line names the numpy version

Random functions have no golden values: Mars's generator is its own (see RandomDistributionTest).
Conventions as in make_golden.py: params are key=value;... with comma lists, "none" for None.
"""

from pathlib import Path

import numpy as np

from golden_common import DTYPES, GOLDEN_ROOT, Golden, prepare_dirs, require_numpy2, tree_bytes, write_npy

GOLDEN = GOLDEN_ROOT / "creation-random"
# Normal quantiles: bin edges for the distribution test of the randn kernel in mars-container.
QUANTILES = (Path(__file__).resolve().parents[4] / "mars-container" / "src" / "test" / "resources" / "golden"
             / "creation-random" / "normal_quantiles.npy")
EMPTY_NOTE = "numpy.empty* leave memory uninitialized; Mars fills zeros, so expected = zeros*"

G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input = G.inputs, G.cases, G.add_input
NPY_FILES = {}


def add_case(name, op, params, inputs, result, note=""):
    G.add_case(name, "creation-random", op, params, inputs, result, note=note)


def define_inputs():
    add_input("f64_5", np.arange(5) * 1.5 - 2)
    add_input("i32_4", np.arange(1, 5, dtype=np.int32) * 3)
    add_input("b_3", np.array([True, False, True]))
    add_input("f64_empty", np.zeros(0))
    add_input("f64_6x4", (np.arange(24).reshape(6, 4) - 10) * 0.5)
    add_input("i64_5x7", np.arange(35, dtype=np.int64).reshape(5, 7) - 17)
    add_input("i16_2x3x4", np.arange(24, dtype=np.int16).reshape(2, 3, 4) + 1)
    add_input("b_4x4", (np.arange(16).reshape(4, 4) % 3) != 0)
    add_input("f32_3x5", np.arange(15, dtype=np.float32).reshape(3, 5) * 0.25)
    G.add_standard("f64_0x3")


def linspace_cases():
    def case(name, start, stop, num, endpoint=True, dtype=None):
        result = np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype)
        add_case(name, "linspace", {"start": repr(float(start)), "stop": repr(float(stop)), "num": num,
                                    "endpoint": endpoint, "dtype": dtype or "float64"}, [], result)

    case("linspace_0_1_5", 0, 1, 5)
    case("linspace_0_1_5_open", 0, 1, 5, endpoint=False)
    case("linspace_neg_13", -3.5, 7.25, 13)
    case("linspace_descending", 10, 0, 6)
    case("linspace_1000", -1, 1, 1000)
    case("linspace_1000_open", 0.1, 0.7, 1000, endpoint=False)
    case("linspace_constant", 2.5, 2.5, 4)
    case("linspace_underflow_step", 0, 3 * 5e-324, 10)
    case("linspace_num0", 0, 1, 0)
    case("linspace_num1", 3, 7, 1)
    case("linspace_num1_open", 3, 7, 1, endpoint=False)
    case("linspace_num2", -1, 1, 2)
    case("linspace_int64", -5, 5, 7, dtype="int64")
    case("linspace_int32_open", 0, 10, 4, endpoint=False, dtype="int32")
    case("linspace_int8_neg", -3, 2, 9, dtype="int8")
    case("linspace_float32", 0, 1, 7, dtype="float32")
    case("linspace_bool", 0, 1, 3, dtype="bool")


def eye_cases():
    def case(name, n, m=None, k=0, dtype="float64"):
        add_case(name, "eye", {"n": n, "m": m, "k": k, "dtype": dtype}, [], np.eye(n, m, k, dtype=dtype))

    case("eye_4", 4)
    case("eye_3x5_k1", 3, 5, 1)
    case("eye_5x3_km2", 5, 3, -2)
    case("eye_6x4_k3", 6, 4, 3)
    case("eye_4_k5", 4, 4, 5)
    case("eye_4_km4", 4, 4, -4)
    case("eye_0", 0)
    case("eye_3x0", 3, 0)
    case("eye_4_int32", 4, None, 0, "int32")
    case("eye_3x4_km1_bool", 3, 4, -1, "bool")
    case("eye_7_int8_k2", 7, 7, 2, "int8")
    case("eye_5_float32", 5, None, -1, "float32")
    add_case("identity_5", "identity", {"n": 5, "dtype": "float64"}, [], np.identity(5))
    add_case("identity_3_int16", "identity", {"n": 3, "dtype": "int16"}, [], np.identity(3, dtype="int16"))
    add_case("identity_0", "identity", {"n": 0, "dtype": "float64"}, [], np.identity(0))


def diag_cases():
    def case(name, a, k):
        add_case(name, "diag", {"k": k}, [a], np.diag(INPUTS[a], k))

    case("diag_vector", "f64_5", 0)
    case("diag_vector_k2", "f64_5", 2)
    case("diag_vector_km3", "f64_5", -3)
    case("diag_vector_int32_k1", "i32_4", 1)
    case("diag_vector_bool_km1", "b_3", -1)
    case("diag_vector_empty", "f64_empty", 0)
    case("diag_vector_empty_k2", "f64_empty", 2)
    case("diag_matrix", "f64_6x4", 0)
    case("diag_matrix_k1", "f64_6x4", 1)
    case("diag_matrix_km2", "f64_6x4", -2)
    case("diag_matrix_km5", "f64_6x4", -5)
    case("diag_matrix_k4_empty", "f64_6x4", 4)
    case("diag_matrix_km6_empty", "f64_6x4", -6)
    case("diag_matrix_int64_k3", "i64_5x7", 3)
    case("diag_matrix_bool", "b_4x4", 0)
    case("diag_matrix_0x3", "f64_0x3", 0)


def triangle_cases():
    def case(fn, a, k):
        name = f"{fn}_{a}_k{k}".replace("-", "m")
        add_case(name, fn, {"k": k}, [a], getattr(np, fn)(INPUTS[a], k))

    for fn in ["tril", "triu"]:
        for k in [0, -1, 2, -7, 9]:
            case(fn, "f64_6x4", k)
        case(fn, "i64_5x7", 1)
        case(fn, "i16_2x3x4", 0)
        case(fn, "i16_2x3x4", -1)
        case(fn, "b_4x4", 0)
        case(fn, "f32_3x5", 2)
        case(fn, "f64_5", 0)
        case(fn, "f64_5", -2)
        case(fn, "f64_0x3", 0)


def like_cases():
    def case(name, fn, a, value=None, dtype=None, note=""):
        src = INPUTS[a]
        if fn == "full_like":
            result = np.full_like(src, value, dtype=dtype)
        elif fn == "empty_like":
            result = np.zeros_like(src, dtype=dtype)
        else:
            result = getattr(np, fn)(src, dtype=dtype)
        params = {"fn": fn, "dtype": dtype}
        if value is not None:
            params["value"] = repr(value)
            params["kind"] = type(value).__name__
        add_case(name, "like", params, [a], result, note)

    case("zeros_like_f64", "zeros_like", "f64_6x4")
    case("zeros_like_int32", "zeros_like", "i32_4")
    case("zeros_like_to_bool", "zeros_like", "i16_2x3x4", dtype="bool")
    case("ones_like_int16", "ones_like", "i16_2x3x4")
    case("ones_like_bool", "ones_like", "b_4x4")
    case("ones_like_to_float32", "ones_like", "i64_5x7", dtype="float32")
    case("ones_like_empty", "ones_like", "f64_0x3")
    case("empty_like_f32", "empty_like", "f32_3x5", note=EMPTY_NOTE)
    case("empty_like_to_int8", "empty_like", "f64_5", dtype="int8", note=EMPTY_NOTE)
    case("full_like_int_truncates", "full_like", "i64_5x7", value=2.7)
    case("full_like_int_negative_float", "full_like", "i32_4", value=-2.7)
    case("full_like_float", "full_like", "f64_6x4", value=-1.25)
    case("full_like_bool", "full_like", "b_3", value=5)
    case("full_like_to_int16", "full_like", "f64_5", value=3, dtype="int16")
    case("full_like_float_to_float32", "full_like", "f64_6x4", value=0.1, dtype="float32")


def npy_files():
    for dtype in DTYPES:
        a = np.arange(-7, 17).reshape(2, 3, 4)
        if dtype == "bool":
            a = a % 3 == 0
        elif dtype.startswith("float"):
            a = a * 0.75
        NPY_FILES[f"{dtype}_2x3x4"] = (a.astype(dtype), (1, 0))
        NPY_FILES[f"{dtype}_7"] = (np.arange(7).astype(dtype), (1, 0))
    NPY_FILES["float64_0d"] = (np.array(2.5), (1, 0))
    NPY_FILES["int32_0d"] = (np.array(-4, dtype=np.int32), (1, 0))
    NPY_FILES["float64_empty_0x5"] = (np.zeros((0, 5)), (1, 0))
    NPY_FILES["int64_empty"] = (np.zeros(0, dtype=np.int64), (1, 0))
    NPY_FILES["float64_11x13_v2"] = (np.arange(143).reshape(11, 13) / 8.0, (2, 0))
    NPY_FILES["int16_v2"] = (np.arange(-50, 50, dtype=np.int16), (2, 0))
    NPY_FILES["float32_nan_inf"] = (np.array([np.nan, np.inf, -np.inf, -0.0, 1e-40], dtype=np.float32), (1, 0))
    NPY_FILES["float64_100x3"] = (np.sin(np.arange(300).reshape(100, 3)).round(6), (1, 0))


def normal_quantiles():
    """p and scipy's ndtri(p), the bin edges of the chi-square test of the randn kernel: centre and tails."""
    from scipy.special import ndtri
    ps = [2.0 ** -54, 2.0 ** -53 * 1.5, 1e-16, 1e-12, 1e-10, 1e-8, 1e-6, 1e-5, 2e-5, 5e-5, 1e-4, 1.3e-4, 2e-4,
          5e-4, 1e-3, 0.01,
          0.02425, 0.05, 0.074, 0.075, 0.0751, 0.1, 0.2, 0.3, 0.4, 0.45, 0.49, 0.5, 0.5 + 2.0 ** -40]
    ps += list(np.linspace(0.001, 0.999, 101))
    ps += [1 - x for x in ps if x < 0.5]
    p = np.array(sorted(x for x in set(ps) if 0 < x < 1), dtype=np.float64)
    QUANTILES.parent.mkdir(parents=True, exist_ok=True)
    write_npy(QUANTILES, np.stack([p, ndtri(p)]))


def write():
    G.write()
    prepare_dirs(GOLDEN, ["npy"], clear=None)
    for name, (arr, version) in NPY_FILES.items():
        write_npy(GOLDEN / "npy" / f"{name}.npy", arr, version)
    (GOLDEN / "npy" / "index.txt").write_text("\n".join(NPY_FILES) + "\n")


def main():
    require_numpy2()
    define_inputs()
    linspace_cases()
    eye_cases()
    diag_cases()
    triangle_cases()
    like_cases()
    npy_files()
    normal_quantiles()
    write()
    total = tree_bytes(GOLDEN)
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {len(NPY_FILES)} npy files, {total} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
