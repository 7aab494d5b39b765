"""Dask side of io.mars.examples.DataFrameOps: the same workloads on a frame of N random rows (int64 k in [0, 1000),
float64 v in [0, 1)) generated in the same graph, chunk rows per partition, on Dask's default threaded scheduler.
Prints the line shape of JobResult.

Needs python3-dask (Debian: apt-get install -y python3-dask). Usage: python3 dask_ops_baseline.py workload [N] [chunk]
"""
import sys
import time

import dask
import dask.array as da
import dask.dataframe as dd
import numpy as np
import pandas as pd


def frame(n, keys, chunk, seed):
    rs = da.random.RandomState(seed)
    k = rs.randint(0, keys, size=n, chunks=chunk, dtype=np.int64)
    v = rs.random_sample(size=n, chunks=chunk)
    return dd.concat([dd.from_dask_array(k, columns="k"), dd.from_dask_array(v, columns="v")], axis=1)


def main():
    workload = sys.argv[1]
    n = int(float(sys.argv[2])) if len(sys.argv) > 2 else 10_000_000
    chunk = int(float(sys.argv[3])) if len(sys.argv) > 3 else 1_000_000
    start = time.perf_counter()
    if workload == "groupby-sum":
        out = frame(n, 1000, chunk, 42).groupby("k").sum().compute()
    elif workload == "groupby-mean":
        out = frame(n, 1000, chunk, 42).groupby("k").mean().compute()
    elif workload == "filter-sum":
        df = frame(n, 1000, chunk, 42)
        out = pd.DataFrame({"v": [df[df.v > 0.5].v.sum().compute()]})
    elif workload == "merge":
        m = max(1, n // 10)
        left = frame(n, m, chunk, 42)
        right = dd.from_pandas(pd.DataFrame({"k": np.arange(m, dtype=np.int64),
                                             "w": np.random.default_rng(7).random(m)}),
                               npartitions=max(1, m // chunk))
        out = pd.DataFrame({"w": [left.merge(right, on="k", how="inner").w.count().compute()]})
    elif workload == "sort":
        # npartitions=-1: every output partition is sorted, as pandas and Mars sort all rows (Dask's default head()
        # would sort the first partition only)
        out = frame(n, 1000, chunk, 42).sort_values("v").head(5, npartitions=-1)
    else:
        raise SystemExit(f"unknown workload {workload}")
    wall = time.perf_counter() - start
    print(f"dask {workload}: result={len(out)}x{len(out.columns)} (N={n}, dask {dask.__version__}) wall={wall:.3f}s")


if __name__ == "__main__":
    main()
