"""Golden answers of user functions (Series.map/apply, DataFrame.apply, DataFrame.mapPartitions, GroupBy.apply,
Tensor.mapChunk), computed by pandas and numpy with the same functions written in Python.

How the committed file was produced (pandas is only needed to regenerate it, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas      # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_user_functions.py

It writes integration-tests/src/test/resources/golden/dataframe/udf.json: the input frame "df" of golden_dataframe.py
and, per case, pandas' result as a table (the conventions of golden_dataframe.py); and, under "tensors", numpy's
result of each mapChunk case on the input tensors "f" (float64) and "i" (int64), as shape, dtype and flat values. The
Java test (io.mars.it.golden.UserFunctionGoldenTest) writes each function as a Java lambda, runs it with several
chunkings on a local cluster and compares. A missing value reaches a Java function as null, or NaN in a float
series, as pandas passes NaN to map; the Python functions below test for it with pd.isna where they must.
"""

import json
from pathlib import Path

import numpy as np
import pandas as pd

from golden_dataframe import cell, frame

OUT = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe" / "udf.json"


def table(df):
    # pandas' nullable Int64 (used below where Mars keeps an int64 column with a missing value, where pandas makes it
    # float64 with NaN) is Mars's int64, its pd.NA a null
    return {
        "columns": [str(c) for c in df.columns],
        "dtypes": ["int64" if str(t) == "Int64" else str(t) for t in df.dtypes],
        "rows": [[None if v is pd.NA else cell(v) for v in row] for row in df.itertuples(index=False, name=None)],
    }


def expand_columns(df, fn, ints=()):
    """pandas' apply(fn) (axis 0) of a function giving a series per column; the columns named in ints, which pandas
    makes float64 when a row is missing, as Mars keeps them: int64 with a null."""
    out = df.apply(fn)
    return out.astype({c: "Int64" for c in ints})


def col(s, name):
    return s.to_frame(name).reset_index(drop=True)


def expand(df, fn, names):
    return df.apply(fn, axis=1, result_type="expand").set_axis(names, axis=1)


def broadcast(df, fn):
    return df.apply(fn, axis=1, result_type="broadcast")


def labelled(s):
    """A series and its row labels: the labels as column "index", the values as column "" (a series without a name)."""
    return s.rename("").to_frame().reset_index()


def even_y_rows(p):
    """A partition's rows whose y is even, with k and 10 * y: a function giving fewer rows than it gets."""
    keep = p[p.y % 2 == 0]
    return pd.DataFrame({"k": keep.k, "y10": keep.y * 10}).reset_index(drop=True)


def group_summary(g):
    """One row per group: its key, size and the sum of y."""
    return pd.DataFrame({"k": [g.k.iloc[0]], "n": [len(g)], "ysum": [g.y.sum()]})


def group_demean(g):
    """Every row of the group: g and y less the group's mean of y (a fresh index: not a transform)."""
    return pd.DataFrame({"g": g.g, "dy": g.y - g.y.mean()}).reset_index(drop=True)


def group_first_row(g):
    """The group's first row (in the frame's order) of b, g and y."""
    return g[["b", "g", "y"]].head(1).reset_index(drop=True)


