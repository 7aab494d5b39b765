#!/usr/bin/env bash
# Runs the scheduler simulation (io.mars.benchmarks.sim.SchedulerSimulation): the real supervisor services against
# simulated workers in virtual time. Builds nothing: run `mvn -B -q package -DskipTests` first. See benchmarks/README.md.
#
# Arguments (defaults): [workers=1000] [slots=8] [subtasks=1e6] [lostFraction=0.1] [seed=42]
# Environment: SIM_OPTS [-Xmx8g -XX:+UseParallelGC]   JAVA_HOME   the JVM to use (default: java on the PATH)
set -euo pipefail

here="$(cd -P "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
jar="$root/benchmarks/target/mars-benchmarks.jar"
target="$root/mars-submit/target"
submit_jar="$(find "$target" -maxdepth 1 -name 'mars-submit-*.jar' ! -name '*-sources.jar' ! -name '*-tests.jar' | head -n 1)"
if [[ ! -f "$jar" || -z "$submit_jar" ]] || ! compgen -G "$target/lib/*.jar" >/dev/null; then
  echo "run-scheduler-simulation: the jars are not built; run in $root: mvn -B -q package -DskipTests" >&2
  exit 2
fi
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# shellcheck disable=SC2086  # SIM_OPTS is meant to split
exec "$java_bin" ${SIM_OPTS:--Xmx8g -XX:+UseParallelGC} -cp "$jar:$submit_jar:$target/lib/*" \
  io.mars.benchmarks.sim.SchedulerSimulation "$@"
