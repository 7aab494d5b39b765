#!/usr/bin/env bash
# Counts the DataFrame/Series/GroupBy members of issue 18 as the README counted them before: per class file of
# mars-common/src/main/java/io/mars/dataframe (DataFrame, Series, GroupBy with its per-group Rolling, the str and dt
# accessors, Rolling, Expanding, Ewm), the distinct names of its public methods (overloads count once; constructors
# and nested records, classes, interfaces and enums do not), and their sum; then the sum without the Tileable
# plumbing that DataFrame and Series implement (key, op, toNode, tileableInputs).
#
#   benchmarks/count-members.sh            # the work tree
#   benchmarks/count-members.sh <git-rev>  # the files at a commit (a class missing there counts 0)
set -euo pipefail
cd "$(dirname "$0")/.."
rev="${1:-}"
dir=mars-common/src/main/java/io/mars/dataframe
total=0
plumbing=0
for cls in DataFrame Series GroupBy StringAccessor DatetimeAccessor Rolling Expanding Ewm; do
    if [ -n "$rev" ]; then
        src=$(git show "$rev:$dir/$cls.java" 2>/dev/null || true)
    else
        src=$(cat "$dir/$cls.java" 2>/dev/null || true)
    fi
    names=$(printf '%s\n' "$src" \
        | { grep -oP '^\s+public (?!record|class|interface|enum)[^=(]*?\b(\w+)\s*\(' || true; } \
        | { grep -oP '\w+(?=\s*\()' || true; } | sort -u)
    n=$(printf '%s' "$names" | grep -c . || true)
    p=$(printf '%s\n' "$names" | grep -cxE 'key|op|toNode|tileableInputs' || true)
    printf '%-18s %4d\n' "$cls" "$n"
    total=$((total + n))
    plumbing=$((plumbing + p))
done
printf '%-18s %4d\n' total "$total"
printf '%-18s %4d\n' "without plumbing" "$((total - plumbing))"
