"""Golden answers of issue 18's last breadth items: rolling(w).count() (pandas 1.5 applies min_periods to the
window's rows; rolling(w) without min_periods counts from the first row) and stack/unstack of one level (as
df.stack().reset_index() and its inverse pivot, Mars having no MultiIndex), computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_breadth3.py

It writes integration-tests/src/test/resources/golden/dataframe/breadth3.json: the input frames ("df" as in
golden_dataframe.py; "d" with datetimes, text and more nulls) and, per case, pandas' result as a table (the
conventions of golden_dataframe_ops.py). The Java test (io.mars.it.golden.DataFrameBreadth3GoldenTest) builds the
same expression with Mars for each case name and runs it with one chunk, a chunk per row and uneven chunks; "e" is
the empty frame of df's columns.
"""

import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import frame
from golden_dataframe_ops import col
from golden_dataframe_timedelta import table

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "breadth3.json"


def second():
    t = pd.to_datetime(["2024-02-29", None, None, "2023-07-04", None, "2024-03-10", "1970-01-01", None, None,
                        "2021-01-03"])
    v = [1.0, np.nan, np.nan, np.nan, 2.0, np.nan, 3.0, 4.0, np.nan, np.nan]
    w = ["a", None, "b", None, None, "c", "d", None, "e", "f"]
    return pd.DataFrame({"t": t, "v": pd.Series(v, dtype="float64"), "w": pd.Series(w, dtype="object")})


def cases(df, d):
    e = df.iloc[0:0]
    return {
        # rolling(w).count(): min_periods counts the window's rows
        "rolling_x_3_count": lambda: col(df.x.rolling(3).count(), "x"),
        "rolling_x_3_count_min_2": lambda: col(df.x.rolling(3, min_periods=2).count(), "x"),
        "rolling_x_3_count_min_3": lambda: col(df.x.rolling(3, min_periods=3).count(), "x"),
        "rolling_x_1_count": lambda: col(df.x.rolling(1).count(), "x"),
        "rolling_x_5_count_min_0": lambda: col(df.x.rolling(5, min_periods=0).count(), "x"),
        "rolling_y_4_count": lambda: col(df.y.rolling(4).count(), "y"),
        "rolling_s_2_count": lambda: col(df.s.rolling(2).count(), "s"),
        "rolling_b_3_count_min_3": lambda: col(df.b.rolling(3, min_periods=3).count(), "b"),
        "rolling_frame_3_count": lambda: df[["x", "y", "s", "g"]].rolling(3).count(),
        "rolling_frame_4_count_min_4": lambda: df[["x", "s"]].rolling(4, min_periods=4).count(),
        "rolling_d_3_count": lambda: d.rolling(3).count(),
        "rolling_d_2_count_min_2": lambda: d.rolling(2, min_periods=2).count(),
        "rolling_v_30_count": lambda: col(d.v.rolling(30).count(), "v"),
        "rolling_filtered_count": lambda: col(df[df.y > 0].x.rolling(3, min_periods=2).count(), "x"),
        "empty_rolling_count": lambda: col(e.x.rolling(3).count(), "x"),
        # stack (dropna=True) as df.stack().reset_index(): Mars has no MultiIndex, its levels are columns
        "stack_x_y": lambda: df[["x", "y"]].stack().reset_index(),
        "stack_ints": lambda: df[["y", "k"]].stack().reset_index(),
        "stack_strings": lambda: df[["s", "g"]].stack().reset_index(),
        "stack_dates": lambda: d[["t"]].stack().reset_index(),
        "stack_after_filter": lambda: df[df.y > 0][["x", "y"]].stack().reset_index(),
        "stack_named_index": lambda: df.set_index("k")[["x", "y"]].stack().reset_index(),
        "empty_stack": lambda: e[["x", "y"]].stack().reset_index(),
        # unstack of a stacked frame, the labels' column named level_0 (pandas leaves the index unnamed)
        "unstack_x_y": lambda: unstacked(df[["x", "y"]].stack()),
        "unstack_strings": lambda: unstacked(df[["s", "g"]].stack()),
        "unstack_after_filter": lambda: unstacked(df[df.y > 0][["x", "y"]].stack()),
        # pandas keeps int64 when no cell is missing; Mars' unstack is a pivot, whose left join gives float64
        "unstack_ints_full": lambda: unstacked(df[["y", "k"]].stack()).astype({"y": "float64", "k": "float64"}),
    }


def unstacked(s):
    return s.unstack().rename_axis("level_0").rename_axis(None, axis=1).reset_index()


def main():
    # rolling(w).count() without min_periods warns that pandas 2 will change it (to min_periods=w)
    warnings.simplefilter("ignore", FutureWarning)
    df, d = frame(), second()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_breadth3.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df), "d": table(d)},
        "cases": {name: table(fn()) for name, fn in cases(df, d).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
