"""Golden answers of dataframes cut by columns (a wide frame), computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_wide.py     # pandas 1.5.3, numpy 1.24

It writes integration-tests/src/test/resources/golden/dataframe-wide/cases.json: a frame of 29 rows and 1,003 columns
(id, k, s and c0000..c0999 of cycling dtypes: float64 with a few NaN, int64, float64, bool) and, per case, pandas'
result as a table, with the conventions of golden_dataframe.py (whose helpers this script reuses). The Java test
(io.mars.it.golden.DataFrameWideGoldenTest) runs each case on a cluster whose mars.dataframe.column-chunk is 64, so
the frame is cut into 16 column chunks (the last one shorter) as well as by rows.
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import reduce_frame, table

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe-wide" / "cases.json"
ROWS = 29
WIDE = 1000


def name(j):
    return "c%04d" % j


def frame():
    rng = np.random.RandomState(7)
    cols = {
        "id": pd.Series(np.arange(ROWS), dtype="int64"),
        "k": pd.Series(rng.randint(0, 4, ROWS), dtype="int64"),
        "s": pd.Series([None if i % 6 == 4 else "s%d" % (i % 5) for i in range(ROWS)], dtype="object"),
    }
    for j in range(WIDE):
        kind = j % 4
        if kind == 0:
            v = np.round(rng.normal(0, 10, ROWS), 3)
            if j % 40 == 0:  # NaN in 25 columns only, so that dropna keeps some rows
                v[rng.rand(ROWS) < 0.05] = np.nan
            cols[name(j)] = pd.Series(v, dtype="float64")
        elif kind == 1:
            cols[name(j)] = pd.Series(rng.randint(-50, 50, ROWS), dtype="int64")
        elif kind == 2:
            cols[name(j)] = pd.Series(np.round(rng.uniform(-5, 5, ROWS), 4), dtype="float64")
        else:
            cols[name(j)] = pd.Series(rng.rand(ROWS) < 0.5, dtype="bool")
    return pd.DataFrame(cols)


def cases(df):
    num = [name(j) for j in range(WIDE)]
    floats = [name(j) for j in range(WIDE) if j % 2 == 0]
    ints = [name(j) for j in range(WIDE) if j % 4 == 1]
    right = pd.DataFrame({"k": pd.Series([0, 1, 2, 5], dtype="int64"),
                          "label": pd.Series(["a", "b", "c", "d"], dtype="object")})
    return {
        "select_two_far": lambda: df[["c0005", "c0990"]],
        "select_spread": lambda: df[[name(j) for j in range(3, WIDE, 97)]],
        "select_reordered": lambda: df[["c0900", "k", "c0010", "s"]],
        "col_c0701_add_3": lambda: (df.c0701 + 3).to_frame("c0701"),
        "col_c0500_gt_0": lambda: (df.c0500 > 0).to_frame("c0500"),
        "rename_ends": lambda: df.rename(columns={"c0000": "first", "c0999": "last"}),
        "drop_three": lambda: df.drop(columns=["s", "c0100", "c0600"]),
        "isna": lambda: df.isna(),
        "fillna_floats": lambda: df[floats].fillna(0.5),
        "astype_ints_float": lambda: df[ints].astype("float64"),
        "assign_z": lambda: df.assign(z=df.c0002 * 2.0),
        "dropna": lambda: df.dropna(),
        "frame_sum": lambda: reduce_frame(df[num], "sum"),
        "frame_mean": lambda: reduce_frame(df[num], "mean"),
        "frame_count": lambda: reduce_frame(df, "count"),
        "frame_min": lambda: reduce_frame(df[num], "min"),
        "frame_max": lambda: reduce_frame(df[num], "max"),
        "frame_var": lambda: reduce_frame(df[num], "var"),
        "frame_std": lambda: reduce_frame(df[num], "std"),
        "floats_mean": lambda: reduce_frame(df[floats], "mean"),
        "filter_c0003": lambda: df[df.c0003],
        "filter_c0001_gt_0_sum": lambda: reduce_frame(df[df.c0001 > 0][num], "sum"),
        "groupby_k_sum": lambda: df[["k"] + num].groupby("k", as_index=False, sort=True).sum(),
        "merge_label": lambda: df.merge(right, on="k", how="inner").sort_values("id", kind="stable"),
        "sort_c0002": lambda: df.sort_values("c0002", kind="stable"),
        "head_4": lambda: df.head(4),
        "describe_floats": lambda: df[floats[:150]].describe().rename_axis("stat").reset_index(),
        "concat_head": lambda: pd.concat([df, df.head(5)]),
        "drop_duplicates_k": lambda: df.drop_duplicates(subset=["k"]),
        "to_tensor": lambda: df[num].astype("float64"),
    }


def main():
    df = frame()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_wide.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "input": table(df),
        "cases": {name: table(fn()) for name, fn in cases(df).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
