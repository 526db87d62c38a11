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
