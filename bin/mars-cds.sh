# Sourced by bin/mars-submit (not run). A JVM that maps a class-data archive (CDS, JDK 13+'s dynamic archive) of the
# classes a Mars job loads starts its local cluster and first job without parsing, verifying and linking them again,
# nor spinning the method-handle classes of its lambdas: about 0.6 s less per local submission on a 2-core machine.
# Such an archive is only valid for one Java build and one set of jars at their paths, so none ships: the first
# submission of an installation and Java writes it, by running io.mars.submit.cli.ClassDataTraining (small tensor and
# dataframe jobs, a few seconds) through this installation with -XX:ArchiveClassesAtExit, into the user's cache
# ($MARS_CDS_DIR, default ${XDG_CACHE_HOME:-$HOME/.cache}/mars/cds), and later ones map it. Writing it to a temporary
# file renamed when complete makes concurrent first submissions safe; an interrupted one removes its temporary file.
# If the training fails the submission goes on without an archive, and a marker keeps later ones from retrying for a
# day (remove it to retry sooner). MARS_CDS=off, or a -Xshare/-XX:SharedArchiveFile/-XX:ArchiveClassesAtExit option of the
# user's own, turns all of this off. Needs `classpath` and `java` (bin/mars-env.sh), and `jvm_opts`,
# `submit_default_opts` and `submit_main` (bin/mars-submit: the user's options, the default ones, and what follows
# them: the module option, the logging manager, the class path and the main class).

# Sets the array `cds_opts` to the options that map this installation's archive (writing it first if need be), or to
# nothing. Never fails: without an archive Java starts as it always does.
mars_cds_options() {
  cds_opts=()
  if [[ "${MARS_CDS:-on}" == off ]]; then
    return 0
  fi
  local o
  for o in ${jvm_opts[@]+"${jvm_opts[@]}"}; do
    case "$o" in
      -Xshare* | -XX:SharedArchiveFile=* | -XX:ArchiveClassesAtExit=*) return 0 ;;
    esac
  done
  local dir="${MARS_CDS_DIR:-${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}/mars/cds}"
  # the class path's jars, as Java expands a lib/* entry
  local entry entries jars=()
  IFS=: read -r -a entries <<<"$classpath"
  for entry in "${entries[@]}"; do
    if [[ "$entry" == */\* ]]; then
      for o in "${entry%\*}"*.jar "${entry%\*}"*.JAR; do
        if [[ -f "$o" ]]; then
          jars+=("$o")
        fi
      done
    elif [[ -f "$entry" ]]; then
      jars+=("$entry")
    fi
  done
  # the archive's name: this installation, and a digest of what the JVM checks before it maps an archive (its own
  # build, the jars' paths, sizes and times); a changed jar or Java gives a new name, and the old one is removed
  local jvm home_key key
  jvm="$(readlink -f "$java" 2>/dev/null || echo "$java")"
  home_key="$(printf '%s' "$MARS_HOME" | cksum | cut -d' ' -f1)"
  key="$( {
    printf '%s\n' "$jvm" "$classpath"
    ls -lL --time-style=+%s "$jvm" "$(dirname "$jvm")/../lib/server/libjvm.so" ${jars[@]+"${jars[@]}"} 2>/dev/null \
      || true
  } | cksum | cut -d' ' -f1)"
  local archive="$dir/mars-$home_key-$key.jsa"
  # mapping it, silently: a JVM that cannot use it (another build, no compressed pointers) starts without it
  local map=("-XX:SharedArchiveFile=$archive" "-Xlog:cds=off" "-Xlog:cds+dynamic=off" "-Xlog:class+path=off")
  if [[ -s "$archive" ]]; then
    cds_opts=("${map[@]}")
    return 0
  fi
  local submit_jar_path=""
  for o in ${jars[@]+"${jars[@]}"}; do
    if [[ "$(basename "$o")" == mars-submit-*.jar ]]; then
      submit_jar_path="$o"
    fi
  done
  if [[ -z "$submit_jar_path" ]]; then
    return 0
  fi
  # a failed training is retried after a day (its cause, say a port in use, may be gone by then)
  find "$dir" -maxdepth 1 -name "$(basename "$archive").failed" -mmin +1440 -delete 2>/dev/null || true
  if [[ -e "$archive.failed" ]] || ! mkdir -p "$dir" 2>/dev/null || [[ ! -w "$dir" ]]; then
    return 0
  fi
  # what a killed (SIGKILL) training left
  find "$dir" -maxdepth 1 \( -name '*.tmp' -o -name '*.log' \) -mmin +60 -delete 2>/dev/null || true
  local tmp="$archive.$$.tmp" log="$archive.$$.log"
  # the training in the background, so that a signal to this script runs its trap at once: it stops the training
  # and removes what it wrote, then ends as the signal would
  "$java" "${submit_default_opts[@]}" "-XX:ArchiveClassesAtExit=$tmp" -Xlog:cds=off -Xlog:cds+dynamic=off \
    "${submit_main[@]}" --master 'local[2]' --class io.mars.submit.cli.ClassDataTraining "$submit_jar_path" \
    >"$log" 2>&1 </dev/null &
  local pid=$!
  # shellcheck disable=SC2064 # the values are those of now
  trap "kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -f '$tmp' '$log'; exit 130" INT
  # shellcheck disable=SC2064
  trap "kill $pid 2>/dev/null; wait $pid 2>/dev/null || true; rm -f '$tmp' '$log'; exit 143" TERM
  local status=0
  wait "$pid" || status=$?
  trap - INT TERM
  if (( status == 0 )) && [[ -s "$tmp" ]]; then
    rm -f "$dir/mars-$home_key"-*.jsa "$dir/mars-$home_key"-*.failed
    mv -f "$tmp" "$archive"
    rm -f "$log"
    cds_opts=("${map[@]}")
  else
    rm -f "$tmp"
    mv -f "$log" "$archive.failed" 2>/dev/null || true
  fi
  return 0
}