def cases(df):
    e = df.iloc[0:0]
    return {
        # Series.map / apply, dtype inferred from a mock value
        "map_x_times_2_plus_1": lambda: col(df.x.map(lambda v: v * 2 + 1), "x"),
        "map_y_square": lambda: col(df.y.map(lambda v: v * v), "y"),
        "map_s_len_or_minus_1": lambda: col(df.s.map(lambda v: -1 if pd.isna(v) else len(v)), "s"),
        "apply_g_upper_bang": lambda: col(df.g.apply(lambda v: None if pd.isna(v) else v.upper() + "!"), "g"),
        "map_x_positive": lambda: col(df.x.map(lambda v: v > 0).astype("bool"), "x"),
        "map_b_not": lambda: col(df.b.map(lambda v: not v), "b"),
        "map_after_filter": lambda: col(df[df.y > 2].y.map(lambda v: v - 100), "y"),
        # the dtype declared: float64 from an int series
        "map_y_quarter_declared": lambda: col(df.y.map(lambda v: v / 4), "y"),
        "empty_map_y": lambda: col(e.y.map(lambda v: v * v).astype("int64"), "y"),
        # DataFrame.apply(axis=1) of a function giving one value per row: a series without a name ("")
        "apply_rows_x_plus_y": lambda: col(df.apply(lambda r: r.x + r.y, axis=1), ""),
        "apply_rows_k_dash_g": lambda: col(df.apply(lambda r: str(r.k) if pd.isna(r.g) else f"{r.k}-{r.g}", axis=1),
                                           ""),
        "apply_rows_after_filter": lambda: col(df[df.y > 0].apply(lambda r: bool(r.b and r.k > 1), axis=1), ""),
        # pandas gives an empty frame for an empty frame's apply; Mars a series of the inferred dtype
        "empty_apply_rows": lambda: col(pd.Series([], dtype="float64"), ""),
        # DataFrame.apply(axis=1, result_type='expand') of a function giving several values per row, columns named
        # (Mars declares them; pandas numbers them): pandas' row of x and y is float64, so y - k is float64 too
        "apply_rows_expand_sum_diff": lambda: expand(df, lambda r: [r.x + r.y, r.y - r.k], ["sum", "diff"]),
        "apply_rows_expand_mixed": lambda: expand(df, lambda r: [None if pd.isna(r.g) else f"{r.k}{r.g}",
                                                                 -1 if pd.isna(r.s) else len(r.s), not r.b],
                                                  ["kg", "slen", "notb"]),
        # the columns inferred from a mock row (pandas numbers them 0, 1, ...)
        "apply_rows_expand_inferred_k_y": lambda: df[["k", "y"]].apply(lambda r: [r.k * 10, r.y > 0], axis=1,
                                                                        result_type="expand"),
        "apply_rows_expand_inferred_text": lambda: df[["s", "g"]].apply(
            lambda r: [None if pd.isna(r.s) else r.s + "!", r.g], axis=1, result_type="expand"),
        # the labels of the filtered frame kept
        "apply_rows_expand_after_filter": lambda: expand(df[df.y > 2], lambda r: [r.y * 2, r.s],
                                                         ["y2", "s"]).reset_index(),
        # pandas gives an empty frame of the input's columns; Mars one of the declared columns
        "empty_apply_rows_expand": lambda: pd.DataFrame({"sum": pd.Series([], dtype="float64"),
                                                         "diff": pd.Series([], dtype="float64")}),
        # DataFrame.apply(axis=1, result_type='broadcast'): the frame's columns, labels and common dtype kept, a single
        # value repeated in every column; into integers numpy truncates (5.5 gives 5)
        "apply_broadcast_x_y_row_max": lambda: broadcast(df[["x", "y"]], lambda r: r.max()),
        "apply_broadcast_k_y_swapped": lambda: broadcast(df[["k", "y"]], lambda r: [r.y, r.k]),
        "apply_broadcast_k_y_half_sum_truncated": lambda: broadcast(df[["k", "y"]], lambda r: (r.k + r.y) / 2),
        "apply_broadcast_after_filter": lambda: broadcast(df[df.y > 2][["x", "y"]], lambda r: r.y * 2.5)
        .reset_index(),
        "empty_apply_broadcast": lambda: broadcast(e[["x", "y"]], lambda r: r.y * 2.5),
        # the same along columns (axis 0): a column's value repeated down it, or a column of as many values
        "apply_broadcast_columns_x_y_mean": lambda: df[["x", "y"]].apply(lambda c: c.mean(), result_type="broadcast"),
        "apply_broadcast_columns_k_y_max": lambda: df[["k", "y"]].apply(lambda c: c.max(), result_type="broadcast"),
        "apply_broadcast_columns_k_y_less_min": lambda: df[["k", "y"]].apply(lambda c: c - c.min(),
                                                                              result_type="broadcast"),
        "apply_broadcast_columns_after_filter": lambda: df[df.y > 2][["x", "y"]].apply(
            lambda c: c.count(), result_type="broadcast").reset_index(),
        # DataFrame.transform (pandas' apply(func) of a function giving a series per column, as long): columns,
        # labels and rows kept, each column's dtype its function's
        "transform_x_y_demeaned": lambda: df[["x", "y"]].transform(lambda c: c - c.mean()),
        "transform_k_doubled_y_cumsum": lambda: df[["k", "y"]].transform(lambda c: c.cumsum() if c.name == "y"
                                                                         else c * 2),
        "transform_s_g_upper": lambda: df[["s", "g"]].transform(lambda c: c.str.upper()),
        "transform_after_filter": lambda: df[df.y > 2][["x", "y"]].transform(lambda c: c / c.max()).reset_index(),
        "empty_transform": lambda: e[["x", "y"]].transform(lambda c: c * 2),
        # DataFrame.apply(axis=0) of a function giving one value per column: a series labelled by the column names
        "apply_columns_count": lambda: labelled(df.apply(lambda c: c.count())),
        "apply_columns_x_y_sum": lambda: labelled(df[["x", "y"]].apply(lambda c: float(c.sum()))),
        "apply_columns_mean_or_nan": lambda: labelled(df[["x", "y"]].apply(
            lambda c: np.nan if c.isna().any() else c.mean())),
        "apply_columns_name_nulls": lambda: labelled(df.apply(lambda c: f"{c.name}:{c.isna().sum()}")),
        "apply_columns_max_declared": lambda: labelled(df[["k", "y"]].apply(lambda c: c.max())),
        "apply_columns_after_filter": lambda: labelled(df[df.y > 2].apply(lambda c: c.count())),
        "empty_apply_columns": lambda: labelled(e.apply(lambda c: len(c))),
        # DataFrame.apply(axis=0) of a function giving a series of another length or labels per column (Mars's
        # applyExpand): by position, as long as the longest, the shorter ones padded
        "apply_expand_x_y_three_largest": lambda: expand_columns(df[["x", "y"]],
                                                                 lambda c: c.nlargest(3).reset_index(drop=True)),
        "apply_expand_positive_values": lambda: expand_columns(df[["x", "y", "k"]],
                                                               lambda c: c[c > 2].reset_index(drop=True),
                                                               ints=["y", "k"]),
        "apply_expand_after_filter": lambda: expand_columns(df[df.y > 2][["y", "k"]],
                                                            lambda c: c[c % 2 == 1].reset_index(drop=True),
                                                            ints=["y", "k"]),
        # by label: the same labels in every column keep their order; others give the sorted union
        "apply_expand_labelled_min_max_count": lambda: df[["k", "x", "y"]].apply(
            lambda c: pd.Series({"min": c.min(), "max": c.max(), "count": c.count()})).reset_index(),
        "apply_expand_labelled_value_counts": lambda: expand_columns(df[["g", "s"]], lambda c: c.value_counts(),
                                                                     ints=["g", "s"]).reset_index(),
        "apply_expand_integer_labels": lambda: expand_columns(df[["k", "y"]], lambda c: (c % 3).value_counts(),
                                                              ints=["k", "y"]).reset_index(),
        # pandas' apply of an empty frame does not call the function the same way; Mars gives the inferred columns
        "empty_apply_expand": lambda: pd.DataFrame({"x": pd.Series([], dtype="float64"),
                                                    "y": pd.Series([], dtype="int64")}),
        # GroupBy.apply of a function returning a frame: groups in key order, null keys dropped
        "groupby_k_apply_summary": lambda: gapply(df, "k", group_summary),
        "groupby_g_apply_demean": lambda: gapply(df, "g", group_demean),
        "groupby_b_g_apply_first_row": lambda: gapply(df, ["b", "g"], group_first_row),
        "groupby_apply_after_filter": lambda: gapply(df[df.y > 0], "k", group_summary),
        # pandas gives an empty frame of other columns for an empty frame's apply; Mars the inferred columns
        "empty_groupby_apply": lambda: pd.DataFrame({"k": [], "n": [], "ysum": []}, dtype="int64"),
        # DataFrame.mapPartitions: same rows, fewer rows, declared columns, empty frame
        "map_partitions_k_xy": lambda: pd.DataFrame({"k": df.k, "xy": df.x * df.y}),
        "map_partitions_even_y": lambda: even_y_rows(df),
        "map_partitions_declared": lambda: pd.DataFrame({"s": df.s, "n": df.y.astype("int64") + df.k}),
        "empty_map_partitions": lambda: even_y_rows(e).astype({"k": "int64", "y10": "int64"}),
    }


