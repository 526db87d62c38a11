#!/bin/sh
# Decides every opener with `hardsix prove --all` (or `optimize --all`: COMMAND=optimize) in shards
# run by GNU parallel, then joins them with `hardsix merge`: the way the committed tables under
# output/prove-within-*/ and output/optimize-all/ were made, and the way to spread the work over
# machines (parallel --sshlogin) or to resume after an interruption (shards already written are kept
# and not run again).
#
# Usage: scripts/prove-table.sh LISTS MAX_GUESSES OUT.tsv [SHARDS [JOBS]]
#   LISTS        original, nyt2022, nyt2023, one of them with -all (every word an answer), or
#                ANSWERS:GUESSES (two list files)
#   MAX_GUESSES  the cap (5 for the within-five tables)
#   OUT.tsv      the merged table (written whole: a temporary file, then a rename)
#   SHARDS       number of shards (default 48); JOBS: shards at once (default: the cores)
# Each shard runs with --threads 1 and --timing (the seconds column is CPU time per opener); the shard
# files go to OUT.tsv.shards/ and are removed after a successful merge. Each shard finished prints a
# progress line on stderr (shards written, seconds so far, an estimate of the seconds left); at the end
# the wall time. With GNU time (/usr/bin/time, Debian package time) each shard also leaves
# OUT.tsv.shards/shard-K.time: its wall seconds, user and system CPU seconds and peak RSS in KB, one
# line; the summary at the end adds them up (the shards' wall and CPU time, the largest peak RSS),
# which for a table made over several sittings (shards committed as they finish) is its whole cost.
# Every opener is decided (the prover escalates by itself). MAX_NODES=N: give up on an opener after N
# search nodes in all (prove --max-nodes; its row says 'undecided'). A shard file that merge refuses (a
# run killed while writing it on a machine without atomic renames, a file edited by hand) is removed
# and run again, up to 3 times. COMMAND=optimize: the optimum of every opener instead (rows opener
# verdict total average seconds). OPTIONS='...': more options for every shard, e.g. '--rules none'
# (normal mode); merge reads them from the shards' first lines. A new prove table is split into units
# of openers with like letters (--shard K/N:letters; SPLIT=letters): prove --all decides a unit as one
# run that shares what it settles. A new optimize table is split into groups of openers with the same
# letters (--shard K/N:groups; SPLIT=groups): optimize --all finds the common all-grey part of
# anagrams in its memo, and its rows depend on nothing else, so SHARDS may be in the thousands and a
# shard killed loses minutes, not hours; fewer, longer shards cost less per opener (a thread keeps the
# part steps of the openers it ran before: the 2023 samples took 19 % (normal) and 27 % (hard) less
# CPU after 1,000 other openers, docs/RESULTS.md §3.1). SPLIT=interleaved: every N-th opener (--shard K/N). A table
# resumed goes on with the split its shards were made with. To pause (the end of a sitting) without
# losing the shards in progress, send SIGHUP to GNU parallel (pkill -HUP -f 'parallel --will-cite'):
# the running shards finish, no new one starts, and the script exits with status 3, saying how many
# shards are written; the same command resumes.
set -eu
if [ $# -lt 3 ]; then
  sed -n '2,37p' "$0" >&2
  exit 2
fi
lists=$1 cap=$2 out=$3 shards=${4:-48} jobs=${5:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
hs=${HS:-$root/build/hardsix} # HS=PATH: another build (keeps a long run apart from rebuilds)
[ -x "$hs" ] || { echo "prove-table: build hardsix first (make)" >&2; exit 1; }
command -v parallel >/dev/null || { echo "prove-table: GNU parallel is needed (make deps)" >&2; exit 1; }
cmd=${COMMAND:-prove}
case "$cmd" in prove | optimize) ;; *) echo "prove-table: COMMAND is prove or optimize, not '$cmd'" >&2; exit 2 ;; esac
opts=${OPTIONS:-}
dir="$out.shards"
# The split of the shards already written, if any (their first line: '# hardsix shard K/N[:letters];').
made=
for f in "$dir"/shard-*.tsv; do
  [ -s "$f" ] || continue
  case "$(head -n 1 "$f")" in
    "# hardsix shard "*/*:letters\;*) made=letters ;;
    "# hardsix shard "*/*:groups\;*) made=groups ;;
    "# hardsix shard "*) made=interleaved ;;
  esac
  break
done
fresh=letters
[ "$cmd" = optimize ] && fresh=groups
want=${SPLIT:-${made:-$fresh}}
case "$want" in
  letters) split=:letters ;;
  groups) split=:groups ;;
  interleaved) split= ;;
  *) echo "prove-table: SPLIT is letters, groups or interleaved, not '$want'" >&2; exit 2 ;;
