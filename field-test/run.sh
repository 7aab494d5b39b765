#!/usr/bin/env bash
# The field test: Mars's binary distribution, as a user unpacks it, on Hadoop daemons that run as separate JVMs
# (NameNode, DataNode, ResourceManager, NodeManager; field-test/hadoop.sh), driven by the README's YARN commands as
# the README writes them. Each command is looked up in README.md (the test fails if the README no longer says it),
# its placeholders (<application id>, the quorum, /etc/hadoop/conf) are filled in, it runs, and its exit code and
# what it left behind are checked.
#
#   field-test/run.sh [path/to/mars-VERSION-bin.tar.gz]     (default: mars-dist/target/mars-*-bin.tar.gz)
#
# Needs java 17+, mvn (to fetch the Hadoop jars), python3 and curl. Leaves nothing behind: the daemons, the scratch
# directory and every process it started are gone when it ends, whatever the ending (FIELD_KEEP=1 keeps the scratch
# directory for a look at the logs). Exit code 0 when every check passed.
set -uo pipefail

FIELD_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$FIELD_DIR")"
README="$REPO/README.md"
TARBALL="${1:-$(ls "$REPO"/mars-dist/target/mars-*-bin.tar.gz 2>/dev/null | head -1)}"
[[ -f "$TARBALL" ]] || { echo "field-test: no distribution tarball ('$TARBALL'); run: mvn -B package -DskipTests" >&2; exit 2; }

WORK="$(mktemp -d /tmp/mars-field.XXXXXX)"
touch "$WORK/started"
FAILURES=0
CHECKS=0
OTHER_PIDS=()
START=$(date +%s)

# shellcheck source=hadoop.sh
source "$FIELD_DIR/hadoop.sh"

