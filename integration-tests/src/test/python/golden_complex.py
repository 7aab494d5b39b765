"""Golden cases for complex dtypes in the element-wise functions, nan-reductions and scans (ComplexGoldenTest).

Run with numpy 2 (pyenv's python3): python3 golden_complex.py; it rewrites
integration-tests/src/test/resources/golden/complex/{inputs,expected}/ and cases.tsv, one case per line:
name, inputs (space-separated input names), numpy dtype of the result, scale, exact-zeros flag.
scale 0 means every element is held to 1e-12 of its own magnitude (1e-6 for complex64/float32 results); a positive
scale (sums and scans, where terms cancel) is the magnitude the tolerance is relative to instead: the same reduction
of abs(x). The exact-zeros flag 1 means the sign of every zero part must agree too (the special-value cases, where the
side of a branch cut is told by the sign of a zero).
The Java test builds the same expression for every case name and checks it under several chunkings.
"""
import os
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "resources", "golden", "complex")
rng = np.random.default_rng(1818)

inf, nan = np.inf, np.nan


def cplx(*shape, dtype=np.complex128, scale=1.0):
    return ((rng.standard_normal(shape) + 1j * rng.standard_normal(shape)) * scale).astype(dtype)


# branch cuts with both signs of zero, the axes, points near 0 and 1, infinities and NaNs
SPECIAL = np.array([complex(a, b) for a, b in [
    (0.0, 0.0), (0.0, -0.0), (-0.0, 0.0), (-0.0, -0.0),
    (2.0, 0.0), (2.0, -0.0), (-2.0, 0.0), (-2.0, -0.0), (0.5, 0.0), (0.5, -0.0), (-0.5, -0.0),
    (0.0, 2.0), (-0.0, 2.0), (0.0, -2.0), (-0.0, -2.0), (0.0, 0.5), (-0.0, -0.5),
    (1.0, 0.0), (-1.0, 0.0), (1.0, -0.0), (0.0, 1.0), (0.0, -1.0),
    (1e-9, 1e-9), (-1e-9, 2e-9), (3e-300, 0.0), (1e5, -1e5), (-30.0, 0.5), (30.0, -2.0),
    (inf, 0.0), (-inf, 0.0), (inf, -0.0), (0.0, inf), (0.0, -inf), (inf, inf), (-inf, -inf), (1.0, inf),
    (inf, 1.0), (-inf, 1.0), (-inf, -1.0), (nan, 0.0), (0.0, nan), (nan, nan), (inf, nan), (nan, inf),
    (1.0, nan), (nan, 1.0),
]])
INPUTS = {
    "z13": cplx(13, scale=1.5),
    "z2": cplx(6, 10),
    "zsp": SPECIAL,
    "c64": cplx(9, dtype=np.complex64),
    "z0": np.array(0.75 - 0.5j),
    "zempty": np.zeros((0, 3), dtype=np.complex128),
    "zround": (np.arange(12) * 0.25 - 1.3) + 1j * (np.arange(12) * 0.375 - 2.05),
    "zsmall": cplx(11, scale=1e-6),
}
z2nan = cplx(5, 7)
z2nan[0, 1] = complex(nan, 1.0)
z2nan[2, 3] = complex(2.0, nan)
z2nan[4, 6] = complex(nan, nan)
z2nan[3, :] = complex(nan, 0.5)          # an all-NaN row
INPUTS["z2nan"] = z2nan
c64nan = cplx(4, 5, dtype=np.complex64)
c64nan[1, 2] = complex(nan, 0)
INPUTS["c64nan"] = c64nan
INPUTS["c64_2d"] = cplx(5, 4, dtype=np.complex64)
# real inputs for complex scalars (x * 1j): numpy 2 gives complex64 for float32, complex128 for ints and float64
INPUTS["r13"] = rng.standard_normal(13)
INPUTS["r2"] = rng.standard_normal((6, 10))
INPUTS["f32"] = rng.standard_normal(9).astype(np.float32)
INPUTS["i13"] = rng.integers(-5, 6, 13)
INPUTS["i32"] = rng.integers(-100, 100, 7).astype(np.int32)
zeq = cplx(8)
zeq[[1, 4, 5]] = 1 + 2j
zeq[6] = 1 - 2j
zeq[7] = 2 + 1j
INPUTS["zeq"] = zeq


def put(x, mask, value):
    y = x.copy()
    y[mask] = value
    return y


UNARY = ["exp", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
         "arctanh", "exp2", "expm1", "log2", "log10", "log1p", "sign", "square", "reciprocal", "rint",
         "isnan", "isinf", "isfinite"]

CASES = []
for f in UNARY:
    fn = getattr(np, f)
    CASES.append((f, "z13", fn, 0))
    CASES.append((f + "_2d", "z2", fn, 0))
    CASES.append((f + "_c64", "c64", fn, 0))
    # the special values hold 1e-9 + 1e-9j, where numpy's log1p has 8 digits (see the _small cases below)
    CASES.append((f + "_special", "zsp", fn, 1.0 if f == "log1p" else 0))
    CASES.append((f + "_0d", "z0", fn, 0))
