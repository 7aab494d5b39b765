"""Golden answers for LocalTable.toString(): pandas' repr(df) for a set of frames.

How the committed file was produced (pandas 1.5; the tests never run python):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3
    /usr/bin/python3 integration-tests/src/test/python/golden_printing_pandas.py

It writes integration-tests/src/test/resources/golden/printing/table.json: per case its columns (name, Mars dtype
name, values with null for a missing value and "nan"/"inf"/"-inf" spelled as strings), the optional index (name,
dtype, values) and pandas' repr. pandas prints a frame according to where it runs (terminal size, notebook); these
are the options it uses outside a terminal, as in a notebook: display.max_rows 60, display.min_rows 10,
display.max_columns 20, display.width 80, display.precision 6, display.max_colwidth 50. The Java test
(io.mars.it.golden.PrintingGoldenTest) builds the same LocalTable and compares its toString() with repr.

Mars types map to pandas as: int32/int64/float32/float64/bool as numpy's; a null in an int or bool column as
pandas' nullable Int64/Int32/boolean (printed <NA>); string as object with NaN for null; timestamp as
datetime64[ns] (NaT for null), spelled in the file as nanoseconds since the epoch; timedelta as timedelta64[ns]
(NaT for null), spelled as nanoseconds.
"""

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "printing" / "table.json"

pd.set_option("display.max_rows", 60)
pd.set_option("display.min_rows", 10)
pd.set_option("display.max_columns", 20)
pd.set_option("display.width", 80)
pd.set_option("display.precision", 6)
pd.set_option("display.max_colwidth", 50)
pd.set_option("display.expand_frame_repr", True)
pd.set_option("display.show_dimensions", "truncate")


def spell(v):
    if v is None:
        return None
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    if isinstance(v, str):
        return v
    f = float(v)
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return f


def series(dtype, values, name=None):
    """A pandas series holding what a Mars column of `dtype` with `values` (None for null) holds."""
    has_null = any(v is None for v in values)
    if dtype in ("int32", "int64"):
        pd_dtype = ("Int32" if dtype == "int32" else "Int64") if has_null else dtype
        return pd.Series(pd.array(values, dtype=pd_dtype), name=name)
    if dtype == "bool":
        return pd.Series(pd.array(values, dtype="boolean" if has_null else "bool"), name=name)
    if dtype in ("float32", "float64"):
        return pd.Series(np.array([np.nan if v is None else v for v in values], dtype=dtype), name=name)
    if dtype == "string":
        return pd.Series(np.array([np.nan if v is None else v for v in values], dtype=object), name=name)
    if dtype == "timestamp":
        return pd.Series(pd.to_datetime([v for v in values]), name=name)
    if dtype == "timedelta":
        return pd.Series(pd.to_timedelta([v for v in values]), name=name)
    raise ValueError(dtype)


def spell_all(dtype, values):
    """Values as JSON keeps them; timestamps as nanoseconds since the epoch (UTC)."""
    if dtype == "timestamp":
        return [None if v is None else int(pd.Timestamp(v).value) for v in values]
    if dtype == "timedelta":
        return [None if v is None else int(pd.Timedelta(v).value) for v in values]
    return [spell(v) for v in values]


CASES = []


def case(name, columns, index=None):
    """columns: list of (name, dtype, values); index: (name or None, dtype, values) or None for a RangeIndex."""
    data = {}
    for cname, dtype, values in columns:
        data[cname] = series(dtype, values).values
    n = len(columns[0][2]) if columns else (len(index[2]) if index else 0)
    idx = None if index is None else pd.Index(series(index[1], index[2]), name=index[0])
    df = pd.DataFrame(data, index=idx if idx is not None else pd.RangeIndex(n), columns=[c[0] for c in columns])
    CASES.append({
        "name": name,
        "columns": [{"name": c, "dtype": d, "values": spell_all(d, vals)} for c, d, vals in columns],
        "index": None if index is None else {"name": index[0], "dtype": index[1],
                                              "values": spell_all(index[1], index[2])},
        "repr": repr(df),
    })


rng = np.random.default_rng(11)

