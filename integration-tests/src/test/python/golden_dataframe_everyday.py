"""Golden answers of the everyday pandas members added for issue 18 after session 15 (pandas aliases such as
isnull/sub/rdiv, arithmetic with fill_value, sem/skew/kurt/cov/corr/dot/any/all, mask, combine_first, bfill, the
frame-wide arithmetic and comparisons, add_prefix/add_suffix, insert, frame median/quantile/nunique/rank, groupby
nth/ngroups/sem/shift/diff/pct_change/ffill), computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_everyday.py

It writes integration-tests/src/test/resources/golden/dataframe/everyday.json: the input frames ("df" as in
golden_dataframe.py; "o" with two float columns whose NaN fall on different rows) and, per case, pandas' result as a
table (the conventions of golden_dataframe.py). The Java test (io.mars.it.golden.DataFrameEverydayGoldenTest) builds
the same expression with Mars for each case name and runs it with several row chunkings.
"""

import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import frame, scalar, table
from golden_dataframe_ops import col

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "everyday.json"


def other():
    nan = np.nan
    return pd.DataFrame({
        "p": pd.Series([1.0, nan, 3.5, nan, -2.0, 0.25, nan, 8.0, 4.5, -1.5], dtype="float64"),
        "q": pd.Series([nan, 2.0, 1.5, nan, 6.0, nan, -3.0, 0.5, 2.5, 10.0], dtype="float64"),
        "c": pd.Series([5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0, 5.0], dtype="float64"),
    })


def each(d, fn):
    """A frame reduction as a one-row table, each column reduced on its own (golden_dataframe.py's convention)."""
    return pd.DataFrame({c: [fn(d[c])] for c in d.columns})


