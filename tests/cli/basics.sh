# CLI basics: feedback, solve and explain on the tiny lists, usage errors and exit codes.
# Golden files: tests/data/golden/salet.* (checked by eye against docs/FORMATS.md; to rewrite them after
# a deliberate format change run with HS_REGEN_GOLDEN=1, then read the diff before committing).
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
GOLD="$DATA/golden"
TINY="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"

# ---- feedback ----
expect_rc feedback-design-example 0 $HS feedback drill slosh
printf '⬜⬜⬜🟨⬜\n' >"$T/want"
expect_same feedback-design-example-out "$T/want" "$T/out"
# Arguments are GUESS ANSWER: slosh against drill shows only the l.
expect_rc feedback-order 0 $HS feedback slosh drill
printf '⬜🟨⬜⬜⬜\n' >"$T/want"
expect_same feedback-order-out "$T/want" "$T/out"
expect_rc feedback-letters 0 $HS feedback --style letters asset slosh
printf 'BYYBB\n' >"$T/want"
expect_same feedback-letters-out "$T/want" "$T/out"
expect_rc feedback-digits 0 $HS feedback --style=digits cigar cigar
printf '22222\n' >"$T/want"
expect_same feedback-digits-out "$T/want" "$T/out"

# stdin: one pattern per line; blank lines skipped, spaces, tabs and CRLF tolerated.
feed() { $HS feedback "$@" <"$T/in"; }
printf 'drill slosh\n  asset\tslosh  \r\n\ncrane would\nsassy stops\n' >"$T/in"
expect_rc feedback-stdin 0 feed
printf '⬜⬜⬜🟨⬜\n⬜🟨🟨⬜⬜\n⬜⬜⬜⬜⬜\n🟩⬜🟨⬜⬜\n' >"$T/want"
expect_same feedback-stdin-out "$T/want" "$T/out"
# A byte-order mark on stdin (a file saved by a Windows editor) is accepted too (issue 28, item 3).
{ printf '\357\273\277'; cat "$T/in"; } >"$T/in-bom"
$HS feedback <"$T/in-bom" >"$T/out" 2>"$T/err" && ok feedback-stdin-bom || fail feedback-stdin-bom "$(cat "$T/err")"
expect_same feedback-stdin-bom-out "$T/want" "$T/out"
# A line with a NUL byte, or a line longer than 1024 bytes, is an error: stdin never grows memory.
printf 'drill slosh\ncrane \000would\n' >"$T/in-nul"
expect_rc feedback-stdin-nul 1 $HS feedback <"$T/in-nul"
expect_grep feedback-stdin-nul-message "$T/err" "^hardsix: <stdin>:2: expected 'GUESS ANSWER' .*, not binary input"
head -c 5000000 /dev/zero | tr '\0' a >"$T/in-long"
expect_rc feedback-stdin-endless-line 1 $HS feedback <"$T/in-long"
expect_grep feedback-stdin-endless-line-message "$T/err" "not a line longer than 1024 bytes"
expect_rc feedback-stdin-letters 0 feed --style letters
printf 'BBBYB\nBYYBB\nBBBBB\nGBYBB\n' >"$T/want"
expect_same feedback-stdin-letters-out "$T/want" "$T/out"
: >"$T/in"
expect_rc feedback-stdin-empty 0 feed
[ -s "$T/out" ] && fail feedback-stdin-empty-out "$(cat "$T/out")" || ok feedback-stdin-empty-out
# A bad line: exit 1, naming <stdin> and its line (blank lines count).
printf 'drill slosh\n\ncrane\nasset slosh\n' >"$T/in"
expect_rc feedback-stdin-bad 1 feed
expect_grep feedback-stdin-bad-line "$T/err" '<stdin>:3:'
printf '⬜⬜⬜🟨⬜\n' >"$T/want"
expect_same feedback-stdin-bad-partial "$T/want" "$T/out"
printf 'drill slosh extra\n' >"$T/in"
expect_rc feedback-stdin-three-words 1 feed
expect_grep feedback-stdin-three-words-line "$T/err" '<stdin>:1:'
printf 'DRILL slosh\n' >"$T/in"
expect_rc feedback-stdin-upper 1 feed
# A long line is one line, not several.
{ printf 'drill slosh%600s\n' ''; printf 'asset slosh\ncrane\n'; } >"$T/in"
expect_rc feedback-stdin-long-line 1 feed
expect_grep feedback-stdin-long-line-number "$T/err" '<stdin>:3:'
printf '⬜⬜⬜🟨⬜\n⬜🟨🟨⬜⬜\n' >"$T/want"
expect_same feedback-stdin-long-line-out "$T/want" "$T/out"
printf 'drill slosh\ndrills slosh\n' >"$T/in"
expect_rc feedback-stdin-six 1 feed
expect_grep feedback-stdin-six-line "$T/err" '<stdin>:2:'

