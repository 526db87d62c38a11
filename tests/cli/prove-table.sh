# scripts/prove-table.sh (issue 28, item 9): shards run by GNU parallel and joined by merge; a shard
# file left from an earlier run that merge refuses is run again instead of failing forever. Tiny lists.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
if ! command -v parallel >/dev/null 2>&1; then
  skip "prove-table: GNU parallel is not installed (make deps)"
  exit 0
fi
A=$DATA/tiny-answers.txt G=$DATA/tiny-guesses.txt
$HS prove --all --answers "$A" --guesses "$G" --max-guesses 4 >"$T/want.tsv" 2>/dev/null
HS=$HS sh scripts/prove-table.sh "$A:$G" 4 "$T/t.tsv" 3 2 >"$T/out" 2>"$T/err" && ok prove-table-runs || fail prove-table-runs "$(cat "$T/err")"
cut -f1-3 "$T/t.tsv" >"$T/got"
expect_same prove-table-rows "$T/want.tsv" "$T/got"
# A progress line per shard finished (stderr), the last with all three written.
expect_grep prove-table-progress "$T/err" "^prove-table: shard [123]/3 done; 3 of 3 written, [0-9]* s; about 0 s left$"
[ "$(grep -c '^prove-table: shard [123]/3 done; ' "$T/err")" = 3 ] && ok prove-table-progress-count ||
  fail prove-table-progress-count "$(cat "$T/err")"
# With GNU time, the summary adds up the shards' own cost (shard-K.time, one line each).
if [ -x /usr/bin/time ]; then
  expect_grep prove-table-shard-costs "$T/out" "; the shards: [0-9]* s wall, [0-9]* s CPU, peak RSS [0-9]* MB$"
else
  skip "prove-table-shard-costs: GNU time is not installed (make deps)"
fi
# A corrupt shard from an earlier run: merge refuses it, the script runs that shard again.
mkdir "$T/t.tsv.shards"
$HS prove --all --answers "$A" --guesses "$G" --max-guesses 4 --timing --threads 1 --shard 2/3:letters -o "$T/t.tsv.shards/shard-2.tsv" 2>/dev/null
sed -i '3s/\t[a-z]*\t/\tmaybe\t/' "$T/t.tsv.shards/shard-2.tsv"
rm "$T/t.tsv"
HS=$HS sh scripts/prove-table.sh "$A:$G" 4 "$T/t.tsv" 3 2 >"$T/out" 2>"$T/err" && ok prove-table-reruns-bad-shard ||
  fail prove-table-reruns-bad-shard "$(cat "$T/err")"
expect_grep prove-table-reruns-message "$T/err" "^prove-table: merge refused .*shard-2.tsv (.*verdict 'maybe'.*); running that shard again$"
cut -f1-3 "$T/t.tsv" >"$T/got"
expect_same prove-table-reruns-rows "$T/want.tsv" "$T/got"
# The shard merge refused and ran again has its own progress line.
[ "$(grep -c '^prove-table: shard 2/3 done; 3 of 3 written' "$T/err")" = 1 ] && ok prove-table-progress-resumed ||
  fail prove-table-progress-resumed "$(cat "$T/err")"
[ ! -e "$T/t.tsv.shards" ] && ok prove-table-shards-removed || fail prove-table-shards-removed "$(ls "$T/t.tsv.shards")"
# COMMAND=optimize OPTIONS=...: the optimum table (normal mode here) in shards, the rows of one run.
$HS optimize --all --answers "$A" --guesses "$G" --rules none >"$T/want-opt.tsv" 2>/dev/null
COMMAND=optimize OPTIONS="--rules none" HS=$HS sh scripts/prove-table.sh "$A:$G" 6 "$T/o.tsv" 3 2 >"$T/out" 2>"$T/err" &&
  ok prove-table-optimize-runs || fail prove-table-optimize-runs "$(cat "$T/err")"
cut -f1-4 "$T/o.tsv" >"$T/got"
expect_same prove-table-optimize-rows "$T/want-opt.tsv" "$T/got"
expect_grep prove-table-optimize-summary "$T/out" "^prove-table: optimize .* openers optimal"
# OPTIONS='--best K': the K best openers in shards (each shard the K best of its own, with every
# opener's one-step bound), settled by merge into the rows of one run.
$HS optimize --all --answers "$A" --guesses "$G" --max-guesses 4 --best 2 >"$T/want-best.tsv" 2>/dev/null
COMMAND=optimize OPTIONS="--best 2" HS=$HS sh scripts/prove-table.sh "$A:$G" 4 "$T/b.tsv" 3 2 >"$T/out" 2>"$T/err" &&
  ok prove-table-best-runs || fail prove-table-best-runs "$(cat "$T/err")"
cut -f1-5 "$T/b.tsv" >"$T/got"
expect_same prove-table-best-rows "$T/want-best.tsv" "$T/got"
expect_rc prove-table-bad-command 2 env COMMAND=solve HS=$HS sh scripts/prove-table.sh "$A:$G" 6 "$T/x.tsv"
# A pause: SIGHUP to parallel lets the running shard finish and starts no other; the script exits 3
# saying how many shards are written (nothing merged), and the same command then finishes the table.
printf '#!/bin/sh\ntouch "%s"\nsleep 2\nexec "%s" "$@"\n' "$T/started" "$HS" >"$T/slow-hs"
chmod +x "$T/slow-hs"
HS="$T/slow-hs" sh scripts/prove-table.sh "$A:$G" 4 "$T/p.tsv" 3 1 >"$T/out" 2>"$T/err" &
pid=$!
i=0
while [ ! -e "$T/started" ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
pkill -HUP -P $pid -f 'parallel --will-cite'
wait $pid
rc=$?
[ $rc = 3 ] && ok prove-table-pause-status || fail prove-table-pause-status "rc $rc" "$(cat "$T/err")"
expect_grep prove-table-pause-message "$T/err" "^prove-table: paused with 1 of 3 shards written in .*/p[.]tsv[.]shards; run the same command to resume$"
[ ! -e "$T/p.tsv" ] && [ -s "$T/p.tsv.shards/shard-1.tsv" ] && [ ! -e "$T/p.tsv.shards/shard-2.tsv" ] &&
  ok prove-table-pause-shards || fail prove-table-pause-shards "$(ls "$T" "$T/p.tsv.shards")"
# The shard written keeps its cost beside it: wall, user and system seconds, peak RSS in KB.
if [ -x /usr/bin/time ]; then
  grep -qE '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$' "$T/p.tsv.shards/shard-1.time" && ok prove-table-shard-time ||
    fail prove-table-shard-time "$(cat "$T/p.tsv.shards/shard-1.time" 2>&1)"
else
  skip "prove-table-shard-time: GNU time is not installed (make deps)"
fi
HS=$HS sh scripts/prove-table.sh "$A:$G" 4 "$T/p.tsv" 3 1 >"$T/out" 2>"$T/err" && ok prove-table-pause-resumes ||
  fail prove-table-pause-resumes "$(cat "$T/err")"
cut -f1-3 "$T/p.tsv" >"$T/got"
expect_same prove-table-pause-rows "$T/want.tsv" "$T/got"
exit 0