def cases(df, o):
    e = df.iloc[0:0]
    eo = o.iloc[0:0]
    pos = df[df.y > 0]
    num = df[["k", "x", "y"]]
    return {
        # aliases and reversed arithmetic
        "isnull_x": lambda: col(df.x.isnull(), "x"),
        "notnull_s": lambda: col(df.s.notnull(), "s"),
        "sub_x_y": lambda: col(df.x.sub(df.y), ""),
        "mul_y_2": lambda: col(df.y.mul(2.0), "y"),
        "div_y_4": lambda: col(df.y.div(4.0), "y"),
        "truediv_x_y": lambda: col(df.x.truediv(df.y), ""),
        "floordiv_y_3": lambda: col(df.y.floordiv(3), "y"),
        "pow_x_2": lambda: col(df.x.pow(2.0), "x"),
        "radd_x_10": lambda: col(df.x.radd(10.0), "x"),
        "rsub_y_1": lambda: col(df.y.rsub(1.0), "y"),
        "rmul_x_3": lambda: col(df.x.rmul(3.0), "x"),
        "rdiv_p_1": lambda: col(o.p.rdiv(1.0), "p"),
        "rtruediv_k_6": lambda: col(df.k.rtruediv(6.0), "k"),
        "rfloordiv_k_7": lambda: col(df.k.rfloordiv(7), "k"),
        "rmod_k_7": lambda: col(df.k.rmod(7), "k"),
        "rpow_k_2": lambda: col(df.k.rpow(2.0), "k"),
        "add_fill_p_q": lambda: col(o.p.add(o.q, fill_value=0.0), ""),
        "sub_fill_p_q": lambda: col(o.p.sub(o.q, fill_value=1.5), ""),
        "mul_fill_p_q": lambda: col(o.p.mul(o.q, fill_value=2.0), ""),
        "div_fill_p_q": lambda: col(o.p.div(o.q, fill_value=4.0), ""),
        # mask, combine_first, bfill
        "mask_x_y_gt_2": lambda: col(df.x.mask(df.y > 2), "x"),
        "mask_y_b_other": lambda: col(df.y.mask(df.b, -1.0), "y"),
        "combine_first_p_q": lambda: col(o.p.combine_first(o.q), "p"),
        "combine_first_x_y": lambda: col(df.x.combine_first(df.y), "x"),
        "bfill_x": lambda: col(df.x.bfill(), "x"),
        "bfill_p": lambda: col(o.p.bfill(), "p"),
        "bfill_after_filter": lambda: col(pos.x.bfill(), "x"),
        "empty_bfill_x": lambda: col(e.x.bfill(), "x"),
        # statistics
        "sem_x": lambda: scalar("x", df.x.sem()),
        "sem_y_ddof_0": lambda: scalar("y", df.y.sem(ddof=0)),
        "skew_x": lambda: scalar("x", df.x.skew()),
        "skew_y": lambda: scalar("y", df.y.skew()),
        # pandas returns the int 0 for a constant column; Mars's skew is float64 always
        "skew_c_constant": lambda: scalar("c", float(o.c.skew())),
        "kurt_x": lambda: scalar("x", df.x.kurt()),
        "kurtosis_y": lambda: scalar("y", df.y.kurtosis()),
        "kurt_p": lambda: scalar("p", o.p.kurt()),
        "skew_after_filter": lambda: scalar("x", pos.x.skew()),
        "cov_x_y": lambda: scalar("x", df.x.cov(df.y)),
        "cov_p_q": lambda: scalar("p", o.p.cov(o.q)),
        "cov_x_k_ddof_0": lambda: scalar("x", df.x.cov(df.k, ddof=0)),
        "corr_x_y": lambda: scalar("x", df.x.corr(df.y)),
        "corr_p_q": lambda: scalar("p", o.p.corr(o.q)),
        "autocorr_y": lambda: scalar("y", df.y.autocorr()),
        "autocorr_x_2": lambda: scalar("x", df.x.autocorr(2)),
        "dot_y_k": lambda: scalar("y", df.y.dot(df.k)),
        "dot_x_y_nan": lambda: scalar("x", df.x.dot(df.y)),
        "dot_q_c": lambda: scalar("q", o.q.fillna(0.0).dot(o.c)),
        "any_b": lambda: scalar("b", df.b.any()),
        "all_b": lambda: scalar("b", df.b.all()),
        "any_x": lambda: scalar("x", df.x.any()),
        "all_x": lambda: scalar("x", df.x.all()),
        "all_c": lambda: scalar("c", o.c.all()),
        "any_y_after_filter": lambda: scalar("y", pos.y.any()),
        "empty_any_y": lambda: scalar("y", e.y.any()),
        "empty_all_y": lambda: scalar("y", e.y.all()),
        # frame-wide
        "frame_abs": lambda: num.abs(),
        "frame_isnull": lambda: df.isnull(),
        "frame_notnull": lambda: df.notnull(),
        "frame_add_1": lambda: num.add(1.0),
        "frame_sub_2": lambda: num.sub(2.0),
        "frame_mul_3": lambda: num.mul(3.0),
        "frame_div_4": lambda: num.div(4.0),
        "frame_truediv_8": lambda: num.truediv(8.0),
        "frame_floordiv_3": lambda: df[["k", "y"]].floordiv(3),
        "frame_mod_4": lambda: df[["k", "y"]].mod(4),
        "frame_pow_2": lambda: num.pow(2.0),
        "frame_radd_5": lambda: num.radd(5.0),
        "frame_rsub_5": lambda: num.rsub(5.0),
        "frame_rmul_2": lambda: num.rmul(2.0),
        "frame_rdiv_12": lambda: o.rdiv(12.0),
        "frame_eq_1": lambda: num.eq(1.0),
        "frame_ne_1": lambda: num.ne(1.0),
        "frame_lt_2": lambda: num.lt(2.0),
        "frame_le_2": lambda: num.le(2.0),
        "frame_gt_2": lambda: num.gt(2.0),
        "frame_ge_2": lambda: num.ge(2.0),
        "frame_where_b": lambda: num.where(pd.DataFrame({c: df.b for c in num.columns})),
        "frame_where_b_other": lambda: num.where(pd.DataFrame({c: df.b for c in num.columns}), -1.0),
        "frame_mask_b": lambda: num.mask(pd.DataFrame({c: df.b for c in num.columns})),
        "frame_mask_b_other": lambda: num.mask(pd.DataFrame({c: df.b for c in num.columns}), 0.5),
        "frame_bfill": lambda: o.bfill(),
        "frame_combine_first": lambda: o[["p", "q"]].combine_first(o[["q", "p"]].set_axis(["p", "q"], axis=1)),
        "frame_add_prefix": lambda: df.add_prefix("col_"),
        "frame_add_suffix": lambda: df.add_suffix("_v"),
        "frame_insert": lambda: insert(df, 2, "z", df.y * 2),
        "frame_insert_first": lambda: insert(df, 0, "z", df.x),
        "frame_rank": lambda: num.rank(),
        "frame_rank_dense": lambda: num.rank(method="dense"),
        "frame_median": lambda: each(num, lambda s: s.median()),
        "frame_quantile_0_25": lambda: each(num, lambda s: s.quantile(0.25)),
        "frame_sem": lambda: each(num, lambda s: s.sem()),
        "frame_skew": lambda: each(num, lambda s: s.skew()),
        "frame_kurt": lambda: each(o, lambda s: float(s.kurt())),  # the int 0 of a constant column as float
        "frame_nunique": lambda: each(df, lambda s: s.nunique()),
        "frame_any": lambda: each(df[["k", "x", "b"]], lambda s: s.any()),
        "frame_all": lambda: each(df[["k", "x", "b"]], lambda s: s.all()),
        "frame_idxmax": lambda: each(num, lambda s: s.idxmax()),
        "frame_idxmin": lambda: each(num, lambda s: s.idxmin()),
        "empty_frame_add_1": lambda: e[["k", "x", "y"]].add(1.0),
        "empty_frame_bfill": lambda: eo.bfill(),
        # query / eval
        "query_and": lambda: df.query("x > 1 and y < 5"),
        "query_or_not": lambda: df.query("not (k == 1) or s == 'a'"),
        "query_not_nan": lambda: df.query("not (x > 1)"),
        "query_arithmetic": lambda: df.query("x * 2 + y >= 3"),
        "query_chain": lambda: df.query("0 < y <= 6"),
        "query_bool_column": lambda: df.query("b and y > 0"),
        "query_reversed": lambda: df.query("3 > x"),
        # numexpr takes the remainder of a negative int as C does; Mars as Python (pandas' own y % 3)
        "query_pow_mod": lambda: df.query("y % 3 == 1 or x ** 2 > 10", engine="python"),
        "query_floordiv": lambda: df.query("y // 4 == 1", engine="python"),  # numexpr has no //
        "query_symbols": lambda: df.query("(x > 0) & (y > 0) | ~b"),
        "query_text": lambda: df.query("g == 'a' and x > 0.5"),
        "query_constants": lambda: df.query("y > 2 * 3 - 1"),
        "query_after_filter": lambda: pos.query("k != 1"),
        "empty_query": lambda: e.query("x > 1"),
        "eval_x_plus_2y": lambda: col(df.eval("x + y * 2"), ""),
        "eval_negate": lambda: col(df.eval("-x + 1 - k / 4"), ""),
        "eval_comparison": lambda: col(df.eval("y >= k * 3"), ""),
        # pivot_table / pivot (Mars is given the column values; see the README)
        "pivot_table_k_g_x_sum": lambda: pivot(df.pivot_table(index="k", columns="g", values="x", aggfunc="sum")),
        "pivot_table_g_b_y_mean": lambda: pivot(df.pivot_table(index="g", columns="b", values="y", aggfunc="mean")),
        "pivot_table_k_b_y_count": lambda: pivot(df.pivot_table(index="k", columns="b", values="y", aggfunc="count")),
        "pivot_table_g_k_x_max": lambda: pivot(df.pivot_table(index="g", columns="k", values="x", aggfunc="max")),
        # Mars's new columns come from a left join, float64 for an int aggregate
        "pivot_first_rows": lambda: pivot(df.head(6).assign(c=[0, 1, 2, 0, 1, 2], r=[1, 1, 1, 2, 2, 2])
                                          .pivot(index="r", columns="c", values="y").astype("float64")),
        "crosstab_k_g": lambda: pivot(pd.crosstab(df.k, df.g)),
        "crosstab_g_b": lambda: pivot(pd.crosstab(df.g, df.b)),
        "crosstab_after_filter": lambda: pivot(pd.crosstab(pos.g, pos.k)),
        # join on the labels
        "join_left": lambda: df[["k", "y"]].join(o[["p", "q"]]),
        "join_inner": lambda: df[["k", "x"]].join(o[["p"]], how="inner"),
        "join_right_after_filter": lambda: pos[["k", "y"]].join(o[["q"]], how="right").sort_index(),
        "join_outer_suffixes": lambda: o[["p", "c"]].join(df[["x", "k"]].iloc[5:15].rename(columns={"x": "p"}),
                                                          how="outer", lsuffix="_l", rsuffix="_r"),
        # pipe
        "pipe_x_abs": lambda: col(df.x.pipe(lambda s: s.abs()), "x"),
        "pipe_frame_head": lambda: df.pipe(lambda d: d.head(3)),
        "pipe_groupby_sum": lambda: df[["k", "y"]].groupby("k", as_index=False).pipe(lambda g: g.sum()),
        # groupby
        "groupby_k_nth_1": lambda: df.groupby("k", as_index=False).nth(1).reset_index(drop=True),
        "groupby_g_nth_0": lambda: df.groupby("g", as_index=False).nth(0).reset_index(drop=True),
        "groupby_g_nth_neg_1": lambda: df.groupby("g", as_index=False).nth(-1).reset_index(drop=True),
        "groupby_k_ngroups": lambda: scalar("ngroups", df.groupby("k").ngroups),
        "groupby_g_ngroups": lambda: scalar("ngroups", df.groupby("g").ngroups),
        "groupby_k_sem": lambda: df[["k", "x", "y"]].groupby("k", as_index=False).sem(),
        "groupby_g_sem_x": lambda: df[["g", "x"]].groupby("g", as_index=False).sem(),
        "groupby_k_shift_1": lambda: df[["k", "x", "y"]].groupby("k").shift(1),
        "groupby_g_shift_2": lambda: df[["g", "x", "y", "s"]].groupby("g").shift(2),
        "groupby_g_shift_neg_1": lambda: df[["g", "x", "y"]].groupby("g").shift(-1),
        "groupby_k_diff": lambda: df[["k", "x", "y"]].groupby("k").diff().astype("float64"),
        "groupby_g_diff_neg_2": lambda: df[["g", "y"]].groupby("g").diff(-2).astype("float64"),
        "groupby_k_pct_change": lambda: df[["k", "x"]].assign(x=df.x + 100.0).groupby("k").pct_change(fill_method=None),
        "groupby_g_ffill": lambda: df[["g", "x", "s"]].groupby("g").ffill(),
        "groupby_k_b_ffill": lambda: df[["k", "b", "x"]].groupby(["k", "b"]).ffill(),
        "groupby_shift_after_filter": lambda: pos[["k", "x"]].groupby("k").shift(1),
        "groupby_k_quantile_0_3": lambda: df[["k", "x", "y"]].groupby("k", as_index=False).quantile(0.3),
        "groupby_g_quantile_0_75_x": lambda: df[["g", "x"]].groupby("g", as_index=False).quantile(0.75),
        "groupby_k_b_quantile_1": lambda: df[["k", "b", "y"]].groupby(["k", "b"], as_index=False).quantile(1.0),
        "groupby_k_quantile_0": lambda: df[["k", "y"]].groupby("k", as_index=False).quantile(0.0),
        "groupby_k_rank": lambda: df[["k", "x", "y"]].groupby("k").rank(),
        "groupby_g_rank_min": lambda: df[["g", "k", "x"]].groupby("g").rank(method="min"),
        "groupby_g_rank_max": lambda: df[["g", "k"]].groupby("g").rank(method="max"),
        "groupby_g_rank_first": lambda: df[["g", "k", "s"]].groupby("g").rank(method="first"),
        "groupby_b_rank_dense": lambda: df[["b", "k", "x"]].groupby("b").rank(method="dense"),
        "groupby_rank_after_filter": lambda: pos[["k", "y"]].groupby("k").rank(),
        "groupby_k_rolling_2_sum": lambda: group_rolling(df[["k", "x", "y"]], 2, None, "sum"),
        "groupby_k_rolling_3_mean": lambda: group_rolling(df[["k", "x", "y"]], 3, None, "mean"),
        "groupby_k_rolling_3_1_sum": lambda: group_rolling(df[["k", "x"]], 3, 1, "sum"),
        "groupby_k_rolling_2_1_mean": lambda: group_rolling(df[["k", "x", "y"]], 2, 1, "mean"),
        "groupby_k_rolling_3_count": lambda: group_rolling(df[["k", "x"]], 3, 0, "count"),
        # pandas 1.5's count takes min_periods=None as 0 (with a FutureWarning); Mars's count ignores min_periods
        "groupby_k_rolling_2_count_default": lambda: group_rolling(df[["k", "y"]], 2, None, "count"),
        "empty_groupby_shift": lambda: e[["k", "x"]].groupby("k").shift(1),
    }


def pivot(p):
    """A pivot with its index as the first column and the column values' names as text."""
    p = p.reset_index()
    p.columns = [str(c) for c in p.columns]
    return p


def group_rolling(d, window, min_periods, fn):
    """groupby("k").rolling(...): pandas orders the rows by group; Mars keeps frame order (no null keys here)."""
    r = getattr(d.groupby("k").rolling(window, min_periods=min_periods), fn)()
    r = r.reset_index(level=0, drop=True).sort_index().reset_index(drop=True)
    return r[[c for c in d.columns if c != "k"]].astype("float64")


def insert(d, loc, name, value):
    out = d.copy()
    out.insert(loc, name, value)
    return out


def main():
    warnings.simplefilter("ignore", FutureWarning)
    df, o = frame(), other()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_everyday.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df), "o": table(o)},
        "cases": {name: table(fn()) for name, fn in cases(df, o).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
