"""Golden answers of the row index (pandas' df.index) of dataframes and series, computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_index.py

It writes integration-tests/src/test/resources/golden/dataframe/index.json: per case, pandas' result as a table
(columns, dtypes, rows, as golden_dataframe.py writes them) plus its index ("index": name, dtype, labels). The Java
test (io.mars.it.golden.DataFrameIndexGoldenTest) builds the same expression with Mars for each case name, runs it
with several row chunkings and compares the columns and the labels. The conventions of golden_dataframe.py and
golden_dataframe_ops.py hold, and:

  * a Series result is a one-column table with the series' index; an Index result (df.index) a one-column table
    named "index" (or the index's name) whose own index is a RangeIndex;
  * sorts (sort_values, sort_index) use kind="stable", as Mars' sort is stable;
  * loc[[label]] stands for Mars' loc(label) (all rows of that label, as a frame).
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import cell, frame
from golden_dataframe_ops import right

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "index.json"


def table(obj):
    if isinstance(obj, pd.Index):
        obj = pd.DataFrame({obj.name if obj.name is not None else "index": obj.to_numpy()})
    if isinstance(obj, pd.Series):
        obj = obj.to_frame(obj.name if obj.name is not None else "")
    return {
        "columns": [str(c) for c in obj.columns],
        "dtypes": [str(t) for t in obj.dtypes],
        "rows": [[cell(v) for v in row] for row in obj.itertuples(index=False, name=None)],
        "index": {
            "name": obj.index.name,
            "dtype": str(obj.index.dtype),
            "labels": [cell(v) for v in obj.index],
        },
    }


def cases(df, r):
    e = df.iloc[0:0]
    gb = lambda f, keys: f.groupby(keys, as_index=False, sort=True, dropna=True)
    return {
        # the default RangeIndex and operations keeping it
        "plain": lambda: df,
        "select_assign": lambda: df[["k", "x"]].assign(z=df.y * 2),
        "head_5": lambda: df.head(5),
        "index_of_plain": lambda: df.index,
        # row operations keep labels
        "filter_x_gt_0": lambda: df[df.x > 0],
        "filter_then_filter": lambda: df[df.b][df[df.b].y > 0],
        "filter_then_assign": lambda: df[df.b].assign(z=df[df.b].x * 2.0)[["k", "z"]],
        "filter_then_head": lambda: df[df.y > 0].head(4),
        "dropna": lambda: df.dropna(),
        "dropna_x": lambda: df.dropna(subset=["x"]),
        "sort_y": lambda: df.sort_values("y", kind="stable"),
        "sort_x_desc": lambda: df.sort_values("x", ascending=False, kind="stable"),
        "nlargest_x_4": lambda: df.nlargest(4, "x"),
        "drop_duplicates_k": lambda: df.drop_duplicates(subset=["k"]),
        "concat_head_filter": lambda: pd.concat([df.head(3), df[df.y > 8]]),
        "where_y": lambda: df.x.where(df.y > 3),
        "fillna_astype": lambda: df[df.b][["x", "y"]].fillna(0.0).astype("float64"),
        "rename": lambda: df[df.y < 0].rename(columns={"x": "xx"}),
        "series_filter": lambda: df.y[df.b],
        "series_sort": lambda: df.x.sort_values(kind="stable"),
        "series_concat": lambda: pd.concat([df.y[df.b], df.y.head(3)]),
        "str_upper_filtered": lambda: df.s[df.b].str.upper(),
        "index_after_filter": lambda: df[df.x > 0].index,
        "index_after_sort": lambda: df.sort_values("y", kind="stable").index,
        # fresh RangeIndex
        "groupby_k": lambda: gb(df[df.b], "k").agg(n=("y", "count"), t=("x", "sum")),
        "merge_k": lambda: df[df.y > 0][["k", "x"]].merge(r[["k", "w"]], on="k", how="inner", sort=True),
        "reset_after_filter": lambda: df[df.x > 0].reset_index(),
        "reset_drop_after_sort": lambda: df.sort_values("x", kind="stable").reset_index(drop=True),
        "reset_plain": lambda: df[["k", "y"]].reset_index(),
        # set_index, sort_index, loc
        "set_index_g": lambda: df.set_index("g"),
        "set_index_y_reset": lambda: df.set_index("y").reset_index(),
        "set_index_y_sort_index": lambda: df.set_index("y").sort_index(kind="stable"),
        "set_index_s_sort_index_desc": lambda: df.set_index("s").sort_index(ascending=False, kind="stable"),
        "sort_index_after_sort": lambda: df.sort_values("x", kind="stable").sort_index(kind="stable"),
        "sort_index_desc_plain": lambda: df.sort_index(ascending=False, kind="stable"),
        "set_index_filter_sort": lambda: df.set_index("g")[df.y.to_numpy() > 0].sort_values("x", kind="stable"),
        "index_of_set_index": lambda: df.set_index("y").index,
        "loc_y_4": lambda: df.set_index("y").loc[[4]],
        "loc_y_range": lambda: df.set_index("y").sort_index(kind="stable").loc[0:6],
        "loc_positions_range": lambda: df[df.x > 0].loc[5:15],
        "loc_label_after_filter": lambda: df[df.x > 0].loc[[9]],
        "loc_g_range": lambda: df.set_index("g").sort_index(kind="stable").loc["a":"b"],
        "loc_g_label": lambda: df.set_index("g").loc[["c"]],
        # positions of rows whose count is known only once computed (tiled in stages)
        "groupby_then_filter": lambda: (lambda g: g[g.t != 11.0])(gb(df, "k").agg(t=("x", "sum"))),
        "merge_then_sort": lambda: df[["k", "y"]].merge(r[["k", "w"]], on="k", how="inner", sort=True)
        .sort_values("w", kind="stable"),
        "filter_then_sort_index_desc": lambda: df[df.x > 0].sort_index(ascending=False, kind="stable"),
        "series_sort_index_desc": lambda: df.y[df.b].sort_index(ascending=False, kind="stable"),
        "series_loc_range": lambda: df.x[df.x.notna()].loc[3:12],
        "series_loc_label": lambda: df.set_index("g").y.loc[["b"]],
        # Index methods
        "index_unique_k": lambda: df.set_index("k").index.unique(),
        "index_min_after_filter": lambda: pd.DataFrame({"index": [df[df.x < 0].index.min()]}),
        "index_max_after_sort": lambda: pd.DataFrame({"index": [df.sort_values("x", kind="stable").head(5).index.max()]}),
        "index_size_set_g": lambda: pd.DataFrame({"g": [df.set_index("g").index.size]}),
        "index_count_set_g": lambda: pd.DataFrame({"g": [int(df.set_index("g").index.notna().sum())]}),
        # empty frames
        "empty_sort": lambda: e.sort_values("y", kind="stable"),
        "empty_set_index_reset": lambda: e.set_index("k").reset_index(),
        "empty_filter_index": lambda: df[df.y > 100].index,
    }


def main():
    df, r = frame(), right()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_index.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "cases": {name: table(fn()) for name, fn in cases(df, r).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
