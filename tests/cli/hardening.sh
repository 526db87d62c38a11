# Bad input on every path (word lists, --order, --overrides, strategy files, typed patterns, options)
# is rejected with one line naming FILE:LINE (or the option) and a non-zero exit; output files are
# written whole or not at all. Environment: HS, ROOT (see lib.sh.inc).
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
A="$DATA/tiny-answers.txt"
G="$DATA/tiny-guesses.txt"
L="--answers $A --guesses $G"

# expect_error NAME RC REGEX CMD... : exit RC, and exactly one "hardsix" line on stderr, which matches
# REGEX (usage errors add one "(try 'hardsix CMD --help')" line).
expect_error() {
  name=$1 want=$2 re=$3; shift 3
  "$@" >"$T/out" 2>"$T/err"
  got=$?
  n=$(grep -c '^hardsix' "$T/err")
  if [ "$got" != "$want" ]; then
    fail "$name" "exit $got, expected $want: $*" "$(head -c 600 "$T/err")"
  elif [ "$n" != 1 ] || ! grep -q -- "$re" "$T/err"; then
    fail "$name" "expected one line matching '$re', got:" "$(head -c 600 "$T/err")"
  else
    ok "$name"
  fi
}
# seconds_since T0 : wall seconds (integer) since T0 = $(date +%s).
seconds_since() { echo $(( $(date +%s) - $1 )); }

W="$T/w"
mkdir -p "$W"
: >"$W/empty.txt"
printf '# only a comment\n\n' >"$W/comments.txt"
printf 'shade\nshake\nSHAME\n' >"$W/upper.txt"
printf 'shade\ncafé\n' >"$W/nonascii.txt"
printf 'shade\n\377\376abc\n' >"$W/latin1.txt"
printf 'shade\nshak\n' >"$W/four.txt"
printf 'shade\nshakes\n' >"$W/six.txt"
printf 'shade\nshake\nshade\n' >"$W/dup.txt"
printf 'howls\nsalet\nshade\n' >"$W/overlap.txt"
printf 'shade\n\000hake\n' >"$W/nul.txt"
sed 's/$/\r/' "$A" >"$W/answers-crlf.txt"
sed 's/$/\r/' "$G" >"$W/guesses-crlf.txt"
{ printf '\357\273\277'; cat "$A"; } >"$W/answers-bom.txt"
# A 100 MB file, made here (never committed).
yes shade | head -c 100000000 >"$W/big.txt"

# --- word lists ---
expect_error words-empty 1 "^hardsix: $W/empty.txt:1: no words" $HS solve shade --answers "$W/empty.txt" --guesses "$G"
# An empty guesses file is no guesses: every allowed word can be the answer.
expect_rc words-empty-guesses 0 $HS solve shade --answers "$A" --guesses "$W/empty.txt"
expect_error words-comments-only 1 "^hardsix: $W/comments.txt:1: no words" $HS solve shade --answers "$W/comments.txt" --guesses "$G"
expect_error words-upper 1 "^hardsix: $W/upper.txt:3: 'SHAME' is .*upper-case letters are not accepted" \
  $HS solve shade --answers "$W/upper.txt" --guesses "$G"
expect_error words-non-ascii 1 "^hardsix: $W/nonascii.txt:2: 'café' has 4 letters; the answers have exactly 5 ($W/nonascii.txt:1: 'shade')" \
  $HS solve shade --answers "$W/nonascii.txt" --guesses "$G"
expect_error words-invalid-utf8 1 "^hardsix: $W/latin1.txt:2: " $HS solve shade --answers "$W/latin1.txt" --guesses "$G"
if iconv -f UTF-8 -t UTF-8 "$T/err" >/dev/null 2>&1; then ok words-invalid-utf8-message-is-utf8; else fail words-invalid-utf8-message-is-utf8; fi
expect_error words-four-letters 1 "^hardsix: $W/four.txt:2: 'shak' has 4 letters; the answers have exactly 5" $HS solve shade --answers "$W/four.txt" --guesses "$G"
expect_error words-six-letters 1 "^hardsix: $W/six.txt:2: 'shakes' has 6 letters; the answers have exactly 5" $HS solve shade --answers "$W/six.txt" --guesses "$G"
expect_error words-duplicate 1 "^hardsix: $W/dup.txt:3: duplicate word 'shade' (first on line 1)" \
  $HS solve shade --answers "$W/dup.txt" --guesses "$G"
