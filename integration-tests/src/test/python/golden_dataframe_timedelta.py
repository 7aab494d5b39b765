"""Golden answers of the timedelta64[ns] dtype (issue 18): datetime and timedelta arithmetic (// and % too),
comparisons, reductions (std, median, quantile, describe too) and groupby aggregations of timedeltas, NaT,
pd.to_timedelta of strings (errors "raise" and "coerce") and of numbers with a unit, and the dt accessor's
days/seconds/microseconds/nanoseconds/total_seconds/components, computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_timedelta.py

It writes integration-tests/src/test/resources/golden/dataframe/timedelta.json: the input frames ("df" with
datetimes, timedeltas, some NaT, numbers, keys and timedelta text; "o" a second frame of text) and, per case, pandas'
result as a table (datetimes and timedeltas as nanoseconds, NaT as null, the conventions of golden_dataframe_ops.py).
The Java test (io.mars.it.golden.DataFrameTimedeltaGoldenTest) builds the same expression with Mars for each case
name and runs it with one chunk, a chunk per row and uneven chunks; "e" is the empty frame of df's columns. "to_csv"
holds the text pandas' to_csv writes of timedeltas (DataFrameTimedeltaTest compares Mars' toCsv with it). Integer
results of dt members are compared as float64: pandas gives float64 with NaN when a value is NaT, Mars int64 with
null (the Java side casts); so are timedelta // timedelta cases with NaT. describe cases hold pandas' object
column as its text (str of each value, NaT as null), as Mars gives it.
"""

import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import cell as base_cell
from golden_dataframe_ops import col

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "timedelta.json"


def cell(v):
    if v is pd.NaT:
        return None
    if isinstance(v, (pd.Timestamp, pd.Timedelta)):
        return int(v.value)
    return base_cell(v)


def table(df):
    return {
        "columns": [str(c) for c in df.columns],
        "dtypes": [str(t) for t in df.dtypes],
        "rows": [[cell(v) for v in row] for row in df.itertuples(index=False, name=None)],
    }


def frame():
    t = pd.to_datetime(["2024-02-29 13:45:30", None, "2000-01-01", "2023-07-04 08:00:00.250", "1999-12-31 12:30:00",
                        "2024-03-10 23:59:59", "1970-01-01", "2021-11-28 22:10:05.000000123", "2020-12-31 11:29:30",
                        "2021-01-03 06:00:00"])
    u = pd.to_datetime(["2024-01-01", "2020-05-05", None, "2023-07-05 07:59:59", "2000-01-01", "2024-03-10 23:59:59",
                        "1969-12-31 23:00:00", "2021-11-27", "2021-01-01 00:00:00.5", None])
    td = pd.to_timedelta(["1 days 02:00:00", None, "-3h", "00:00:01.5", "-1 days +23:59:59.999999999", "12:30:00",
                          "0s", "40 days 00:00:00.000001", "-2 days", "45min"])
    td2 = pd.to_timedelta(["2h", "1 days", "30min", None, "1ns", "0s", "-1 days", "3 days 04:05:06", "1 days", "15min"])
    x = [2.0, 3.5, np.nan, -1.25, 0.0, 10.0, 4.0, 0.5, -3.0, 1.0]
    k = [1, 2, 3, 4, 5, -6, 7, 0, 9, 10]
    g = ["a", "b", "a", "c", "b", "a", "c", "a", "b", "c"]
    s = ["1 days 02:00:00", "3h", "-1 days +23:00:00", "00:00:01.5", None, "1d2h3m4s5ms6us7ns", "15min", "P1DT2H",
         "2 days", "-00:30:00"]
    n = [1.5, -2.25, np.nan, 0.000001, 1e-9, 86400.0, 3.0, -0.5, 1234.567891234, 0.0]
    return pd.DataFrame({
        "t": t, "u": u, "td": td, "td2": td2,
        "x": pd.Series(x, dtype="float64"), "k": pd.Series(k, dtype="int64"), "g": pd.Series(g, dtype="object"),
        "s": pd.Series(s, dtype="object"), "n": pd.Series(n, dtype="float64"),
    })


