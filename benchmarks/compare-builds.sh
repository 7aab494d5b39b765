#!/usr/bin/env bash
# Compares two builds of Mars on the same workloads, alternating their runs so that load on a shared machine hits both
# alike, in ABBA order (before, after, after, before, ...): the second run of a pair is measurably slower (the machine
# is still reclaiming the first one's gigabytes), and with a fixed order that would be charged to one side. Use an
# even REPS. Prints `uptime` before each run, every run's job wall time, and the medians with the ratio after/before. Each ROOT is a source tree after `mvn -B -q package -DskipTests` (its
# bin/mars-submit and benchmarks/target/mars-benchmarks.jar are used), e.g. a `git archive` of the base commit.
#
# Usage: benchmarks/compare-builds.sh BEFORE_ROOT AFTER_ROOT
# Environment: REPS [6]  MASTER [local[2]]  JOB_TIMEOUT [900]  WORKLOADS [pi elementwise axis-reduce]
#   PI_N [1e9] PI_CHUNK [2e6]  EW_N [3.6e8] EW_CHUNK [2e6]  AX_ROWS [10000] AX_COLS [18000] AX_CHUNK [100]
set -euo pipefail

[[ $# -eq 2 ]] || { echo "usage: $0 BEFORE_ROOT AFTER_ROOT" >&2; exit 2; }
roots=("$1" "$2")
sides=(before after)
reps="${REPS:-6}"
master="${MASTER:-local[2]}"
timeout_s="${JOB_TIMEOUT:-900}"
for root in "${roots[@]}"; do
  [[ -f "$root/benchmarks/target/mars-benchmarks.jar" ]] || { echo "$root is not built" >&2; exit 2; }
done

workloads=(
  "pi|io.mars.examples.MonteCarloPi|${PI_N:-1e9} ${PI_CHUNK:-2e6}"
  "elementwise|io.mars.examples.ElementwiseSum|${EW_N:-3.6e8} ${EW_CHUNK:-2e6} ones"
  "axis-reduce|io.mars.benchmarks.AxisReduceBenchmark|${AX_ROWS:-10000} ${AX_COLS:-18000} ${AX_CHUNK:-100}"
)

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

summary=()
for w in "${workloads[@]}"; do
  IFS='|' read -r name class args <<<"$w"
  [[ " ${WORKLOADS:-pi elementwise axis-reduce} " == *" $name "* ]] || continue
  declare -a walls_before=() walls_after=()
  for ((i = 1; i <= reps; i++)); do
    order=(0 1)
    ((i % 2)) || order=(1 0)
    for s in "${order[@]}"; do
      echo "[$(uptime | sed 's/.*load average/load average/')]"
      # shellcheck disable=SC2086  # the argument list is meant to split
      line="$(env OPENBLAS_NUM_THREADS=1 timeout "$timeout_s" "${roots[$s]}/bin/mars-submit" --master "$master" \
        --class "$class" "${roots[$s]}/benchmarks/target/mars-benchmarks.jar" $args 2>/dev/null \
        | grep -E '^[A-Za-z]+: result=' | tail -n 1 || true)"
      wall="$(sed -nE 's/.*wall=([0-9.]+)s.*/\1/p' <<<"$line")"
      echo "$name #$i ${sides[$s]}: ${line:-FAILED}"
      [[ -n "$wall" ]] || continue
      if [[ $s -eq 0 ]]; then walls_before+=("$wall"); else walls_after+=("$wall"); fi
    done
  done
  mb="$(median "${walls_before[@]}")"
  ma="$(median "${walls_after[@]}")"
  ratio="$(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.2f", a / b }')"
  summary+=("| $name | ${walls_before[*]} | ${walls_after[*]} | $mb | $ma | $ratio |")
done

echo
echo "| workload | before runs (s) | after runs (s) | before median | after median | after/before |"
echo "| --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${summary[@]}"
