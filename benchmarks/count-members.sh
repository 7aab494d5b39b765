#!/usr/bin/env bash
# Counts the DataFrame/Series/GroupBy members of issue 18: per class file of mars-common/src/main/java/io/mars/dataframe
# (DataFrame, Series, GroupBy with its per-group Rolling, the str and dt accessors, Rolling, Expanding, Ewm), the
# distinct names of its public methods (overloads count once; constructors, records' types and the Tileable plumbing
# key/op/toNode/tileableInputs do not count), and their sum.
#
#   benchmarks/count-members.sh            # the work tree
#   benchmarks/count-members.sh <git-rev>  # the files at a commit (a class missing there counts 0)
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-}"
dir=mars-common/src/main/java/io/mars/dataframe
total=0
for cls in DataFrame Series GroupBy StringAccessor DatetimeAccessor Rolling Expanding Ewm; do
    if [ -n "$rev" ]; then
        src=$(git show "$rev:$dir/$cls.java" 2>/dev/null || true)
    else
        src=$(cat "$dir/$cls.java" 2>/dev/null || true)
    fi
    n=$(printf '%s\n' "$src" \
        | { grep -oE '^\s+public\s+(static\s+)?(final\s+)?(<[^>]*>\s+)?[][A-Za-z0-9_.<>?, ]+\s+[a-z][A-Za-z0-9_]*\(' || true; } \
        | sed -E 's/.*\s([a-z][A-Za-z0-9_]*)\($/\1/' \
        | { grep -vxE 'key|op|toNode|tileableInputs' || true; } \
        | sort -u | wc -l)
    printf '%-18s %4d\n' "$cls" "$n"
    total=$((total + n))
done
printf '%-18s %4d\n' total "$total"