esac
if [ -n "$made" ] && [ "$made" != "$want" ]; then
  echo "prove-table: the shards in $dir were split $made, not $want: remove them or set SPLIT=$made" >&2
  exit 2
fi
limit=${MAX_NODES:+--max-nodes $MAX_NODES}
# Each shard's wall and CPU seconds and peak RSS, when GNU time is there.
timer=
[ -x /usr/bin/time ] && /usr/bin/time -f '%e' -o /dev/null true 2>/dev/null && timer="/usr/bin/time -f '%e %U %S %M' -o '$dir/shard-{}.time'"
case "$lists" in
  *:*) list_args="--answers '${lists%%:*}' --guesses '${lists#*:}'" ;;
  *) list_args="--lists '$lists'" ;;
esac
mkdir -p "$dir"
# The shard files written so far.
written() {
  n=0
  for f in "$dir"/shard-*.tsv; do [ -e "$f" ] && n=$((n + 1)); done
  echo "$n"
}
start=$(date +%s)
attempt=1
while :; do
  # A shard whose file exists was finished (prove writes its -o file atomically at the end).
  # After each shard run here: a progress line on stderr (shards written, time, and an estimate of
  # the rest from this run's pace).
  had=$(written)
  t0=$(date +%s)
  seq 1 "$shards" | parallel --will-cite -j "$jobs" --halt now,fail=1 \
    "[ -s '$dir/shard-{}.tsv' ] || { $timer '$hs' $cmd --all $list_args --max-guesses '$cap' $opts --threads 1 --timing $limit \
       --shard {}/$shards$split -o '$dir/shard-{}.tsv' 2>/dev/null && \
       n=\$(ls '$dir' | grep -c '^shard-[0-9]*[.]tsv\$') && el=\$((\$(date +%s) - $t0)) && \
       echo \"prove-table: shard {}/$shards done; \$n of $shards written, \$el s; about \$((el * ($shards - n) / (n - $had))) s left\" >&2; }"
  # parallel returns 0 without running every shard only when it was told to stop starting new ones
  # (SIGHUP): a pause, not a table to merge.
  n=$(written)
  if [ "$n" -lt "$shards" ]; then
    echo "prove-table: paused with $n of $shards shards written in $dir; run the same command to resume" >&2
    exit 3
  fi
  if eval "'$hs' merge $list_args" $(seq 1 "$shards" | sed "s|^|$dir/shard-|; s|\$|.tsv|") >"$out.tmp" 2>"$dir/merge.err"; then
    break
  fi
  # merge names the shard file it refuses: run that shard again.
  bad=$(sed -n "s|^hardsix: \($dir/shard-[0-9]*\.tsv\)[:].*|\1|p" "$dir/merge.err" | head -n 1)
  if [ -z "$bad" ] || [ "$attempt" -ge 3 ]; then
    cat "$dir/merge.err" >&2
    rm -f "$out.tmp"
    exit 1
  fi
  echo "prove-table: merge refused $bad ($(head -c 300 "$dir/merge.err" | sed 's/^hardsix: //')); running that shard again" >&2
  rm -f "$bad"
  attempt=$((attempt + 1))
done
rm -f "$dir/merge.err"
# The shards' own cost (shard-K.time; none without GNU time): wall and CPU seconds summed, the
# largest peak RSS.
costs=$(cat "$dir"/shard-*.time 2>/dev/null | awk 'NF == 4 { w += $1; c += $2 + $3; if ($4 > m) m = $4; n++ }
  END { if (n) printf "; the shards: %.0f s wall, %.0f s CPU, peak RSS %.0f MB", w, c, m / 1024 }')
mv "$out.tmp" "$out"
rm -rf "$dir"
end=$(date +%s)
good=proven
[ "$cmd" = optimize ] && good=optimal
proven=$(awk -F '\t' -v g="$good" 'NR > 1 && $2 == g' "$out" | wc -l)
total=$(($(wc -l <"$out") - 1))
cpu=$(awk -F '\t' 'NR > 1 { t += $NF } END { printf "%.0f", t }' "$out")
undecided=$(awk -F '\t' 'NR > 1 && $2 == "undecided"' "$out" | wc -l)
echo "prove-table: $cmd $lists $opts, within $cap: $proven of $total openers $good, $undecided undecided; $((end - start)) s wall, $cpu s of search CPU time ($jobs jobs, $shards shards)$costs"