# ---- usage errors: exit 2 ----
expect_rc usage-no-command 2 $HS
expect_rc usage-unknown-command 2 $HS frobnicate
expect_grep usage-unknown-command-msg "$T/err" "unknown command 'frobnicate'"
expect_rc usage-help 0 $HS --help
expect_grep usage-help-lists-solve "$T/out" '^  solve '
expect_rc usage-feedback-one-arg 2 $HS feedback drill
expect_rc usage-feedback-three-args 2 $HS feedback drill slosh crane
expect_rc usage-feedback-not-a-word 2 $HS feedback drills slosh
expect_rc usage-feedback-upper 2 $HS feedback DRILL slosh
expect_rc usage-feedback-bad-option 2 $HS feedback --bogus drill slosh
expect_rc usage-feedback-bad-style 2 $HS feedback --style colours drill slosh
expect_rc usage-solve-no-opener 2 $HS solve $TINY
expect_rc usage-solve-two-openers 2 $HS solve salet crane $TINY
expect_rc usage-solve-bad-option 2 $HS solve salet --bogus $TINY
expect_grep usage-solve-bad-option-msg "$T/err" '^hardsix solve: '
expect_rc usage-solve-bad-format 2 $HS solve salet --format yaml $TINY
expect_rc usage-solve-format-and-dir 2 $HS solve salet --format json -o "$T/x" $TINY
[ -e "$T/x" ] && fail usage-solve-format-and-dir-nothing-made || ok usage-solve-format-and-dir-nothing-made
expect_rc usage-solve-bad-rules 2 $HS solve salet --rules easy $TINY
expect_rc usage-solve-bad-pool 2 $HS solve salet --pool some $TINY
expect_rc usage-solve-bad-metric 2 $HS solve salet --metric luck $TINY
expect_rc usage-solve-bad-preset 2 $HS solve salet --preset nope $TINY
expect_rc usage-solve-max-guesses-0 2 $HS solve salet --max-guesses 0 $TINY
expect_rc usage-solve-max-guesses-64 2 $HS solve salet --max-guesses 64 $TINY
expect_rc usage-solve-max-guesses-text 2 $HS solve salet --max-guesses six $TINY
expect_rc usage-solve-threads-0 2 $HS solve salet --threads 0 $TINY
expect_rc usage-solve-answers-alone 2 $HS solve salet --answers "$DATA/tiny-answers.txt"
expect_rc usage-solve-lists-and-answers 2 $HS solve salet --lists original $TINY
expect_rc usage-solve-unknown-lists 2 $HS solve salet --lists nope
expect_grep usage-solve-unknown-lists-msg "$T/err" "'nope'"
expect_rc usage-solve-unknown-opener 2 $HS solve zzzzz $TINY
expect_grep usage-solve-unknown-opener-msg "$T/err" "'zzzzz' is not an allowed word"
expect_rc usage-solve-upper-opener 2 $HS solve SALET $TINY
expect_grep usage-solve-upper-opener-msg "$T/err" 'upper-case'
expect_rc usage-explain-one-arg 2 $HS explain salet $TINY
expect_rc usage-explain-not-answer 2 $HS explain salet kempt $TINY
expect_rc usage-explain-unknown-opener 2 $HS explain zzzzz shade $TINY

# ---- bad input files: exit 1 naming file:line ----
printf 'shade\nshak\n' >"$T/answers.txt"
expect_rc solve-bad-answers 1 $HS solve salet --answers "$T/answers.txt" --guesses "$DATA/tiny-guesses.txt"
expect_grep solve-bad-answers-line "$T/err" "answers.txt:2: 'shak'"
expect_rc solve-missing-answers 1 $HS solve salet --answers "$T/nope.txt" --guesses "$DATA/tiny-guesses.txt"
expect_grep solve-missing-answers-name "$T/err" 'nope.txt'

