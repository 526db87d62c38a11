#!/bin/sh
# The figures of a table made by `hardsix prove --all`, `optimize --all` or `sweep`, as docs/RESULTS.md
# reports them: the rows by verdict, the CPU time of the seconds column (--timing; every table that
# scripts/prove-table.sh makes has it) with its median, 90th and 99th percentiles and the slowest
# openers, and for optimize and sweep tables the least and greatest totals. The rows are checked first
# by `hardsix check-table --sample 0` (every row as merge checks it; none is decided again), so a
# figure never comes from a malformed file.
#
# Usage: scripts/table-stats.sh TABLE [CHECK-TABLE OPTIONS...]
#   TABLE   a merged table, or a directory of shards (OUT.tsv.shards/ of a table in progress: every
#           shard-*.tsv in it); the options are those the table was made with, as check-table takes
#           them (--lists, --rules, --max-guesses; a shard names its own, except list files)
# TOP=K: how many openers each list names (default 3). Percentiles are nearest-rank: the value at
# position ceil(p * n / 100) of the n values sorted (the median is p = 50).
set -eu
if [ $# -lt 1 ]; then
  awk 'NR > 1 && /^#/ { print; next } NR > 1 { exit }' "$0" >&2
  exit 2
fi
table=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
hs=${HS:-$root/build/hardsix}
[ -x "$hs" ] || { echo "table-stats: build hardsix first (make)" >&2; exit 1; }
top=${TOP:-3}
case "$top" in '' | *[!0-9]*) echo "table-stats: TOP must be a number, not '$top'" >&2; exit 2 ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# read_file FILE OPTIONS...: FILE checked as merge checks it (check-table with the options), then its
# column header (the first line that is not a shard line; the shards of a table share it) and its rows
# appended to $tmp/rows. check-table accepts only sweep, prove --all and optimize --all tables, all of
# which have the verdict in their second column.
header=
read_file() {
  f=$1
  shift
  "$hs" check-table "$f" --sample 0 "$@" >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  h=$(grep -v -m 1 '^#' "$f")
  if [ -z "$header" ]; then
    header=$h
  elif [ "$h" != "$header" ]; then
    echo "table-stats: $f: its columns differ from the other shards'" >&2
    exit 1
  fi
  grep -v '^#' "$f" | tail -n +2 >>"$tmp/rows"
}
: >"$tmp/rows"
if [ -d "$table" ]; then
  n_files=0
  for f in "$table"/shard-*.tsv; do
    [ -e "$f" ] || continue
    read_file "$f" "$@"
    n_files=$((n_files + 1))
  done
  [ "$n_files" -gt 0 ] || { echo "table-stats: $table: no shard-*.tsv in it" >&2; exit 1; }
  what="$table ($n_files shards)"
elif [ -f "$table" ]; then
  read_file "$table" "$@"
  what=$table
else
  echo "table-stats: $table: no such file or directory" >&2
  exit 1
fi
TAB=$(printf '\t')

# The columns by name (prove: opener verdict nodes [seconds]; optimize: opener verdict total average
# [lower_bound] [seconds]; sweep: opener verdict worst over_cap first_over histogram total average).
col() { printf '%s\n' "$header" | tr '\t' '\n' | grep -n -x "$1" | cut -d: -f1; }
c_sec=$(col seconds || true)
c_total=$(col total || true)
# named LABEL UNIT SORT-KEYS...: the first TOP lines of rows "value opener note", sorted by the keys,
# as " opener valueUNIT (note)".
named() {
  label=$1 unit=$2
  shift 2
  printf '%s:' "$label"
  sort -t "$TAB" "$@" | head -n "$top" | awk -F '\t' -v u="$unit" '{ printf " %s %s%s (%s)", $2, $1, u, $3 } END { print "" }'
}
n=$(wc -l <"$tmp/rows")
echo "table: $what; $n rows checked"
printf 'verdicts:'
cut -f 2 "$tmp/rows" | sort | uniq -c | sort -k 1,1nr -k 2,2 | awk '{ printf " %s %s", $2, $1 } END { print "" }'

if [ -n "$c_sec" ]; then
  cut -f "$c_sec" "$tmp/rows" | sort -g >"$tmp/sec"
  awk -v n="$n" '
    function rank(p,  k) { k = int(p * n / 100); if (k < p * n / 100) k++; return k < 1 ? 1 : k }
    { v[NR] = $1; s += $1 }
    END {
      printf "seconds (CPU): total %.1f (%.2f h); median %.3f; 90th percentile %.3f; 99th %.3f\n",
        s, s / 3600, v[rank(50)], v[rank(90)], v[rank(99)]
    }' "$tmp/sec"
  awk -F '\t' -v c="$c_sec" '{ print $c "\t" $1 "\t" $2 }' "$tmp/rows" | named slowest " s" -k 1,1gr -k 2,2
else
  echo "seconds: none (the table has no seconds column: it was made without --timing)"
fi

if [ -n "$c_total" ]; then
  awk -F '\t' -v t="$c_total" -v a="$(col average)" '$t != "-" { print $t "\t" $1 "\t" $a }' "$tmp/rows" >"$tmp/totals"
  if [ -s "$tmp/totals" ]; then
    named "least totals" "" -k 1,1n -k 2,2 <"$tmp/totals"
    named "greatest totals" "" -k 1,1nr -k 2,2 <"$tmp/totals"
  fi
fi
