"""pandas side of io.mars.benchmarks.TableIoBenchmark: the same CSV read (and groupby) timed in pandas.

Usage: python3 pandas_io_baseline.py FILE.csv
Prints one line: "pandas read_csv+groupby: <seconds> s, peak RSS <MB> MB, groups <n>, total <sum of x>".
"""

import resource
import sys
import time

import pandas as pd


def main():
    path = sys.argv[1]
    start = time.perf_counter()
    df = pd.read_csv(path)
    out = df.groupby("k", as_index=False, sort=True).agg(total=("x", "sum"), n=("y", "count"))
    elapsed = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"pandas read_csv+groupby: {elapsed:.3f} s, peak RSS {rss:.0f} MB, groups {len(out)},"
          f" total {out.total.sum():.6f}")


if __name__ == "__main__":
    main()