cleanup() {
  local pid
  for pid in "${OTHER_PIDS[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  hadoop_stop
  if [[ "${FIELD_KEEP:-0}" == 1 ]]; then
    echo "field-test: kept $WORK"
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log() { echo "[field $(($(date +%s) - START))s] $*"; }

check() { # check <description> <command...>: a check that must hold
  local what="$1"
  shift
  CHECKS=$((CHECKS + 1))
  if "$@"; then
    log "  ok: $what"
  else
    log "  FAILED: $what"
    FAILURES=$((FAILURES + 1))
  fi
}

# readme <line as the README writes it> [sed substitutions...]: runs a README command with its placeholders filled in.
# Sets RC, and OUT/ERR to the files holding its stdout and stderr.
RUN=0
readme() {
  local line="$1"
  shift
  CHECKS=$((CHECKS + 1))
  if ! grep -qF -- "$line" "$README"; then
    log "FAILED: the README does not say: $line"
    FAILURES=$((FAILURES + 1))
    RC=255
    return
  fi
  local command="$line" sub
  for sub in "$@"; do command="$(printf '%s' "$command" | sed "$sub")"; done
  RUN=$((RUN + 1))
  OUT="$WORK/cmd-$RUN.out"
  ERR="$WORK/cmd-$RUN.err"
  log "\$ $command"
  (cd "$MARS_HOME" && eval "$command") >"$OUT" 2>"$ERR"
  RC=$?
  log "  -> exit $RC"
  if [[ -s "$OUT" ]]; then sed 's/^/  | /' "$OUT" | tail -n 5; fi
}

# submit_in_background <command> <why>: runs a mars-submit command in the background (pid in SUBMITTER, output in
# OUT/ERR) and waits until it printed its application id (in APP)
submit_in_background() {
  RUN=$((RUN + 1))
  OUT="$WORK/cmd-$RUN.out"
  ERR="$WORK/cmd-$RUN.err"
  log "\$ $1 &   ($2)"
  # shellcheck disable=SC2086 # the command's words are split as the README writes them
  (cd "$MARS_HOME" && exec $1) >"$OUT" 2>"$ERR" &
  SUBMITTER=$!
  OTHER_PIDS+=("$SUBMITTER")
  for _ in $(seq 1 120); do [[ -n "$(app_id 2>/dev/null)" ]] && break; sleep 0.5; done
  APP="$(app_id)"
}

expect_rc() {
  local want="$1"
  check "exit code $want (got $RC)" test "$RC" -eq "$want" || { echo "  stderr:"; tail -n 30 "$ERR" | sed 's/^/  ! /'; }
}

app_id() { grep -m1 -oE 'application_[0-9]+_[0-9]+' "$OUT"; }

staging_empty() { # nothing under the user's staging directory
  local listing
  listing="$(hdfs dfs -ls ".mars-staging" 2>/dev/null | grep -c application_ || true)"
  [[ "$listing" -eq 0 ]]
}

zk_children() { # the znodes under /mars of the external ZooKeeper, space-separated ("none": /mars does not exist)
  local out rc
  out="$(cd "$WORK" && java -cp "$MARS_HOME/lib/*" "$FIELD_DIR/ZkChildren.java" "$ZK" /mars 2>/dev/null)"
  rc=$?
  case "$rc" in
    0) echo "[${out//$'\n'/ }]" ;;
    3) echo "none" ;;
    *) echo "unreachable" ;;
  esac
}

zk_empty() { local c; c="$(zk_children)"; [[ "$c" == "[]" || "$c" == none ]]; }

app_state() { # the application's state as the ResourceManager's REST API reports it
  curl -s -H 'Accept: application/json' "http://$RM_WEB/ws/v1/cluster/apps/$1/state" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'
}

app_final() { # the application's final status
  curl -s -H 'Accept: application/json' "http://$RM_WEB/ws/v1/cluster/apps/$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["app"]["finalStatus"])'
}

wait_ended() { # wait_ended <id>: until the application has ended (60 s); the submitter may exit while it is FINISHING
  local i
  for ((i = 0; i < 120; i++)); do
    case "$(app_state "$1" 2>/dev/null)" in FINISHED | FAILED | KILLED) return 0 ;; esac
    sleep 0.5
  done
  return 1
}

wait_running() { # wait_running <id>: until YARN reports the application RUNNING (120 s)
  local i
  for ((i = 0; i < 240; i++)); do
    [[ "$(app_state "$1" 2>/dev/null)" == RUNNING ]] && return 0
    sleep 0.5
  done
  return 1
}

log "distribution: $TARBALL"
tar -xzf "$TARBALL" -C "$WORK"
MARS_HOME="$(ls -d "$WORK"/mars-*/ | head -1)"
MARS_HOME="${MARS_HOME%/}"
log "unpacked to $MARS_HOME"

log "starting Hadoop (NameNode, DataNode, ResourceManager, NodeManager, each its own JVM)"
hadoop_start || { log "FAILED: Hadoop did not start"; exit 1; }
hdfs dfs -mkdir -p "/user/$(id -un)" /tmp/logs && hdfs dfs -chmod 1777 /tmp/logs

log "starting an external ZooKeeper from the distribution's lib/"
ZK_PORT=$(free_port)
ZK="localhost:$ZK_PORT"
mkdir -p "$WORK/zk"
java -Dzookeeper.admin.enableServer=false -cp "$MARS_HOME/lib/*" org.apache.zookeeper.server.ZooKeeperServerMain \
  "$ZK_PORT" "$WORK/zk" >"$WORK/daemon-logs/zookeeper.log" 2>&1 &
OTHER_PIDS+=("$!")

# --- 1. the README's first YARN command: cluster mode, the AM's embedded ZooKeeper, Mars's jars from the per-user
# cache (uploaded by this first submit)
readme 'bin/mars-submit --master yarn --name nightly-pi --queue default --am-memory 2g --class io.mars.examples.MonteCarloPi examples/mars-examples.jar 1000000000'
expect_rc 0
FIRST="$(app_id)"
check "an application id on stdout ($FIRST)" test -n "$FIRST"
wait_ended "$FIRST"
check "YARN reports $FIRST FINISHED, SUCCEEDED ($(app_state "$FIRST"), $(app_final "$FIRST"))" \
  test "$(app_state "$FIRST") $(app_final "$FIRST")" == "FINISHED SUCCEEDED"
check "the jar cache was uploaded once: $(hdfs dfs -ls -R .mars/lib 2>/dev/null | grep -c mars-lib.zip) zip" \
  test "$(hdfs dfs -ls -R .mars/lib 2>/dev/null | grep -c mars-lib.zip)" -eq 1
for _ in $(seq 1 60); do yarn logs -applicationId "$FIRST" >"$WORK/logs-first.txt" 2>/dev/null && grep -q 'result=' "$WORK/logs-first.txt" && break; sleep 1; done
check "the aggregated logs hold pi: $(grep -m1 -o 'MonteCarloPi: result=[0-9.]*' "$WORK/logs-first.txt")" \
  grep -qE 'MonteCarloPi: result=3\.14' "$WORK/logs-first.txt"

# --- 2. client mode: the main runs here and prints its result
readme 'bin/mars-submit --master yarn --deploy-mode client --class io.mars.examples.MonteCarloPi examples/mars-examples.jar 100000000'
expect_rc 0
check "client mode printed pi" grep -qE 'MonteCarloPi: result=3\.14' "$OUT"

# --- 3. an external ZooKeeper and two AM attempts; its state is gone afterwards
readme 'bin/mars-submit --master yarn --conf mars.zookeeper.quorum=zk1:2181,zk2:2181,zk3:2181 --conf mars.yarn.am.max-attempts=2 --class io.mars.examples.MonteCarloPi examples/mars-examples.jar 100000000' \
  "s/zk1:2181,zk2:2181,zk3:2181/$ZK/"
expect_rc 0
check "nothing left under /mars in ZooKeeper ($(zk_children))" zk_empty

# --- 4. Mars's jars pre-uploaded as one archive
readme 'bin/mars-yarn-archive mars-lib.zip'
expect_rc 0
readme 'hdfs dfs -mkdir -p /apps/mars/0.1.0 && hdfs dfs -put mars-lib.zip /apps/mars/0.1.0/ && hdfs dfs -chmod -R a+rX /apps/mars'
expect_rc 0
readme 'bin/mars-submit --master yarn --conf mars.yarn.archive=hdfs:///apps/mars/0.1.0/mars-lib.zip --class MyJob my-job.jar' \
  's/--class MyJob my-job.jar/--class io.mars.examples.MonteCarloPi examples\/mars-examples.jar 100000000/'
expect_rc 0

# --- 5. --no-wait, status, kill (the quorum is not repeated: kill finds it in the staged settings)
readme 'bin/mars-submit --master yarn --no-wait --conf mars.zookeeper.quorum=zk1:2181,zk2:2181,zk3:2181 --class io.mars.examples.MonteCarloPi examples/mars-examples.jar' \
  "s/zk1:2181,zk2:2181,zk3:2181/$ZK/"
expect_rc 0
LATER="$(app_id)"
check "an application id on stdout ($LATER)" test -n "$LATER"
check "$LATER runs" wait_running "$LATER"
readme 'bin/mars-submit status <application id>' "s/<application id>/$LATER/"
expect_rc 0
check "status names the state" grep -qi 'RUNNING' "$OUT"
readme 'bin/mars-submit kill <application id>' "s/<application id>/$LATER/"
expect_rc 0
readme 'bin/mars-submit status <application id>' "s/<application id>/$LATER/"
expect_rc 3
wait_ended "$LATER"
check "YARN reports $LATER KILLED" test "$(app_state "$LATER")" == KILLED

# --- 6. SIGTERM (Airflow's on_kill) and SIGINT (Ctrl-C) to a waiting submitter
for signal in TERM INT; do
  line='bin/mars-submit --master yarn --conf mars.zookeeper.quorum=zk1:2181,zk2:2181,zk3:2181 --conf mars.yarn.am.max-attempts=2 --class io.mars.examples.MonteCarloPi examples/mars-examples.jar 100000000'
  CHECKS=$((CHECKS + 1))
  grep -qF -- "$line" "$README" || { log "FAILED: the README does not say: $line"; FAILURES=$((FAILURES + 1)); }
  command="${line//zk1:2181,zk2:2181,zk3:2181/$ZK}"
  command="${command/100000000/100000000000}"
  submit_in_background "$command" "then SIG$signal once it runs"
  submitter=$SUBMITTER
  SIGNALLED="$APP"
  check "$SIGNALLED runs" wait_running "$SIGNALLED"
  sleep 3
  check "while it runs, its state is in ZooKeeper ($(zk_children))" grep -q "$SIGNALLED" <<<"$(zk_children)"
  check "while it runs, its staging directory exists" hdfs dfs -test -d ".mars-staging/$SIGNALLED"
  kill "-$signal" "$submitter"
  wait "$submitter"
  RC=$?
  log "  -> exit $RC after SIG$signal"
  check "the submitter exited after SIG$signal" test "$RC" -ne 0
  check "it said it killed $SIGNALLED" grep -q "stopping: killing $SIGNALLED" "$ERR"
  wait_ended "$SIGNALLED"
  check "YARN reports $SIGNALLED KILLED" test "$(app_state "$SIGNALLED")" == KILLED
  check "no staging directory left" staging_empty
  check "nothing left under /mars in ZooKeeper ($(zk_children))" zk_empty
done

# --- 7. rejected before anything is uploaded, and usage errors
readme 'bin/mars-submit --master yarn --name nightly-pi --queue default --am-memory 2g --class io.mars.examples.MonteCarloPi examples/mars-examples.jar 1000000000' \
  's/--queue default/--queue no-such/'
expect_rc 4
check "the error names the queue" grep -q 'no-such' "$ERR"
readme 'bin/mars-submit --master yarn --conf mars.yarn.archive=hdfs:///apps/mars/0.1.0/mars-lib.zip --class MyJob my-job.jar' \
  's/0.1.0\/mars-lib.zip/no-such.zip/' 's/--class MyJob my-job.jar/--class io.mars.examples.MonteCarloPi examples\/mars-examples.jar/'
expect_rc 4
check "the error names the archive" grep -q 'no-such.zip' "$ERR"

# --- 8. node exclusion by host: a second NodeManager (host 127.0.0.2) whose every Java container fails joins while
# a job runs with more workers than the first node holds; after mars.yarn.node.max-failures failures there the AM
# asks for no more containers on it, and the job finishes on the first node's workers
command="bin/mars-submit --master yarn --am-memory 1g --workers 4 --worker-memory 3g --conf mars.yarn.node.max-failures=2 --class io.mars.examples.MonteCarloPi examples/mars-examples.jar 8000000000"
submit_in_background "$command" "the first node holds the AM and 3 workers of 3 GB; the 4th waits for a second node"
submitter=$SUBMITTER
EXCLUDING="$APP"
check "$EXCLUDING runs" wait_running "$EXCLUDING"
sleep 5
check "a second NodeManager on 127.0.0.2 joins, its Java containers failing" \
  hadoop_start_nodemanager2 4096 "JAVA_TOOL_OPTIONS=-XX:+MarsFieldTestNoSuchOption"
wait "$submitter"
RC=$?
log "  -> exit $RC"
expect_rc 0
check "YARN reports $EXCLUDING SUCCEEDED ($(app_final "$EXCLUDING"))" test "$(app_final "$EXCLUDING")" == SUCCEEDED
for _ in $(seq 1 60); do yarn logs -applicationId "$EXCLUDING" >"$WORK/logs-excluding.txt" 2>/dev/null && grep -q 'result=' "$WORK/logs-excluding.txt" && break; sleep 1; done
check "the job printed pi" grep -qE 'MonteCarloPi: result=3\.14' "$WORK/logs-excluding.txt"
check "the AM excluded 127.0.0.2 after 2 failures: $(grep -m1 -o 'node 127.0.0.2 had [0-9]* worker failures' "$WORK/logs-excluding.txt")" \
  grep -q 'node 127.0.0.2 had 2 worker failures; no more worker containers there (mars.yarn.node.max-failures=2)' \
  "$WORK/logs-excluding.txt"
launched_there="$(grep -c 'launching worker container .* on 127.0.0.2:' "$WORK/logs-excluding.txt")"
check "no worker container was launched there after it was excluded ($launched_there launched, 2 failures allowed)" \
  test "$launched_there" -eq 2
check "the first node was never excluded" bash -c "! grep -q 'node localhost had [0-9]* worker failures; no more' '$WORK/logs-excluding.txt'"

# --- what is left
check "no staging directory left by any run" staging_empty
check "nothing left under /mars in ZooKeeper ($(zk_children))" zk_empty
check "no application still running" test -z "$(curl -s "http://$RM_WEB/ws/v1/cluster/apps?states=RUNNING,ACCEPTED" | grep -o application_ | head -1)"

# every process this run started ends with it: the submitters, ZooKeeper, the daemons and their containers
for pid in "${OTHER_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
for pid in "${OTHER_PIDS[@]}"; do
  for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
done
OTHER_PIDS=()
hadoop_stop_daemons
check "no process of this run is left ($(pgrep -f -- "$WORK/" | tr '\n' ' '))" test -z "$(pgrep -f -- "$WORK/")"
# nor a temporary file in the machine's /tmp: the daemons keep theirs in $WORK/tmp, the AM and the workers in their
# containers' tmp directories, which YARN removes with the containers
tmp_left() {
  find /tmp -maxdepth 1 -newer "$WORK/started" \( -name 'jetty-*' -o -name 'zookeeper.configuration*' \
    -o -name '*netlib*' -o -name 'DirectoryUtils*' -o -name 'Jetty*' \) 2>/dev/null
}
check "no temporary file of this run in /tmp ($(tmp_left | tr '\n' ' '))" test -z "$(tmp_left)"

log "$((CHECKS - FAILURES)) of $CHECKS checks passed in $(($(date +%s) - START)) s"
if [[ "$FAILURES" -ne 0 ]]; then
  log "FIELD TEST FAILED ($FAILURES failures); daemon logs:"
  tail -n 20 "$WORK"/daemon-logs/*.log
  exit 1
fi
log "FIELD TEST PASSED"
