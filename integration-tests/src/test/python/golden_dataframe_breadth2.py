"""Golden answers of issue 18's second breadth round, computed by pandas: exponentially weighted windows of series,
frames and groups (ewm with com, span, halflife and alpha; mean, sum, var, std; adjust, ignore_na, min_periods, bias),
rolling var and median, interpolate, expanding var/std/count, corr/cov matrices, duplicated, isin of a frame, map
with a dict, get_dummies, hasnans, is_unique, is_monotonic_*, prod, groupby idxmax/idxmin, any/all, rolling
min/max/var/std and cumprod/cummax/cummin/bfill/ngroup, more string members (center, ljust, rjust, repeat, title,
swapcase, casefold, the is* tests, match, fullmatch, removeprefix, removesuffix, split/rsplit with expand and part
selection, slice_replace, normalize, cat with another series) and more datetime members (microsecond, nanosecond,
days_in_month, the is_*_start/end flags, is_leap_year, normalize, day_name, month_name, isocalendar).

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_breadth2.py

It writes integration-tests/src/test/resources/golden/dataframe/breadth2.json: the input frames ("df" as in
golden_dataframe.py; "u" with text and datetimes, some null) and, per case, pandas' result as a table (datetimes as
nanoseconds since the epoch). The Java test (io.mars.it.golden.DataFrameBreadth2GoldenTest) builds the same
expression with Mars for each case name and runs it with several row chunkings. Integer results of dt members are
compared as float64 (pandas gives float64 with NaN when a value is NaT, Mars int64 with null; the Java side casts),
and the str.is* tests run on values without nulls (pandas gives object with NaN there, Mars bool with null).
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import frame, reduce_frame, scalar
from golden_dataframe_ops import col
from golden_dataframe_everyday import group_rolling
from golden_dataframe_text_dates import table

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "breadth2.json"


def texts_and_times():
    w = ["Hello World", None, "ABC", "abc", "a,b,c,d", "  ", "x1,y2", "", "Ab,c", "123", "½3", "MiXeD cAsE",
         "snake_case x", "ab-ab", "Straße Ä"]
    o = ["1", "2", None, "4", "5", "6", "7", "8", "9", "10", "11", None, "13", "14", "15"]
    t = pd.to_datetime(["2024-02-29 13:45:30.123456789", None, "2000-01-01", "2023-03-31 08:00:00",
                        "1999-12-31 12:30:00.000001", "2024-04-01", "1970-01-01", "2021-06-30 22:10:05",
                        "2020-12-31", "2021-10-01 06:00:00", "2100-02-28", "2023-07-15 00:00:00.5",
                        "2022-09-30 23:59:59", "2019-01-31", "2024-12-30 10:00"])
    return pd.DataFrame({"w": pd.Series(w, dtype="object"), "o": pd.Series(o, dtype="object"), "t": t})


def f64(s, name):
    return col(s.astype("float64"), name)


def cases(df, u):
    e = df.iloc[0:0]
    pos = df[df.y > 0]
    x, y = df.x, df.y
    w, t = u.w, u.t
    wf = w.fillna("")
    num = ["k", "x", "y", "b"]
    return {
        # ewm
        "ewm_com_0_5_mean_x": lambda: col(x.ewm(com=0.5).mean(), "x"),
        "ewm_span_3_mean_y": lambda: col(y.ewm(span=3).mean(), "y"),
        "ewm_halflife_2_mean_x_noadjust": lambda: col(x.ewm(halflife=2, adjust=False).mean(), "x"),
        "ewm_alpha_0_3_mean_x_ignore_na": lambda: col(x.ewm(alpha=0.3, ignore_na=True).mean(), "x"),
        "ewm_alpha_0_3_mean_x_ignore_na_noadjust": lambda: col(x.ewm(alpha=0.3, ignore_na=True, adjust=False)
                                                               .mean(), "x"),
        "ewm_alpha_1_mean_x": lambda: col(x.ewm(alpha=1.0).mean(), "x"),
        "ewm_min_periods_4_mean_x": lambda: col(x.ewm(com=1.5, min_periods=4).mean(), "x"),
        "ewm_com_1_sum_x": lambda: col(x.ewm(com=1).sum(), "x"),
        "ewm_com_1_sum_x_ignore_na": lambda: col(x.ewm(com=1, ignore_na=True).sum(), "x"),
        "ewm_span_4_var_x": lambda: col(x.ewm(span=4).var(), "x"),
        "ewm_span_4_var_x_bias": lambda: col(x.ewm(span=4).var(bias=True), "x"),
        "ewm_span_4_std_y": lambda: col(y.ewm(span=4).std(), "y"),
        "ewm_com_2_std_x_bias_noadjust": lambda: col(x.ewm(com=2, adjust=False).std(bias=True), "x"),
        "ewm_com_2_var_x_noadjust_ignore_na": lambda: col(x.ewm(com=2, adjust=False, ignore_na=True).var(), "x"),
        "ewm_halflife_3_std_x_min_periods_3": lambda: col(x.ewm(halflife=3, min_periods=3).std(), "x"),
        "ewm_b_mean": lambda: col(df.b.ewm(com=1).mean(), "b"),
        "ewm_frame_mean": lambda: df[num].ewm(com=2).mean(),
        "ewm_frame_std": lambda: df[["x", "y"]].ewm(span=5, adjust=False).std(),
        "ewm_frame_sum": lambda: df[["k", "x"]].ewm(alpha=0.6).sum(),
        "ewm_after_filter": lambda: col(pos.x.ewm(span=2).mean(), "x"),
        "empty_ewm_mean": lambda: col(e.x.ewm(com=1).mean(), "x"),
        "empty_ewm_frame_var": lambda: e[["x", "y"]].ewm(com=1).var(),
        # rolling var and median, interpolate
        "rolling_3_var_x": lambda: col(x.rolling(3).var(), "x"),
        "rolling_4_var_y_min_periods_2": lambda: col(y.rolling(4, min_periods=2).var(), "y"),
        "rolling_3_median_x": lambda: col(x.rolling(3).median(), "x"),
        "rolling_4_median_x_min_periods_1": lambda: col(x.rolling(4, min_periods=1).median(), "x"),
        "rolling_frame_median": lambda: df[["x", "y"]].rolling(5, min_periods=2).median(),
        "rolling_var_after_filter": lambda: col(pos.x.rolling(2).var(), "x"),
        "interpolate_x": lambda: col(x.interpolate(), "x"),
        "interpolate_x_shift_2": lambda: col(x.shift(2).interpolate(), "x"),
        "interpolate_x_shift_neg_3": lambda: col(x.shift(-3).interpolate(), "x"),
        "interpolate_x_masked_runs": lambda: col(x.where(y > 2).interpolate(), "x"),
        "interpolate_frame": lambda: df[["k", "x", "y"]].assign(z=x.where(y < 5)).interpolate(),
        "interpolate_after_filter": lambda: col(pos.x.interpolate(), "x"),
        "empty_interpolate_x": lambda: col(e.x.interpolate(), "x"),
        # expanding var/std/count
        "expanding_var_x": lambda: col(x.expanding().var(), "x"),
        "expanding_std_y": lambda: col(y.expanding().std(), "y"),
        "expanding_count_x": lambda: col(x.expanding().count(), "x"),
        "expanding_frame_std": lambda: df[["k", "x", "y"]].expanding().std(),
        "expanding_var_after_filter": lambda: col(pos.x.expanding().var(), "x"),
        "expanding_var_shifted": lambda: col(x.shift(3).expanding().var(), "x"),
        "empty_expanding_std": lambda: col(e.x.expanding().std(), "x"),
        # corr/cov matrices (pairwise complete rows; pandas' index of column names is not compared)
        "frame_corr": lambda: df[["k", "x", "y", "b"]].corr(),
        "frame_cov": lambda: df[["k", "x", "y"]].cov(),
        "frame_corr_after_filter": lambda: pos[["x", "y"]].corr(),
        # duplicated, isin of a frame
        "duplicated_frame_k_g_first": lambda: col(df.duplicated(["k", "g"]), ""),
        "duplicated_frame_k_last": lambda: col(df.duplicated(["k"], keep="last"), ""),
        "duplicated_frame_g_none": lambda: col(df.duplicated(["g"], keep=False), ""),
        "duplicated_frame_all": lambda: col(df[["k", "b"]].duplicated(), ""),
        "duplicated_series_s": lambda: col(df.s.duplicated(), "s"),
        "duplicated_series_s_none": lambda: col(df.s.duplicated(keep=False), "s"),
        "duplicated_after_filter": lambda: col(pos.duplicated(["k"]), ""),
        "empty_duplicated": lambda: col(e.duplicated(["k"]), ""),
        "isin_frame_mixed": lambda: df[["k", "g", "x", "s"]].isin([1, "a", 2.75, "bb"]),
        "isin_frame_numbers": lambda: df[["k", "y", "s"]].isin([1, 4, 7]),
        # map with a dict
        "map_k_dict_missing": lambda: col(df.k.map({1: 10, 2: 20, 7: 70}).astype("float64"), "k"),
        "map_k_dict_all": lambda: col(df.k.map({1: 0.5, 2: 1.5, 3: 2.5, 5: 3.5, 7: 4.5}), "k"),
        "map_g_dict_text": lambda: col(df.g.map({"a": "A", "b": "B"}), "g"),
        "map_b_dict_text": lambda: col(df.b.map({True: "yes", False: "no"}), "b"),
        # map with a dict and a declared dtype (pandas' own dtype for ints with a value not found), or with dates
        "map_k_dict_float64": lambda: col(df.k.map({1: 10, 2: 20, 7: 70}), "k"),
        "map_k_dict_declared_int64": lambda: col(df.k.map({1: 10.0, 2: 20.0, 3: 30.0, 5: 50.0, 7: 70.0})
                                                 .astype("int64"), "k"),
        "map_g_dict_dates": lambda: col(df.g.map({"a": pd.Timestamp("2024-01-01"),
                                                  "b": pd.Timestamp("1999-12-31 12:30")}), "g"),
        "map_empty_dict": lambda: col(e.k.map({1: 10}), "k"),
        "map_x_dict_float_keys": lambda: col(df.x.map({1.5: 1, 4.0: 2, 1.0: 3}).astype("float64"), "x"),
        # get_dummies with the values given
        "get_dummies_g": lambda: pd.get_dummies(df.g).astype("int64"),
        "get_dummies_k_prefix": lambda: pd.get_dummies(df.k, prefix="k").astype("int64"),
        "get_dummies_s_after_filter": lambda: pd.get_dummies(pos.s.reset_index(drop=True), prefix="s")[
            ["s_a", "s_bb", "s_f"]].astype("int64"),
        # groupby idxmax/idxmin (labels come float64 through a left join in Mars)
        "groupby_k_idxmax": lambda: df[["k", "x", "y"]].groupby("k", as_index=False).idxmax().astype(
            {"x": "float64", "y": "float64"}),
        "groupby_g_idxmin_x": lambda: df[["g", "x"]].groupby("g", as_index=False).idxmin().astype({"x": "float64"}),
        "groupby_k_b_idxmin_y": lambda: df[["k", "b", "y"]].groupby(["k", "b"], as_index=False).idxmin().astype(
            {"y": "float64"}),
        "groupby_idxmax_after_filter_labels": lambda: pos[["k", "x"]].groupby("k", as_index=False).idxmax().astype(
            {"x": "float64"}),
        # groupby any/all
        "groupby_k_any": lambda: df[["k", "x", "y", "b"]].groupby("k", as_index=False).any(),
        "groupby_g_all": lambda: df[["g", "x", "y", "b"]].groupby("g", as_index=False).all(),
        "groupby_k_all_after_filter": lambda: pos[["k", "x", "b"]].groupby("k", as_index=False).all(),
        # hasnans, is_unique, is_monotonic_increasing/decreasing
        "hasnans_x": lambda: scalar("x", df.x.hasnans),
        "hasnans_y": lambda: scalar("y", df.y.hasnans),
        "is_unique_y": lambda: scalar("y", df.y.is_unique),
        "is_unique_y_head_5": lambda: scalar("y", df.y.head(5).is_unique),
        "is_unique_s": lambda: scalar("s", df.s.is_unique),
        "is_monotonic_increasing_cumsum": lambda: scalar("y", df.y.abs().cumsum().is_monotonic_increasing),
        "is_monotonic_increasing_y": lambda: scalar("y", df.y.is_monotonic_increasing),
        "is_monotonic_decreasing_neg_cumsum": lambda: scalar("y", (-df.y.abs().cumsum()).is_monotonic_decreasing),
        "is_monotonic_increasing_x_nan": lambda: scalar("x", df.x.cumsum().is_monotonic_increasing),
        "is_monotonic_increasing_text": lambda: scalar("w", pd.Series(["a", "a", "b", "bc"]).is_monotonic_increasing),
        "is_monotonic_increasing_after_filter": lambda: scalar("k", pos.k.is_monotonic_increasing),
        "empty_is_monotonic_decreasing": lambda: scalar("y", e.y.is_monotonic_decreasing),
        # prod (a product aggregation: 1 for no values, int64 for ints and bools)
        "prod_y_gt_5": lambda: scalar("y", df[df.y > 5].y.prod()),
        "prod_x_after_filter": lambda: scalar("x", df[(df.y > 0) & (df.x != 0)].x.prod()),
        "empty_prod_x": lambda: scalar("x", e.x.prod()),
        "frame_prod": lambda: reduce_frame(df[df.y > 5][["x", "y", "b"]], "prod"),
        "groupby_k_prod": lambda: df[["k", "x", "y"]].groupby("k", as_index=False).prod(),
        "groupby_g_prod_x": lambda: df[["g", "x"]].groupby("g", as_index=False).prod(),
        "groupby_k_agg_prod": lambda: df.groupby("k", as_index=False).agg(p=("y", "prod"), s=("y", "sum")),
        # groupby rolling min/max (pandas orders the rows by group; put back in frame order)
        "groupby_k_rolling_3_max": lambda: group_rolling(df[["k", "x", "y"]], 3, None, "max"),
        "groupby_k_rolling_2_min": lambda: group_rolling(df[["k", "x", "y"]], 2, None, "min"),
        "groupby_k_rolling_4_1_max_x": lambda: group_rolling(df[["k", "x"]], 4, 1, "max"),
        "groupby_k_rolling_3_2_min": lambda: group_rolling(df[["k", "x", "y"]], 3, 2, "min"),
        "groupby_k_rolling_1_max_y": lambda: group_rolling(df[["k", "y"]], 1, None, "max"),
        "groupby_k_rolling_3_var": lambda: group_rolling(df[["k", "x", "y"]], 3, None, "var"),
        "groupby_k_rolling_4_2_std": lambda: group_rolling(df[["k", "x", "y"]], 4, 2, "std"),
        "groupby_k_rolling_2_1_var_x": lambda: group_rolling(df[["k", "x"]], 2, 1, "var"),
        "groupby_k_rolling_3_std_far": lambda: group_rolling(df[["k", "y"]].assign(y=df.y * 1.0 + 1e6), 3, None,
                                                             "std"),
        # groupby cumprod/cummax/cummin (a segmented scan), bfill, ngroup
        "groupby_k_cumprod": lambda: df[["k", "x", "y"]].groupby("k").cumprod(),
        "groupby_g_cummax_x": lambda: df[["g", "x"]].groupby("g").cummax(),
        "groupby_k_cummax": lambda: df[["k", "x", "y"]].groupby("k").cummax(),
        "groupby_k_b_cummin_y": lambda: df[["k", "b", "y"]].groupby(["k", "b"]).cummin(),
        "groupby_g_cummin_x": lambda: df[["g", "x"]].groupby("g").cummin(),
        "groupby_cumprod_after_filter": lambda: pos[["k", "x"]].groupby("k").cumprod(),
        "empty_groupby_cummax": lambda: e[["k", "y"]].groupby("k").cummax(),
        "groupby_k_bfill": lambda: df[["k", "x", "s"]].groupby("k").bfill(),
        "groupby_g_bfill_x": lambda: df[["g", "x"]].groupby("g").bfill(),
        "groupby_k_ngroup": lambda: col(df.groupby("k").ngroup(), ""),
        "groupby_g_ngroup_float": lambda: col(df.groupby("g").ngroup(), ""),
        "groupby_k_b_ngroup": lambda: col(df.groupby(["k", "b"]).ngroup(), ""),
        "empty_groupby_ngroup": lambda: col(e.groupby("k").ngroup(), ""),
        # groupby ewm (pandas orders the rows by group; put back in frame order)
        "groupby_k_ewm_com_1_mean": lambda: group_ewm(df[["k", "x", "y"]], "k", dict(com=1.0), "mean"),
        "groupby_k_ewm_span_3_std": lambda: group_ewm(df[["k", "x", "y"]], "k", dict(span=3), "std"),
        "groupby_k_b_ewm_alpha_var_noadjust": lambda: group_ewm(df[["k", "b", "x"]], ["k", "b"],
                                                                 dict(alpha=0.4, adjust=False), "var"),
        "groupby_g_ewm_halflife_sum_ignore_na": lambda: group_ewm(df[["g", "x"]], "g",
                                                                  dict(halflife=2, ignore_na=True), "sum"),
        "groupby_ewm_after_filter": lambda: group_ewm(pos[["k", "x"]], "k", dict(com=0.5), "mean"),
        # str
        "str_center_8_star": lambda: col(w.str.center(8, "*"), "w"),
        "str_center_7": lambda: col(w.str.center(7), "w"),
        "str_ljust_6_dot": lambda: col(w.str.ljust(6, "."), "w"),
        "str_rjust_6": lambda: col(w.str.rjust(6), "w"),
        "str_repeat_2": lambda: col(w.str.repeat(2), "w"),
        "str_repeat_0": lambda: col(w.str.repeat(0), "w"),
        "str_title": lambda: col(w.str.title(), "w"),
        "str_swapcase": lambda: col(w.str.swapcase(), "w"),
        "str_isalpha": lambda: col(wf.str.isalpha(), "w"),
        "str_isalnum": lambda: col(wf.str.isalnum(), "w"),
        "str_isnumeric": lambda: col(wf.str.isnumeric(), "w"),
        "str_isdecimal": lambda: col(wf.str.isdecimal(), "w"),
        "str_isspace": lambda: col(wf.str.isspace(), "w"),
        "str_isupper": lambda: col(wf.str.isupper(), "w"),
        "str_islower": lambda: col(wf.str.islower(), "w"),
        "str_match_letters": lambda: col(wf.str.match(r"[A-Za-z]+"), "w"),
        "str_match_digit": lambda: col(wf.str.match(r"\d"), "w"),
        "str_fullmatch_word": lambda: col(wf.str.fullmatch(r"[a-z]+"), "w"),
        "str_fullmatch_csv": lambda: col(wf.str.fullmatch(r"(\w+,)+\w+"), "w"),
        "str_rsplit_comma_expand_1": lambda: w.str.rsplit(",", n=1, expand=True),
        "str_rsplit_comma_expand_2": lambda: w.str.rsplit(",", n=2, expand=True),
        "str_slice_replace_1_3": lambda: col(w.str.slice_replace(1, 3, "XY"), "w"),
        "str_slice_replace_neg": lambda: col(w.str.slice_replace(-2, -1, ""), "w"),
        "str_slice_replace_empty_slice": lambda: col(w.str.slice_replace(4, 2, "_"), "w"),
        "str_normalize_nfkd": lambda: col(w.str.normalize("NFKD"), "w"),
        "str_casefold": lambda: col(w.str.casefold(), "w"),
        "str_removeprefix_ab": lambda: col(w.str.removeprefix("ab"), "w"),
        "str_removesuffix_ab": lambda: col(w.str.removesuffix("ab"), "w"),
        "str_split_comma_expand_2": lambda: w.str.split(",", n=2, expand=True),
        "str_split_comma_get_0": lambda: col(w.str.split(",").str.get(0), "w"),
        "str_split_comma_get_last": lambda: col(w.str.split(",").str.get(-1), "w"),
        "str_split_space_1_get_1": lambda: col(w.str.split(" ", n=1).str.get(1), "w"),
        "str_split_comma_1_get_neg_1": lambda: col(w.str.split(",", n=1).str.get(-1), "w"),
        "str_cat_o_dash": lambda: col(w.str.cat(u.o, sep="-"), "w"),
        "str_cat_after_filter": lambda: col(u[u.o.notna()].w.str.cat(u[u.o.notna()].o, sep=""), "w"),
        # dt
        "dt_microsecond": lambda: f64(t.dt.microsecond, "t"),
        "dt_nanosecond": lambda: f64(t.dt.nanosecond, "t"),
        "dt_days_in_month": lambda: f64(t.dt.days_in_month, "t"),
        "dt_is_month_start": lambda: col(t.dt.is_month_start, "t"),
        "dt_is_month_end": lambda: col(t.dt.is_month_end, "t"),
        "dt_is_quarter_start": lambda: col(t.dt.is_quarter_start, "t"),
        "dt_is_quarter_end": lambda: col(t.dt.is_quarter_end, "t"),
        "dt_is_year_start": lambda: col(t.dt.is_year_start, "t"),
        "dt_is_year_end": lambda: col(t.dt.is_year_end, "t"),
        "dt_is_leap_year": lambda: col(t.dt.is_leap_year, "t"),
        "dt_isocalendar": lambda: t.dt.isocalendar().astype("float64").reset_index(drop=True),
        "dt_normalize": lambda: col(t.dt.normalize(), "t"),
        "dt_day_name": lambda: col(t.dt.day_name(), "t"),
        "dt_month_name": lambda: col(t.dt.month_name(), "t"),
        "dt_normalize_after_filter": lambda: col(u[u.o.notna()].t.dt.normalize(), "t"),
    }


def group_ewm(d, keys, kw, fn):
    """groupby(keys).ewm(...): pandas orders the rows by group; Mars keeps frame order (NaN for a null key)."""
    r = getattr(d.groupby(keys).ewm(**kw), fn)()
    levels = len(keys) if isinstance(keys, list) else 1
    r = r.reset_index(level=list(range(levels)), drop=True)
    r = r.reindex(d.index).reset_index(drop=True)
    return r[[c for c in d.columns if c not in (keys if isinstance(keys, list) else [keys])]].astype("float64")


def main():
    df, u = frame(), texts_and_times()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_breadth2.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df), "u": table(u)},
        "cases": {name: table(fn()) for name, fn in cases(df, u).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
