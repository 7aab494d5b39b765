#!/usr/bin/env bash
# The 4000^2 matmul workload of run-benchmarks.sh ((a @ b).sum(), W5) on each BLAS Mars can load
# (--conf mars.worker.blas=bundled|system) and in numpy with one and with its default number of OpenBLAS threads,
# interleaved run by run so that load from other work on the machine falls on every side alike. Prints every run
# (the job's own wall time, and the process's CPU time from /usr/bin/time) and the medians. Builds nothing: run
# `mvn -B -q package -DskipTests` first. See benchmarks/README.md, "Bundled OpenBLAS".
#
# Environment (defaults in brackets):
#   REPS [5]  MATMUL_N [4000]  MATMUL_CHUNK [1000; auto: sized by Mars]  MASTER [local[2]]  PYTHON [python3]
#   CHOICES ["bundled system"]   the mars.worker.blas values to run
set -euo pipefail

here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$root/benchmarks/target/mars-benchmarks.jar"
submit="$root/bin/mars-submit"
python="${PYTHON:-python3}"
reps="${REPS:-5}" n="${MATMUL_N:-4000}" chunk="${MATMUL_CHUNK:-1000}" master="${MASTER:-local[2]}"
read -r -a choices <<<"${CHOICES:-bundled system}"

[[ -x /usr/bin/time ]] || { echo "run-blas-benchmark: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
[[ -f "$jar" ]] || { echo "run-blas-benchmark: $jar is not built; run: mvn -B -q package -DskipTests" >&2; exit 2; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

declare -A walls cpus
# run LABEL COMMAND...: appends the run's wall (from its result line) and CPU seconds (user + sys) to LABEL's lists
run() {
  local label="$1"
  shift
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >"$work/out" 2>"$work/err" \
    || { echo "$label FAILED:" >&2; tail -n 15 "$work/err" >&2; exit 1; }
  local wall cpu blas
  wall="$(sed -nE 's/.*: result=.* wall=([0-9.]+)s.*/\1/p' "$work/out" | tail -n 1)"
  cpu="$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")"
  blas="$(sed -nE 's/.*MATRIX PRODUCTS USE: native BLAS [^ ]+ over ([^,]+),.*/\1/p' "$work/err" | head -n 1)"
  walls[$label]+="$wall " cpus[$label]+="$cpu "
  printf '  %-28s wall %6ss  process CPU %6ss  %s\n' "$label" "$wall" "$cpu" "$blas"
}

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "matmul n=$n (chunks of $chunk) on $master vs numpy $("$python" -c 'import numpy; print(numpy.__version__)'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
labels=()
for c in "${choices[@]}"; do labels+=("mars $c"); done
labels+=("numpy 1 thread" "numpy default threads")
for ((i = 1; i <= reps; i++)); do
  echo "round $i"
  for c in "${choices[@]}"; do
    run "mars $c" env OPENBLAS_NUM_THREADS=1 "$submit" --master "$master" --conf "mars.worker.blas=$c" \
      --class io.mars.benchmarks.LinalgBenchmark "$jar" matmul "$n" "$chunk"
  done
  run "numpy 1 thread" env OPENBLAS_NUM_THREADS=1 "$python" "$here/python/numpy_baselines.py" matmul "$n"
  run "numpy default threads" env -u OPENBLAS_NUM_THREADS "$python" "$here/python/numpy_baselines.py" matmul "$n"
done
echo "medians (load now $(cut -d' ' -f1-3 /proc/loadavg)):"
for label in "${labels[@]}"; do
  # shellcheck disable=SC2086  # the lists are meant to split
  printf '  %-28s wall %6ss  process CPU %6ss\n' "$label" "$(median ${walls[$label]})" "$(median ${cpus[$label]})"
done
