#!/usr/bin/env bash
# Issue 19's learn benchmark: KMeans (k = 8, 10 Lloyd iterations) on N x 16, PCA(8) on N x 64 and LogisticRegression
# on N x 32, Mars (bin/mars-submit --master local[2], default settings) against scikit-learn on the same .npy files,
# interleaved run by run; then each Mars fit once more with the workers' memory at 25% of its data (spilling), whose
# result must equal the first. Prints every run (wall of the fit, peak RSS of the process) and the medians with the
# Mars / scikit-learn ratio. Builds nothing: run `mvn -B -q package -DskipTests` first.
#
# Environment (defaults in brackets):
#   N [1e7]  REPS [3]  WORKLOADS ["kmeans pca logreg"]  MASTER [local[2]]
#   LOGREG_SOLVER [unset: the estimator's default]   Mars's LogisticRegression solver: newton-cholesky or lbfgs, with
#                 ",ROWS" its startRows (",0": from zero, as before session 17)
#   KMEANS_ALGORITHM [unset: lloyd, both sides' default]   KMeans' algorithm on both sides: lloyd or elkan
#                 (scikit-learn's Elkan, Mars's Hamerly bounds; the same iterations and inertia as lloyd)
#   PCA_SOLVER [unset: covariance_eigh]   Mars's PCA solver: covariance_eigh (the Gram matrix's eigenvectors, as
#                 scikit-learn 1.5 picks for many rows and few features) or full (TSQR)
#   DRIVER_MEMORY [unset: the default heap]   --driver-memory of the Mars runs (e.g. 6g: the workers' quota, about half
#                 of it, then holds KMeans' and LogisticRegression's data at 10^7 rows, as scikit-learn holds it all)
#   CACHE_MEM [unset: the default, 50%]   mars.worker.cache-mem of the Mars runs (not of the 25% ones): with 12g, 80%
#                 keeps PCA's 5.12 GB of X at 10^7 rows in memory, where the default quota (2 x 3 GB) spills all of it
#   LEARN_DATA [/tmp/mars-learn/N]   where the data is written once and kept (about 900 bytes a row in all)
#   SKLEARN_PYTHON [/usr/bin/python3]   an interpreter with scikit-learn (Debian's python3-sklearn)
set -euo pipefail

here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# the OpenBLAS kernels bin/mars-submit names for this CPU (bin/mars-openblas.sh), exported here so that the Python
# baselines, whose numpy or scikit-learn may load the same OpenBLAS, get the same ones
# shellcheck source=../bin/mars-openblas.sh
source "$root/bin/mars-openblas.sh"
jar="$root/benchmarks/target/mars-benchmarks.jar"
submit="$root/bin/mars-submit"
script="$here/python/learn_baselines.py"
sk="${SKLEARN_PYTHON:-/usr/bin/python3}"
n="$(printf '%.0f' "${N:-1e7}")" reps="${REPS:-3}" master="${MASTER:-local[2]}"
data="${LEARN_DATA:-/tmp/mars-learn/$n}"
read -r -a workloads <<<"${WORKLOADS:-kmeans pca logreg}"
# extra arguments of each Mars workload (logreg's solver)
declare -A extra=([logreg]="${LOGREG_SOLVER:-}" [pca]="${PCA_SOLVER:-}" [kmeans]="${KMEANS_ALGORITHM:-}")

# and of each scikit-learn workload (KMeans' algorithm: the other workloads' solvers are Mars's own)
declare -A sk_extra=([kmeans]="${KMEANS_ALGORITHM:-}")

die() { echo "run-learn-benchmark: $*" >&2; exit 2; }
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (it measures peak RSS); apt-get install time"
[[ -f "$jar" ]] || die "$jar is not built; run: mvn -B -q package -DskipTests"
"$sk" -c 'import sklearn' 2>/dev/null || die "$sk cannot import sklearn; apt-get install python3-sklearn"

if [[ ! -f "$data/logreg_y.npy" ]]; then
  echo "writing the data ($n rows) to $data"
  mkdir -p "$data"
  "$sk" "$script" generate "$data" "$n"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A walls rss results