# ---- solve: golden files on the tiny lists ----
regen=${HS_REGEN_GOLDEN:-0}
for f in by-pattern per-word tree json selby; do
  case $f in json) ext=json ;; selby) ext=selby.tree ;; *) ext=$f.txt ;; esac
  expect_rc "solve-$f-exit" 0 $HS solve salet $TINY --format $f
  if [ "$regen" = 1 ]; then mkdir -p "$GOLD"; cp "$T/out" "$GOLD/salet.$ext"; fi
  expect_same "solve-$f-golden" "$GOLD/salet.$ext" "$T/out"
done
# selby-bare is the selby outline without the '#' header lines.
expect_rc solve-selby-bare-exit 0 $HS solve salet $TINY --format selby-bare
grep -v '^#' "$GOLD/salet.selby.tree" >"$T/want"
expect_same solve-selby-bare "$T/want" "$T/out"
# The golden files pass the independent verifier.
for ext in by-pattern.txt per-word.txt json; do
  expect_rc "solve-golden-verifies-$ext" 0 $HS verify "$GOLD/salet.$ext" $TINY
done
# The summary goes to stderr; with neither --format nor -o nothing is written to stdout.
expect_rc solve-summary 0 $HS solve salet $TINY
expect_grep solve-summary-verified "$T/err" '^salet: 20 answers, verified$'
expect_grep solve-summary-6 "$T/err" '^6 guesses: 1$'
expect_grep solve-summary-average "$T/err" '^average: 3.1500 (63/20)$'
[ -s "$T/out" ] && fail solve-summary-stdout-empty "$(head -c 300 "$T/out")" || ok solve-summary-stdout-empty

# -o DIR: the five files, the same bytes as --format, nothing else left in DIR.
expect_rc solve-dir 0 $HS solve salet $TINY -o "$T/dir"
for ext in by-pattern.txt per-word.txt tree.txt json selby.tree; do
  expect_same "solve-dir-$ext" "$GOLD/salet.$ext" "$T/dir/salet.$ext"
done
expect_grep solve-dir-wrote "$T/err" "^wrote $T/dir/salet.{by-pattern.txt,per-word.txt,tree.txt,json,selby.tree}\$"
n=$(ls -A "$T/dir" | wc -l)
[ "$n" = 5 ] && ok solve-dir-only-five-files || fail solve-dir-only-five-files "$(ls -A "$T/dir")"
# Writing again over the same files gives the same bytes.
expect_rc solve-dir-again 0 $HS solve salet $TINY -o "$T/dir"
expect_same solve-dir-again-json "$GOLD/salet.json" "$T/dir/salet.json"
n=$(ls -A "$T/dir" | wc -l)
[ "$n" = 5 ] && ok solve-dir-again-no-temp || fail solve-dir-again-no-temp "$(ls -A "$T/dir")"
expect_rc solve-dir-missing-parent 1 $HS solve salet $TINY -o "$T/no/such/dir"
[ -e "$T/no" ] && fail solve-dir-missing-parent-nothing-made || ok solve-dir-missing-parent-nothing-made

# Byte-identical for any thread count.
for f in by-pattern json; do
  OMP_NUM_THREADS=1 $HS solve salet $TINY --format $f >"$T/t1" 2>/dev/null
  OMP_NUM_THREADS=2 $HS solve salet $TINY --format $f >"$T/t2" 2>/dev/null
  $HS solve salet $TINY --format $f --threads 3 >"$T/t3" 2>/dev/null
  expect_same "solve-threads-1-2-$f" "$T/t1" "$T/t2"
  expect_same "solve-threads-1-3-$f" "$T/t1" "$T/t3"
done
OMP_NUM_THREADS=1 $HS solve salet $TINY -o "$T/o1" 2>/dev/null
OMP_NUM_THREADS=2 $HS solve salet $TINY -o "$T/o2" 2>/dev/null
for ext in by-pattern.txt per-word.txt tree.txt json; do
  expect_same "solve-threads-dir-$ext" "$T/o1/salet.$ext" "$T/o2/salet.$ext"
done