expect_error words-duplicate-guesses 1 "^hardsix: $W/dup.txt:3: duplicate word 'shade'" $HS solve shade --answers "$A" --guesses "$W/dup.txt"
expect_error words-answer-in-guesses 1 "^hardsix: $W/overlap.txt:3: 'shade' is also an answer ($A:1)" \
  $HS solve shade --answers "$A" --guesses "$W/overlap.txt"
expect_error words-nul-byte 1 "^hardsix: $W/nul.txt:2: binary file" $HS solve shade --answers "$W/nul.txt" --guesses "$G"
t0=$(date +%s)
expect_error words-100mb 1 "^hardsix: $W/big.txt: file is larger than 64 MiB" $HS solve shade --answers "$W/big.txt" --guesses "$G"
s=$(seconds_since "$t0"); [ "$s" -le 2 ] && ok words-100mb-quick || fail words-100mb-quick "took $s s"
expect_error words-directory 1 "^hardsix: $W: is a directory" $HS solve shade --answers "$W" --guesses "$G"
expect_error words-missing-file 1 "^hardsix: $W/nope.txt: No such file" $HS solve shade --answers "$W/nope.txt" --guesses "$G"
# CRLF and a byte-order mark are accepted, with the same result as the plain files.
$HS solve shade $L --format per-word >"$T/plain" 2>/dev/null
expect_rc words-crlf 0 $HS solve shade --answers "$W/answers-crlf.txt" --guesses "$W/guesses-crlf.txt" --format per-word
sed 's/answers-crlf/answers/' "$T/out" | grep -v '^#' >"$T/a"; grep -v '^#' "$T/plain" >"$T/b"
expect_same words-crlf-same "$T/b" "$T/a"
expect_rc words-bom 0 $HS solve shade --answers "$W/answers-bom.txt" --guesses "$G" --format per-word
grep -v '^#' "$T/out" >"$T/a"
expect_same words-bom-same "$T/b" "$T/a"

# --- --order files ---
sort -r "$A" | sed 's/$/\r/' >"$W/order-crlf.txt"
head -n 5 "$A" >"$W/order-short.txt"
{ cat "$A"; echo shade; } >"$W/order-dup.txt"
{ head -n 3 "$A"; echo kempt; } >"$W/order-guess.txt"
{ head -n 2 "$A"; echo SHAKE; } >"$W/order-upper.txt"
expect_error order-empty 1 "^hardsix: $W/empty.txt:1: no answers" $HS solve shade $L --order "$W/empty.txt"
expect_rc order-crlf 0 $HS solve shade $L --order "$W/order-crlf.txt"
expect_error order-missing 1 "^hardsix: $W/order-short.txt:5: the file ends after 5 of the 20 answers ('share' is missing)" \
  $HS solve shade $L --order "$W/order-short.txt"
expect_error order-duplicate 1 "^hardsix: $W/order-dup.txt:21: 'shade' listed twice (first on line 1)" \
  $HS solve shade $L --order "$W/order-dup.txt"
expect_error order-guess 1 "^hardsix: $W/order-guess.txt:4: 'kempt' is not an answer" $HS solve shade $L --order "$W/order-guess.txt"
expect_error order-upper 1 "^hardsix: $W/order-upper.txt:3: 'SHAKE' is .*upper-case" $HS solve shade $L --order "$W/order-upper.txt"
expect_error order-non-ascii 1 "^hardsix: $W/nonascii.txt:2: 'café'" $HS solve shade $L --order "$W/nonascii.txt"
expect_error order-100mb 1 "^hardsix: $W/big.txt: file is larger than 64 MiB" $HS solve shade $L --order "$W/big.txt"