# run LABEL COMMAND...: records the run's wall (its result line) and peak RSS (/usr/bin/time), prints both
run() {
  local label="$1"
  shift
  /usr/bin/time -f '%M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" \
    || { kept="$root/benchmarks/target/learn-failed-$(date +%Y%m%d-%H%M%S).log"
         cp "$work/err" "$kept"; echo "$label FAILED (whole stderr in $kept):" >&2; tail -n 20 "$work/err" >&2; exit 1; }
  if [[ "$label" == mars* ]]; then cp "$work/err" "$work/mars-err"; fi
  local line wall result kb spilled=""
  line="$(grep -E '^[A-Za-z]+: result=' "$work/out" | tail -n 1)"
  if [[ "$label" == mars* ]]; then
    spilled="$(sed -nE 's/.*workers spilled ([0-9]+) bytes to disk.*/\1/p' "$work/err" | tail -n 1)"
    spilled="${spilled:+  spilled $((spilled / 1048576)) MB}"
  fi
  wall="$(sed -nE 's/.* wall=([0-9.]+)s.*/\1/p' <<<"$line")"
  result="$(sed -nE 's/.*result=([^ ]+).*/\1/p' <<<"$line")"
  kb="$(cat "$work/time")"
  walls[$label]+="$wall " rss[$label]="$(( kb / 1024 > ${rss[$label]:-0} ? kb / 1024 : ${rss[$label]:-0} ))"
  results[$label]="$result"
  printf '  %-34s wall %8ss  peak RSS %6s MB  result %s%s\n' "$label" "$wall" "$((kb / 1024))" "$result" "$spilled"
}

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo "learn benchmark: N=$n on $master${KMEANS_ALGORITHM:+, kmeans algorithm $KMEANS_ALGORITHM}${LOGREG_SOLVER:+, logreg solver $LOGREG_SOLVER}${PCA_SOLVER:+, pca solver $PCA_SOLVER}${DRIVER_MEMORY:+, driver memory $DRIVER_MEMORY}${CACHE_MEM:+, cache-mem $CACHE_MEM}, OPENBLAS_CORETYPE ${OPENBLAS_CORETYPE:-unset} (both sides), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for w in "${workloads[@]}"; do
  echo "$w"
  for ((i = 1; i <= reps; i++)); do
    run "mars $w" env OPENBLAS_NUM_THREADS=1 "$submit" --master "$master" ${DRIVER_MEMORY:+--driver-memory "$DRIVER_MEMORY"} \
      ${CACHE_MEM:+--conf "mars.worker.cache-mem=$CACHE_MEM"} --class io.mars.benchmarks.LearnBenchmark "$jar" "$w" "$data" ${extra[$w]:-}
    run "scikit-learn $w" "$sk" "$script" "$w" "$data" ${sk_extra[$w]:-}
  done
  # the workers' memory at a quarter of the data this fit reads (local[2]: the two workers' quotas together), unless
  # the default quota (the last Mars run's log) is that small already: then the default runs were the spilling ones
  bytes=0
  for f in "$data/${w}"_x.npy; do bytes=$((bytes + $(stat -c %s "$f"))); done
  per_worker=$((bytes / 4 / 2))
  default_quota="$(sed -nE 's/.* ([0-9]+) bytes of memory quota each.*/\1/p' "$work/mars-err" | tail -n 1)"
  if [[ -n "$default_quota" && "$default_quota" -le "$per_worker" ]]; then
    echo "  mars $w at 25% memory: the default runs held $((default_quota * 2 * 100 / bytes))% of the data in" \
      "memory already (quota $default_quota bytes a worker), so they were the spilling runs"
    continue
  fi
  run "mars $w at 25% memory" env OPENBLAS_NUM_THREADS=1 "$submit" --master "$master" \
    ${DRIVER_MEMORY:+--driver-memory "$DRIVER_MEMORY"} --conf "mars.worker.cache-mem=$per_worker" --class io.mars.benchmarks.LearnBenchmark "$jar" "$w" "$data" ${extra[$w]:-}
  [[ "${results[mars $w at 25% memory]}" == "${results[mars $w]}" ]] \
    || die "$w at 25% memory gave ${results[mars $w at 25% memory]}, at the default ${results[mars $w]}"
done
echo "medians (load now $(cut -d' ' -f1-3 /proc/loadavg)):"
for w in "${workloads[@]}"; do
  # shellcheck disable=SC2086  # the lists are meant to split
  m="$(median ${walls[mars $w]})" s="$(median ${walls[scikit-learn $w]})"
  printf '  %-10s mars %8ss (peak %6s MB)  scikit-learn %8ss (peak %6s MB)  ratio %s  results %s / %s\n' "$w" "$m" \
    "${rss[mars $w]}" "$s" "${rss[scikit-learn $w]}" "$(awk -v a="$m" -v b="$s" 'BEGIN { printf "%.2f", a / b }')" \
    "${results[mars $w]}" "${results[scikit-learn $w]}"
done
