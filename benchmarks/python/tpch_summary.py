"""Summary of a benchmarks/run-tpch.sh run: per query the warm time of every engine (the last of its runs: Mars's second,
the Python engines' second with --runs 2, or their only one), Mars' cold (first, fresh-JVM) run, the ratios of Mars to each other engine, the geometric means and each
engine's peak RSS. Reads OUT/<engine>.txt ("qNN run seconds rows" or "qNN seconds rows") and OUT/<engine>.rss.

Usage: python3 tpch_summary.py OUT mars,duckdb,pandas,pandas-mem,dask
"""
import math, os, sys
out, engines = sys.argv[1], sys.argv[2].split(",")
times, cold, rss = {}, {}, {}
for e in engines:
    f = os.path.join(out, e + ".txt")
    if not os.path.exists(f):
        continue
    t = {}
    for line in open(f):
        p = line.split()
        if len(p) == 4:        # qNN run seconds rows: the last run counts (warm), the first is the cold one
            q, run, sec = p[0], int(p[1]), float(p[2])
            if run == 1 and e == "mars":
                cold.setdefault(e, {})[q] = sec
            t[q] = sec
        elif len(p) == 3:      # qNN seconds rows (Python: one run per query, reading its tables)
            t[p[0]] = float(p[1])
    times[e] = t
    r = open(os.path.join(out, e + ".rss")).read().strip()
    rss[e] = r or "?"
qs = sorted({q for t in times.values() for q in t})
names = [e for e in engines if e in times]
print()
print("query " + " ".join(f"{e:>10}" for e in names) + ("  mars cold" if "mars" in cold else "")
      + "".join(f" {'mars/' + e:>12}" for e in names if e != "mars"))
for q in qs:
    row = f"{q:5} " + " ".join(f"{times[e].get(q, float('nan')):10.3f}" for e in names)
    if "mars" in cold:
        row += f" {cold['mars'].get(q, float('nan')):10.3f}"
    for e in names:
        if e != "mars" and "mars" in times and q in times[e] and q in times["mars"]:
            row += f" {times['mars'][q] / times[e][q]:12.2f}"
        elif e != "mars":
            row += f" {'-':>12}"
    print(row)
def geo(t):
    v = [t[q] for q in qs if q in t and t[q] > 0]
    return math.exp(sum(map(math.log, v)) / len(v)) if v and len(v) == len(qs) else float("nan")
print("geomean " + " ".join(f"{geo(times[e]):8.3f}" for e in names))
print("peak RSS MB " + " ".join(f"{e}={rss[e]}" for e in names))