# --- override files (opener kempt on the tiny lists: kempt against shade is ⬜🟨⬜⬜⬜) ---
O="$T/o"
mkdir -p "$O"
printf 'kempt BYBBB shade\n' >"$O/good.txt"
printf '# after kempt\r\nkempt \342\254\234\360\237\237\250\342\254\234\342\254\234\342\254\234 shade\r\n' >"$O/crlf.txt"
printf 'kempt BYBB shade\n' >"$O/four-tiles.txt"
printf '# x\n\nkempt BYBXB shade\n' >"$O/symbol.txt"
printf 'kempt BYBBB howls\n' >"$O/breaks-hard.txt"
printf 'kempt BYBBB shadx\n' >"$O/not-word.txt"
printf 'kempt BYBBB SHADE\n' >"$O/upper.txt"
printf 'kempt BYBBB café\n' >"$O/non-ascii.txt"
printf 'kempt GGGGB shade\n' >"$O/never.txt"
printf 'salet GYBYB shade\n' >"$O/unused.txt"
printf 'kempt BYBBB shade\nkempt 01000 crate\n' >"$O/twice.txt"
printf 'kempt BYBBB\n' >"$O/fields.txt"
expect_rc overrides-good 0 $HS solve kempt $L --overrides "$O/good.txt"
expect_rc overrides-crlf 0 $HS solve kempt $L --overrides "$O/crlf.txt"
expect_rc overrides-comments-only 0 $HS solve kempt $L --overrides "$W/comments.txt"
expect_error overrides-empty 1 "^hardsix: $W/empty.txt:1: empty file" $HS solve kempt $L --overrides "$W/empty.txt"
# A file holding only a byte-order mark (and blank lines) is as empty as an empty one (issue 28, item 3).
printf '\357\273\277' >"$O/bom-only.txt"
expect_error overrides-bom-only 1 "^hardsix: $O/bom-only.txt:1: empty file" $HS solve kempt $L --overrides "$O/bom-only.txt"
printf '\357\273\277\r\n\n' >"$O/bom-blank.txt"
expect_error overrides-bom-blank 1 "^hardsix: $O/bom-blank.txt:1: empty file" $HS solve kempt $L --overrides "$O/bom-blank.txt"
{ printf '\357\273\277'; cat "$O/good.txt"; } >"$O/bom-good.txt"
expect_rc overrides-bom-rule 0 $HS solve kempt $L --overrides "$O/bom-good.txt" --strict-overrides
expect_error overrides-four-tiles 1 "^hardsix: $O/four-tiles.txt:1: 'BYBB' is not a pattern: 4 tiles" \
  $HS solve kempt $L --overrides "$O/four-tiles.txt"
expect_error overrides-wrong-symbol 1 "^hardsix: $O/symbol.txt:3: 'BYBXB' is not a pattern: unexpected symbol" \
  $HS solve kempt $L --overrides "$O/symbol.txt"
expect_error overrides-breaks-hard-mode 1 "^hardsix: $O/breaks-hard.txt:1: forced guess 'howls' breaks the nyt hard-mode rules" \
  $HS solve kempt $L --overrides "$O/breaks-hard.txt"
expect_error overrides-breaks-strict 1 "^hardsix: $O/breaks-hard.txt:1: forced guess 'howls' breaks the strict" \
  $HS solve kempt $L --rules strict --overrides "$O/breaks-hard.txt"
expect_error overrides-not-a-word 1 "^hardsix: $O/not-word.txt:1: 'shadx' is not an allowed word" \
  $HS solve kempt $L --overrides "$O/not-word.txt"
expect_error overrides-upper 1 "^hardsix: $O/upper.txt:1: 'SHADE' is not an allowed word (upper-case" \
  $HS solve kempt $L --overrides "$O/upper.txt"
expect_error overrides-non-ascii 1 "^hardsix: $O/non-ascii.txt:1: 'café' is not an allowed word" \
  $HS solve kempt $L --overrides "$O/non-ascii.txt"
expect_error overrides-history-never-occurs 1 "^hardsix: $O/never.txt:1: this history never occurs" \
  $HS solve kempt $L --overrides "$O/never.txt"
expect_error overrides-same-history-twice 1 "^hardsix: $O/twice.txt:2: a rule for the same history is on line 1" \
  $HS solve kempt $L --overrides "$O/twice.txt"
expect_error overrides-fields 1 "^hardsix: $O/fields.txt:1: expected 'GUESS PATTERN" $HS solve kempt $L --overrides "$O/fields.txt"
expect_error overrides-100mb 1 "^hardsix: $W/big.txt: file is larger than 64 MiB" $HS solve kempt $L --overrides "$W/big.txt"
# A history that can occur but not in this tree: a warning naming file:line, an error with --strict-overrides.
expect_error overrides-unused-warns 0 "^hardsix: warning: $O/unused.txt:1: rule never used" \
  $HS solve kempt $L --overrides "$O/unused.txt"
