"""Golden answers of the dataframe API (io.mars.dataframe), computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe.py

It writes integration-tests/src/test/resources/golden/dataframe/cases.json: the input frame (columns, pandas dtypes,
values with null for None/NaN) and, per case, pandas' result as a table. The Java test
(io.mars.it.golden.DataFrameGoldenTest) builds the same expression for each case name with the Mars API, runs it
with several row chunkings on a local cluster and compares. Conventions that bridge pandas and Mars:

  * A Series result is a one-column table named by the series' name ("" for None); a scalar (a series reduction)
    a one-row table of one column named as the series.
  * A DataFrame reduction (df.sum()) is a one-row table with the frame's column names (pandas gives a series
    indexed by the column names: the same values, transposed); each column is reduced on its own so that its
    dtype is pandas' dtype of that column's reduction.
  * groupby uses as_index=False (keys as columns, sorted, null keys dropped).
  * Row index labels are not compared, only the rows in order.
"""

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "cases.json"

# 23 rows; skewed keys (k is mostly 1), nulls in g, x and s, negative ints for floor division and modulo
K = [1, 1, 2, 1, 3, 1, 1, 2, 1, 1, 7, 1, 1, 1, 2, 1, 1, 3, 1, 1, 1, 1, 5]
G = ["a", "b", None, "a", "c", "b", "a", None, "c", "a", "b", "a", "a", "c", None, "b", "a", "a", "c", "b", "a",
     "b", "c"]
X = [1.5, -2.25, None, 4.0, 0.0, 3.5, None, -1.0, 2.75, 8.0, -6.5, 1.0, None, 0.5, 12.0, -3.0, 7.25, 1.0, None,
     2.0, -0.5, 9.0, 3.0]
Y = [3, -7, 4, 10, 0, -2, 5, 8, -1, 6, 12, -9, 2, 1, 11, 4, -3, 7, 9, -5, 13, 2, 6]
S = ["a", "bb", None, "a", "ccc", "dd", "a", "e", None, "bb", "f", "a", "gg", "h", "a", None, "ii", "j", "a", "kk",
     "l", "a", "m"]
B = [True, False, True, True, False, False, True, False, True, True, False, True, False, True, False, True, True,
     False, False, True, True, False, True]


def frame():
    return pd.DataFrame({
        "k": pd.Series(K, dtype="int64"),
        "g": pd.Series(G, dtype="object"),
        "x": pd.Series([np.nan if v is None else v for v in X], dtype="float64"),
        "y": pd.Series(Y, dtype="int64"),
        "s": pd.Series(S, dtype="object"),
        "b": pd.Series(B, dtype="bool"),
    })


def reduce_frame(df, fn, **kw):
    return pd.DataFrame({c: [getattr(df[c], fn)(**kw)] for c in df.columns}).astype(
        {c: pd.Series([getattr(df[c], fn)(**kw)]).dtype for c in df.columns})


def scalar(name, v):
    return pd.DataFrame({name: [v]})


