"""Golden answers of issue 18's string and date members added after session 15 (str.strip/lstrip/rstrip/zfill/pad/
count/find/rfind/get/extract/capitalize/isdigit, dt.hour/minute/second/quarter/dayofyear/weekofyear/strftime/floor/
ceil/round, to_datetime with a format, errors="raise" or "coerce") and of drop_duplicates(keep=...), dropna(how,
subset=None) and concat's dtype promotion, computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_text_dates.py

It writes integration-tests/src/test/resources/golden/dataframe/text_dates.json: the input frames ("df" as in
golden_dataframe.py; "d" with datetimes, some NaT, and text, its column "m" dates as %d/%m/%Y among text
to_datetime cannot read) and, per case, pandas' result as a table (datetimes as nanoseconds since the epoch, the
conventions of golden_dataframe_ops.py). The Java test
(io.mars.it.golden.DataFrameTextDatesGoldenTest) builds the same expression with Mars for each case name and runs
it with several row chunkings. Integer results of str and dt members are compared as float64: pandas gives float64
with NaN when a value is null, Mars int64 with null (the Java side casts).
"""

import json
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import frame
from golden_dataframe_ops import cell as ops_cell, col


def table(df):
    """golden_dataframe_ops.table with NaT as null."""
    return {
        "columns": [str(c) for c in df.columns],
        "dtypes": [str(t) for t in df.dtypes],
        "rows": [[None if v is pd.NaT else ops_cell(v) for v in row] for row in df.itertuples(index=False, name=None)],
    }

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "text_dates.json"


def dates():
    t = pd.to_datetime(["2024-02-29 13:45:30", None, "2000-01-01", "2023-07-04 08:00:00", "1999-12-31 12:30:00",
                        "2024-03-10 23:59:59", "1970-01-01", "2021-11-28 22:10:05", "2020-12-31 11:29:30",
                        "2021-01-03 06:00:00"])
    text = ["29/02/2024 13:45", None, "01/01/2000 00:00", "4/7/2023 08:00", "31/12/1999 12:30", "10/03/2024 23:59",
            "01/01/1970 00:00", "28/11/2021 22:10", "31/12/2020 11:29", "03/01/2021 06:00"]
    w = ["  ab ", "x-1", "-42", "007", None, "hello world", "a,b,a", "", "+3", "banana"]
    # dates as %d/%m/%Y and values it cannot read: no such day, another format, out of datetime64[ns]'s range,
    # empty, a NaT string, trailing text
    m = ["29/02/2024", "31/02/2024", "2024-01-01", None, "01/01/1500", "", "NaT", "1/1/2000", "01/01/2000 ",
         "11/04/2262"]
    return pd.DataFrame({"t": t, "text": pd.Series(text, dtype="object"), "w": pd.Series(w, dtype="object"),
                         "m": pd.Series(m, dtype="object")})


def f64(s, name):
    return col(s.astype("float64"), name)


