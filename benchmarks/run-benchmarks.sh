#!/usr/bin/env bash
# Runs the seed workloads on Mars (bin/mars-submit --master local[2]) and in numpy, prints them side by side, then
# runs the supervisor benchmark. Builds nothing: run `mvn -B -q package -DskipTests` first. See benchmarks/README.md.
#
# Environment (defaults in brackets):
#   REPS [3]            runs per workload and side; the table shows medians (peak RSS: the largest run)
#   PI_REPS [$REPS]     runs of the 10^9-point pi workload, the slowest one; PI_REPS=1 saves about a minute
#   PI_N [1e9] PI_CHUNK [2e6]   EW_N [3.6e8] EW_CHUNK [2e6]   EW_INPUT [ones]
#   INNER_N [2000] INNER_CHUNK [200]   DOT_N [2000] DOT_CHUNK [500]
#   MATMUL_N [4000] MATMUL_CHUNK [1000]   W4: DOTSTD_BIG_N [10000] DOTSTD_BIG_CHUNK [2500] DOTSTD_BIG_OPTS [-Xmx12g]
#   TS_M [2e6] TS_N [32] TS_CHUNK [250000] TS_OPTS [-Xmx8g]   tall-skinny QR and SVD (W6)
#   SKIP_SEED=1         leave pi and elementwise out (inner, the W3 workload, still runs)
#   SKIP_LINALG=1       leave the linear-algebra workloads (matmul, big dotstd, qr, svd) out
#   FFT_N [16777216] FFT2_N [4096]   fft of FFT_N complex values, fft2 of FFT2_N^2 reals, default chunks
#   SKIP_FFT=1          leave the FFT workloads out; FFT_ONLY=1 runs only them (no seed, linalg or supervisor)
#   FFT_CHECK=1         also check both transforms at full size against numpy.fft (python/fft_check.py: at most 1e-10
#                       of the largest magnitude); the script then exits 1 if they differ more
#   MARS_OPENBLAS_NUM_THREADS [1]   OpenBLAS threads per slot in the Mars jobs (numpy keeps its own default)
#   MASTER [local[2]]   where the Mars jobs run
#   MARS_SUBMIT_OPTS    JVM options for the jobs (bin/mars-submit's default: -Xms768m -Xmx768m -XX:+UseParallelGC)
#   JAVA_HOME           the JVM the jobs run on (bin/mars-submit uses it; default: java on the PATH); printed in the header
#   PYTHON [python3]    interpreter with numpy
#   JOB_TIMEOUT [900]   seconds before one run is killed
#   SKIP_NUMPY=1, SKIP_SUPERVISOR=1   leave a part out
#   NUMPY_WARMUP [1]    one numpy run of each workload before its counted ones, not counted (0: none)
#   SIMULATION=1        also run the scheduler simulation at 1,000 workers x 8 slots, 10^6 subtasks (a few minutes;
#                       run-scheduler-simulation.sh runs it alone)
#   LEARN=1             also run the learn benchmark against scikit-learn (run-learn-benchmark.sh, which takes N
#                       [1e7], REPS and WORKLOADS; at 10^7 rows it writes ~9 GB of data once and runs ~15 minutes)
set -euo pipefail

here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
# the OpenBLAS kernels bin/mars-submit names for this CPU (bin/mars-openblas.sh), exported here so that the Python
# baselines, whose numpy or scikit-learn may load the same OpenBLAS, get the same ones
# shellcheck source=../bin/mars-openblas.sh
source "$root/bin/mars-openblas.sh"
jar="$root/benchmarks/target/mars-benchmarks.jar"
submit="$root/bin/mars-submit"
numpy_script="$here/python/numpy_baselines.py"
python="${PYTHON:-python3}"
master="${MASTER:-local[2]}"
reps="${REPS:-3}"
pi_reps="${PI_REPS:-$reps}"
timeout_s="${JOB_TIMEOUT:-900}"

die() {
  echo "run-benchmarks: $*" >&2
  exit 2
}