def cases(df):
    e = df.iloc[0:0]
    gb = lambda d, keys: d.groupby(keys, as_index=False, sort=True, dropna=True)
    return {
        "select_x_y": lambda: df[["x", "y"]],
        "drop_s_b": lambda: df.drop(columns=["s", "b"]),
        "rename_x_k": lambda: df.rename(columns={"x": "xx", "k": "key"}),
        "assign_x_plus_y": lambda: df.assign(z=df.x + df.y),
        "assign_replace_y": lambda: df.assign(y=df.y * 2),
        "assign_other_chunking": lambda: df.assign(z=df.y),
        "x_mul_2_5": lambda: (df.x * 2.5).to_frame("x"),
        "y_add_3": lambda: (df.y + 3).to_frame("y"),
        "y_minus_x": lambda: (df.y - df.x).to_frame(""),
        "rsub_10_5_y": lambda: (10.5 - df.y).to_frame("y"),
        "y_floordiv_3": lambda: (df.y // 3).to_frame("y"),
        "y_mod_3": lambda: (df.y % 3).to_frame("y"),
        "x_div_y": lambda: (df.x / df.y).to_frame(""),
        "neg_x": lambda: (-df.x).to_frame("x"),
        "abs_y": lambda: df.y.abs().to_frame("y"),
        "x_gt_0": lambda: (df.x > 0).to_frame("x"),
        "x_ne_1": lambda: (df.x != 1.0).to_frame("x"),
        "y_lt_3": lambda: (df.y < 3).to_frame("y"),
        "y_ge_2_5": lambda: (df.y >= 2.5).to_frame("y"),
        "y_eq_1": lambda: (df.y == 1).to_frame("y"),
        "filter_y_ne_2_x_sum": lambda: scalar("x", df[df.y != 2].x.sum()),
        "x_le_y": lambda: (df.x <= df.y).to_frame(""),
        "s_eq_a": lambda: (df.s == "a").to_frame("s"),
        "x_gt_0_and_b": lambda: ((df.x > 0) & df.b).to_frame(""),
        "not_b": lambda: (~df.b).to_frame("b"),
        "filter_x_gt_0": lambda: df[df.x > 0],
        "filter_b_then_y_sum": lambda: scalar("y", df[df.b].y.sum()),
        "filter_then_assign": lambda: (lambda f: f.assign(z=f.x * f.y))(df[df.y > 0]),
        "filter_none": lambda: df[df.y > 100],
        "head_5": lambda: df.head(5),
        "head_100": lambda: df.head(100),
        "isna": lambda: df.isna(),
        "notna_s": lambda: df.s.notna().to_frame("s"),
        "dropna": lambda: df.dropna(),
        "dropna_all_x_s": lambda: df.dropna(how="all", subset=["x", "s"]),
        "fillna_x_y": lambda: df[["x", "y"]].fillna(0.5),
        "fillna_s": lambda: df.s.fillna("zz").to_frame("s"),
        "astype_y_float": lambda: df.y.astype("float64").to_frame("y"),
        "astype_x_int": lambda: df.x.fillna(0).astype("int64").to_frame("x"),
        "astype_b_int": lambda: df.b.astype("int64").to_frame("b"),
        "where_x_gt_0": lambda: df.x.where(df.x > 0).to_frame("x"),
        "where_y_b_other": lambda: df.y.where(df.b, -1.5).to_frame("y"),
        "x_sum": lambda: scalar("x", df.x.sum()),
        "x_mean": lambda: scalar("x", df.x.mean()),
        "x_count": lambda: scalar("x", df.x.count()),
        "x_min": lambda: scalar("x", df.x.min()),
        "x_max": lambda: scalar("x", df.x.max()),
        "x_std": lambda: scalar("x", df.x.std()),
        "x_var": lambda: scalar("x", df.x.var()),
        "x_std_ddof0": lambda: scalar("x", df.x.std(ddof=0)),
        "y_sum": lambda: scalar("y", df.y.sum()),
        "y_mean": lambda: scalar("y", df.y.mean()),
        "y_min": lambda: scalar("y", df.y.min()),
        "b_sum": lambda: scalar("b", df.b.sum()),
        "frame_sum": lambda: reduce_frame(df[["k", "x", "y", "b"]], "sum"),
        "frame_mean": lambda: reduce_frame(df[["k", "x", "y"]], "mean"),
        "frame_count": lambda: reduce_frame(df, "count"),
        "frame_std": lambda: reduce_frame(df[["x", "y"]], "std"),
        "groupby_k_sum": lambda: gb(df[["k", "x", "y"]], "k").sum(),
        "groupby_k_mean": lambda: gb(df[["k", "x", "y"]], "k").mean(),
        "groupby_k_count": lambda: gb(df[["k", "x", "s"]], "k").count(),
        "groupby_k_min_max": lambda: gb(df, "k").agg(x_min=("x", "min"), x_max=("x", "max"), y_min=("y", "min")),
        "groupby_k_std_var": lambda: gb(df, "k").agg(x_std=("x", "std"), y_var=("y", "var")),
        "groupby_k_first_last": lambda: gb(df, "k").agg(x_first=("x", "first"), x_last=("x", "last"),
                                                         s_first=("s", "first")),
        "groupby_g_named": lambda: gb(df, "g").agg(n=("y", "count"), total=("y", "sum"), avg=("x", "mean")),
        "groupby_k_g_size": lambda: gb(df, ["k", "g"]).size(),
        "groupby_s_sum_y": lambda: gb(df[["s", "y"]], "s").sum(),
        "empty_sum": lambda: reduce_frame(e[["x", "y"]], "sum"),
        "empty_count": lambda: reduce_frame(e, "count"),
        "empty_mean": lambda: reduce_frame(e[["x", "y"]], "mean"),
        "empty_filter": lambda: e[e.x > 0],
        "empty_head": lambda: e.head(3),
        "empty_groupby_sum": lambda: gb(e[["k", "y"]], "k").sum(),
        "empty_assign": lambda: e.assign(z=e.x * 2),
    }


def cell(v):
    if v is None:
        return None
    if isinstance(v, (float, np.floating)):
        return None if math.isnan(v) else float(v)
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    return str(v)


def table(df):
    return {
        "columns": [str(c) for c in df.columns],
        "dtypes": [str(t) for t in df.dtypes],
        "rows": [[cell(v) for v in row] for row in df.itertuples(index=False, name=None)],
    }


def main():
    df = frame()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "input": table(df),
        "cases": {name: table(fn()) for name, fn in cases(df).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
