"""Golden answers of element-wise and selecting members of series and frames added for issue 18 (round, clip, replace,
idxmax/idxmin, nlargest/nsmallest on several columns, quantile, mode), computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_breadth.py

It writes integration-tests/src/test/resources/golden/dataframe/breadth.json: the input frames ("df" as in
golden_dataframe.py; "r" with halves and values to round) and, per case, pandas' result as a table (the conventions
of golden_dataframe.py). The Java test (io.mars.it.golden.DataFrameBreadthGoldenTest) builds the same expression with
Mars for each case name and runs it with several row chunkings.
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import frame, scalar, table
from golden_dataframe_ops import col

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "breadth.json"


def rounding():
    nan = np.nan
    return pd.DataFrame({
        "f": pd.Series([0.125, 2.5, -0.5, 1.005, nan, 1234.5678, -2.675, 3.5, 0.0, -1234.5], dtype="float64"),
        "i": pd.Series([15, 25, -15, 4, 150, -251, 0, 7, 99, 1005], dtype="int64"),
    })


def cases(df, r):
    e = df.iloc[0:0]
    pos = df[df.y > 0]
    return {
        # round
        "round_f_2": lambda: col(r.f.round(2), "f"),
        "round_f_0": lambda: col(r.f.round(0), "f"),
        "round_f_neg_2": lambda: col(r.f.round(-2), "f"),
        "round_i_1": lambda: col(r.i.round(1), "i"),
        "round_i_neg_1": lambda: col(r.i.round(-1), "i"),
        "round_frame_1": lambda: df.round(1),
        "empty_round_x": lambda: col(e.x.round(1), "x"),
        # clip
        "clip_x": lambda: col(df.x.clip(-1.0, 3.0), "x"),
        "clip_y_whole": lambda: col(df.y.clip(-2, 5), "y"),
        "clip_y_halves": lambda: col(df.y.clip(-2.5, 5.5), "y"),
        "clip_y_swapped": lambda: col(df.y.clip(5, -2), "y"),
        "clip_x_lower_only": lambda: col(df.x.clip(0.5, None), "x"),
        "clip_frame": lambda: df[["k", "x", "y"]].clip(0, 4),
        # replace
        "replace_y_4_40": lambda: col(df.y.replace(4, 40), "y"),
        "replace_x_1_5": lambda: col(df.x.replace(1.0, -5.5), "x"),
        "replace_x_nan_0": lambda: col(df.x.replace(np.nan, 0.0), "x"),
        "replace_s_a_z": lambda: col(df.s.replace("a", "z"), "s"),
        "replace_g_none_found": lambda: col(df.g.replace("q", "z"), "g"),
        "replace_frame_1_100": lambda: df[["k", "x", "y", "s"]].replace(1, 100),
        "replace_frame_a_z": lambda: df[["g", "s", "y"]].replace("a", "z"),
        # idxmax / idxmin (labels: positions, or the labels of a filtered frame)
        "idxmax_x": lambda: scalar("x", df.x.idxmax()),
        "idxmin_y": lambda: scalar("y", df.y.idxmin()),
        "idxmax_k_ties": lambda: scalar("k", df.k.idxmax()),
        "idxmin_x_after_filter": lambda: scalar("x", pos.x.idxmin()),
        # nlargest / nsmallest on several columns
        "nlargest_k_y_5": lambda: df.nlargest(5, ["k", "y"]),
        "nsmallest_k_y_6": lambda: df.nsmallest(6, ["k", "y"]),
        "nlargest_x_y_4": lambda: df.nlargest(4, ["x", "y"]),
        "nlargest_b_k_3": lambda: df[["b", "k", "y"]].astype({"b": "int64"}).nlargest(3, ["b", "k"]),
        # quantile, mode
        "quantile_x_0_3": lambda: scalar("x", df.x.quantile(0.3)),
        "quantile_y_0_75": lambda: scalar("y", df.y.quantile(0.75)),
        "quantile_y_0": lambda: scalar("y", df.y.quantile(0.0)),
        "quantile_x_1": lambda: scalar("x", df.x.quantile(1.0)),
        "mode_k": lambda: col(df.k.mode(), "k"),
        "mode_y": lambda: col(df.y.mode(), "y"),
        "mode_s": lambda: col(df.s.mode(), "s"),
        "mode_x": lambda: col(df.x.mode(), "x"),
        "empty_mode_y": lambda: col(e.y.mode(), "y"),
        # iloc, tail
        "iloc_3_9": lambda: df.iloc[3:9],
        "iloc_neg_5_end": lambda: df.iloc[-5:],
        "iloc_2_20_3": lambda: df.iloc[2:20:3],
        "iloc_reversed": lambda: df.iloc[::-1],
        "iloc_neg_2_4_neg_3": lambda: df.iloc[-2:4:-3],
        "iloc_past_end": lambda: df.iloc[20:100],
        "iloc_empty_slice": lambda: df.iloc[9:3],
        "iloc_list": lambda: df.iloc[[5, 0, 22, -1, 5, 6, 7, 1]],
        "iloc_series_y_list": lambda: col(df.y.iloc[[3, 2, 1]], "y"),
        "iloc_after_filter": lambda: pos.iloc[2:7],
        "iloc_list_after_filter": lambda: pos.iloc[[-1, 0]],
        "tail_4": lambda: df.tail(4),
        "tail_0": lambda: df.tail(0),
        "tail_100": lambda: df.tail(100),
        "tail_series_x_3": lambda: col(df.x.tail(3), "x"),
        "tail_index_after_filter": lambda: pd.DataFrame({"i": pos.tail(3).index.to_numpy()}),
        "empty_tail_2": lambda: e.tail(2),
        # rank
        "rank_x_average": lambda: col(df.x.rank(), "x"),
        "rank_y_min": lambda: col(df.k.rank(method="min"), "k"),
        "rank_k_max": lambda: col(df.k.rank(method="max"), "k"),
        "rank_k_first": lambda: col(df.k.rank(method="first"), "k"),
        "rank_x_first": lambda: col(df.x.rank(method="first"), "x"),
        "rank_k_dense": lambda: col(df.k.rank(method="dense"), "k"),
        "rank_s_average": lambda: col(df.s.rank(), "s"),
        "rank_after_filter": lambda: col(pos.y.rank(method="dense"), "y"),
        "empty_rank_x": lambda: col(e.x.rank(), "x"),
        # groupby cumcount, transform, filter by size, head
        "groupby_k_cumcount": lambda: col(df.groupby("k").cumcount(), ""),
        "groupby_g_cumcount_float": lambda: col(df.groupby("g").cumcount().astype("float64"), ""),
        "groupby_k_b_cumcount": lambda: col(df.groupby(["k", "b"]).cumcount(), ""),
        # Mars joins the aggregates back to the rows, and a join makes an int column float64 (pandas keeps int64
        # when no key is null)
        "groupby_k_transform_sum": lambda: df[["k", "x", "y"]].groupby("k").transform("sum").astype("float64"),
        "groupby_g_transform_mean": lambda: df[["g", "x"]].groupby("g").transform("mean"),
        "groupby_k_transform_max": lambda: df[["k", "y", "x"]].groupby("k").transform("max").astype("float64"),
        "groupby_k_filter_size_3": lambda: df.groupby("k").filter(lambda g: len(g) >= 3).reset_index(drop=True),
        "groupby_g_filter_size_6": lambda: df.groupby("g").filter(lambda g: len(g) >= 6).reset_index(drop=True),
        "groupby_k_head_2": lambda: df.groupby("k").head(2).reset_index(drop=True),
        "groupby_g_head_1": lambda: df.groupby("g").head(1).reset_index(drop=True),
        "groupby_head_after_filter": lambda: pos.groupby("k").head(1).reset_index(drop=True),
        "empty_groupby_cumcount": lambda: col(e.groupby("k").cumcount(), ""),
        "groupby_k_cumsum": lambda: df[["k", "x", "y"]].groupby("k").cumsum(),
        "groupby_g_cumsum_x": lambda: df[["g", "x"]].groupby("g").cumsum(),
        "groupby_k_b_cumsum_y": lambda: df[["k", "b", "y"]].groupby(["k", "b"]).cumsum(),
        "groupby_cumsum_after_filter": lambda: pos[["k", "x"]].groupby("k").cumsum(),
        "empty_groupby_cumsum": lambda: e[["k", "y"]].groupby("k").cumsum(),
        "groupby_k_median": lambda: df[["k", "x", "y"]].groupby("k", as_index=False).median(),
        "groupby_g_median_x": lambda: df[["g", "x"]].groupby("g", as_index=False).median(),
        "groupby_k_b_median_y": lambda: df[["k", "b", "y"]].groupby(["k", "b"], as_index=False).median(),
        "groupby_k_tail_2": lambda: df.groupby("k").tail(2).reset_index(drop=True),
        "groupby_g_tail_1": lambda: df.groupby("g").tail(1).reset_index(drop=True),
        # argsort (positions among the values that are not null; -1 at a null), melt
        "argsort_x": lambda: col(df.x.argsort(kind="stable").astype("int64"), "x"),
        "argsort_k_ties": lambda: col(df.k.argsort(kind="stable").astype("int64"), "k"),
        "argsort_after_filter": lambda: col(pos.y.argsort(kind="stable").astype("int64"), "y"),
        "empty_argsort_y": lambda: col(e.y.argsort(kind="stable").astype("int64"), "y"),
        "melt_k_x_y": lambda: df.melt(["k"], ["x", "y"]),
        "melt_g_b_s": lambda: df.melt(["g", "b"], ["s"], var_name="col", value_name="text"),
        "melt_no_ids": lambda: df.melt([], ["y", "k"]),
        "empty_melt": lambda: e.melt(["k"], ["x", "y"]),
    }


def main():
    df, r = frame(), rounding()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_breadth.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df), "r": table(r)},
        "cases": {name: table(fn()) for name, fn in cases(df, r).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
