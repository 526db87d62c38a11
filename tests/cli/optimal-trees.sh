# scripts/optimal-trees.sh: the optimal tree of each opener under GNU parallel, kept in Selby's format
# with its log, resumable, and a table of the openers from the logs. Tiny lists.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
if ! command -v parallel >/dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
  skip "optimal-trees: GNU parallel or /usr/bin/time is not installed (make deps)"
  exit 0
fi
A=$DATA/tiny-answers.txt G=$DATA/tiny-guesses.txt
$HS optimize --all --answers "$A" --guesses "$G" --max-guesses 5 --openers answers >"$T/want.tsv" 2>/dev/null
# An opener with a strategy within five and one without.
o1=$(awk -F'\t' '$2 == "optimal" { print $1; exit }' "$T/want.tsv")
o2=$(awk -F'\t' '$2 == "impossible" { print $1; exit }' "$T/want.tsv")
[ -n "$o1" ] && [ -n "$o2" ] && ok optimal-trees-both-verdicts || fail optimal-trees-both-verdicts "$(cat "$T/want.tsv")"
HS=$HS sh scripts/optimal-trees.sh "$A:$G" 5 "$T/t" 2 "$o1" "$o2" >"$T/out" 2>"$T/err" && ok optimal-trees-runs ||
  fail optimal-trees-runs "$(cat "$T/err")"
expect_grep optimal-trees-summary "$T/err" '^optimal-trees: 2 openers in '
# The rows: those of optimize --all (opener, verdict, total, average), then CPU seconds and peak RSS.
for o in "$o1" "$o2"; do
  want=$(grep "^$o	" "$T/want.tsv" | cut -f1-4)
  got=$(grep "^$o	" "$T/t.tsv" | cut -f1-4)
  [ -n "$want" ] && [ "$got" = "$want" ] && ok "optimal-trees-row-$o" || fail "optimal-trees-row-$o" "'$got' against '$want'"
  grep -q "^$o	[a-z]*	[-0-9]*	[-0-9.]*	[0-9.]*	[0-9][0-9]*$" "$T/t.tsv" && ok "optimal-trees-figures-$o" ||
    fail "optimal-trees-figures-$o" "$(grep "^$o	" "$T/t.tsv")"
  if grep -q "^$o	optimal	" "$T/t.tsv"; then
    expect_rc "optimal-trees-tree-$o" 0 $HS verify "$T/t/$o.selby.tree" --answers "$A" --guesses "$G" --max-guesses 5
  fi
done
ls -a "$T/t" | grep -q '^\.[a-z]' && fail optimal-trees-no-temporary "$(ls -a "$T/t")" || ok optimal-trees-no-temporary
# Resumed: an opener already decided is not searched again (its log stays as it was).
cp "$T/t/$o1.log" "$T/log1"
HS=$HS sh scripts/optimal-trees.sh "$A:$G" 5 "$T/t" 2 "$o1" "$o2" 2>"$T/err" && ok optimal-trees-resumes ||
  fail optimal-trees-resumes "$(cat "$T/err")"