expect_error overrides-unused-strict 1 "^hardsix: $O/unused.txt:1: rule never used" \
  $HS solve kempt $L --overrides "$O/unused.txt" --strict-overrides

# --- strategy files (verify; sheet and next read them the same way) ---
V="$DATA/verify"
S="$T/s"
mkdir -p "$S"
for f in good.per-word.txt good.by-pattern.txt good.json; do
  sed 's/$/\r/' "$V/$f" >"$S/crlf-$f"
  expect_rc "verify-crlf-$f" 0 $HS verify "$S/crlf-$f" $L
done
sed 's/^shake:/SHAKE:/' "$V/good.per-word.txt" >"$S/upper.per-word.txt"
sed 's/\[shame\]/[SHAME]/' "$V/good.per-word.txt" >"$S/upper-guess.per-word.txt"
sed 's/^shake: \[kempt\]/shake: [kémpt]/' "$V/good.per-word.txt" >"$S/non-ascii.per-word.txt"
# A path of 70 guesses: longer than any strategy may be.
{ grep -v '^shake:' "$V/good.per-word.txt"
  printf 'shake:'; i=0; while [ $i -lt 69 ]; do printf ' [kempt] => BYBBB /'; i=$((i + 1)); done
  printf ' [shake] => GGGGG /\n'; } >"$S/seventy.per-word.txt"
printf '# opener: kempt\n' >"$S/deep.by-pattern.txt"
awk 'BEGIN { for (i = 0; i < 70; i++) printf "%s00000", (i ? "=>" : ""); print ": next {shade} / candidates (1) [shade]" }' \
  >>"$S/deep.by-pattern.txt"
# A key of 100,000 patterns (0.7 MB): rejected at once, not after a quadratic walk.
{ printf '# opener: kempt\n'; awk 'BEGIN { for (i = 0; i < 100000; i++) printf "%s00000", (i ? "=>" : ""); print ": next {shade} / candidates (1) [shade]" }'; } \
  >"$S/deeper.by-pattern.txt"
line=$(grep -n '^SHAKE:' "$S/upper.per-word.txt" | cut -d: -f1)
expect_rc verify-upper 1 $HS verify "$S/upper.per-word.txt" $L
expect_grep verify-upper-line "$T/err" "^$S/upper.per-word.txt:$line: 'SHAKE' is not an allowed word (upper-case letters are not accepted)"
line=$(grep -n 'SHAME' "$S/upper-guess.per-word.txt" | head -n 1 | cut -d: -f1)
expect_rc verify-upper-guess 1 $HS verify "$S/upper-guess.per-word.txt" $L
expect_grep verify-upper-guess-line "$T/err" "^$S/upper-guess.per-word.txt:$line: 'SHAME' is not an allowed word (upper-case"
line=$(grep -n 'kémpt' "$S/non-ascii.per-word.txt" | cut -d: -f1)
expect_rc verify-non-ascii 1 $HS verify "$S/non-ascii.per-word.txt" $L
expect_grep verify-non-ascii-line "$T/err" "^$S/non-ascii.per-word.txt:$line: 'kémpt' is not an allowed word"
line=$(grep -n '^shake:' "$S/seventy.per-word.txt" | cut -d: -f1)
expect_rc verify-70-guesses 1 $HS verify "$S/seventy.per-word.txt" $L
expect_grep verify-70-guesses-line "$T/err" "^$S/seventy.per-word.txt:$line: 'shake' takes more than 64 guesses"
expect_error verify-deep-key 1 "^hardsix: $S/deep.by-pattern.txt:2: the key has more than 64 patterns" $HS verify "$S/deep.by-pattern.txt" $L
t0=$(date +%s)
expect_error verify-deeper-key 1 "^hardsix: $S/deeper.by-pattern.txt:2: the key has more than 64 patterns" \
  $HS verify "$S/deeper.by-pattern.txt" $L