# near 0; log1p is held to 1e-12 of |1 + z| there: numpy's log(hypot(1 + x, y)) keeps only about 10 digits of a
# result of 1e-6, Mars's log1p(x (2 + x) + y^2) / 2 all of them
for f in ["sin", "arcsin", "arctan", "arcsinh", "arctanh", "tan", "tanh", "sinh", "expm1", "log1p"]:
    CASES.append((f + "_small", "zsmall", getattr(np, f), 1.0 if f == "log1p" else 0))
for f in ["sin", "arccosh", "log1p", "sign"]:
    CASES.append((f + "_empty", "zempty", getattr(np, f), 0))
CASES += [
    ("equal_special", "zsp zsp", np.equal, 0), ("not_equal_special", "zsp zsp", np.not_equal, 0),
    ("around", "zround", np.round, 0), ("around_1", "zround", lambda x: np.round(x, 1), 0),
    ("around_m1", "z13", lambda x: np.round(x * 100, -1), 0), ("around_c64_2", "c64", lambda x: np.round(x, 2), 0),
    ("around_special", "zsp", np.round, 0),
]
# the data movements that were refused on complex before: diagonal, boolean masks, take, put
CASES += [
    ("diagonal", "z2", np.diagonal, 0), ("diagonal_c64", "c64_2d", np.diagonal, 0),
    ("mask_select", "z2", lambda x: x[x.real > 0], 0), ("mask_select_c64", "c64", lambda x: x[x.imag < 0], 0),
    ("take", "z13", lambda x: np.take(x, [3, 0, 12, 3, -1]), 0),
    ("take_axis1", "z2", lambda x: np.take(x, [9, 0, 4], axis=1), 0),
    ("take_c64_axis0", "c64_2d", lambda x: np.take(x, [4, 1], axis=0), 0),
    ("put_scalar", "z2", lambda x: put(x, x.real > 0.5, 2.5), 0),
    ("put_c64", "c64_2d", lambda x: put(x, x.imag > 0, -1), 0),
]
# nan reductions: scale = the same reduction of abs for sums, 0 (own magnitude) for the others
SUMS = [
    ("nansum", "z2nan", np.nansum, lambda x: np.nansum(np.abs(x))),
    ("nansum_axis0", "z2nan", lambda x: np.nansum(x, axis=0), lambda x: np.nansum(np.abs(x))),
    ("nansum_axis1_keepdims", "z2nan", lambda x: np.nansum(x, axis=1, keepdims=True), lambda x: np.nansum(np.abs(x))),
    ("nansum_c64", "c64nan", np.nansum, lambda x: np.nansum(np.abs(x))),
    ("nansum_empty", "zempty", lambda x: np.nansum(x, axis=0), lambda x: 1.0),
    ("nanmean", "z2nan", np.nanmean, lambda x: np.nanmean(np.abs(x))),
    ("nanmean_axis0", "z2nan", lambda x: np.nanmean(x, axis=0), lambda x: np.nanmax(np.abs(x))),
    ("nanmean_axis1", "z2nan", lambda x: np.nanmean(x, axis=1), lambda x: np.nanmax(np.abs(x))),
    ("nanmean_c64", "c64nan", np.nanmean, lambda x: np.nanmean(np.abs(x))),
    ("cumsum", "z13", np.cumsum, lambda x: np.sum(np.abs(x))),
    ("cumsum_axis0", "z2", lambda x: np.cumsum(x, axis=0), lambda x: np.sum(np.abs(x))),
    ("cumsum_axis1", "z2", lambda x: np.cumsum(x, axis=1), lambda x: np.sum(np.abs(x))),
    ("cumsum_2d_flat", "z2", np.cumsum, lambda x: np.sum(np.abs(x))),
    ("cumsum_c64", "c64", np.cumsum, lambda x: np.sum(np.abs(x))),
    ("nancumsum", "z2nan", np.nancumsum, lambda x: np.nansum(np.abs(x))),
    ("nancumsum_axis1", "z2nan", lambda x: np.nancumsum(x, axis=1), lambda x: np.nansum(np.abs(x))),
    ("cumsum_empty", "zempty", lambda x: np.cumsum(x, axis=0), lambda x: 1.0),
]
with np.errstate(all="ignore"):
    for name, ins, fn, scale in SUMS:
        CASES.append((name, ins, fn, float(scale(INPUTS[ins]))))
