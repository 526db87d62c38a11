# CLI tests for 'hardsix next': whole games on the committed howls strategy (the 2022 one), errors for
# a history the strategy never reaches and for an impossible pattern, and the interactive mode.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
S=output/howls-tkihira2022/howls.per-word.txt

# play ANSWER: asks 'next' for each guess, feeds back the pattern 'feedback' computes, until solved.
# Prints the guesses on one line; fails when the game does not end within 6 guesses.
play() {
  answer=$1 history=""
  for i in 1 2 3 4 5 6 7; do
    $HS next $S $history >"$T/next.out" 2>"$T/next.err" || { echo "next failed: $(cat "$T/next.err")"; return 1; }
    guess=$(sed -n 's/^next guess: \([a-z]*\) (guess [0-9]*)$/\1/p' "$T/next.out")
    [ -n "$guess" ] || { echo "no guess in: $(cat "$T/next.out")"; return 1; }
    grep -q "^candidates left: [0-9]*$" "$T/next.out" || { echo "no candidate count"; return 1; }
    printf '%s ' "$guess"
    p=$($HS feedback --style letters "$guess" "$answer")
    history="$history $guess $p"
    if [ "$p" = GGGGG ]; then
      $HS next $S $history >"$T/solved.out" || return 1
      grep -q "^solved: $answer in $i guess" "$T/solved.out" || { echo "no solved line"; return 1; }
      [ "$i" -le 6 ] || return 1
      echo
      return 0
    fi
  done
  return 1
}

# shave is the answer the shark override rescues (seven guesses without it, six with it).
got=$(play shave) && [ "$got" = "howls shark shade shame shape shave " ] && ok next-game-shave || fail next-game-shave "$got"
# A six-guess answer of the strategy (from the per-word file), and the first answer.
six=$(awk -F: '{ n = gsub(/\[/, "[") } n == 6 { print $1; exit }' $S)
got=$(play "$six") && [ "$(echo $got | wc -w)" = 6 ] && ok "next-game-six-$six" || fail "next-game-six-$six" "$got"
got=$(play aback) && ok next-game-aback || fail next-game-aback "$got"
# The path matches the per-word file.
want=$(grep '^shave:' $S | sed 's/ => [^/]*\///g; s/[][]//g; s/^shave://; s/^ *//')
[ "$want" = "howls shark shade shame shape shave" ] && ok next-matches-per-word || fail next-matches-per-word "$want"

# Start of the game, candidates listed when few, every pattern form.
expect_rc next-start 0 $HS next $S
expect_grep next-start-guess "$T/out" '^next guess: howls (guess 1)$'
expect_grep next-start-count "$T/out" '^candidates left: 2315$'
expect_rc next-emoji 0 $HS next $S howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜
expect_grep next-words "$T/out" '^words: shade, shady, shaft, shame, shape, shave$'
expect_rc next-digits 0 $HS next $S howls 10001 shark ggg.-
expect_grep next-digits-same "$T/out" '^next guess: shade (guess 3)$'
expect_rc next-by-pattern 0 $HS next output/howls-tkihira2022/howls.by-pattern.txt howls YBBBY
expect_grep next-by-pattern-guess "$T/out" '^next guess: shark (guess 2)$'
expect_rc next-json 0 $HS next output/howls-tkihira2022/howls.json howls YBBBY
expect_grep next-json-guess "$T/out" '^next guess: shark (guess 2)$'

# Errors: a history the strategy never plays, an impossible pattern, bad input.
expect_rc next-unreachable 1 $HS next $S howls BBBBB crane BBBBB
expect_grep next-unreachable-text "$T/err" "^hardsix: the strategy never reaches this history: after howls ⬜⬜⬜⬜⬜ it plays 'dance', not 'crane'$"
expect_rc next-wrong-opener 1 $HS next $S crane BBBBB
expect_grep next-wrong-opener-text "$T/err" "at the start it plays 'howls', not 'crane'"
expect_rc next-impossible 1 $HS next $S howls GGGGY
expect_grep next-impossible-text "$T/err" "^hardsix: impossible pattern: 'howls' cannot show 🟩🟩🟩🟩🟨 at the start (no answer gives that pattern for this guess)$"
expect_rc next-impossible-here 1 $HS next $S howls YBBBY shark BBBBB
expect_grep next-impossible-here-text "$T/err" "none of the answers left gives it"
expect_rc next-after-solved 2 $HS next $S howls BBBBB dance GGGGG dance GGGGG
expect_rc next-odd-args 2 $HS next $S howls
expect_rc next-bad-pattern 2 $HS next $S howls BBXBB
expect_rc next-unknown-word 2 $HS next $S zzzzz BBBBB
expect_rc next-no-file 2 $HS next
expect_rc next-missing-file 1 $HS next "$T/nope.txt"
# An unverified strategy is refused with its first problems.
sed 's/^shave: \[howls\] => 🟨⬜⬜⬜🟨 \/ \[shark\]/shave: [howls] => 🟨⬜⬜⬜🟨 \/ [share]/' $S >"$T/bad.txt"
expect_rc next-unverified 1 $HS next "$T/bad.txt" howls YBBBY
expect_grep next-unverified-text "$T/err" "not verified ([0-9]* problems*)"
expect_grep next-unverified-first "$T/err" "^  $T/bad.txt:[0-9]*: "
expect_rc next-help 0 $HS next --help
expect_grep next-help-exit "$T/out" "Exit status"

# Interactive: needs a terminal on stdin, which script(1) provides.
if command -v script >/dev/null 2>&1; then
  printf 'YBBBY\nxx\nGGGBB\nGGGBB\nGGGGG\n' | script -qec "$HS next $S" /dev/null >"$T/tty.out" 2>&1
  tr -d '\r' <"$T/tty.out" >"$T/tty.txt"
  expect_grep next-tty-first "$T/tty.txt" '^guess 1: HOWLS   (2315 candidates)$'
  expect_grep next-tty-second "$T/tty.txt" '^guess 2: SHARK'
  expect_grep next-tty-bad-input "$T/tty.txt" "is not a pattern"
  expect_grep next-tty-solved "$T/tty.txt" 'solved: shaft in 4 guesses$'
else
  skip "next-interactive: no script(1) to make a terminal"
fi
exit 0