s=$(seconds_since "$t0"); [ "$s" -le 2 ] && ok verify-deeper-key-quick || fail verify-deeper-key-quick "took $s s"
# The issue's per-word cases: an unknown guess, a missing answer, a path of 40 guesses.
expect_rc verify-unknown-guess 1 $HS verify "$V/unknown.per-word.txt" $L
expect_grep verify-unknown-guess-line "$T/err" "^$V/unknown.per-word.txt:6: 'kempx' is not an allowed word"
expect_rc verify-missing-answer 1 $HS verify "$V/missing.per-word.txt" $L
expect_grep verify-missing-answer-named "$T/err" "^$V/missing.per-word.txt: 'state' is missing"
expect_rc verify-40-guesses 1 $HS verify "$V/long.per-word.txt" $L
expect_grep verify-40-guesses-line "$T/err" "^$V/long.per-word.txt:7: 'shake' needs 40 guesses (more than 6)"
expect_error verify-empty 1 "^hardsix: $W/empty.txt:1: empty file" $HS verify "$W/empty.txt" $L
expect_error verify-nul 1 "^hardsix: $W/nul.txt:2: binary file" $HS verify "$W/nul.txt" $L
t0=$(date +%s)
expect_error verify-100mb 1 "^hardsix: $W/big.txt: file is larger than 64 MiB" $HS verify "$W/big.txt" $L
expect_error verify-100mb-stdin 1 "^hardsix: <stdin>: file is larger than 64 MiB" sh -c "\"$HS\" verify - $L < \"$W/big.txt\""
s=$(seconds_since "$t0"); [ "$s" -le 4 ] && ok verify-100mb-quick || fail verify-100mb-quick "took $s s"
head -c 700 "$V/good.json" >"$S/cut.json"
expect_error verify-truncated-json 1 "^hardsix: $S/cut.json:[0-9]*: " $HS verify "$S/cut.json" $L

# 'next' and 'sheet' read strategy files through the same verifier.
if $HS next --help >/dev/null 2>&1; then
  expect_error next-truncated 1 "^hardsix: $V/truncated.per-word.txt:12: " $HS next "$V/truncated.per-word.txt" $L
  expect_rc next-crlf 0 $HS next "$S/crlf-good.per-word.txt" $L kempt BYBBB
  expect_error next-pattern-four-tiles 2 "^hardsix next: 'BYBB' is not a pattern: 4 tiles" $HS next "$V/good.per-word.txt" $L kempt BYBB
  expect_error next-pattern-symbol 2 "^hardsix next: 'BYBXB' is not a pattern: unexpected symbol" \
    $HS next "$V/good.per-word.txt" $L kempt BYBXB
  expect_error next-100mb 1 "^hardsix: $W/big.txt: file is larger than 64 MiB" $HS next "$W/big.txt" $L
else
  skip "next-inputs: this build has no next command"
fi
if $HS sheet --help >/dev/null 2>&1; then
  expect_error sheet-truncated 1 "^hardsix: $V/truncated.json:34: " $HS sheet "$V/truncated.json" $L
  expect_error sheet-empty 1 "^hardsix: $W/empty.txt:1: " $HS sheet "$W/empty.txt" $L
  expect_error sheet-output-missing-dir 1 "^hardsix: $T/nodir/s.html: " $HS sheet "$V/good.json" $L -o "$T/nodir/s.html"
else
  skip "sheet-inputs: this build has no sheet command"
fi

# --- typed words and patterns ---
expect_error feedback-longer-guess 2 "^hardsix feedback: 'cranes' has 6 letters, more than the answer 'would' (5)" $HS feedback cranes would
expect_error feedback-upper 2 "^hardsix feedback: 'CRANE' is not a word: upper-case letters are not accepted" $HS feedback CRANE would
printf 'crane would\r\ncrane\n' >"$T/fb.txt"
expect_error feedback-stdin-line 1 "^hardsix: <stdin>:2: expected 'GUESS ANSWER'" sh -c "\"$HS\" feedback < \"$T/fb.txt\""
# A line longer than any buffer is one line, not several.
{ printf 'crane would\n'; printf '%0300d crane would\n' 0; } >"$T/fb-long.txt"
expect_error feedback-stdin-long-line 1 "^hardsix: <stdin>:2: expected" sh -c "\"$HS\" feedback < \"$T/fb-long.txt\""
expect_error opener-upper 2 "^hardsix solve: opener 'SHADE' is not an allowed word (upper-case" $HS solve SHADE $L
expect_error explain-answer-upper 2 "^hardsix explain: answer 'SHADE' is not an allowed word (upper-case" $HS explain kempt SHADE $L
expect_error opener-unknown 2 "^hardsix solve: opener 'zzzzz' is not an allowed word" $HS solve zzzzz $L
printf 'salet\nShade\n' >"$T/openers.txt"
expect_error sweep-openers-upper 1 "^hardsix: $T/openers.txt:2: 'Shade' is not an allowed word (upper-case" \
  $HS sweep $L --openers "$T/openers.txt"

