#!/usr/bin/env bash
# The chaos run: the binary distribution on the field test's Hadoop (separate NameNode, DataNode, ResourceManager and
# NodeManager JVMs, field-test/hadoop.sh); one run of a job without interference measures how long it takes, then
# each of RUNS runs kills one worker container (kill -9 of its JVM) at a random moment of the job, and every run must
# succeed with the same result as the first.
#
#   field-test/chaos.sh [runs (10)] [DotStd n (6000)] [chunk (500)]
#
# Not part of CI (it takes RUNS times the job's length); its figures go in the issue notes. Leaves nothing behind.
set -uo pipefail

FIELD_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$FIELD_DIR")"
RUNS="${1:-10}"
N="${2:-6000}"
CHUNK="${3:-500}"
TARBALL="$(ls "$REPO"/mars-dist/target/mars-*-bin.tar.gz 2>/dev/null | head -1)"
[[ -f "$TARBALL" ]] || { echo "chaos: no distribution tarball; run: mvn -B package -DskipTests" >&2; exit 2; }

WORK="$(mktemp -d /tmp/mars-chaos.XXXXXX)"
START=$(date +%s)
# shellcheck source=hadoop.sh
source "$FIELD_DIR/hadoop.sh"
SUBMITTER=""
cleanup() {
  [[ -n "$SUBMITTER" ]] && kill -9 "$SUBMITTER" 2>/dev/null
  hadoop_stop
  if [[ "${FIELD_KEEP:-0}" == 1 ]]; then echo "chaos: kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log() { echo "[chaos $(($(date +%s) - START))s] $*"; }

tar -xzf "$TARBALL" -C "$WORK"
MARS_HOME="$(ls -d "$WORK"/mars-*/ | head -1)"
MARS_HOME="${MARS_HOME%/}"
hadoop_start || exit 1
hdfs dfs -mkdir -p "/user/$(id -un)" /tmp/logs && hdfs dfs -chmod 1777 /tmp/logs

# worker_pids <application id>: the JVMs of the application's worker containers on this machine
worker_pids() {
  ps -eo pid=,args= | grep 'io.mars.container.yarn.WorkerContainer' | grep -v grep | grep -F "$1/" \
    | awk '$2 ~ /\/java$/ {print $1}'
}

# run <i> <kill after seconds, or 0 for none>: one client-mode run; prints "rc result seconds work-seconds killed",
# work-seconds counting from the moment its first worker JVM was seen
run() {
  local i="$1" delay="$2" out="$WORK/run-$1.out" err="$WORK/run-$1.err" began seen app="" killed="-" pids victim
  began=$(date +%s%N)
  (cd "$MARS_HOME" && exec bin/mars-submit --master yarn --deploy-mode client --quiet --workers 3 \
    --class io.mars.examples.DotStd examples/mars-examples.jar "$N" "$CHUNK") >"$out" 2>"$err" &
  SUBMITTER=$!
  for _ in $(seq 1 1200); do
    [[ -z "$app" ]] && app="$(grep -m1 -oE 'application_[0-9]+_[0-9]+' "$out" 2>/dev/null)"
    [[ -n "$app" && -n "$(worker_pids "$app")" ]] && break
    kill -0 "$SUBMITTER" 2>/dev/null || break
    sleep 0.1
  done
  seen=$(date +%s%N)
  if [[ "$delay" != 0 ]]; then
    sleep "$delay"
    pids=($(worker_pids "$app"))
    if [[ ${#pids[@]} -gt 0 ]]; then
      victim="${pids[RANDOM % ${#pids[@]}]}"
      kill -9 "$victim" 2>/dev/null && killed="pid-$victim"
    fi
  fi
  wait "$SUBMITTER"
  local rc=$?
  SUBMITTER=""
  local result end
  end=$(date +%s%N)
  result="$(grep -m1 -oE 'DotStd: result=[-0-9.]+' "$out" | cut -d= -f2)"
  echo "$rc ${result:-none} $(((end - began) / 1000000)) $(((end - seen) / 1000000)) $killed"
  if [[ "$rc" -ne 0 ]]; then tail -n 20 "$err" | sed 's/^/    ! /' >&2; fi
}

log "baseline run: DotStd n=$N chunk=$CHUNK, 3 workers, client mode, no kill"
read -r rc0 result0 ms0 work0 _ <<<"$(run 0 0)"
log "baseline: exit $rc0, result $result0, ${ms0} ms (${work0} ms from the first worker's start)"
[[ "$rc0" -eq 0 && "$result0" != none ]] || { log "the baseline run failed"; exit 1; }

ok=0
same=0
kills=0
for i in $(seq 1 "$RUNS"); do
  # a moment between 10% and 80% of the baseline's work after the first worker started
  delay=$(python3 -c "import random; print(round(random.uniform(0.1, 0.8) * $work0 / 1000, 1))")
  read -r rc result ms work killed <<<"$(run "$i" "$delay")"
  log "run $i: killed $killed ${delay}s after the first worker started -> exit $rc, result $result, ${ms} ms"
  [[ "$rc" -eq 0 ]] && ok=$((ok + 1))
  [[ "$result" == "$result0" ]] && same=$((same + 1))
  [[ "$killed" != - ]] && kills=$((kills + 1))
done
left="$(hdfs dfs -ls .mars-staging 2>/dev/null | grep -c application_ || true)"
log "$ok of $RUNS runs SUCCEEDED, $same of $RUNS with the baseline's result $result0, $kills with a worker killed; \
staging directories left: $left"
[[ "$ok" -eq "$RUNS" && "$same" -eq "$RUNS" && "$kills" -eq "$RUNS" && "$left" -eq 0 ]]