[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing (it measures peak RSS); install it: apt-get install time"
[[ -f "$jar" ]] || die "$jar is not built; run in $root: mvn -B -q package -DskipTests"
[[ -x "$submit" ]] || die "$submit is missing or not executable"
if [[ -z "${SKIP_NUMPY:-}" ]]; then
  "$python" -c 'import numpy' 2>/dev/null || die "$python cannot import numpy; pip install numpy, or SKIP_NUMPY=1"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$root/benchmarks/target/benchmark-$(date +%Y%m%d-%H%M%S).log"
: >"$log"

# median of the numbers given as arguments
median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

max() {
  printf '%s\n' "$@" | sort -g | tail -n 1
}

# run_once LABEL COMMAND...: runs COMMAND under /usr/bin/time -v; sets run_result, run_wall (the job's own timing
# of its computation), run_elapsed (the whole process, start-up included) and run_rss_mb. Returns 1 on failure.
run_once() {
  local label="$1"
  shift
  local status=0
  /usr/bin/time -v -o "$work/time" timeout "$timeout_s" "$@" >"$work/out" 2>"$work/err" || status=$?
  cat "$work/out" "$work/err" >>"$log"
  local line
  line="$(grep -E '^[A-Za-z0-9]+: result=' "$work/out" | tail -n 1 || true)"
  if [[ $status -ne 0 || -z "$line" ]]; then
    echo "  $label FAILED (exit $status); last lines of its output:" >&2
    tail -n 15 "$work/err" "$work/out" | sed 's/^/    /' >&2
    return 1
  fi
  run_result="$(sed -E 's/.*result=([^ ]+).*/\1/' <<<"$line")"
  run_wall="$(sed -E 's/.*wall=([0-9.]+)s.*/\1/' <<<"$line")"
  run_rss_mb="$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/time")"
  run_elapsed="$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s }' "$work/time")"
  echo "  $line  [process ${run_elapsed}s, peak RSS ${run_rss_mb} MB]"
}