# A cap of 2: exit 1, every answer over it listed with its path; the written file says NOT verified.
expect_rc solve-cap-2 1 $HS solve salet $TINY --max-guesses 2 --format by-pattern
expect_grep solve-cap-2-count "$T/err" '^over 2 guesses: 13 answers$'
expect_grep solve-cap-2-shave "$T/err" '^  shave (6): salet spare shade shake shame shave$'
expect_grep solve-cap-2-grate "$T/err" '^  grate (3): salet crate grate$'
expect_grep solve-cap-2-trace "$T/err" '^  trace (3): salet crate trace$'
n=$(grep -c '^  [a-z]\{5\} ([0-9]*):' "$T/err")
[ "$n" = 13 ] && ok solve-cap-2-listed || fail solve-cap-2-listed "listed $n, expected 13"
grep -q '^  crane (' "$T/err" && fail solve-cap-2-crane-not-listed || ok solve-cap-2-crane-not-listed
expect_grep solve-cap-2-header "$T/out" '^# status: NOT verified'
expect_grep solve-cap-2-max-header "$T/out" '^# max-guesses: 2$'
# Within the cap it passes (the deepest answer needs exactly 6).
expect_rc solve-cap-6 0 $HS solve salet $TINY --max-guesses 6
expect_rc solve-cap-5 1 $HS solve salet $TINY --max-guesses 5
expect_grep solve-cap-5-shave "$T/err" '^  shave (6):'

# ---- explain ----
expect_rc explain-shave 0 $HS explain salet shave $TINY
cat >"$T/want" <<'EOF'
1. salet 🟩🟨⬜🟨⬜  (20 candidates before this guess)
2. spare 🟩⬜🟩⬜🟩  (9 candidates before this guess)
3. shade 🟩🟩🟩⬜🟩  (4 candidates before this guess)
4. shake 🟩🟩🟩⬜🟩  (3 candidates before this guess)
5. shame 🟩🟩🟩⬜🟩  (2 candidates before this guess)
6. shave 🟩🟩🟩🟩🟩  (1 candidate before this guess)
shave: solved with 6 guesses
EOF
expect_same explain-shave-out "$T/want" "$T/out"
expect_rc explain-crane 0 $HS explain salet crane $TINY
printf '1. salet ⬜🟨⬜🟨⬜  (20 candidates before this guess)\n2. crane 🟩🟩🟩🟩🟩  (1 candidate before this guess)\ncrane: solved with 2 guesses\n' >"$T/want"
expect_same explain-crane-out "$T/want" "$T/out"
expect_rc explain-opener-is-answer 0 $HS explain shade shade $TINY
expect_grep explain-opener-is-answer-out "$T/out" '^shade: solved with 1 guess$'
expect_rc explain-over-cap 1 $HS explain salet shave $TINY --max-guesses 5
expect_grep explain-over-cap-out "$T/out" '^shave: solved with 6 guesses (over the cap)$'

# ---- overrides ----
OV="$DATA/cli"
expect_rc solve-override 0 $HS solve salet $TINY --overrides "$OV/tiny-override.txt" --strict-overrides --format by-pattern
expect_grep solve-override-played "$T/out" '^🟩🟨⬜🟨🟨: next {skate} / candidates (3) \[stare, skate, state\]$'
expect_grep solve-override-chained "$T/out" '^🟩🟨⬜🟨🟨=>🟩⬜🟩🟨🟩: next {stare} / candidates (1) \[stare\]$'
expect_grep solve-override-policy "$T/out" '^# policy: .*overrides tiny-override.txt'
expect_rc explain-override 0 $HS explain salet state $TINY --overrides "$OV/tiny-override.txt"
expect_grep explain-override-skate "$T/out" '^2. skate 🟩⬜🟩🟩🟩 '
expect_rc solve-override-bad-word 1 $HS solve salet $TINY --overrides "$OV/tiny-override-bad.txt"
expect_grep solve-override-bad-word-line "$T/err" "tiny-override-bad.txt:4: 'scrae' is not an allowed word"
expect_rc solve-override-illegal 1 $HS solve salet $TINY --overrides "$OV/tiny-override-illegal.txt"
expect_grep solve-override-illegal-line "$T/err" "tiny-override-illegal.txt:3: .*'crane'"
expect_rc solve-override-missing 1 $HS solve salet $TINY --overrides "$OV/no-such-file.txt"
expect_grep solve-override-missing-name "$T/err" 'no-such-file.txt'
# A rule whose history never occurs: a warning (exit 0), or an error with --strict-overrides.
expect_rc solve-override-unused 0 $HS solve salet $TINY --overrides "$OV/tiny-override-unused.txt"
expect_grep solve-override-unused-warning "$T/err" 'warning: .*tiny-override-unused.txt:1: '
expect_rc solve-override-unused-strict 1 $HS solve salet $TINY --overrides "$OV/tiny-override-unused.txt" --strict-overrides
expect_grep solve-override-unused-strict-line "$T/err" 'tiny-override-unused.txt:1: '