cmp -s "$T/log1" "$T/t/$o1.log" && ok optimal-trees-not-again || fail optimal-trees-not-again "the log changed"
# An opener that is not a word: an error naming it, no table.
rm -f "$T/t.tsv"
expect_rc optimal-trees-bad-opener 1 env HS=$HS sh scripts/optimal-trees.sh "$A:$G" 5 "$T/t" 1 zzzzq
expect_grep optimal-trees-bad-opener-message "$T/err" "^optimal-trees: zzzzq failed: .*not an allowed word"
[ ! -e "$T/t.tsv" ] && ok optimal-trees-bad-no-table || fail optimal-trees-bad-no-table "a table was written"
# A search stopped midway (SIGTERM to hardsix) keeps its checkpoint and no row; the next run resumes
# it to the row optimize --all gives, with both attempts in its log (the CPU seconds their sum).
printf 'acros\n' >"$T/acros.txt"
$HS optimize --all --lists nyt2023 --openers "$T/acros.txt" >"$T/acros.tsv" 2>/dev/null
(HS=$HS OPTIONS="--checkpoint-every 0.001" THIN_LEFT=3 sh scripts/optimal-trees.sh nyt2023 6 "$T/k" 1 acros >/dev/null 2>"$T/kerr"; echo $? >"$T/krc") &
i=0
while [ ! -e "$T/k/.acros.ckpt" ] && [ ! -e "$T/krc" ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
# --stop sends SIGTERM to that hardsix process alone (its PID in OUT/.OPENER.pid), not to /usr/bin/time.
sh scripts/optimal-trees.sh --stop "$T/k" acros 2>"$T/stop-err"
echo $? >"$T/stop-rc"
wait
if [ "$(cat "$T/krc")" = 0 ]; then
  skip "optimal-trees-stopped: the search ended before it could be stopped"
else
  [ "$(cat "$T/stop-rc")" = 0 ] && ok optimal-trees-stop-rc || fail optimal-trees-stop-rc "$(cat "$T/stop-err")"
  expect_grep optimal-trees-stop-says "$T/stop-err" "^optimal-trees: acros: stop sent to hardsix (PID [0-9]*); it saves its checkpoint, then exits$"
  # The attempt's record survived the stop: /usr/bin/time was not stopped with it.
  expect_grep optimal-trees-stop-timed "$T/k/.acros.stopped.log" "User time (seconds): "
  expect_grep optimal-trees-stopped-says "$T/kerr" "^optimal-trees: acros stopped; the next run resumes it from $T/k/.acros.ckpt$"
  [ -s "$T/k/.acros.ckpt" ] && [ ! -e "$T/k/acros.log" ] && [ ! -e "$T/k.tsv" ] && ok optimal-trees-stopped-kept ||
    fail optimal-trees-stopped-kept "$(ls -a "$T/k")"
  # THIN_LEFT: a thinned, compressed copy to carry; on a machine without the checkpoint (k2) the
  # script resumes from the copy to the same row, and removes it once the opener is decided.
  expect_grep optimal-trees-carried-says "$T/kerr" "^optimal-trees: acros: a copy to carry to another machine (with $T/k/.acros.stopped.log): $T/k/.acros.ckpt.xz$"
  xz -t "$T/k/.acros.ckpt.xz" && ok optimal-trees-carried-xz || fail optimal-trees-carried-xz "$(ls -a "$T/k")"
  cp -R "$T/k" "$T/k2"
  rm "$T/k2/.acros.ckpt"
  HS=$HS sh scripts/optimal-trees.sh nyt2023 6 "$T/k2" 1 acros 2>"$T/err2" && ok optimal-trees-carried-resumes ||
    fail optimal-trees-carried-resumes "$(cat "$T/err2")"
  expect_grep optimal-trees-carried-from "$T/err2" "^optimal-trees: acros resumes from the copy $T/k2/.acros.ckpt.xz$"
  expect_grep optimal-trees-carried-resumed "$T/k2/acros.log" "^optimize: resuming from $T/k2/.acros.ckpt"
  [ "$(cut -f1-4 "$T/k2.tsv")" = "$(cut -f1-4 "$T/acros.tsv")" ] && ok optimal-trees-carried-row ||
    fail optimal-trees-carried-row "$(cat "$T/k2.tsv")"
  ls -a "$T/k2" | grep -q '^\.[a-z]' && fail optimal-trees-carried-no-temporary "$(ls -a "$T/k2")" ||
    ok optimal-trees-carried-no-temporary
  # No search of it runs now: --stop says so and fails; so it does for a stale PID file.
  expect_rc optimal-trees-stop-none 1 sh scripts/optimal-trees.sh --stop "$T/k" acros
  expect_grep optimal-trees-stop-none-says "$T/err" "^optimal-trees: acros: no search of it runs under $T/k$"
  echo $$ >"$T/k/.acros.pid"
  expect_rc optimal-trees-stop-stale 1 sh scripts/optimal-trees.sh --stop "$T/k" acros
  rm "$T/k/.acros.pid"
  expect_rc optimal-trees-stop-usage 2 sh scripts/optimal-trees.sh --stop "$T/k"
  HS=$HS sh scripts/optimal-trees.sh nyt2023 6 "$T/k" 1 acros 2>"$T/err" && ok optimal-trees-stopped-resumes ||
    fail optimal-trees-stopped-resumes "$(cat "$T/err")"
  [ "$(cut -f1-4 "$T/k.tsv")" = "$(cut -f1-4 "$T/acros.tsv")" ] && ok optimal-trees-stopped-row ||
    fail optimal-trees-stopped-row "$(cat "$T/k.tsv")"
  expect_grep optimal-trees-stopped-resumed "$T/k/acros.log" "^optimize: resuming from $T/k/.acros.ckpt"
  [ "$(grep -c 'User time (seconds)' "$T/k/acros.log")" = 2 ] && ok optimal-trees-stopped-both-logs ||
    fail optimal-trees-stopped-both-logs "$(grep 'User time' "$T/k/acros.log")"
  ls -a "$T/k" | grep -q '^\.[a-z]' && fail optimal-trees-stopped-no-temporary "$(ls -a "$T/k")" ||
    ok optimal-trees-stopped-no-temporary
fi
