"""Golden answers of the running and window functions of series and frames (cumsum, cumprod, cummax, cummin, ffill,
shift, diff, pct_change, rolling(w).sum/mean/min/max/std, expanding().sum/mean/min/max), computed by pandas.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_window.py

It writes integration-tests/src/test/resources/golden/dataframe/window.json: the input frames ("df" as in
golden_dataframe.py; "v" with leading and consecutive nulls, zeros and small ints) and, per case, pandas' result as a
table (the conventions of golden_dataframe.py). The Java test (io.mars.it.golden.DataFrameWindowGoldenTest) builds
the same expression with Mars for each case name and runs it with several row chunkings (one chunk, a row per
chunk, uneven chunks), so that running values and windows cross chunk boundaries.
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import frame, table
from golden_dataframe_ops import col

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "window.json"


def values():
    nan = np.nan
    return pd.DataFrame({
        "p": pd.Series([nan, nan, 2.0, 0.0, 0.0, 3.0, nan, nan, -1.5, 4.0, nan, 0.5, 2.0], dtype="float64"),
        "q": pd.Series([2, -1, 3, 1, 2, -2, 1, 3, 1, -1, 2, 1, 2], dtype="int64"),
    })


def cases(df, v):
    e = df.iloc[0:0]
    num = df[["k", "x", "y"]]
    pos = df[df.y > 0]
    return {
        # running functions
        "cumsum_x": lambda: col(df.x.cumsum(), "x"),
        "cumsum_y": lambda: col(df.y.cumsum(), "y"),
        "cumsum_b": lambda: col(df.b.cumsum(), "b"),
        "cumprod_q": lambda: col(v.q.cumprod(), "q"),
        "cumprod_p": lambda: col(v.p.cumprod(), "p"),
        "cummax_x": lambda: col(df.x.cummax(), "x"),
        "cummax_b": lambda: col(df.b.cummax(), "b"),
        "cummin_y": lambda: col(df.y.cummin(), "y"),
        "cummin_p": lambda: col(v.p.cummin(), "p"),
        "cumsum_frame": lambda: num.cumsum(),
        "cummax_frame_v": lambda: v.cummax(),
        "cumsum_after_filter": lambda: col(pos.x.cumsum(), "x"),
        "ffill_x": lambda: col(df.x.ffill(), "x"),
        "ffill_s": lambda: col(df.s.ffill(), "s"),
        "ffill_p": lambda: col(v.p.ffill(), "p"),
        "empty_cumsum_y": lambda: col(e.y.cumsum(), "y"),
        "empty_cummax_frame": lambda: e[["k", "x", "y"]].cummax(),
        # shift, diff, pct_change
        "shift_x_1": lambda: col(df.x.shift(1), "x"),
        "shift_x_3": lambda: col(df.x.shift(3), "x"),
        "shift_x_neg_2": lambda: col(df.x.shift(-2), "x"),
        "shift_y_1": lambda: col(df.y.shift(1), "y"),
        "shift_y_0": lambda: col(df.y.shift(0), "y"),
        "shift_y_neg_9": lambda: col(df.y.shift(-9), "y"),
        "shift_x_30": lambda: col(df.x.shift(30), "x"),
        "shift_s_2": lambda: col(df.s.shift(2), "s"),
        "shift_frame_neg_1": lambda: df[["k", "x", "s"]].shift(-1),
        "shift_after_filter": lambda: col(pos.y.shift(2), "y"),
        "diff_x": lambda: col(df.x.diff(), "x"),
        "diff_y_2": lambda: col(df.y.diff(2), "y"),
        "diff_y_neg_3": lambda: col(df.y.diff(-3), "y"),
        "diff_frame_5": lambda: num.diff(5),
        "pct_change_x": lambda: col(df.x.pct_change(), "x"),
        "pct_change_y_2": lambda: col(df.y.pct_change(2), "y"),
        "pct_change_p": lambda: col(v.p.pct_change(), "p"),
        "pct_change_p_neg_1": lambda: col(v.p.pct_change(-1), "p"),
        "pct_change_frame_v_3": lambda: v.pct_change(3),
        "empty_shift_y": lambda: col(e.y.shift(1), "y"),
        "empty_diff_x": lambda: col(e.x.diff(), "x"),
        "empty_pct_change_y": lambda: col(e.y.pct_change(), "y"),
        # rolling
        "rolling_x_3_sum": lambda: col(df.x.rolling(3).sum(), "x"),
        "rolling_y_4_mean": lambda: col(df.y.rolling(4).mean(), "y"),
        "rolling_x_2_min": lambda: col(df.x.rolling(2).min(), "x"),
        "rolling_y_5_max": lambda: col(df.y.rolling(5).max(), "y"),
        "rolling_x_3_std": lambda: col(df.x.rolling(3).std(), "x"),
        "rolling_y_6_std": lambda: col(df.y.rolling(6).std(), "y"),
        "rolling_y_1_sum": lambda: col(df.y.rolling(1).sum(), "y"),
        "rolling_x_4_min_periods_2_sum": lambda: col(df.x.rolling(4, min_periods=2).sum(), "x"),
        "rolling_p_3_min_periods_1_mean": lambda: col(v.p.rolling(3, min_periods=1).mean(), "p"),
        "rolling_p_2_min_periods_0_sum": lambda: col(v.p.rolling(2, min_periods=0).sum(), "p"),
        "rolling_p_2_min_periods_0_max": lambda: col(v.p.rolling(2, min_periods=0).max(), "p"),
        "rolling_x_30_min_periods_1_mean": lambda: col(df.x.rolling(30, min_periods=1).mean(), "x"),
        "rolling_frame_3_sum": lambda: num.rolling(3).sum(),
        "rolling_after_filter": lambda: col(pos.x.rolling(3, min_periods=2).max(), "x"),
        "empty_rolling_x_3_mean": lambda: col(e.x.rolling(3).mean(), "x"),
        # expanding
        "expanding_x_sum": lambda: col(df.x.expanding().sum(), "x"),
        "expanding_x_mean": lambda: col(df.x.expanding().mean(), "x"),
        "expanding_y_min": lambda: col(df.y.expanding().min(), "y"),
        "expanding_y_max": lambda: col(df.y.expanding().max(), "y"),
        "expanding_p_mean": lambda: col(v.p.expanding().mean(), "p"),
        "expanding_p_sum": lambda: col(v.p.expanding().sum(), "p"),
        "empty_expanding_y_mean": lambda: col(e.y.expanding().mean(), "y"),
        "expanding_frame_mean": lambda: num.expanding().mean(),
        "expanding_frame_v_max": lambda: v.expanding().max(),
    }


def main():
    df, v = frame(), values()
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_window.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df), "v": table(v)},
        "cases": {name: table(fn()) for name, fn in cases(df, v).items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