def gapply(df, keys, fn):
    return df.groupby(keys, sort=True, dropna=True, group_keys=False).apply(fn).reset_index(drop=True)


def tensor(a):
    return {"shape": list(a.shape), "dtype": str(a.dtype), "data": [cell(v) for v in a.ravel().tolist()]}


def tensors():
    f = np.arange(24, dtype="float64").reshape(4, 6) * 1.5 - 7.0
    i = np.arange(-10, 14, dtype="int64").reshape(4, 6)
    return {"f": f, "i": i}, {
        "f_square_plus_1": f * f + 1,
        "f_floor_to_int": np.floor(f).astype("int64"),
        "i_mod_3_is_0": i % 3 == 0,
        "i_times_half_declared_float": i * 0.5,
        "f_copy_changed_in_place": np.where(f > 0, 0.0, f),
        # map_chunk(elementwise=False), each chunk's result of a declared shape: which values it gives depends on the
        # chunking, so the golden answers are of the per-chunk results reduced, which do not
        "f_chunk_sums_then_sum": np.array(f.sum()),
        "f_chunk_column_sums_then_sum_axis_0": f.sum(axis=0),
        "i_chunk_count_mod_3_then_sum": np.array((i % 3 == 0).sum(), dtype="int64"),
        "f_chunk_row_max_then_max_axis_1": f.max(axis=1),
        # map_chunk(elementwise=False) with the shapes left to the function (Mars's default, unknown until
        # computed): a filter of a 1-d tensor chunk by chunk (some chunks give nothing), and rows repeated within each
        # chunk (the chunks of a row of the grid agree), whose results do not depend on the chunking
        "i_ravel_multiples_of_3_by_chunk": i.ravel()[i.ravel() % 3 == 0],
        "f_rows_repeated_twice_by_chunk": np.repeat(f, 2, axis=0),
        "f_rows_repeated_twice_by_chunk_then_sum_axis_0": np.repeat(f, 2, axis=0).sum(axis=0),
        "i_ravel_multiples_of_3_by_chunk_plus_1": i.ravel()[i.ravel() % 3 == 0] + 1,
    }


