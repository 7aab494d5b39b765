"""pandas side of io.mars.examples.WideFrame: a reduction of a frame of R rows and C random float64 columns,
generated and computed in one timed run. Prints the line shape of JobResult.

Usage: python3 pandas_wide_baseline.py mean|sum|std [rows] [columns]
"""
import sys
import time

import numpy as np
import pandas as pd


def main():
    workload = sys.argv[1]
    rows = int(float(sys.argv[2])) if len(sys.argv) > 2 else 200
    columns = int(float(sys.argv[3])) if len(sys.argv) > 3 else 100_000
    start = time.perf_counter()
    rng = np.random.default_rng(42)
    df = pd.DataFrame(rng.random((rows, columns)), columns=["c%d" % j for j in range(columns)])
    out = getattr(df, workload)().to_frame().T
    wall = time.perf_counter() - start
    print(f"pandas {workload}: result={len(out)}x{len(out.columns)} (rows={rows} columns={columns}) wall={wall:.3f}s")


if __name__ == "__main__":
    main()
