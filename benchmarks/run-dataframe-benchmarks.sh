#!/usr/bin/env bash
# Runs the dataframe workloads of io.mars.examples.DataFrameOps on Mars (bin/mars-submit), in pandas and, when the
# python has dask (Debian: apt-get install -y python3-dask), in Dask with the same chunk rows, side by side; prints
# wall times, the Mars/pandas and Mars/Dask ratios and each process's peak RSS.
# Mars runs each workload twice in one session: "cold" is the first run of a fresh JVM (class loading and JIT
# compilation included), "warm" the second. pandas and Dask run once in a fresh process, imports excluded.
# Build first: mvn -B -q package -DskipTests. Needs /usr/bin/time and a python with pandas (PYTHON).
#
# Environment (defaults in brackets):
#   N [1e7]  rows of the groupby, filter and sort frames    MERGE_N [$N]  left rows of the merge (right: N/10)
#   SORT_N [$N]   CHUNK [1e6] rows per chunk   MASTER [local[2]]
#   MARS_SUBMIT_OPTS [-Xmx8g -Xmn512m -XX:+UseParallelGC]  (a bounded young generation keeps the JVM from touching
#                    gigabytes of fresh eden pages: at 10^8 rows it halves peak RSS)
#   PYTHON [/usr/bin/python3]   WORKLOADS [groupby-sum groupby-mean filter-sum merge sort]
#   REPS [1]  fresh processes per workload and side, in turn (Mars, pandas, Dask, Mars, ...); each figure is the median
#             of its REPS runs (the lower middle one for an even count), each peak RSS the largest, and the runs are
#             listed under the table
set -euo pipefail
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$root/benchmarks/target/mars-benchmarks.jar"
python="${PYTHON:-/usr/bin/python3}"
n="${N:-1e7}"
chunk="${CHUNK:-1e6}"
export MARS_SUBMIT_OPTS="${MARS_SUBMIT_OPTS:--Xmx8g -Xmn512m -XX:+UseParallelGC}"
[[ -f "$jar" ]] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; }
num() { "$python" -c "print(int(float('$1')))"; }
ratio() { [[ "$2" == - ]] && echo - || awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
peak_mb() { awk '/Maximum resident/ { printf "%d", $NF / 1024 }' "$1"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
has_dask=0
"$python" -c 'import dask.dataframe' 2>/dev/null && has_dask=1
row='%-13s %10s %7s %7s %8s %7s %8s %8s %9s %9s %8s %8s %8s\n'
printf "$row" workload N cold_s warm_s pandas_s dask_s cold/pd warm/pd cold/dask warm/dask mars_MB pd_MB dask_MB
reps="${REPS:-1}"
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
largest() { printf '%s\n' "$@" | sort -g | tail -1; }
runs=""
for w in ${WORKLOADS:-groupby-sum groupby-mean filter-sum merge sort}; do
  size="$n"
  [[ "$w" == merge ]] && size="${MERGE_N:-$n}"
  [[ "$w" == sort ]] && size="${SORT_N:-$n}"
  size="$(num "$size")"
  cold=() warm=() pys=() dasks=() mars_mb=() pd_mb=() dask_mbs=() failed=0
  for ((r = 0; r < reps; r++)); do
    /usr/bin/time -v -o "$work/mars.time" "$root/bin/mars-submit" --master "${MASTER:-local[2]}" \
      --class io.mars.examples.DataFrameOps "$jar" "$w" "$size" "$(num "$chunk")" 2 >"$work/mars.out" \
      2>"$work/mars.err" || { echo "$w: Mars run failed:" >&2; tail -5 "$work/mars.err" >&2; failed=1; break; }
    cold+=("$(grep -o 'wall=[0-9.]*' "$work/mars.out" | head -1 | cut -d= -f2)")
    warm+=("$(grep -o 'wall=[0-9.]*' "$work/mars.out" | tail -1 | cut -d= -f2)")
    mars_mb+=("$(peak_mb "$work/mars.time")")
    /usr/bin/time -v -o "$work/py.time" "$python" "$here/python/pandas_ops_baseline.py" "$w" "$size" >"$work/py.out"
    pys+=("$(grep -o 'wall=[0-9.]*' "$work/py.out" | tail -1 | cut -d= -f2)")
    pd_mb+=("$(peak_mb "$work/py.time")")
    if [[ "$has_dask" == 1 ]]; then
      /usr/bin/time -v -o "$work/dask.time" "$python" "$here/python/dask_ops_baseline.py" "$w" "$size" \
        "$(num "$chunk")" >"$work/dask.out"
      dasks+=("$(grep -o 'wall=[0-9.]*' "$work/dask.out" | tail -1 | cut -d= -f2)")
      dask_mbs+=("$(peak_mb "$work/dask.time")")
    fi
  done
  [[ "$failed" == 1 ]] && continue
  cold_s="$(median "${cold[@]}")" warm_s="$(median "${warm[@]}")" py_s="$(median "${pys[@]}")" dask_s=- dask_mb=-
  if [[ "$has_dask" == 1 ]]; then
    dask_s="$(median "${dasks[@]}")" dask_mb="$(largest "${dask_mbs[@]}")"
  fi
  printf "$row" "$w" "$size" "$cold_s" "$warm_s" "$py_s" "$dask_s" "$(ratio "$cold_s" "$py_s")" \
    "$(ratio "$warm_s" "$py_s")" "$(ratio "$cold_s" "$dask_s")" "$(ratio "$warm_s" "$dask_s")" \
    "$(largest "${mars_mb[@]}")" "$(largest "${pd_mb[@]}")" "$dask_mb"
  runs+="$w: Mars cold ${cold[*]} | warm ${warm[*]} | pandas ${pys[*]}${dasks[*]:+ | Dask ${dasks[*]}}"$'\n'
done
if [[ "$reps" -gt 1 ]]; then
  printf '\nruns (s), in the order they ran:\n%s' "$runs"
fi
