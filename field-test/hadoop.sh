# Sourced by field-test/run.sh: a pseudo-distributed Hadoop whose NameNode, DataNode, ResourceManager and
# NodeManager are separate JVMs on the class path of field-test/pom.xml (Maven Central jars), plus Hadoop's own
# command-line tools as shell functions (hdfs, yarn), so the README's commands run as written.
#
# Needs: $WORK (a scratch directory this script owns), $FIELD_DIR (field-test/), java and mvn on the PATH.

HADOOP_PIDS=()

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

hadoop_classpath() {
  mvn -B -q -f "$FIELD_DIR/pom.xml" dependency:build-classpath -Dmdep.outputFile="$WORK/hadoop.classpath" >&2
  HADOOP_CP="$(cat "$WORK/hadoop.classpath")"
}

# property name value ... -> <property> elements
xml_conf() {
  echo '<?xml version="1.0"?>'
  echo '<configuration>'
  while [[ $# -gt 0 ]]; do
    echo "  <property><name>$1</name><value>$2</value></property>"
    shift 2
  done
  echo '</configuration>'
}

hadoop_write_conf() {
  HADOOP_CONF_DIR="$WORK/hadoop-conf"
  mkdir -p "$HADOOP_CONF_DIR" "$WORK/hdfs/name" "$WORK/hdfs/data" "$WORK/yarn/local" "$WORK/yarn/logs" \
    "$WORK/daemon-logs" "$WORK/tmp"
  local nn nn_http dn dn_http dn_ipc rm rm_sched rm_track rm_admin rm_web nm nm_loc nm_web
  nn=$(free_port); nn_http=$(free_port); dn=$(free_port); dn_http=$(free_port); dn_ipc=$(free_port)
  rm=$(free_port); rm_sched=$(free_port); rm_track=$(free_port); rm_admin=$(free_port); rm_web=$(free_port)
  nm=$(free_port); nm_loc=$(free_port); nm_web=$(free_port)
  NAMENODE="localhost:$nn"
  NAMENODE_WEB="localhost:$nn_http"
  RM_WEB="localhost:$rm_web"
  xml_conf fs.defaultFS "hdfs://localhost:$nn" \
    hadoop.tmp.dir "$WORK/hadoop-tmp" >"$HADOOP_CONF_DIR/core-site.xml"
  xml_conf dfs.namenode.name.dir "$WORK/hdfs/name" \
    dfs.datanode.data.dir "$WORK/hdfs/data" \
    dfs.replication 1 \
    dfs.namenode.safemode.extension 0 \
    dfs.namenode.http-address "localhost:$nn_http" \
    dfs.namenode.secondary.http-address "localhost:0" \
    dfs.datanode.address "localhost:$dn" \
    dfs.datanode.http.address "localhost:$dn_http" \
    dfs.datanode.ipc.address "localhost:$dn_ipc" >"$HADOOP_CONF_DIR/hdfs-site.xml"
  # As most clusters are set up: the physical memory check on (Mars sizes its workers for it), the virtual memory
  # check off (a JVM reserves far more address space than 2.1 times its container), log aggregation on. The disk
  # check is relaxed so that a full build machine does not mark the only node unhealthy.
  xml_conf yarn.resourcemanager.hostname localhost \
    yarn.resourcemanager.address "localhost:$rm" \
    yarn.resourcemanager.scheduler.address "localhost:$rm_sched" \
    yarn.resourcemanager.resource-tracker.address "localhost:$rm_track" \
    yarn.resourcemanager.admin.address "localhost:$rm_admin" \
    yarn.resourcemanager.webapp.address "localhost:$rm_web" \
    yarn.nodemanager.address "localhost:$nm" \
    yarn.nodemanager.localizer.address "localhost:$nm_loc" \
    yarn.nodemanager.webapp.address "localhost:$nm_web" \
    yarn.nodemanager.hostname localhost \
    yarn.nodemanager.resource.memory-mb 10240 \
    yarn.nodemanager.resource.cpu-vcores 8 \
    yarn.nodemanager.local-dirs "$WORK/yarn/local" \
    yarn.nodemanager.log-dirs "$WORK/yarn/logs" \
    yarn.nodemanager.pmem-check-enabled true \
    yarn.nodemanager.vmem-check-enabled false \
    yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage 99.5 \
    yarn.log-aggregation-enable true \
    yarn.nodemanager.remote-app-log-dir /tmp/logs \
    yarn.nodemanager.delete.debug-delay-sec 0 \
    yarn.resourcemanager.nodemanagers.heartbeat-interval-ms 250 >"$HADOOP_CONF_DIR/yarn-site.xml"
  xml_conf yarn.scheduler.capacity.root.queues default \
    yarn.scheduler.capacity.root.default.capacity 100 \
    yarn.scheduler.capacity.root.default.maximum-capacity 100 \
    yarn.scheduler.capacity.maximum-am-resource-percent 0.5 >"$HADOOP_CONF_DIR/capacity-scheduler.xml"
  cp "$FIELD_DIR/log4j2-hadoop.xml" "$HADOOP_CONF_DIR/log4j2.xml"
  export HADOOP_CONF_DIR
  # every Hadoop JVM's command up to its class path. java.io.tmpdir is in the scratch directory: the daemons' Jetty
  # unpacks each web UI into a directory there that a killed daemon never deletes (two DataNodes' were left in /tmp
  # by every run).
  HADOOP_JVM=(java -Xmx512m "-Djava.io.tmpdir=$WORK/tmp" "-Dlog4j2.configurationFile=$HADOOP_CONF_DIR/log4j2.xml")
}

# hadoop_java <main class> [args...]: a Hadoop JVM on the field test's class path and configuration
hadoop_java() {
  "${HADOOP_JVM[@]}" -cp "$HADOOP_CONF_DIR:$HADOOP_CP" "$@"
}

# the Hadoop commands the README uses
hdfs() {
  case "$1" in
    dfs) shift; hadoop_java org.apache.hadoop.fs.FsShell "$@" ;;
    dfsadmin) shift; hadoop_java org.apache.hadoop.hdfs.tools.DFSAdmin "$@" ;;
    *) echo "hdfs: the field test knows only dfs and dfsadmin, not '$1'" >&2; return 2 ;;
  esac
}
yarn() {
  case "$1" in
    application) shift; hadoop_java org.apache.hadoop.yarn.client.cli.ApplicationCLI application "$@" ;;
    node) shift; hadoop_java org.apache.hadoop.yarn.client.cli.NodeCLI node "$@" ;;
    logs) shift; hadoop_java org.apache.hadoop.yarn.client.cli.LogsCLI "$@" ;;
    *) echo "yarn: the field test knows only application, node and logs, not '$1'" >&2; return 2 ;;
  esac
}

