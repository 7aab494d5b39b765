# Sourced by bin/mars-submit, bin/mars-supervisor, bin/mars-worker and bin/mars-history (not run): given MARS_HOME, sets MARS_CONF_DIR (default
# $MARS_HOME/conf), `classpath` (Mars's jars, then the conf dir) and `java` (JAVA_HOME's,
# else the PATH's), or calls the caller's `die` with what to do.

export MARS_CONF_DIR="${MARS_CONF_DIR:-$MARS_HOME/conf}"

# A binary distribution has lib/; a source tree has the jars `mvn package` left in mars-submit/target.
if compgen -G "$MARS_HOME/lib/*.jar" >/dev/null; then
  classpath="$MARS_HOME/lib/*"
else
  target="$MARS_HOME/mars-submit/target"
  submit_jar=""
  for jar in "$target"/mars-submit-*.jar; do
    case "$jar" in
      *-sources.jar | *-javadoc.jar | *-tests.jar) ;;
      *) [[ -f "$jar" ]] && submit_jar="$jar" ;;
    esac
  done
  if [[ -z "$submit_jar" ]] || ! compgen -G "$target/lib/*.jar" >/dev/null; then
    die "the jars are not built (no $target/mars-submit-*.jar and $target/lib/); run: mvn -B package -DskipTests"
  fi
  classpath="$submit_jar:$target/lib/*"
fi
# The conf dir last: no jar holds a log4j2.xml or mars-defaults.properties, so its files are found there all the same,
# and Java writes a class-data archive (bin/mars-cds.sh) only of a class path with no non-empty directory before a jar.
classpath="$classpath:$MARS_CONF_DIR"

if [[ -n "${JAVA_HOME:-}" ]]; then
  java="$JAVA_HOME/bin/java"
  [[ -x "$java" ]] || die "JAVA_HOME is $JAVA_HOME but $java is not an executable; point it at a Java 17+ installation"
else
  java="$(command -v java || true)"
  [[ -n "$java" ]] || die "java not found; install Java 17+ or set JAVA_HOME"
fi

# java.util.logging (netlib's BLAS loader, Jersey) into log4j2, as in bin/mars-submit and the YARN containers
# (io.mars.am.yarn.ContainerLogging); the manager must be named when the JVM starts.
jul_to_log4j="-Djava.util.logging.manager=org.apache.logging.log4j.jul.LogManager"

# One BLAS thread per worker slot: slots already use the cores. OpenBLAS reads this only when it loads.
export OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-1}"
# shellcheck source=mars-openblas.sh
source "$MARS_HOME/bin/mars-openblas.sh"