# --- options ---
for v in 0 64 -1 abc 6x; do
  expect_error "option-max-guesses-$v" 2 "^hardsix solve: --max-guesses: '$v' is not a number from 1 to 63" $HS solve shade $L --max-guesses "$v"
done
for v in 0 -2 x; do
  expect_error "option-threads-$v" 2 "^hardsix sweep: --threads: '$v' is not a number" $HS sweep $L --threads "$v"
done
expect_error option-rules 2 "^hardsix solve: --rules: unknown rules 'loose'" $HS solve shade $L --rules loose
expect_error option-pool 2 "^hardsix solve: --pool: unknown pool" $HS solve shade $L --pool all
expect_error option-metric 2 "^hardsix solve: --metric: unknown metric" $HS solve shade $L --metric best
expect_error option-preset 2 "^hardsix solve: --preset: unknown preset" $HS solve shade $L --preset x
expect_error option-lists 2 "^hardsix solve: unknown word-list set 'nyt2024' (expected 'original', 'nyt2022', 'nyt2023', 'pokemon-dp', " $HS solve shade --lists nyt2024
expect_error option-format 2 "^hardsix solve: --format: unknown format 'xml'" $HS solve shade $L --format xml
expect_error option-style 2 "^hardsix feedback: --style: unknown pattern style" $HS feedback --style fancy crane would
expect_error option-shard 2 "^hardsix sweep: --shard: '0/3' is not K/N" $HS sweep $L --shard 0/3
expect_error option-guesses-alone 2 "^hardsix solve: --guesses goes with --answers" $HS solve shade --guesses "$A"
expect_error option-unknown 2 "^hardsix solve: Unknown option --bogus" $HS solve shade $L --bogus
expect_error option-missing-value 2 "^hardsix solve: Missing argument for --rules" $HS solve shade $L --rules

# --- output files: whole or not at all ---
printf 'x\n' >"$T/file"
expect_error solve-output-missing-parent 1 "^hardsix: $T/nodir/out: parent directory $T/nodir does not exist" \
  $HS solve shade $L -o "$T/nodir/out"
expect_error solve-output-under-file 1 "^hardsix: $T/file/out: parent $T/file is not a directory" $HS solve shade $L -o "$T/file/out"
expect_error solve-output-is-file 1 "^hardsix: $T/file: exists and is not a directory" $HS solve shade $L -o "$T/file"
expect_rc solve-output 0 $HS solve shade $L -o "$T/solved"
n=$(ls "$T/solved" | wc -l); [ "$n" = 5 ] && ok solve-output-five-files || fail solve-output-five-files "$(ls "$T/solved")"
ls "$T/solved" | grep -q tmp && fail solve-output-no-temporary "$(ls "$T/solved")" || ok solve-output-no-temporary
t0=$(date +%s)
expect_error sweep-output-missing-dir 1 "^hardsix: $T/nodir/out.tsv: $T/nodir does not exist" $HS sweep -o "$T/nodir/out.tsv"
expect_error sweep-output-under-file 1 "^hardsix: $T/file/out.tsv: $T/file is not a directory" $HS sweep -o "$T/file/out.tsv"
expect_error sweep-output-is-dir 1 "^hardsix: $T: is a directory" $HS sweep -o "$T"
s=$(seconds_since "$t0"); [ "$s" -le 2 ] && ok sweep-output-checked-first || fail sweep-output-checked-first "took $s s"
$HS sweep $L --openers answers --shard 1/1 -o "$T/m.tsv" 2>/dev/null
expect_error merge-output-missing-dir 1 "^hardsix: $T/nodir/m.tsv: " $HS merge $L -o "$T/nodir/m.tsv" "$T/m.tsv"
# Data on a stdout that cannot be written (a full disk): every command says so and exits 1.
if [ -c /dev/full ]; then
  full() { "$@" >/dev/full; }
  V="$DATA/verify"
  for c in "feedback crane would" "solve shade $L --format json" "explain kempt shade $L" "verify $V/good.json $L" \
    "next $V/good.json $L" "sheet $V/good.json $L" "sweep $L --openers answers" "merge $L $T/m.tsv" \
    "prove --all $L --max-guesses 4 --openers answers" "robust kempt $L --shuffles 1 --no-variants" "repair shade $L"; do
    # shellcheck disable=SC2086
    expect_error "stdout-full-${c%% *}" 1 "^hardsix: cannot write to stdout" full $HS $c
  done
  printf 'crane would\n' >"$T/fb.txt"
  expect_error stdout-full-feedback-stdin 1 "^hardsix: cannot write to stdout" sh -c "\"$HS\" feedback <\"$T/fb.txt\" >/dev/full"
