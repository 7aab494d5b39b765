"""Golden answers for NDArray.toString() and NDArray.str(): numpy's repr(a) and str(a) for a set of arrays.

How the committed file was produced (numpy 2.x; the tests never run python):

    python3 integration-tests/src/test/python/golden_printing_numpy.py

It writes integration-tests/src/test/resources/golden/printing/ndarray.json: per case its name, dtype, shape, the
flat C-order values (floats as Python floats, with "nan", "inf", "-inf" and "-0.0" spelled as strings so that
JSON keeps them) and numpy's repr and str with the default print options (precision 8, threshold 1000,
edgeitems 3, linewidth 75). The Java test (io.mars.it.golden.PrintingGoldenTest) builds the same NDArray and
compares its toString() with repr and its str() with str.
"""

import json
import math
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "printing" / "ndarray.json"

if int(np.__version__.split(".")[0]) < 2:
    raise SystemExit(f"numpy 2.x is required (a summarised repr names its shape since numpy 2.2); found {np.__version__}")

np.set_printoptions()  # the defaults, whatever the environment says


def spell(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    f = float(v)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    if f == 0.0 and math.copysign(1.0, f) < 0:
        return "-0.0"
    return f


CASES = {}


def case(name, a):
    a = np.asarray(a)
    CASES[name] = a


rng = np.random.default_rng(7)

# ints of several widths, signs and shapes
case("int64_1d", np.arange(10))
case("int64_negative", np.array([-5, 12, 0, -300, 7]))
case("int32_1d", np.arange(-3, 4, dtype=np.int32))
case("int8_2d", np.arange(-6, 6, dtype=np.int8).reshape(3, 4))
case("int16_3d", np.arange(24, dtype=np.int16).reshape(2, 3, 4))
case("int64_4d", np.arange(16).reshape(2, 2, 2, 2))
case("int64_wraps", np.arange(0, 4000, 97))
case("int64_big_values", np.array([1, 10**12, -(10**15), 42]))
case("int64_scalar", np.array(7))
case("int32_scalar", np.array(-7, dtype=np.int32))
case("int64_summarised", np.arange(2000))
case("int64_summarised_2d", np.arange(100 * 50).reshape(100, 50))
case("int32_summarised_3d", np.arange(20 * 10 * 10, dtype=np.int32).reshape(20, 10, 10))
case("int64_exactly_threshold", np.arange(1000))
case("int64_long_axis_not_summarised", np.arange(30).reshape(2, 15))
case("int64_empty", np.array([], dtype=np.int64))
case("int32_empty", np.array([], dtype=np.int32))
case("float64_empty_2d", np.zeros((0, 3)))
case("int64_one_element", np.array([5]))
case("int64_column", np.arange(4).reshape(4, 1))

# bools
case("bool_1d", np.array([True, False, True]))
case("bool_2d", np.array([[True, False], [False, False]]))
case("bool_all_false", np.zeros(4, dtype=bool))
case("bool_scalar", np.array(True))
case("bool_summarised", np.arange(1500) % 3 == 0)

# floats: fixed notation
case("float64_1d", np.array([1.0, 2.5, -3.25]))
case("float64_integral", np.array([1.0, 2.0, 3.0]))
case("float64_2d", np.arange(12, dtype=np.float64).reshape(3, 4) / 4)
case("float64_3d", np.linspace(-1, 1, 24).reshape(2, 3, 4))
case("float64_thirds", np.array([1 / 3, 2 / 3, 1.0]))
case("float64_precision_cut", np.array([0.123456789123, 1.5]))
case("float64_rounding", np.array([0.1 + 0.2, 2.675, 1.005]))
case("float64_nan_inf", np.array([1.5, np.nan, -np.inf, np.inf, 0.0]))
case("float64_all_nan", np.array([np.nan, np.nan]))
case("float64_nan_and_inf_only", np.array([np.nan, -np.inf]))
case("float64_negative_zero", np.array([-0.0, 1.0]))
case("float64_scalar", np.array(2.5))
case("float64_scalar_third", np.array(1 / 3))
case("float64_scalar_nan", np.array(np.nan))
case("float64_scalar_big", np.array(1e20))
case("float64_scalar_small", np.array(1e-7))
case("float64_random_2d", rng.standard_normal((4, 5)))
case("float64_random_wraps", rng.random(20))
case("float64_summarised", np.linspace(0, 1, 2001))
case("float64_summarised_2d", rng.random((50, 40)))
case("float64_ones_summarised", np.ones((40, 40)))
case("float64_hundreds", np.array([100.5, 999.25, -250.0]))
case("float64_ratio_1000", np.array([1.0, 1000.0]))
# floats: where numpy switches to scientific notation
case("float64_large", np.array([1e8, 1.0]))
case("float64_large_mixed", np.array([1.5e10, -2.0, 3.25e-3]))
case("float64_small", np.array([1e-5, 0.5]))
case("float64_tiny", np.array([1.234e-20, 5.0e-21]))
case("float64_ratio_over_1000", np.array([0.5, 1000.0]))
case("float64_sci_with_nan", np.array([1e-10, np.nan, np.inf, 1.0]))
case("float64_sci_2d", np.array([[1e-9, 2.5], [3.0, 4e12]]))
case("float64_sci_exponent_3_digits", np.array([1e-300, 1e300]))
case("float64_zero_and_small", np.array([0.0, 1e-6]))
case("float64_zero_only", np.zeros(3))
# float32: its own shortest digits
case("float32_1d", np.array([0.1, 0.2, 1.5], dtype=np.float32))
case("float32_2d", (np.arange(6, dtype=np.float32) / 3).reshape(2, 3))
case("float32_sci", np.array([1e-6, 3.0e7, 1e9], dtype=np.float32))
case("float32_scalar", np.array(0.1, dtype=np.float32))
case("float32_nan", np.array([np.nan, 1.0], dtype=np.float32))

out = {"numpy": np.__version__, "cases": []}
for name, a in CASES.items():
    out["cases"].append({
        "name": name,
        "dtype": str(a.dtype),
        "shape": list(a.shape),
        "values": [spell(v) for v in a.ravel()],
        "repr": repr(a),
        "str": str(a),
    })
OUT.parent.mkdir(parents=True, exist_ok=True)
# one case per line: readable diffs when a case changes, without a line per value
lines = ",\n".join(json.dumps(c) for c in out.pop("cases"))
head = json.dumps(out)[:-1]
OUT.write_text(head + ', "cases": [\n' + lines + "\n]}\n")
print(f"wrote {len(CASES)} cases to {OUT}")