def other():
    return pd.DataFrame({"w": pd.Series(["2 days", "1.5h", "NaT", "-1d", "10 minutes", "3 hours 5 min", "0:0:0.000001",
                                          None, "7 days 00:00:00", "1 day, 1:00:00"], dtype="object"),
                         # text to_timedelta cannot read (errors="coerce" makes it NaT) beside text it can
                         "v": pd.Series(["1 days 02:00:00", "bogus", "", None, "NaT", "3 parsecs", "P1X",
                                         "2 hours and 3 min", "-1 days +23:00:00", "1.5h"], dtype="object")})


def one(name, v):
    return pd.DataFrame({name: pd.Series([v], dtype="timedelta64[ns]")})


def f64(s, name):
    return col(s.astype("float64"), name)


def gb(d):
    return d[["g", "td"]].groupby("g", as_index=False)


def cases(d, o):
    e = d.iloc[0:0]
    td = d.td
    # pandas warns about its own deprecations (numeric_only) and numpy about // 0; neither changes a result
    warnings.simplefilter("ignore")
    return {
        # datetime and timedelta arithmetic
        "ts_minus_ts": lambda: (d.t - d.u).to_frame(""),
        "ts_plus_td": lambda: (d.t + d.td).to_frame(""),
        "td_plus_ts": lambda: (d.td + d.t).to_frame(""),
        "ts_minus_td": lambda: (d.t - d.td).to_frame(""),
        "td_plus_td2": lambda: (d.td + d.td2).to_frame(""),
        "td_minus_td2": lambda: (d.td - d.td2).to_frame(""),
        "td_mul_3": lambda: col(td * 3, "td"),
        "td_mul_1_5": lambda: col(td * 1.5, "td"),
        "td_rmul_2_5": lambda: col(2.5 * td, "td"),
        "td_mul_x": lambda: (d.td * d.x).to_frame(""),
        "td_mul_k": lambda: (d.td * d.k).to_frame(""),
        "td_div_4": lambda: col(td / 4, "td"),
        "td_div_2_5": lambda: col(td / 2.5, "td"),
        "td_div_x": lambda: (d.td / d.x).to_frame(""),
        "td_div_k": lambda: (d.td / d.k).to_frame(""),
        "td_div_td2": lambda: (d.td / d.td2).to_frame(""),
        "td_div_1h": lambda: col(td / pd.Timedelta("1h"), "td"),
        "ts_minus_timestamp": lambda: col(d.t - pd.Timestamp("2020-01-01 12:00:00"), "t"),
        "ts_plus_timedelta": lambda: col(d.t + pd.Timedelta("1 days 02:00:00"), "t"),
        "ts_minus_timedelta": lambda: col(d.t - pd.Timedelta("90min"), "t"),
        "td_plus_timedelta": lambda: col(td + pd.Timedelta("1s"), "td"),
        "neg_td": lambda: col(-td, "td"),
        "abs_td": lambda: col(td.abs(), "td"),
        # comparisons
        "td_lt_td2": lambda: (d.td < d.td2).to_frame(""),
        "td_ge_td2": lambda: (d.td >= d.td2).to_frame(""),
        "td_eq_td2": lambda: (d.td == d.td2).to_frame(""),
        "td_ne_td2": lambda: (d.td != d.td2).to_frame(""),
        "td_gt_1h": lambda: col(td > pd.Timedelta("1h"), "td"),
        "td_le_0": lambda: col(td <= pd.Timedelta(0), "td"),
        "td_eq_0": lambda: col(td == pd.Timedelta(0), "td"),
        "td_ne_0": lambda: col(td != pd.Timedelta(0), "td"),
        "filter_td_gt_0": lambda: d[d.td > pd.Timedelta(0)][["g", "td"]],
        "between_ts_diff": lambda: d[(d.t - d.u) > pd.Timedelta("1h")][["g", "t", "u"]],
        # reductions
        "td_sum": lambda: one("td", td.sum()),
        "td_mean": lambda: one("td", td.mean()),
        "td_min": lambda: one("td", td.min()),
        "td_max": lambda: one("td", td.max()),
        "td_count": lambda: pd.DataFrame({"td": [td.count()]}),
        "diff_mean": lambda: one("", (d.t - d.u).mean()),
        "frame_sum": lambda: pd.DataFrame({c: pd.Series([d[c].sum()], dtype="timedelta64[ns]") for c in ["td", "td2"]}),
        "frame_max": lambda: pd.DataFrame({c: pd.Series([d[c].max()], dtype="timedelta64[ns]") for c in ["td", "td2"]}),
        "nat_only_sum": lambda: one("td", d[d.td.isna()].td.sum()),
        "nat_only_mean": lambda: one("td", d[d.td.isna()].td.mean()),
        "empty_sum": lambda: one("td", e.td.sum()),
        "empty_mean": lambda: one("td", e.td.mean()),
        "empty_max": lambda: one("td", e.td.max()),
        "empty_ts_minus_ts": lambda: (e.t - e.u).to_frame(""),
        # groupby
        "groupby_sum": lambda: gb(d).sum(numeric_only=False),
        "groupby_mean": lambda: gb(d).mean(),
        "groupby_min": lambda: gb(d).min(),
        "groupby_max": lambda: gb(d).max(),
        "groupby_count": lambda: gb(d).count(),
        "groupby_agg_named": lambda: gb(d).agg(total=("td", "sum"), avg=("td", "mean"), n=("td", "count"),
                                               lo=("td", "min")),
        "groupby_diff_sum": lambda: d.assign(diff=d.t - d.u)[["g", "diff"]].groupby("g", as_index=False).sum(),
        "empty_groupby_sum": lambda: gb(e).sum(numeric_only=False),
        # dt accessor of timedeltas
        "dt_days": lambda: f64(td.dt.days, "td"),
        "dt_seconds": lambda: f64(td.dt.seconds, "td"),
        "dt_microseconds": lambda: f64(td.dt.microseconds, "td"),
        "dt_nanoseconds": lambda: f64(td.dt.nanoseconds, "td"),
        "dt_total_seconds": lambda: col(td.dt.total_seconds(), "td"),
        "dt_days_of_diff": lambda: f64((d.t - d.u).dt.days, ""),
        # components: int64 without NaT, float64 with NaN in every column when there is one (Mars: int64 with null,
        # the Java side casts)
        "dt_components": lambda: td.dt.components.astype("float64"),
        "dt_components_no_nat": lambda: td.dropna().dt.components,
        "dt_components_td2": lambda: d.td2.dt.components.astype("float64"),
        "dt_components_of_diff": lambda: (d.t - d.u).dt.components.astype("float64"),
        "dt_components_nat_only": lambda: d[d.td.isna()].td.dt.components.astype("float64"),
        "dt_components_empty": lambda: e.td.dt.components,
        # constructors
        "to_timedelta_strings": lambda: col(pd.to_timedelta(d.s), "s"),
        "to_timedelta_other_strings": lambda: col(pd.to_timedelta(o.w), "w"),
        "to_timedelta_coerce": lambda: col(pd.to_timedelta(o.v, errors="coerce"), "v"),
        "to_timedelta_coerce_all_read": lambda: col(pd.to_timedelta(d.s, errors="coerce"), "s"),
        "to_timedelta_raise": lambda: col(pd.to_timedelta(o.w, errors="raise"), "w"),
        "to_timedelta_coerce_empty": lambda: col(pd.to_timedelta(e.s, errors="coerce"), "s"),
        "to_timedelta_float_s": lambda: col(pd.to_timedelta(d.n, unit="s"), "n"),
        "to_timedelta_float_ms": lambda: col(pd.to_timedelta(d.n, unit="ms"), "n"),
        "to_timedelta_float_d": lambda: col(pd.to_timedelta(d.n, unit="D"), "n"),
        "to_timedelta_int_h": lambda: col(pd.to_timedelta(d.k, unit="h"), "k"),
        "to_timedelta_int_us": lambda: col(pd.to_timedelta(d.k, unit="us"), "k"),
        # nulls, row-wise members, sorting
        "fillna_1s": lambda: col(td.fillna(pd.Timedelta("1s")), "td"),
        "isna_td": lambda: col(td.isna(), "td"),
        "where_x_gt_0": lambda: col(td.where(d.x > 0), "td"),
        "shift_1": lambda: col(td.shift(1), "td"),
        "cummax_td": lambda: col(td.cummax(), "td"),
        "cummin_td": lambda: col(td.cummin(), "td"),
        # pandas 1.5.3's cumsum of timedeltas misreads NaT (the totals after it are garbage), so NaT is filled here;
        # Mars skips a null and keeps it, as for its other dtypes
        "cumsum_td": lambda: col(td.fillna(pd.Timedelta(0)).cumsum(), "td"),
        "groupby_timedelta_key": lambda: d[["td2", "x"]].groupby("td2", as_index=False).sum(),
        # pandas matches NaT keys with each other, Mars never matches null keys: they are dropped first
        "merge_on_timedelta": lambda: d[["td", "k"]].dropna().merge(
            d[["td2", "g"]].dropna().rename(columns={"td2": "td"}), on="td", how="inner", sort=True),
        "timedelta_labels_sorted": lambda: d.set_index("td")[["k"]].sort_index(kind="stable").reset_index(),
        # ties in value order, as Mars orders them (pandas leaves the order of ties to its hash table)
        "value_counts_td2": lambda: d.td2.value_counts().rename_axis("td2").reset_index(name="count")
        .sort_values(["count", "td2"], ascending=[False, True], kind="stable"),
        "astype_str": lambda: col(td.fillna(pd.Timedelta(0)).astype(str), "td"),
        "astype_int64": lambda: col(td.fillna(pd.Timedelta(0)).astype("int64"), "td"),
        "sort_by_td": lambda: d.sort_values("td", kind="stable")[["g", "td"]],
        "int64_astype_timedelta": lambda: col(d.k.astype("timedelta64[ns]"), "k"),
        "float64_astype_timedelta": lambda: col((d.n * 1e9).astype("timedelta64[ns]"), "n"),
        # floor division and modulo: timedelta // timedelta is int64 in pandas, float64 with NaN when a value is NaT
        # (Mars: int64 with null; the Java side casts the cases with NaT); // 0 timedelta gives 0 (numpy), % 0
        # timedelta the value; timedelta // number truncates (numpy's loop) and % number keeps the value's sign
        "td_floordiv_td2": lambda: (d.td // d.td2).to_frame(""),
        "td_floordiv_1h": lambda: col(td // pd.Timedelta("1h"), "td"),
        "td_floordiv_minus_90min": lambda: col(td // pd.Timedelta("-90min"), "td"),
        "td_floordiv_zero_td": lambda: col(td // pd.Timedelta(0), "td"),
        "no_nat_floordiv": lambda: (d.dropna(subset=["td", "td2"]).td // d.dropna(subset=["td", "td2"]).td2)
        .to_frame("").reset_index(drop=True),
        "empty_floordiv": lambda: (e.td // e.td2).to_frame(""),
        "td_floordiv_3": lambda: col(td // 3, "td"),
        "td_floordiv_minus_7": lambda: col(td // -7, "td"),
        "td_floordiv_0": lambda: col(td // 0, "td"),
        "td_floordiv_k": lambda: (d.td // d.k).to_frame(""),
        "td_floordiv_x": lambda: (d.td // d.x).to_frame(""),
        "td_mod_td2": lambda: (d.td % d.td2).to_frame(""),
        "td_mod_1h": lambda: col(td % pd.Timedelta("1h"), "td"),
        "td_mod_minus_7min": lambda: col(td % pd.Timedelta("-7min"), "td"),
        "td_mod_zero_td": lambda: col(td % pd.Timedelta(0), "td"),
        "td_mod_3": lambda: col(td % 3, "td"),
        "td_mod_minus_7": lambda: col(td % -7, "td"),
        "td_mod_k": lambda: (d.td % d.k).to_frame(""),
        "td_mod_x": lambda: (d.td % d.x).to_frame(""),
        "empty_mod": lambda: (e.td % e.td2).to_frame(""),
        "frame_floordiv_4": lambda: d[["td", "td2"]] // 4,
        "frame_mod_5": lambda: d[["td", "td2"]] % 5,
        # std (pandas refuses var, sem and groupby std of timedeltas: DataFrameTimedeltaTest)
        "td_std": lambda: one("td", td.std()),
        "td_std_ddof0": lambda: one("td", td.std(ddof=0)),
        "one_value_std": lambda: one("td", td.iloc[:1].std()),
        "nat_only_std": lambda: one("td", d[d.td.isna()].td.std()),
        "empty_std": lambda: one("td", e.td.std()),
        "frame_std": lambda: pd.DataFrame({"td": pd.Series([td.std()], dtype="timedelta64[ns]"),
                                           "x": [d.x.std()]}),
        # median, quantile, describe
        "td_median": lambda: one("td", td.median()),
        "td2_median": lambda: one("td2", d.td2.median()),
        "td_quantile_0_3": lambda: one("td", td.quantile(0.3)),
        "td_quantile_0": lambda: one("td", td.quantile(0.0)),
        "td_quantile_1": lambda: one("td", td.quantile(1.0)),
        "td_quantile_0_85": lambda: one("td", td.quantile(0.85)),
        "nat_only_median": lambda: one("td", d[d.td.isna()].td.median()),
        "empty_median": lambda: one("td", e.td.median()),
        "empty_quantile": lambda: one("td", e.td.quantile(0.5)),
        "frame_median": lambda: d[["td", "td2"]].median().to_frame().T.astype("timedelta64[ns]"),
        # pandas 1.5 leaves timedelta columns out of a frame's quantile unless numeric_only=False (its future default)
        "frame_quantile_0_3": lambda: d[["td", "td2"]].quantile(0.3, numeric_only=False).to_frame().T
        .astype("timedelta64[ns]").reset_index(drop=True),
        "describe_td": lambda: described(td.describe().to_frame("td")),
        "describe_frame": lambda: described(d[["td", "x", "k"]].describe()),
        "describe_one_value": lambda: described(td.iloc[:1].describe().to_frame("td")),
        "describe_nat_only": lambda: described(d[d.td.isna()].td.describe().to_frame("td")),
        "describe_empty": lambda: described(e.td.describe().to_frame("td")),
        # pandas 1.5.3's groupby median and quantile of timedeltas misread NaT (a group with one gets garbage), so
        # NaT is dropped first here; Mars skips it, as for its other dtypes. (Of an empty frame pandas leaves the
        # timedelta column out of the median; Mars keeps it)
        "groupby_median": lambda: gb(d.dropna(subset=["td"])).median(),
        "groupby_quantile_0_3": lambda: gb(d.dropna(subset=["td"])).quantile(0.3),
        "groupby_quantile_0_75": lambda: gb(d.dropna(subset=["td"])).quantile(0.75),
        # values a nanosecond off whole units, where low + (high - low) * f (pandas) and low * (1 - f) + high * f
        # truncate to different nanoseconds
        "groupby_quantile_0_15_plus_1ns": lambda: gb(d.dropna(subset=["td"]).assign(td=lambda f: f.td
                                                                                    + pd.Timedelta(1))).quantile(0.15),
        "groupby_quantile_0_9_plus_1ns": lambda: gb(d.dropna(subset=["td"]).assign(td=lambda f: f.td
                                                                                   + pd.Timedelta(1))).quantile(0.9),
    }


def described(desc):
    """describe() with its row names in a "stat" column; a timedelta column as the text pandas prints (NaT: null)."""
    out = desc.reset_index().rename(columns={"index": "stat"})
    for c in out.columns:
        if str(out[c].dtype) == "object" and c != "stat":
            out[c] = pd.Series([None if v is pd.NaT else str(v) for v in out[c]], dtype="object")
    return out


def main():
    d, o = frame(), other()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_timedelta.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(d), "o": table(o)},
        "cases": {name: table(fn()) for name, fn in cases(d, o).items()},
        # what to_csv writes: each value as str(Timedelta), or "n days" when every value is whole days
        "to_csv": {"text": d[["g", "td"]].to_csv(index=False),
                   "days_text": pd.DataFrame({"d": pd.to_timedelta(["1 days", None, "-2 days"])}).to_csv(index=False)},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