CASES += [
    ("nanprod", "z2nan", lambda x: np.nanprod(x[:, :4]), 0), ("nanprod_axis0", "z2nan", lambda x: np.nanprod(x, axis=0), 0),
    ("nanprod_axis1", "z2nan", lambda x: np.nanprod(x, axis=1), 0), ("nanprod_c64", "c64nan", lambda x: np.nanprod(x, axis=1), 0),
    ("nanvar", "z2nan", np.nanvar, 0), ("nanvar_axis0", "z2nan", lambda x: np.nanvar(x, axis=0), 0),
    ("nanvar_axis1_ddof1", "z2nan", lambda x: np.nanvar(x, axis=1, ddof=1), 0),
    ("nanstd", "z2nan", np.nanstd, 0), ("nanstd_axis1_keepdims", "z2nan", lambda x: np.nanstd(x, axis=1, keepdims=True), 0),
    ("nanstd_c64", "c64nan", np.nanstd, 0), ("nanvar_c64_axis0", "c64nan", lambda x: np.nanvar(x, axis=0), 0),
    ("cumprod", "z13", np.cumprod, 0), ("cumprod_axis0", "z2", lambda x: np.cumprod(x, axis=0), 0),
    ("cumprod_axis1", "z2", lambda x: np.cumprod(x, axis=1), 0), ("cumprod_c64", "c64", np.cumprod, 0),
    ("nancumprod", "z2nan", lambda x: np.nancumprod(x[:, :3]), 0),
    ("nancumprod_axis0", "z2nan", lambda x: np.nancumprod(x, axis=0), 0),
    ("nancumprod_axis1", "z2nan", lambda x: np.nancumprod(x, axis=1), 0),
    ("cumprod_empty", "zempty", lambda x: np.cumprod(x, axis=1), 0),
]

# complex scalars: Python's complex with real and complex arrays (Scalar.complex(re, im) in Mars)
CASES += [
    ("mul_1j", "r13", lambda x: x * 1j, 0), ("mul_1j_2d", "r2", lambda x: x * 1j, 0),
    ("mul_1j_f32", "f32", lambda x: x * 1j, 0), ("mul_complex_int", "i13", lambda x: x * (2 - 1j), 0),
    ("mul_1j_int32", "i32", lambda x: x * 1j, 0), ("mul_1j_bool", "i13", lambda x: (x > 0) * 1j, 0),
    ("mul_complex", "z13", lambda x: x * (0.5 - 2j), 0), ("mul_complex_c64", "c64", lambda x: x * (0.5 - 2j), 0),
    ("mul_1j_0d", "z0", lambda x: x * 1j, 0), ("mul_1j_empty", "zempty", lambda x: x * 1j, 0),
    ("add_complex", "r13", lambda x: x + (1 + 2j), 0), ("add_complex_f32", "f32", lambda x: x + (1 + 2j), 0),
    ("sub_complex", "z2", lambda x: x - 3j, 0), ("rsub_complex", "r13", lambda x: (1 + 2j) - x, 0),
    ("div_complex", "z2", lambda x: x / (3 - 4j), 0), ("div_complex_real", "r13", lambda x: x / 2j, 0),
    ("rdiv_complex", "z13", lambda x: (2 + 1j) / x, 0), ("power_complex", "z13", lambda x: x ** (0.5 + 0.5j), 0),
    ("power_1j_abs", "r13", lambda x: np.abs(x) ** 1j, 0),
    ("equal_complex", "zeq", lambda x: x == (1 + 2j), 0), ("not_equal_complex", "zeq", lambda x: x != (1 + 2j), 0),
    ("equal_1j_real", "r13", lambda x: x == 1j, 0),
    ("where_complex", "r13", lambda x: np.where(x > 0, x, 2j), 0),
    ("where_complex_c64", "c64", lambda x: np.where(x.real > 0, x, -1j), 0),
    ("where_complex_f32", "f32", lambda x: np.where(x > 0, 1 + 1j, x), 0),
    ("full_like_complex", "z2", lambda x: np.full_like(x, 1.5 - 2j), 0),
    ("full_like_complex_c64", "c64", lambda x: np.full_like(x, 0.25 + 4j), 0),
    ("full_complex", "r2", lambda x: np.full(x.shape, 1.5 - 2j), 0),
    ("put_complex_scalar", "z2", lambda x: put(x, x.real > 0, 1 - 1j), 0),
    ("put_complex_scalar_c64", "c64_2d", lambda x: put(x, x.imag < 0, -0.5j), 0),
]


def main():
    os.makedirs(os.path.join(OUT, "inputs"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "expected"), exist_ok=True)
    for name, a in INPUTS.items():
        np.save(os.path.join(OUT, "inputs", name + ".npy"), a)
    with open(os.path.join(OUT, "cases.tsv"), "w") as tsv, np.errstate(all="ignore"):
        for name, ins, fn, scale in CASES:
            args = [INPUTS[i] for i in ins.split()]
            result = np.asarray(fn(*args))
            np.save(os.path.join(OUT, "expected", name + ".npy"), result)
            signed = 1 if name.endswith("_special") else 0
            tsv.write(f"{name}\t{ins}\t{result.dtype}\t{scale!r}\t{signed}\n")


if __name__ == "__main__":
    main()
