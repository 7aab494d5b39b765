"""Golden answers of the dataframe operations that move rows (sort, merge, shuffle groupby, concat, drop_duplicates),
the reductions median/nunique/unique/value_counts/describe and the .str/.dt accessors, computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_ops.py

It writes integration-tests/src/test/resources/golden/dataframe/ops.json: the input frames ("df" as in
golden_dataframe.py, "right" to merge with, "dates" for .dt) and, per case, pandas' result as a table. The Java test
(io.mars.it.golden.DataFrameOpsGoldenTest) builds the same expression with Mars for each case name, runs it with
several row chunkings and both with the default settings (broadcast joins, tree groupbys) and with every merge and
groupby forced through a shuffle, and compares. The conventions of golden_dataframe.py hold, and:

  * sorts use kind="stable" (Mars' sort is stable); merges use sort=True (Mars without sort gives the rows in an
    unspecified order);
  * value_counts is a table of the values and a "count" column; describe a table whose "stat" column holds the
    index (count, mean, ...);
  * str.contains/startswith use regex=False, na=False (Mars gives false for a null); str.len is taken after
    fillna("") since pandas makes it float64 when a null is present (Mars keeps int64 with nulls);
  * datetimes are written as int64 nanoseconds since the epoch.
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import cell as base_cell, frame

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "ops.json"


def right():
    # keys 1 (twice: many-to-many with the skewed left key), 2 (twice), 3, 4 and 9 (no left partner)
    return pd.DataFrame({
        "k": pd.Series([1, 2, 4, 2, 9, 3, 1, 7], dtype="int64"),
        "g": pd.Series(["a", "b", "a", "c", "b", "c", "b", "b"], dtype="object"),
        "w": pd.Series([0.5, np.nan, 2.5, -1.0, 4.0, 8.5, -3.25, 1.0], dtype="float64"),
        "y": pd.Series([100, 200, 300, 400, 500, 600, 700, 800], dtype="int64"),
    })


def dates():
    t = pd.to_datetime(["2024-02-29 13:45:00", "1969-12-31 23:59:59", "2000-01-01", "2023-07-04 08:00:00",
                        "1999-12-31 12:00:00", "2024-03-10", "1970-01-01", "2021-11-28 22:10:05"])
    return pd.DataFrame({"t": t, "n": pd.Series(range(8), dtype="int64")})


def cell(v):
    if isinstance(v, pd.Timestamp):
        return int(v.value)
    return base_cell(v)


def table(df):
    return {
        "columns": [str(c) for c in df.columns],
        "dtypes": [str(t) for t in df.dtypes],
        "rows": [[cell(v) for v in row] for row in df.itertuples(index=False, name=None)],
    }


def col(s, name):
    return s.to_frame(name).reset_index(drop=True)


def scalar(name, v):
    return pd.DataFrame({name: [v]})


def describe(d):
    return d.describe().rename_axis("stat").reset_index()


def value_counts(s):
    return s.value_counts().rename_axis(s.name).reset_index(name="count")


def cases(df, r, d):
    e = df.iloc[0:0]
    gb = lambda f, keys: f.groupby(keys, as_index=False, sort=True, dropna=True)
    m = lambda a, b, on, how: a.merge(b, on=on, how=how, sort=True)
    return {
        # sort_values
        "sort_y": lambda: df.sort_values("y", kind="stable"),
        "sort_x_desc": lambda: df.sort_values("x", ascending=False, kind="stable"),
        "sort_k_x": lambda: df.sort_values(["k", "x"], ascending=[True, False], kind="stable"),
        "sort_s": lambda: df.sort_values("s", kind="stable"),
        "sort_g_y_desc": lambda: df.sort_values(["g", "y"], ascending=[False, False], kind="stable"),
        "sort_series_y": lambda: col(df.y.sort_values(kind="stable"), "y"),
        "nlargest_x_5": lambda: df.nlargest(5, "x"),
        "nsmallest_y_4": lambda: df.nsmallest(4, "y"),
        "nlargest_series_y_3": lambda: col(df.y.nlargest(3), "y"),
        "empty_sort": lambda: e.sort_values("y", kind="stable"),
        # the first rows of a sort (Mars: a top-k that never sorts every row)
        "sort_k_x_head_7": lambda: df.sort_values(["k", "x"], ascending=[True, False], kind="stable").head(7),
        "sort_k_head_9_ties": lambda: df.sort_values("k", kind="stable").head(9),
        "sort_s_desc_head_3": lambda: df.sort_values("s", ascending=False, kind="stable").head(3),
        "sort_y_head_0": lambda: df.sort_values("y", kind="stable").head(0),
        "sort_g_y_head_past_end": lambda: df.sort_values(["g", "y"], kind="stable").head(10_000),
        "sort_series_y_desc_head_4": lambda: col(df.y.sort_values(ascending=False, kind="stable").head(4), "y"),
        # merge
        "merge_inner_k": lambda: m(df[["k", "x", "y"]], r[["k", "w", "y"]], "k", "inner"),
        "merge_left_k": lambda: m(df[["k", "x", "s"]], r[["k", "w", "y"]], "k", "left"),
        "merge_right_k": lambda: m(df[["k", "x", "y"]], r[["k", "w"]], "k", "right"),
        "merge_outer_k": lambda: m(df[["k", "x", "y"]], r[["k", "w", "g"]], "k", "outer"),
        "merge_inner_k_g": lambda: m(df[["k", "g", "x"]], r, ["k", "g"], "inner"),
        "merge_left_on_right_on": lambda: df[["k", "x"]].merge(r.rename(columns={"k": "rk"})[["rk", "w"]],
                                                               left_on="k", right_on="rk", how="inner")
                                             .sort_values(["k", "x", "w"], kind="stable"),
        "merge_left_on_two_keys_left": lambda: df[["k", "g", "y"]].merge(
            r.rename(columns={"k": "rk", "g": "rg"})[["rk", "rg", "w"]], left_on=["k", "g"], right_on=["rk", "rg"],
            how="left").sort_values(["k", "g", "y"], kind="stable"),
        "merge_semi_as_isin": lambda: df[df.k.isin(r.k)][["k", "x", "y"]].sort_values(["k", "x", "y"], kind="stable"),
        "merge_anti_as_not_isin": lambda: df[~df.k.isin(r.k)][["k", "x", "y"]].sort_values(["k", "x", "y"],
                                                                                          kind="stable"),
        "merge_cross": lambda: df[["k", "x"]].head(4).merge(r[["w", "g"]].head(3), how="cross"),
        "merge_cross_scalar": lambda: df[["y"]].merge(pd.DataFrame({"m": [df.y.mean()]}), how="cross"),
        # groupby nunique (keys without nulls in g; k has none)
        "groupby_g_nunique_k": lambda: gb(df, "g")["k"].nunique(),
        "groupby_b_g_nunique_y": lambda: gb(df, ["b", "g"]).agg(ny=("y", "nunique")),
        # row-wise tests of values
        "isin_g_a_c": lambda: col(df.g.isin(["a", "c"]), "g"),
        "isin_k_1_3": lambda: col(df.k.isin([1, 3]), "k"),
        "isin_x_empty": lambda: col(df.x.isin([]), "x"),
        "between_x": lambda: col(df.x.between(-1.0, 2.0), "x"),
        "between_s": lambda: col(df.s.between("a", "b"), "s"),
        "dt_le_text": lambda: col(d.t <= "2000-01-01", "t"),
        "dt_between_text": lambda: col(d.t.between("1999-12-31", "2023-07-04 08:00:00"), "t"),
        "filter_dt_gt_text": lambda: d[d.t > "2021-11-28"],
        # groupby with many groups (y is nearly unique) and skewed keys
        "groupby_y_sum_x": lambda: gb(df[["y", "x"]], "y").sum(),
        "groupby_s_b_named": lambda: gb(df, ["s", "b"]).agg(n=("y", "count"), first_x=("x", "first"),
                                                             last_k=("k", "last"), m=("x", "mean")),
        "groupby_k_skewed_std": lambda: gb(df, "k").agg(sd=("y", "std"), lo=("x", "min"), hi=("y", "max")),
        # reductions
        "x_sum_min_count_1": lambda: scalar("x", df.x.sum(min_count=1)),
        "y_sum_min_count_1_empty": lambda: scalar("y", e.y.sum(min_count=1)),
        "x_median": lambda: scalar("x", df.x.median()),
        "y_median": lambda: scalar("y", df.y.median()),
        "x_nunique": lambda: scalar("x", df.x.nunique()),
        "g_nunique": lambda: scalar("g", df.g.nunique()),
        "s_unique": lambda: pd.DataFrame({"s": pd.Series(df.s.unique(), dtype="object")}),
        "k_unique": lambda: pd.DataFrame({"k": df.k.unique()}),
        "g_value_counts": lambda: value_counts(df.g),
        "describe_x_y": lambda: describe(df[["k", "x", "y"]]),
        "describe_series_x": lambda: describe(df.x.to_frame("x")),
        "empty_describe": lambda: describe(e[["k", "x", "y"]]),
        # concat, drop_duplicates
        "concat_df_head": lambda: pd.concat([df, df.head(5)], ignore_index=True),
        "concat_with_empty": lambda: pd.concat([e, df.head(3), e, df.tail(2)], ignore_index=True),
        "concat_series": lambda: col(pd.concat([df.y, df.y.head(4)], ignore_index=True), "y"),
        "drop_duplicates_k": lambda: df.drop_duplicates(subset=["k"]),
        "drop_duplicates_k_b": lambda: df[["k", "b"]].drop_duplicates(),
        "drop_duplicates_g": lambda: df.drop_duplicates(subset=["g"]),
        "empty_drop_duplicates": lambda: e.drop_duplicates(),
        # accessors
        "str_len": lambda: col(df.s.fillna("").str.len(), "s"),
        "str_upper": lambda: col(df.s.str.upper(), "s"),
        "str_upper_lower": lambda: col(df.s.str.upper().str.lower(), "s"),
        "str_contains_a": lambda: col(df.s.str.contains("a", regex=False, na=False), "s"),
        "str_startswith_b": lambda: col(df.s.str.startswith("b", na=False), "s"),
        "str_replace_a": lambda: col(df.s.str.replace("a", "XY", regex=False), "s"),
        "filter_str_contains": lambda: df[df.s.str.contains("b", regex=False, na=False)],
        "str_endswith_a": lambda: col(df.s.str.endswith("a", na=False), "s"),
        "str_contains_regex": lambda: col(df.s.str.contains("^b.|a$", regex=True, na=False), "s"),
        "str_slice_1_3": lambda: col(df.s.str.slice(1, 3), "s"),
        "str_slice_neg_2": lambda: col(df.s.str.slice(-2), "s"),
        "empty_str_upper": lambda: col(e.s.str.upper(), "s"),
        "dt_year": lambda: col(d.t.dt.year.astype("int64"), "t"),
        "dt_month": lambda: col(d.t.dt.month.astype("int64"), "t"),
        "dt_day": lambda: col(d.t.dt.day.astype("int64"), "t"),
        "dt_dayofweek": lambda: col(d.t.dt.dayofweek.astype("int64"), "t"),
    }


def main():
    df, r, d = frame(), right(), dates()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_ops.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df), "right": table(r), "dates": table(d)},
        "cases": {name: table(fn()) for name, fn in cases(df, r, d).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