start_daemon() {
  local name="$1"
  shift
  # exec: the pid recorded is the daemon's JVM itself, not a subshell that would leave it running when killed
  (exec "${HADOOP_JVM[@]}" -cp "$HADOOP_CONF_DIR:$HADOOP_CP" "$@") >"$WORK/daemon-logs/$name.log" 2>&1 &
  HADOOP_PIDS+=("$!")
  echo "started $name (pid $!)"
}

hadoop_start() {
  hadoop_classpath
  hadoop_write_conf
  hadoop_java org.apache.hadoop.hdfs.server.namenode.NameNode -format -nonInteractive >"$WORK/daemon-logs/format.log" 2>&1 \
    || { tail -30 "$WORK/daemon-logs/format.log" >&2; return 1; }
  start_daemon namenode org.apache.hadoop.hdfs.server.namenode.NameNode
  start_daemon datanode org.apache.hadoop.hdfs.server.datanode.DataNode
  # The NodeManager launches containers with $JAVA_HOME/bin/java.
  JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}" \
    start_daemon resourcemanager org.apache.hadoop.yarn.server.resourcemanager.ResourceManager
  JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}" \
    start_daemon nodemanager org.apache.hadoop.yarn.server.nodemanager.NodeManager
  local i
  for ((i = 0; i < 120; i++)); do
    # the daemons' own web endpoints: a live DataNode, HDFS out of safe mode, a running NodeManager
    if curl -sf "http://$NAMENODE_WEB/jmx?qry=Hadoop:service=NameNode,name=FSNamesystemState" 2>/dev/null \
          | grep -q '"NumLiveDataNodes" : 1' \
        && curl -sf "http://$NAMENODE_WEB/jmx?qry=Hadoop:service=NameNode,name=NameNodeInfo" 2>/dev/null \
          | grep -q '"Safemode" : ""' \
        && curl -sf "http://$RM_WEB/ws/v1/cluster/metrics" 2>/dev/null | grep -q '"activeNodes":1'; then
      echo "hadoop is up: HDFS $NAMENODE, ResourceManager web $RM_WEB"
      return 0
    fi
    for pid in "${HADOOP_PIDS[@]}"; do
      if ! kill -0 "$pid" 2>/dev/null; then
        echo "a Hadoop daemon (pid $pid) died while starting; its logs:" >&2
        tail -n 40 "$WORK"/daemon-logs/*.log >&2
        return 1
      fi
    done
    sleep 1
  done
  echo "hadoop did not come up in 120 s" >&2
  tail -n 40 "$WORK"/daemon-logs/*.log >&2
  return 1
}

# hadoop_start_nodemanager2 <memory MB> <admin env>: a second NodeManager on another host name (127.0.0.2, which is
# loopback too), with its own ports and directories, whose containers get <admin env> (e.g. a JVM option that makes
# every Java container fail). Waits until the ResourceManager counts two nodes.
hadoop_start_nodemanager2() {
  local memory="$1" admin_env="$2" conf="$WORK/hadoop-conf-nm2"
  mkdir -p "$conf" "$WORK/yarn2/local" "$WORK/yarn2/logs"
  cp "$HADOOP_CONF_DIR"/*.xml "$conf/"
  python3 - "$conf/yarn-site.xml" "$memory" "$admin_env" "$WORK/yarn2" "$(free_port)" "$(free_port)" "$(free_port)" <<'PY'
import sys
import xml.etree.ElementTree as ET
path, memory, admin_env, dirs, nm, loc, web = sys.argv[1:]
tree = ET.parse(path)
root = tree.getroot()
values = {
    "yarn.nodemanager.hostname": "127.0.0.2",
    "yarn.nodemanager.address": "127.0.0.2:" + nm,
    "yarn.nodemanager.localizer.address": "127.0.0.2:" + loc,
    "yarn.nodemanager.webapp.address": "127.0.0.2:" + web,
    "yarn.nodemanager.local-dirs": dirs + "/local",
    "yarn.nodemanager.log-dirs": dirs + "/logs",
    "yarn.nodemanager.resource.memory-mb": memory,
    "yarn.nodemanager.admin-env": admin_env,
}
for prop in root.findall("property"):
    name = prop.find("name").text
    if name in values:
        prop.find("value").text = values.pop(name)
for name, value in values.items():
    prop = ET.SubElement(root, "property")
    ET.SubElement(prop, "name").text = name
    ET.SubElement(prop, "value").text = value
tree.write(path)
PY
  (exec env JAVA_HOME="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}" \
    "${HADOOP_JVM[@]}" -cp "$conf:$HADOOP_CP" org.apache.hadoop.yarn.server.nodemanager.NodeManager) \
    >"$WORK/daemon-logs/nodemanager2.log" 2>&1 &
  HADOOP_PIDS+=("$!")
  echo "started nodemanager2 on 127.0.0.2 (pid $!)"
  local i
  for ((i = 0; i < 120; i++)); do
    curl -sf "http://$RM_WEB/ws/v1/cluster/metrics" 2>/dev/null | grep -q '"activeNodes":2' && return 0
    sleep 0.5
  done
  echo "the second NodeManager did not register in 60 s" >&2
  tail -n 40 "$WORK/daemon-logs/nodemanager2.log" >&2
  return 1
}

# stops the daemons (SIGTERM, SIGKILL after 15 s) and waits for them
hadoop_stop_daemons() {
  local pid
  for pid in "${HADOOP_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${HADOOP_PIDS[@]}"; do
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
  done
  HADOOP_PIDS=()
}

hadoop_stop() {
  hadoop_stop_daemons
  # and any other process of this run (containers the NodeManager left, ZooKeeper): each names the scratch directory
  pkill -9 -f -- "$WORK/" 2>/dev/null || true
  sleep 0.5
}