def from_function():
    """numpy's fromfunction: the Java test writes each function per element, of the index."""
    return {
        "i_times_10_plus_j": np.fromfunction(lambda i, j: i * 10 + j, (5, 7)),
        "sin_i_over_3": np.fromfunction(lambda i: np.sin(i / 3.0), (11,)),
        "int64_i_plus_2j_plus_3k": np.fromfunction(lambda i, j, k: i + 2 * j + 3 * k, (3, 4, 5), dtype=np.int64),
        "bool_diagonal": np.fromfunction(lambda i, j: i == j, (4, 6), dtype=np.int64),
        "float32_ratio": np.fromfunction(lambda i, j: (i + 1) / (j + 1), (3, 5), dtype=np.float32),
        "empty_rows": np.fromfunction(lambda i, j: i + j, (0, 4)),
    }


def main():
    df = frame()
    inputs, results = tensors()
    out = {
        "generator": "integration-tests/src/test/python/golden_user_functions.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "inputs": {"df": table(df)},
        "cases": {name: table(fn()) for name, fn in cases(df).items()},
        "tensor_inputs": {name: tensor(a) for name, a in inputs.items()},
        "tensors": {name: tensor(a) for name, a in results.items()},
        "from_function": {name: tensor(a) for name, a in from_function().items()},
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out['cases'])} cases and {len(out['tensors'])} tensor cases to {OUT} (pandas {pd.__version__})")


if __name__ == "__main__":
    main()