else
  skip "stdout-full: no /dev/full on this system"
fi
if [ "$(id -u)" = 0 ]; then
  # Permission bits do not stop root; the cases above (missing directory, a file in the way) cover it.
  skip "sweep-output-read-only-dir: running as root, for whom a read-only directory is writable"
else
  mkdir "$T/ro" && chmod 555 "$T/ro"
  expect_error sweep-output-read-only-dir 1 "^hardsix: $T/ro/out.tsv: cannot write in $T/ro" $HS sweep $L -o "$T/ro/out.tsv"
  chmod 755 "$T/ro"
fi

# SIGINT during a sweep (default policy, all 12,972 openers: tens of seconds) leaves no file, and an
# older file of the same name untouched; the sweep then ends by the signal (exit status 130).
# sigint_caught PID: the process is hardsix (not the shell between fork and exec, whose dispositions
# are the script's) and catches SIGINT (signal 2: bit 1 of SigCgt in /proc/PID/status). A background
# job of a non-interactive shell starts with SIGINT ignored, and hardsix keeps it so (as nohup keeps
# SIGHUP): env --default-signal gives it the default disposition of a foreground command.
sigint_caught() {
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q ' sweep ' || return 1
  m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
  [ -n "$m" ] && [ $(( 0x$(printf %s "$m" | tail -c 1) & 2 )) != 0 ]
}
if [ -f "$ROOT/data/original/answers.txt" ] && [ -d /proc/self ] && env --default-signal=INT true 2>/dev/null; then
  printf 'old\n' >"$T/kept.tsv"
  for out in "$T/int.tsv" "$T/kept.tsv"; do
    tag=$(basename "$out" .tsv)
    env --default-signal=INT $HS sweep --threads 2 -o "$out" >/dev/null 2>"$T/err" &
    pid=$!
    i=0
    while [ $i -lt 600 ] && ! sigint_caught $pid; do sleep 0.1; i=$((i + 1)); done
    sleep 1
    kill -INT $pid
    # It must stop soon after; a sweep that goes on is killed rather than waited for.
    i=0
    while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null && [ "$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$pid/status" 2>/dev/null)" != Z ]; do
      sleep 0.1; i=$((i + 1))
    done
    [ $i -lt 600 ] || { kill -KILL $pid; fail "sweep-sigint-$tag-stops" "still running 60 s after SIGINT"; }
    wait $pid
    rc=$?
    [ $rc = 130 ] && ok "sweep-sigint-$tag-exit" || fail "sweep-sigint-$tag-exit" "exit $rc after SIGINT, expected 130"
    expect_grep "sweep-sigint-$tag-message" "$T/err" "^hardsix: sweep interrupted; nothing written"
    left=$(ls "$T" | grep "^$tag\.tsv\.tmp\." || true)
    [ -z "$left" ] && ok "sweep-sigint-$tag-no-temporary" || fail "sweep-sigint-$tag-no-temporary" "$left"
  done
  [ ! -e "$T/int.tsv" ] && ok sweep-sigint-no-output || fail sweep-sigint-no-output "$T/int.tsv exists"
  [ "$(cat "$T/kept.tsv")" = old ] && ok sweep-sigint-old-file-kept || fail sweep-sigint-old-file-kept
else
  skip "sweep-sigint: needs data/original, /proc and env --default-signal (coreutils 8.31)"
fi
exit 0
