# Messages a newcomer meets (issue 28, item 12): a failing solve points to repair and prove, verify
# lists at most 20 problems and says how many more, a mistyped command gets the nearest one, and one
# guess is "1 guess". Tiny lists, and the committed howls strategy.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"

expect_rc solve-fails 1 $HS solve shade $L --max-guesses 3
expect_grep solve-fails-hint-repair "$T/err" "^hint: 'hardsix repair shade' (with the same options) keeps this strategy"
expect_grep solve-fails-hint-prove "$T/err" "'hardsix prove shade --max-guesses 3' decides whether any strategy meets the cap"
expect_rc solve-passes 0 $HS solve shade $L
grep -q '^hint:' "$T/err" && fail solve-passes-no-hint "$(cat "$T/err")" || ok solve-passes-no-hint

# verify: the first 20 problems, then how many more; --all-problems lists them all.
if [ -f output/howls/howls.per-word.txt ]; then
  expect_rc verify-capped 1 $HS verify output/howls/howls.per-word.txt --max-guesses 3
  n=$(grep -c '^output/howls/howls.per-word.txt:[0-9]*: ' "$T/err")
  [ "$n" = 20 ] && ok verify-capped-20 || fail verify-capped-20 "$n problem lines"
  more=$(sed -n 's/^\.\.\. and \([0-9]*\) more problems (--all-problems lists them)$/\1/p' "$T/err")
  total=$(sed -n 's/^.*: NOT verified (\([0-9]*\) problems)$/\1/p' "$T/err")
  [ -n "$more" ] && [ "$((more + 20))" = "$total" ] && ok verify-capped-more || fail verify-capped-more "more '$more', total '$total'"
  expect_rc verify-all-problems 1 $HS verify output/howls/howls.per-word.txt --max-guesses 3 --all-problems
  n=$(grep -c '^output/howls/howls.per-word.txt:[0-9]*: ' "$T/err")
  [ "$n" = "$total" ] && ok verify-all-problems-count || fail verify-all-problems-count "$n of $total"
else
  skip "verify-capped: output/howls/howls.per-word.txt is not there"
fi

# A mistyped command: the nearest one, exit 2; nothing near: the list of commands.
for typo in slove:solve verfy:verify optimise:optimize chek-table:check-table prov:prove; do
  expect_rc "typo-${typo%%:*}" 2 $HS "${typo%%:*}"
  expect_grep "typo-${typo%%:*}-suggests" "$T/err" "^hardsix: unknown command '${typo%%:*}'; did you mean '${typo#*:}'?"
done
expect_rc typo-far 2 $HS xyzzy
expect_grep typo-far-lists-commands "$T/err" "^Commands:"

# "1 guess", never "1 guesses".
for c in "solve crane $L --max-guesses 1" "prove crane $L --max-guesses 1" "sweep $L --max-guesses 1 --openers answers" \
  "prove --all $L --max-guesses 1" "optimize --all $L --max-guesses 1" "repair crane $L --max-guesses 2" \
  "solve crane $L --format by-pattern" "verify $DATA/verify/good.per-word.txt $L --max-guesses 1"; do
  i=$((${i:-0} + 1))
  # shellcheck disable=SC2086
  $HS $c >"$T/out" 2>"$T/err"
  name=one-guess-$i-$(echo "$c" | cut -d' ' -f1)
  if grep -q '\b1 guesses\b\|\b1 more guesses\b' "$T/out" "$T/err"; then
    fail "$name" "$(grep -h '1 guesses\|1 more guesses' "$T/out" "$T/err" | head -n 3)"
  else
    ok "$name"
  fi
done
$HS solve crane $L --max-guesses 1 >/dev/null 2>"$T/err"
expect_grep one-guess-histogram "$T/err" "^1 guess: 1$"
expect_grep one-guess-over "$T/err" "^over 1 guess: 19 answers$"
$HS solve crane $L --format by-pattern 2>/dev/null >"$T/crane.by-pattern.txt"
expect_grep one-guess-by-pattern "$T/crane.by-pattern.txt" "^1 guess: 1$"
expect_rc one-guess-by-pattern-verifies 0 $HS verify "$T/crane.by-pattern.txt" $L

# The man page has EXAMPLES, each naming a real command, and its COMMANDS section lists every command.
M=docs/hardsix.1
expect_grep man-examples "$M" '^\.SH EXAMPLES$'
bad=""
for c in $(sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$M" | sed 's/\\-/-/g' | grep -o 'hardsix [a-z-]*' | cut -d' ' -f2 | sort -u); do
  $HS "$c" --help >/dev/null 2>&1 || bad="$bad $c"
done
[ -z "$bad" ] && ok man-examples-commands || fail man-examples-commands "not commands:$bad"
for c in $($HS --help | sed -n 's/^  \([a-z-]*\)  .*/\1/p'); do
  grep -q "^\.B $c\b" "$M" && ok "man-lists-$c" || fail "man-lists-$c" "no .B $c in $M"
done
# A failing solve lists at most 20 answers over the cap, then how many more (like verify's problems).
"$HS" solve salet --max-guesses 3 >/dev/null 2>"$T/over"
n=$(grep -c '^  [a-z]* ([0-9]*):' "$T/over")
[ "$n" = 20 ] && ok solve-over-capped || fail solve-over-capped "$n paths listed, expected 20"
expect_grep solve-over-more "$T/over" '^  \.\.\. and [0-9]* more$'
exit 0
