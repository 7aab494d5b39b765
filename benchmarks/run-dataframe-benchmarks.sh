#!/usr/bin/env bash
# Runs the dataframe workloads of io.mars.examples.DataFrameOps on Mars (bin/mars-submit) and in pandas, one run
# each side by side, and prints wall times, the Mars/pandas ratio and each process's peak RSS.
# Build first: mvn -B -q package -DskipTests. Needs /usr/bin/time and a python with pandas (PYTHON).
#
# Environment (defaults in brackets):
#   N [1e7]  rows of the groupby, filter and sort frames    MERGE_N [$N]  left rows of the merge (right: N/10)
#   SORT_N [$N]   CHUNK [1e6] rows per chunk   MASTER [local[2]]   MARS_SUBMIT_OPTS [-Xmx8g -XX:+UseParallelGC]
#   PYTHON [/usr/bin/python3]   WORKLOADS [groupby-sum groupby-mean filter-sum merge sort]
set -euo pipefail
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$root/benchmarks/target/mars-benchmarks.jar"
python="${PYTHON:-/usr/bin/python3}"
n="${N:-1e7}"
chunk="${CHUNK:-1e6}"
export MARS_SUBMIT_OPTS="${MARS_SUBMIT_OPTS:--Xmx8g -XX:+UseParallelGC}"
[[ -f "$jar" ]] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; }
num() { "$python" -c "print(int(float('$1')))"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '%-13s %12s %10s %10s %8s %10s %10s\n' workload N mars_s pandas_s ratio mars_MB pandas_MB
for w in ${WORKLOADS:-groupby-sum groupby-mean filter-sum merge sort}; do
  size="$n"
  [[ "$w" == merge ]] && size="${MERGE_N:-$n}"
  [[ "$w" == sort ]] && size="${SORT_N:-$n}"
  size="$(num "$size")"
  /usr/bin/time -v -o "$work/mars.time" "$root/bin/mars-submit" --master "${MASTER:-local[2]}" \
    --class io.mars.examples.DataFrameOps "$jar" "$w" "$size" "$(num "$chunk")" >"$work/mars.out" 2>"$work/mars.err" \
    || { echo "$w: Mars run failed:" >&2; tail -5 "$work/mars.err" >&2; continue; }
  /usr/bin/time -v -o "$work/py.time" "$python" "$here/python/pandas_ops_baseline.py" "$w" "$size" >"$work/py.out"
  mars_s="$(grep -o 'wall=[0-9.]*' "$work/mars.out" | tail -1 | cut -d= -f2)"
  py_s="$(grep -o 'wall=[0-9.]*' "$work/py.out" | tail -1 | cut -d= -f2)"
  mars_mb="$(awk '/Maximum resident/ { printf "%d", $NF / 1024 }' "$work/mars.time")"
  py_mb="$(awk '/Maximum resident/ { printf "%d", $NF / 1024 }' "$work/py.time")"
  ratio="$(awk -v a="$mars_s" -v b="$py_s" 'BEGIN { printf "%.2f", a / b }')"
  printf '%-13s %12s %10s %10s %8s %10s %10s\n' "$w" "$size" "$mars_s" "$py_s" "$ratio" "$mars_mb" "$py_mb"
done
