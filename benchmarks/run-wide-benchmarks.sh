#!/usr/bin/env bash
# Runs io.mars.examples.WideFrame (a whole-frame reduction of a wide random frame) on Mars twice, with column chunks
# (mars.dataframe.column-chunk at its default, "after") and without (the column chunk set to the frame's width: every
# chunk holds all columns, as before column chunks existed, "before"), and in pandas, side by side; prints wall
# times, ratios to pandas and each process's peak RSS. Mars runs each workload twice in one session: "cold" is the
# first run of a fresh JVM, "warm" the second. Build first: mvn -B -q package -DskipTests. Needs /usr/bin/time and a
# python with pandas (PYTHON).
#
# Environment (defaults in brackets):
#   SHAPES ["200x100000 100000x2000"]  rows x columns of each run   WORKLOAD [mean]   MASTER [local[2]]
#   MARS_SUBMIT_OPTS [-Xmx8g -Xmn512m -XX:+UseParallelGC]   PYTHON [/usr/bin/python3]
#   COLUMN_CHUNK [unset: the default]  the column chunk of the "after" runs   LAYOUTS ["before after"]
set -euo pipefail
here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$root/benchmarks/target/mars-benchmarks.jar"
python="${PYTHON:-/usr/bin/python3}"
workload="${WORKLOAD:-mean}"
export MARS_SUBMIT_OPTS="${MARS_SUBMIT_OPTS:--Xmx8g -Xmn512m -XX:+UseParallelGC}"
[[ -f "$jar" ]] || { echo "build first: mvn -B -q package -DskipTests" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "/usr/bin/time is missing: apt-get install time" >&2; exit 2; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
peak_mb() { awk '/Maximum resident/ { printf "%d", $NF / 1024 }' "$1"; }
wall() { grep -o 'wall=[0-9.]*' "$1" | sed -n "$2p" | cut -d= -f2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
row='%-14s %-7s %7s %7s %8s %8s %8s %8s %7s\n'
printf "$row" shape layout cold_s warm_s pandas_s cold/pd warm/pd mars_MB pd_MB
for shape in ${SHAPES:-200x100000 100000x2000}; do
  rows="${shape%x*}"
  cols="${shape#*x}"
  /usr/bin/time -v -o "$work/py.time" "$python" "$here/python/pandas_wide_baseline.py" "$workload" "$rows" "$cols" \
    >"$work/py.out"
  py_s="$(wall "$work/py.out" 1)"
  for layout in ${LAYOUTS:-before after}; do
    conf=()
    [[ "$layout" == before ]] && conf=(--conf "mars.dataframe.column-chunk=$cols")
    [[ "$layout" == after && -n "${COLUMN_CHUNK:-}" ]] && conf=(--conf "mars.dataframe.column-chunk=$COLUMN_CHUNK")
    /usr/bin/time -v -o "$work/mars.time" "$root/bin/mars-submit" --master "${MASTER:-local[2]}" "${conf[@]}" \
      --class io.mars.examples.WideFrame "$jar" "$workload" "$rows" "$cols" 2 >"$work/mars.out" 2>"$work/mars.err" \
      || { echo "$shape $layout: Mars run failed:" >&2; tail -5 "$work/mars.err" >&2; continue; }
    cold_s="$(wall "$work/mars.out" 1)"
    warm_s="$(wall "$work/mars.out" 2)"
    printf "$row" "$shape" "$layout" "$cold_s" "$warm_s" "$py_s" "$(ratio "$cold_s" "$py_s")" \
      "$(ratio "$warm_s" "$py_s")" "$(peak_mb "$work/mars.time")" "$(peak_mb "$work/py.time")"
  done
done