case("ints", [("a", "int64", [1, 2, 3]), ("b", "int64", [-10, 200, 3000])])
case("int32_and_negative", [("x", "int32", [-1, 0, 1, -123])])
case("floats", [("x", "float64", [1.5, -2.25, 0.0, 4.0]), ("y", "float64", [1.0, 2.0, 3.0, 4.0])])
case("floats_nan_inf", [("x", "float64", [1.5, None, float("inf"), float("-inf")])])
case("floats_all_nan", [("x", "float64", [None, None])])
case("floats_random", [("r", "float64", list(rng.standard_normal(6))), ("u", "float64", list(rng.random(6)))])
case("floats_large", [("big", "float64", [1.5e7, 2.0, 3.25])])
case("floats_small", [("small", "float64", [1e-7, 0.5, 2.0])])
case("floats_large_and_long", [("x", "float64", [123456789.123, 0.000123, 1.0])])
case("floats_rounding", [("x", "float64", [0.1 + 0.2, 2.675, 1.0000005, 0.1234567])])
case("float32", [("f", "float32", [0.1, 0.25, -1.5])])
case("bools", [("flag", "bool", [True, False, True])])
case("strings", [("s", "string", ["a", "bb", None, "a longer string"])])
case("string_too_long", [("s", "string", ["x" * 60, "short"])])
case("string_escapes", [("s", "string", ["tab\there", "line\nbreak"])])
case("nullable_ints", [("n", "int64", [1, None, 300]), ("b", "bool", [True, None, False])])
case("timestamps_dates", [("t", "timestamp", ["2024-01-01", "2024-02-29", None])])
case("timestamps_times", [("t", "timestamp", ["2024-01-01 10:30:00", "2024-01-02 00:00:00"])])
case("timestamps_millis", [("t", "timestamp", ["2024-01-01 10:30:00.125", "2024-01-02 00:00:00"])])
case("timedeltas", [("d", "timedelta", ["1 days 02:00:00", None, "-3h", "00:00:01.5",
                                          "-1 days +23:59:59.999999999", "40 days 00:00:00.000001"])])
case("timedeltas_whole_days", [("d", "timedelta", ["1 days", "-2 days", None, "0 days"]),
                               ("n", "int64", [1, 2, 3, 4])])
case("mixed", [("id", "int64", [1, 2, 3]), ("name", "string", ["ann", "bob", "cy"]),
               ("score", "float64", [9.5, None, 7.25]), ("ok", "bool", [True, False, True])])
case("long_header", [("a_very_long_column_name", "int64", [1, 2])])
case("short_header_wide_values", [("a", "int64", [123456, 7])])
case("one_row", [("a", "int64", [5])])
case("string_index", [("v", "int64", [10, 20, 30])], index=(None, "string", ["x", "yy", "zzz"]))
case("named_string_index", [("v", "float64", [1.0, 2.5])], index=("key", "string", ["first", "second"]))
case("int_index_negative", [("v", "int64", [1, 2, 3])], index=(None, "int64", [-1, 5, 100]))
case("named_int_index", [("v", "int64", [7, 8])], index=("k", "int64", [3, 4]))
case("rows_60_not_truncated", [("i", "int64", list(range(60))), ("sq", "float64", [i * i / 7 for i in range(60)])])
case("rows_61_truncated", [("i", "int64", list(range(61))), ("s", "string", [f"row{i}" for i in range(61)])])
case("rows_1000_truncated", [("i", "int64", list(range(1000))), ("x", "float64", [i / 3 for i in range(1000)])])
case("rows_truncated_narrow", [("b", "bool", [i % 2 == 0 for i in range(100)])])
case("rows_truncated_string_index", [("v", "int64", list(range(70)))],
     index=("name", "string", [f"k{i}" for i in range(70)]))
case("columns_wrap", [(f"column_{i}", "float64", [i + 0.5, -i - 0.25]) for i in range(9)])
case("columns_21_truncated", [(f"c{i}", "int64", [i, i * 10]) for i in range(21)])
case("rows_and_columns_truncated", [(f"c{i}", "int64", list(range(i, i + 80))) for i in range(25)])
case("empty_rows", [("a", "int64", []), ("b", "string", [])])
case("no_columns", [], index=(None, "int64", [0, 1, 2]))
case("empty", [])

out = {"pandas": pd.__version__, "numpy": np.__version__, "cases": CASES}
OUT.parent.mkdir(parents=True, exist_ok=True)
# one case per line: readable diffs when a case changes, without a line per value
lines = ",\n".join(json.dumps(c) for c in out.pop("cases"))
head = json.dumps(out)[:-1]
OUT.write_text(head + ', "cases": [\n' + lines + "\n]}\n")
print(f"wrote {len(CASES)} cases to {OUT}")
