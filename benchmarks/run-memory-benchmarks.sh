#!/usr/bin/env bash
# Memory-bounded execution (issue 21): the seed's headline (a.dot(a.T) - a).std() on bin/mars-submit --master
# local[2] with the workers' total memory quota at 12.5% of what the job materializes (a and a.dot(a.T)), beside the
# same job with ample memory and the same seed, and numpy; then DotStd 10000 2500 at bin/mars-submit's default heap
# beside an ample heap; then the shuffles past this machine's memory at the default heap (a sortValues of 10^9 rows
# written as Parquet, a 10^9 x 10^8 merge) beside the same at a tenth of the rows. Prints every run (value, wall
# time, peak RSS, bytes spilled and read back) and the ratios. Builds nothing: run `mvn -B -q package -DskipTests`
# first. See benchmarks/README.md.
#
# Environment (defaults in brackets):
#   N [20000] CHUNK [2500]       the headline's matrix edge and chunk edge
#   REPS [1]                     runs per side (each headline run takes minutes)
#   TIGHT_OPTS [-Xmx1200m -XX:+UseParallelGC]   the heap of the 12.5% run: its quota is set in bytes
#                                (mars.worker.cache-mem), the heap only has to hold it plus the JVM's own
#   AMPLE_OPTS [-Xmx16g -XX:+UseParallelGC]  the ample run: the default quota share of 16 GB holds everything
#   EW_N [1.44e10] EW_CHUNK [4e6]  seed benchmark 2: ((a + 1) * 2).sum() over EW_N random float64 (115 GB for the
#                                default, more than this machine's memory) at bin/mars-submit's default heap
#   SHUFFLE_N [1e9] SHUFFLE_CHUNK [1e6]  the shuffles' rows (two 8-byte columns: 16 GB for the default; the merge's
#                                right side has a tenth of them) and rows per chunk; each also runs at SHUFFLE_N / 10.
#                                The sort writes its output under java.io.tmpdir (about 9 GB) and deletes it; spill
#                                goes there too (up to ~35 GB at the default size)
#   PYTHON [python3]  SKIP_HEADLINE=1  SKIP_NUMPY=1  SKIP_DEFAULT_HEAP=1  SKIP_EW=1  SKIP_SHUFFLES=1
#   JOB_TIMEOUT [1800]
set -euo pipefail

here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$root/benchmarks/target/mars-benchmarks.jar"
submit="$root/bin/mars-submit"
python="${PYTHON:-python3}"
n="${N:-20000}" chunk="${CHUNK:-2500}" reps="${REPS:-1}" timeout_s="${JOB_TIMEOUT:-1800}"

die() {
  echo "run-memory-benchmarks: $*" >&2
  exit 2
}
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (it measures peak RSS); install it: apt-get install time"
[[ -f "$jar" ]] || die "$jar is not built; run in $root: mvn -B -q package -DskipTests"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$root/benchmarks/target/memory-benchmark-$(date +%Y%m%d-%H%M%S).log"
: >"$log"
echo "Raw output of every run: $log"

# one LABEL COMMAND...: runs it under /usr/bin/time -v and prints "LABEL value wall_s peak_rss_mb" and what the local
# cluster spilled and read back (FAILED on error); leaves the wall time in $last_wall (empty on error)
last_wall=""
one() {
  last_wall=""
  local label="$1"
  shift
  local status=0
  /usr/bin/time -v -o "$work/time" timeout "$timeout_s" "$@" >"$work/out" 2>"$work/err" || status=$?
  { echo "== $label"; cat "$work/out" "$work/err"; } >>"$log"
  local line
  line="$(grep -E '^[A-Za-z][A-Za-z -]*: result=' "$work/out" | tail -n 1 || true)"
  if [[ $status -ne 0 || -z "$line" ]]; then
    printf '%-34s FAILED (exit %s): %s\n' "$label" "$status" "$(grep -E 'mars-submit:|Error|Exception' "$work/err" | head -n 1)"
    return 0
  fi
  local value wall rss
  value="$(sed -E 's/.*result=([^ ]+).*/\1/' <<<"$line")"
  wall="$(sed -E 's/.*wall=([0-9.]+)s.*/\1/' <<<"$line")"
  rss="$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/time")"
  local spill
  spill="$(sed -nE 's/.*spilled ([0-9]+) bytes to disk and read back ([0-9]+).*/\1 \2/p' "$work/err" | tail -n 1)"
  [[ -n "$spill" ]] && spill="$(awk '{ printf "   spilled %.1f GB, read back %.1f GB", $1 / 1e9, $2 / 1e9 }' <<<"$spill")"
  printf '%-34s value %-14s wall %8.2f s   peak RSS %6s MB%s\n' "$label" "$value" "$wall" "$rss" "$spill"
  last_wall="$wall"
}

