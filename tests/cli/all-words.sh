# CLI tests for lists where every allowed word can be the answer: --answers FILE alone (or with an
# empty --guesses file) on a tiny list through every command, the built-in SET-all lists, and the
# exact solver's published thump tree (every word of the 2022 lists hidden, within 7 guesses).
. "$ROOT/tests/cli/lib.sh.inc"
W="$DATA/all-words.txt"
A="--answers $W"

# --answers alone and an empty guesses file mean the same lists.
: >"$T/empty.txt"
$HS prove --all $A --max-guesses 4 >"$T/p1.tsv" 2>"$T/p1.err"
$HS prove --all $A --guesses "$T/empty.txt" --max-guesses 4 >"$T/p2.tsv" 2>/dev/null
expect_same all-words-empty-guesses "$T/p1.tsv" "$T/p2.tsv"
rows=$(($(wc -l <"$T/p1.tsv") - 1))
[ "$rows" = 27 ] && ok all-words-every-word-an-opener || fail all-words-every-word-an-opener "rows: $rows"
expect_grep all-words-prove-summary "$T/p1.err" '^prove: 27 openers, [0-9]* proven within 4 guesses'
# Every command at this list: solve, prove, optimize write verified strategies that verify, sheet and
# next read them; sweep rows for every word.
expect_rc all-words-solve 0 $HS solve salet $A --max-guesses 5 -o "$T/solve"
expect_grep all-words-solve-verified "$T/err" '^salet: 27 answers, verified$'
expect_rc all-words-prove 0 $HS prove salet $A --max-guesses 5 -o "$T/prove"
expect_rc all-words-prove-impossible 1 $HS prove salet $A --max-guesses 4
expect_grep all-words-prove-part "$T/err" '^  after salet .* cannot be solved within 3 more guesses$'
expect_rc all-words-optimize 0 $HS optimize salet $A -o "$T/opt"
expect_grep all-words-optimize-total "$T/err" '^salet: optimal: 67 guesses in total (average 2.4815)'
for d in solve prove opt; do
  expect_rc "all-words-verify-$d" 0 $HS verify "$T/$d/salet.per-word.txt" $A
  expect_grep "all-words-verify-$d-count" "$T/out" 'verified: 27 answers'
done
expect_grep all-words-header-answers "$T/opt/salet.by-pattern.txt" '^# lists: custom'
expect_rc all-words-sheet 0 $HS sheet "$T/opt/salet.per-word.txt" $A -o "$T/sheet"
expect_rc all-words-next 0 $HS next "$T/opt/salet.per-word.txt" $A salet BBBBB
expect_grep all-words-next-guess "$T/out" '^next guess: '
$HS sweep $A >"$T/sweep.tsv" 2>/dev/null
[ "$(($(wc -l <"$T/sweep.tsv") - 1))" = 27 ] && ok all-words-sweep || fail all-words-sweep "$(head -n 3 "$T/sweep.tsv")"
# A word of the old guesses list is an answer now: verify refuses a strategy that leaves it out.
expect_rc all-words-verify-old-lists-refused 1 $HS verify "$T/opt/salet.per-word.txt" \
  --answers "$DATA/prove-answers.txt" --guesses "$DATA/prove-guesses.txt"

# The built-in SET-all lists: every allowed word an answer, in the base set's canonical order.
for set in original nyt2022 nyt2023; do
  want=$(cat "$ROOT/data/$set/answers.txt" "$ROOT/data/$set/guesses.txt" | grep -c '^[a-z]')
  got=$($HS rank --lists "$set-all" --openers answers 2>/dev/null | tail -n +2 | wc -l)
  [ "$got" = "$want" ] && ok "all-words-$set-all-size" || fail "all-words-$set-all-size" "$got openers, $want words"
done
expect_rc all-words-order-builtin-refused 2 $HS solve howls --lists original-all --order tkihira2022

# The total of the histogram verify printed to $T/out.
verified_total() { awk '/^[0-9]+ guess(es)?: / { t += $1 * $3 } END { print t }' "$T/out"; }

# The exact solver's tree for thump, every word of the 2022 lists hidden: verified within 7, 58506 in all.
R="$ROOT/data/reference/selby/thump.bighidden.hard.max7guesses.tree"
expect_rc all-words-thump-verify 0 $HS verify "$R" --lists nyt2022-all --max-guesses 7
expect_grep all-words-thump-verified "$T/out" 'verified: 12947 answers, all within 7 guesses, average 4.5189'
total=$(verified_total)
[ "$total" = 58506 ] && ok all-words-thump-total || fail all-words-thump-total "total $total"
expect_rc all-words-thump-not-within-6 1 $HS verify "$R" --lists nyt2022-all --max-guesses 6
expect_rc all-words-thump-not-nyt2022 1 $HS verify "$R" --lists nyt2022 --max-guesses 7

# The optimal trees within seven on every word (output/optimal-within-7/nyt2022-all/, one per opener
# that guarantees seven): each verifies within 7 on nyt2022-all with the total its row of the table
# states, and thump's is the published optimum, 58506.
D="$ROOT/output/optimal-within-7/nyt2022-all"
if [ -f "$D.tsv" ]; then
  n=0
  while IFS="$(printf '\t')" read -r o verdict row_total rest; do
    [ "$o" = opener ] && continue
    n=$((n + 1))
    expect_rc "all-words-optimal-$o-verify" 0 $HS verify "$D/$o.selby.tree" --lists nyt2022-all --max-guesses 7
    got=$(verified_total)
    [ "$verdict" = optimal ] && [ "$got" = "$row_total" ] && ok "all-words-optimal-$o-total" ||
      fail "all-words-optimal-$o-total" "tree $got, row $verdict $row_total"
  done <"$D.tsv"
  [ "$n" -ge 1 ] && ok all-words-optimal-rows || fail all-words-optimal-rows "no rows in $D.tsv"
  expect_grep all-words-optimal-thump "$D.tsv" "$(printf '^thump\toptimal\t58506\t')"
else
  skip "all-words-optimal (output/optimal-within-7/nyt2022-all.tsv is not in this tree)"
fi
# A search carried to the next sitting (a thinned checkpoint under xz, scripts/optimal-trees.sh
# THIN_LEFT): a whole checkpoint (its form and checksum), with the entries it was thinned to.
for c in "$D"/.*.ckpt.xz; do
  [ -f "$c" ] || continue
  o=$(basename "$c" .ckpt.xz)
  o=${o#.}
  xz -dc "$c" >"$T/carried.ckpt" && ok "all-words-carried-$o-xz" || fail "all-words-carried-$o-xz" "$c"
  expect_rc "all-words-carried-$o-reads" 0 $HS checkpoint "$T/carried.ckpt"
  if grep -q "^[1-4]	" "$T/out"; then fail "all-words-carried-$o-thin" "$(cat "$T/out")"; else ok "all-words-carried-$o-thin"; fi
  [ -f "$D/.$o.stopped.log" ] && ok "all-words-carried-$o-log" || fail "all-words-carried-$o-log" "no $D/.$o.stopped.log"
  rm -f "$T/carried.ckpt"
done