def cases(df, d):
    e = df.iloc[0:0]
    w = d.w
    t = d.t
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        week = t.dt.weekofyear
    return {
        # dropna with subset=None, drop_duplicates(keep=...), concat's dtype promotion
        "dropna_all_subset_none": lambda: df.dropna(how="all", subset=None),
        "dropna_any_subset_none": lambda: df.dropna(how="any", subset=None),
        "drop_duplicates_k_first": lambda: df.drop_duplicates(["k"], keep="first"),
        "drop_duplicates_k_last": lambda: df.drop_duplicates(["k"], keep="last"),
        "drop_duplicates_k_none": lambda: df.drop_duplicates(["k"], keep=False),
        "drop_duplicates_g_b_last": lambda: df.drop_duplicates(["g", "b"], keep="last"),
        "drop_duplicates_g_none": lambda: df.drop_duplicates(["g"], keep=False),
        "drop_duplicates_s_series_last": lambda: col(df.s.drop_duplicates(keep="last"), "s"),
        "drop_duplicates_s_series_none": lambda: col(df.s.drop_duplicates(keep=False), "s"),
        "empty_drop_duplicates_none": lambda: e.drop_duplicates(["k"], keep=False),
        "concat_int_float": lambda: pd.concat([df[["k", "y"]], df[["k", "x"]].rename(columns={"x": "y"})],
                                              ignore_index=True),
        "concat_series_int_float": lambda: col(pd.concat([df.y, df.x.rename("y")], ignore_index=True), "y"),
        # str
        "str_strip": lambda: col(w.str.strip(), "w"),
        "str_lstrip": lambda: col(w.str.lstrip(), "w"),
        "str_rstrip": lambda: col(w.str.rstrip(), "w"),
        "str_strip_chars": lambda: col(w.str.strip("ab"), "w"),
        "str_lstrip_chars": lambda: col(w.str.lstrip("+-"), "w"),
        "str_rstrip_chars": lambda: col(w.str.rstrip("a"), "w"),
        "str_zfill_5": lambda: col(w.str.zfill(5), "w"),
        "str_pad_6": lambda: col(w.str.pad(6), "w"),
        "str_pad_7_both": lambda: col(w.str.pad(7, side="both", fillchar="*"), "w"),
        "str_pad_8_both": lambda: col(w.str.pad(8, side="both", fillchar="*"), "w"),
        "str_pad_6_right": lambda: col(w.str.pad(6, side="right", fillchar="."), "w"),
        "str_count_a": lambda: f64(w.str.count("a"), "w"),
        "str_count_regex": lambda: f64(w.str.count("[0-9]"), "w"),
        "str_find_a": lambda: f64(w.str.find("a"), "w"),
        "str_rfind_a": lambda: f64(w.str.rfind("a"), "w"),
        "str_get_0": lambda: col(w.str.get(0), "w"),
        "str_get_neg_1": lambda: col(w.str.get(-1), "w"),
        "str_extract_digits": lambda: col(w.str.extract(r"(\d+)", expand=False), "w"),
        "str_capitalize": lambda: col(w.str.capitalize(), "w"),
        "str_isdigit": lambda: col(w.fillna("7").str.isdigit(), "w"),
        "str_strip_df_s": lambda: col(df.s.str.strip("a"), "s"),
        # dt
        "dt_hour": lambda: f64(t.dt.hour, "t"),
        "dt_minute": lambda: f64(t.dt.minute, "t"),
        "dt_second": lambda: f64(t.dt.second, "t"),
        "dt_quarter": lambda: f64(t.dt.quarter, "t"),
        "dt_dayofyear": lambda: f64(t.dt.dayofyear, "t"),
        "dt_weekofyear": lambda: f64(week, "t"),
        "dt_strftime_iso": lambda: col(t.dt.strftime("%Y-%m-%d %H:%M:%S"), "t"),
        "dt_strftime_names": lambda: col(t.dt.strftime("%d %b %Y, %a %I%p day %j %B %A %y %f %%"), "t"),
        "dt_floor_h": lambda: col(t.dt.floor("H"), "t"),
        "dt_ceil_d": lambda: col(t.dt.ceil("D"), "t"),
        "dt_round_h": lambda: col(t.dt.round("H"), "t"),
        "dt_round_min": lambda: col(t.dt.round("min"), "t"),
        "dt_floor_s_after_filter": lambda: col(d[d.t.dt.year > 2000].t.dt.floor("S"), "t"),
        "to_datetime_format": lambda: col(pd.to_datetime(d.text, format="%d/%m/%Y %H:%M"), "text"),
        "to_datetime_date_only": lambda: col(pd.to_datetime(d.text.str.extract(r"(\S+)", expand=False), format="%d/%m/%Y"),
                                             "text"),
        # errors: "coerce" makes a value that does not match (or does not fit) NaT; NaT strings are NaT either way
        "to_datetime_coerce": lambda: col(pd.to_datetime(d.m, format="%d/%m/%Y", errors="coerce"), "m"),
        "to_datetime_coerce_none_match": lambda: col(pd.to_datetime(d.text, format="%d/%m/%Y", errors="coerce"),
                                                     "text"),
        "to_datetime_coerce_all_match": lambda: col(pd.to_datetime(d.text, format="%d/%m/%Y %H:%M", errors="coerce"),
                                                    "text"),
        "to_datetime_raise_nat_strings": lambda: col(pd.to_datetime(d.m[d.m.isin(["29/02/2024", "NaT", "1/1/2000",
                                                                                   "11/04/2262"])],
                                                                    format="%d/%m/%Y", errors="raise"), "m"),
    }


def main():
    df, d = frame(), dates()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_text_dates.py",
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