if [[ -z "${SKIP_HEADLINE:-}" ]]; then
  materialized=$((2 * n * n * 8))
  quota=$((materialized / 8 / 2))
  echo "(a.dot(a.T) - a).std(), n=$n, chunks of $chunk: a and a.dot(a.T) hold $((materialized >> 20)) MB;"
  echo "12.5% of it is $((materialized / 8 >> 20)) MB, mars.worker.cache-mem=$quota bytes on each of 2 workers."
  for ((i = 1; i <= reps; i++)); do
    MARS_SUBMIT_OPTS="${TIGHT_OPTS:--Xmx1200m -XX:+UseParallelGC}" one "mars 12.5% quota #$i" \
      "$submit" --master 'local[2]' --conf "mars.worker.cache-mem=$quota" --class io.mars.examples.DotStd "$jar" "$n" "$chunk"
    MARS_SUBMIT_OPTS="${AMPLE_OPTS:--Xmx16g -XX:+UseParallelGC}" one "mars ample memory #$i" \
      "$submit" --master 'local[2]' --class io.mars.examples.DotStd "$jar" "$n" "$chunk"
    if [[ -z "${SKIP_NUMPY:-}" ]]; then
      one "numpy #$i" "$python" "$here/python/numpy_baselines.py" dotstd "$n"
    fi
  done
fi
if [[ -z "${SKIP_DEFAULT_HEAP:-}" ]]; then
  echo "DotStd 10000 2500 (a: 800 MB) at bin/mars-submit's default heap (-Xmx768m) and with an ample heap:"
  for ((i = 1; i <= reps; i++)); do
    one "mars default heap #$i" "$submit" --master 'local[2]' --class io.mars.examples.DotStd "$jar" 10000 2500
    MARS_SUBMIT_OPTS="-Xmx12g -XX:+UseParallelGC" one "mars -Xmx12g #$i" \
      "$submit" --master 'local[2]' --class io.mars.examples.DotStd "$jar" 10000 2500
  done
fi
if [[ -z "${SKIP_EW:-}" ]]; then
  ew_n="${EW_N:-1.44e10}" ew_chunk="${EW_CHUNK:-4e6}"
  echo "((a + 1) * 2).sum() over $ew_n random float64 at the default heap (numpy cannot hold it):"
  for ((i = 1; i <= reps; i++)); do
    one "mars elementwise #$i" "$submit" --master 'local[2]' --class io.mars.examples.ElementwiseSum "$jar" "$ew_n" "$ew_chunk" rand
  done
fi
if [[ -z "${SKIP_SHUFFLES:-}" ]]; then
  big="$("$python" -c "print(int(float('${SHUFFLE_N:-1e9}')))")"
  small=$((big / 10))
  rows="$("$python" -c "print(int(float('${SHUFFLE_CHUNK:-1e6}')))")"
  echo "Shuffles at the default heap, N=$big beside N=$small (16 bytes a row; the merge joins N/10 unique keys):"
  for w in sort-write merge; do
    for ((i = 1; i <= reps; i++)); do
      one "$w N=$small #$i" "$submit" --master 'local[2]' --class io.mars.examples.DataFrameOps "$jar" "$w" "$small" \
        "$rows" 1
      small_wall="$last_wall"
      one "$w N=$big #$i" "$submit" --master 'local[2]' --class io.mars.examples.DataFrameOps "$jar" "$w" "$big" \
        "$rows" 1
      if [[ -n "$small_wall" && -n "$last_wall" ]]; then
        awk -v a="$last_wall" -v b="$small_wall" -v w="$w" \
          'BEGIN { printf "  %s: 10x the rows took %.1fx the time\n", w, a / b }'
      fi
    done
  done
fi
