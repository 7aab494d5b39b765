"""pandas side of io.mars.examples.DataFrameOps: the same workloads on a frame of N random rows (int64 k in
[0, 1000), float64 v in [0, 1)), generated and computed in one timed run. Prints the line shape of JobResult.

Usage: python3 pandas_ops_baseline.py workload [N]
"""
import sys
import time

import numpy as np
import pandas as pd


def frame(rng, n, keys):
    return pd.DataFrame({"k": rng.integers(0, keys, n, dtype=np.int64), "v": rng.random(n)})


def main():
    workload = sys.argv[1]
    n = int(float(sys.argv[2])) if len(sys.argv) > 2 else 10_000_000
    start = time.perf_counter()
    rng = np.random.default_rng(42)
    if workload == "groupby-sum":
        out = frame(rng, n, 1000).groupby("k", as_index=False).sum()
    elif workload == "groupby-mean":
        out = frame(rng, n, 1000).groupby("k", as_index=False).mean()
    elif workload == "filter-sum":
        df = frame(rng, n, 1000)
        out = pd.DataFrame({"v": [df[df.v > 0.5].v.sum()]})
    elif workload == "merge":
        m = max(1, n // 10)
        left = frame(rng, n, m)
        right = pd.DataFrame({"k": np.arange(m, dtype=np.int64), "w": rng.random(m)})
        out = pd.DataFrame({"w": [left.merge(right, on="k", how="inner").w.count()]})
    elif workload == "sort":
        out = frame(rng, n, 1000).sort_values("v", kind="stable").head(5)
    else:
        raise SystemExit(f"unknown workload {workload}")
    wall = time.perf_counter() - start
    print(f"pandas {workload}: result={len(out)}x{len(out.columns)} (N={n}) wall={wall:.3f}s")


if __name__ == "__main__":
    main()