# bench NAME SIZE_LABEL REPS JAVA_CLASS JAVA_ARGS PY_WORKLOAD PY_ARGS: fills one table row
rows=()
bench() {
  local name="$1" size="$2" n="$3" class="$4" java_args="$5" py_name="$6" py_args="$7"
  local ours=() ours_proc=() ours_rss=() theirs=() theirs_rss=() ours_result="FAILED" theirs_result="-"
  echo "== $name ($size), $n run(s) each"
  for ((i = 1; i <= n; i++)); do
    # shellcheck disable=SC2086  # the argument lists are meant to split
    if run_once "mars  $name #$i" env OPENBLAS_NUM_THREADS="${MARS_OPENBLAS_NUM_THREADS:-1}" "$submit" --master "$master" --class "$class" "$jar" $java_args; then
      ours+=("$run_wall") ours_proc+=("$run_elapsed") ours_rss+=("$run_rss_mb") ours_result="$run_result"
    fi
  done
  if [[ -z "${SKIP_NUMPY:-}" ]]; then
    theirs_result="FAILED"
    if [[ "${NUMPY_WARMUP:-1}" != 0 ]]; then
      # numpy's first run right after the JVM's is 2-3x slower than its next ones on some hosts (fft2 of 4096^2:
      # 1.4-1.9 s, then 0.53-0.56 s), a state of the machine and not numpy's cost: that run is not counted
      echo "  (numpy warm-up run, not counted:)"
      # shellcheck disable=SC2086
      run_once "numpy $name warm-up (not counted)" "$python" "$numpy_script" "$py_name" $py_args || true
    fi
    for ((i = 1; i <= n; i++)); do
      # shellcheck disable=SC2086
      if run_once "numpy $name #$i" "$python" "$numpy_script" "$py_name" $py_args; then
        theirs+=("$run_wall") theirs_rss+=("$run_rss_mb") theirs_result="$run_result"
      fi
    done
  fi
  local o="nan" op="nan" orss="-" t="nan" trss="-" ratio="-"
  if ((${#ours[@]})); then o="$(median "${ours[@]}")" op="$(median "${ours_proc[@]}")" orss="$(max "${ours_rss[@]}")"; fi
  if ((${#theirs[@]})); then t="$(median "${theirs[@]}")" trss="$(max "${theirs_rss[@]}")"; fi
  if [[ "$o" != nan && "$t" != nan ]]; then
    ratio="$(awk -v a="$o" -v b="$t" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }')"
  fi
  rows+=("$(printf '%-15s %-14s %4s %9s %9s %8s %10s %9s %10s   %-14s %-14s' "$name" "$size" "$n" "$o" "$t" "$ratio" "$op" "$orss" "$trss" "$ours_result" "$theirs_result")")
}

pi_n="${PI_N:-1e9}" pi_chunk="${PI_CHUNK:-2e6}"
ew_n="${EW_N:-3.6e8}" ew_chunk="${EW_CHUNK:-2e6}" ew_input="${EW_INPUT:-ones}"
inner_n="${INNER_N:-2000}" inner_chunk="${INNER_CHUNK:-200}"
dot_n="${DOT_N:-2000}" dot_chunk="${DOT_CHUNK:-500}"

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
java_version="$("$java_bin" -version 2>&1 | head -1)"
echo "Mars on $master ($java_version) vs numpy ($("$python" -c 'import numpy; print(numpy.__version__)' 2>/dev/null || echo 'not run')), OPENBLAS_CORETYPE ${OPENBLAS_CORETYPE:-unset}, $(nproc) cores; raw output in $log"
if [[ -n "${FFT_ONLY:-}" ]]; then
  SKIP_SEED=1 SKIP_LINALG=1 SKIP_SUPERVISOR=1
fi
if [[ -z "${SKIP_SEED:-}" ]]; then
  bench "pi" "N=$pi_n" "$pi_reps" io.mars.examples.MonteCarloPi "$pi_n $pi_chunk" pi "$pi_n"
  bench "elementwise" "N=$ew_n" "$reps" io.mars.examples.ElementwiseSum "$ew_n $ew_chunk $ew_input" elementwise "$ew_n $ew_input"
fi
if [[ -z "${FFT_ONLY:-}" ]]; then
  bench "inner().sum()" "n=$inner_n" "$reps" io.mars.examples.InnerSum "$inner_n $inner_chunk" inner "$inner_n"
  bench "(a@a.T-a).std" "n=$dot_n" "$reps" io.mars.examples.DotStd "$dot_n $dot_chunk" dotstd "$dot_n"
fi
if [[ -z "${SKIP_LINALG:-}" ]]; then
  matmul_n="${MATMUL_N:-4000}" matmul_chunk="${MATMUL_CHUNK:-1000}"
  big_n="${DOTSTD_BIG_N:-10000}" big_chunk="${DOTSTD_BIG_CHUNK:-2500}"
  ts_m="${TS_M:-2e6}" ts_n="${TS_N:-32}" ts_chunk="${TS_CHUNK:-250000}"
  bench "matmul.sum" "n=$matmul_n" "$reps" io.mars.benchmarks.LinalgBenchmark "matmul $matmul_n $matmul_chunk" matmul "$matmul_n"
  MARS_SUBMIT_OPTS="${DOTSTD_BIG_OPTS:--Xmx12g -XX:+UseParallelGC}" \
    bench "(a@a.T-a).std" "n=$big_n" "$reps" io.mars.examples.DotStd "$big_n $big_chunk" dotstd "$big_n"
  MARS_SUBMIT_OPTS="${TS_OPTS:--Xmx8g -XX:+UseParallelGC}" \
    bench "qr" "${ts_m}x$ts_n" "$reps" io.mars.benchmarks.LinalgBenchmark "qr $ts_m $ts_n $ts_chunk" qr "$ts_m $ts_n"
  MARS_SUBMIT_OPTS="${TS_OPTS:--Xmx8g -XX:+UseParallelGC}" \
    bench "svd" "${ts_m}x$ts_n" "$reps" io.mars.benchmarks.LinalgBenchmark "svd $ts_m $ts_n $ts_chunk" svd "$ts_m $ts_n"
fi
if [[ -z "${SKIP_FFT:-}" ]]; then
  fft_n="${FFT_N:-16777216}" fft2_n="${FFT2_N:-4096}"
  bench "fft" "n=$fft_n" "$reps" io.mars.benchmarks.FftBenchmark "fft $fft_n" fft "$fft_n"
  bench "fft2" "n=${fft2_n}^2" "$reps" io.mars.benchmarks.FftBenchmark "fft2 $fft2_n" fft2 "$fft2_n"
fi
fft_check_status=0
if [[ -n "${FFT_CHECK:-}" ]]; then
  # numpy writes the inputs, Mars (the same job settings) transforms them, numpy compares: about 0.9 GB of files in
  # the script's temporary directory, removed on exit
  echo "== FFT check at full size (fft of ${FFT_N:-16777216}, fft2 of ${FFT2_N:-4096}^2 against numpy.fft)"
  "$python" "$here/python/fft_check.py" generate "$work" "${FFT_N:-16777216}" "${FFT2_N:-4096}" \
    || die "fft_check.py could not write the inputs"
  if run_once "mars  fft check" env OPENBLAS_NUM_THREADS="${MARS_OPENBLAS_NUM_THREADS:-1}" "$submit" --master "$master" \
      --class io.mars.benchmarks.FftBenchmark "$jar" check "$work"; then
    "$python" "$here/python/fft_check.py" compare "$work" | tee -a "$log" || fft_check_status=1
  else
    fft_check_status=1
  fi
  rm -f "$work"/fft*_in.npy "$work"/fft*_out.npy
  [[ $fft_check_status -eq 0 ]] || echo "FFT check FAILED" >&2
fi

echo
echo "Seed workloads: medians of the runs; times are the computation only (JVM, cluster and interpreter start-up"
echo "excluded; 'ours proc' is the whole mars-submit process). Peak RSS is the largest run's, from /usr/bin/time."
header="$(printf '%-15s %-14s %4s %9s %9s %8s %10s %9s %10s   %-14s %-14s' workload size runs 'ours(s)' 'numpy(s)' ours/np 'ours proc' 'RSS ours' 'RSS numpy' 'result ours' 'result numpy')"
echo "$header"
printf '%*s\n' "${#header}" '' | tr ' ' '-'
printf '%s\n' "${rows[@]}"
echo "(RSS in MB. pi and (a@a.T-a).std use different random generators on each side, so those results agree"
echo " statistically, not digit for digit; elementwise with ones and inner are exact.)"

if [[ -z "${SKIP_SUPERVISOR:-}" ]]; then
  echo
  echo "== supervisor benchmark"
  status=0
  /usr/bin/time -v -o "$work/time" timeout "$timeout_s" "$submit" --master "$master" \
    --class io.mars.benchmarks.SupervisorBenchmark "$jar" 2>"$work/err" | tee -a "$log" || status=$?
  cat "$work/err" >>"$log"
  if [[ $status -ne 0 ]]; then
    echo "SupervisorBenchmark FAILED (exit $status):" >&2
    tail -n 20 "$work/err" | sed 's/^/    /' >&2
    exit 1
  fi
  awk -F': ' '/Maximum resident set size/ { printf "(supervisor benchmark process peak RSS: %.0f MB)\n", $2 / 1024 }' "$work/time"
fi

if [[ -n "${SIMULATION:-}" ]]; then
  echo
  echo "== scheduler simulation"
  "$here/run-scheduler-simulation.sh" | tee -a "$log"
fi

if [[ -n "${LEARN:-}" ]]; then
  echo
  echo "== learn (KMeans, PCA, LogisticRegression against scikit-learn)"
  "$here/run-learn-benchmark.sh" | tee -a "$log"
fi

exit "$fft_check_status"
