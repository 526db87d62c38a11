# CLI tests for 'hardsix verify' on the strategies in tests/data/verify/ (opener kempt on the tiny lists, in
# every format), the engine's outputs, and the trees published with Selby's solver (data/reference/selby/).
# Environment: HS (the hardsix binary), ROOT (the repository). Prints "ok NAME" / "FAIL NAME" / "skip NAME".
. "$ROOT/tests/cli/lib.sh.inc"

V="$DATA/verify"
LISTS="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
cd "$V" || { fail verify-data "no $V"; exit 0; }

# expect_bad NAME FILE LINE-PREFIX [OPTIONS...]: exit 1, the problem names FILE:LINE, and the verdict line.
expect_bad() {
  name=$1 file=$2 where=$3; shift 3
  expect_rc "$name" 1 "$HS" verify "$file" $LISTS "$@"
  expect_grep "$name-names-line" "$T/err" "^$where: "
  expect_grep "$name-verdict" "$T/err" "^$file: NOT verified ([0-9]* problems*)\$"
  if [ -s "$T/out" ]; then fail "$name-stdout-empty" "$(head -c 300 "$T/out")"; else ok "$name-stdout-empty"; fi
}

# --- accepted (the outlines have no header: the lists are given) ---
for f in good.per-word.txt good.by-pattern.txt good.json good.tree.txt good.selby.tree; do
  expect_rc "good-$f" 0 "$HS" verify "$f" $LISTS
  expect_grep "good-$f-summary" "$T/out" "^$f: verified: 20 answers, all within 4 guesses, average 2.8000 (hard mode: rules nyt, .*)\$"
  expect_grep "good-$f-histogram" "$T/out" "^4 guesses: 4\$"
  expect_rc "good-$f-strict" 0 "$HS" verify "$f" $LISTS --rules strict --max-guesses 4
done
expect_rc stdin 0 sh -c "\"$HS\" verify - $LISTS < good.json"
expect_grep stdin-name "$T/out" "^<stdin>: verified: 20 answers"

# The success line names the rules checked and who chose them (issue 28, item 4).
expect_rc rules-named-file 0 "$HS" verify normal.per-word.txt $LISTS
expect_grep rules-named-file-line "$T/out" "^normal.per-word.txt: verified: .* (normal mode: rules none, as the file states)\$"
expect_rc rules-named-option 0 "$HS" verify good.per-word.txt $LISTS --rules strict
expect_grep rules-named-option-line "$T/out" "^good.per-word.txt: verified: .* (hard mode: rules strict, from --rules)\$"
expect_rc rules-named-default 0 "$HS" verify good.tree.txt $LISTS
expect_grep rules-named-default-line "$T/out" "(hard mode: rules nyt, the default; the file states none)\$"

# A '# status:' line that lies is caught in every text format, as the by-pattern summary is.
for f in per-word by-pattern selby; do
  "$HS" solve kempt $LISTS --format $f 2>/dev/null |
    sed 's|^# status: .*|# status: verified: 20 answers, all within 3 guesses, average 2.0000 (40/20)|' >"$T/lie.$f"
  expect_rc "status-lie-$f" 1 "$HS" verify "$T/lie.$f" $LISTS
  expect_grep "status-lie-$f-within" "$T/err" "^$T/lie.$f:7: the status says all within 3 guesses, but the strategy needs 4\$"
  expect_grep "status-lie-$f-average" "$T/err" "^$T/lie.$f:7: the average is 2.0000, but the strategy gives 2.8000\$"
done
"$HS" solve kempt $LISTS --format per-word 2>/dev/null >"$T/true.per-word"
expect_rc status-true 0 "$HS" verify "$T/true.per-word" $LISTS

# --- rejected, each naming file:line ---
expect_bad wrong-pattern bad-pattern.per-word.txt "bad-pattern.per-word.txt:6"
expect_grep wrong-pattern-text "$T/err" "'kempt' against 'shade' gives ⬜🟨⬜⬜⬜, not ⬜🟨⬜⬜🟨"
expect_bad hard-nyt bad-nyt.per-word.txt "bad-nyt.per-word.txt:7"
expect_grep hard-nyt-text "$T/err" "'howls' breaks hard mode (nyt) after kempt 🟨🟨⬜⬜⬜: it must contain 'k'"
# The file's '# rules: strict' header is used when --rules is not given.
expect_bad hard-strict bad-strict.per-word.txt "bad-strict.per-word.txt:7"
expect_grep hard-strict-text "$T/err" "'skate' breaks hard mode (strict)"
expect_rc hard-strict-under-nyt 0 "$HS" verify bad-strict.per-word.txt $LISTS --rules nyt
expect_bad two-guesses bad-history.per-word.txt "bad-history.per-word.txt:16"
expect_grep two-guesses-text "$T/err" "after kempt ⬜🟨⬜⬜⬜ the guess is 'crane' here but 'shade' on line 6"
expect_rc missing 1 "$HS" verify missing.per-word.txt $LISTS
expect_grep missing-text "$T/err" "^missing.per-word.txt: 'state' is missing\$"
expect_bad twice twice.per-word.txt "twice.per-word.txt:26"
expect_grep twice-text "$T/err" "'shade' is listed twice (first on line 6)"
expect_bad unknown unknown.per-word.txt "unknown.per-word.txt:6"
expect_grep unknown-text "$T/err" "'kempx' is not an allowed word"
expect_bad long-path long.per-word.txt "long.per-word.txt:7"
expect_grep long-path-text "$T/err" "'shake' needs 40 guesses (more than 6)"
expect_bad over-cap good.per-word.txt "good.per-word.txt:11" --max-guesses 3
expect_grep over-cap-count "$T/err" "NOT verified (4 problems)"
expect_bad by-pattern-candidates bad-candidates.by-pattern.txt "bad-candidates.by-pattern.txt:12"
expect_grep by-pattern-candidates-text "$T/err" "listed but not reaching it: slate; reaching it but not listed: sauce"
expect_bad json-hard bad-nyt.json "bad-nyt.json:37"
# The outlines, each made wrong by one edit.
sed 's/^├─ ⬜🟨⬜🟨⬜ spare ✓$/&\n&/' good.tree.txt >"$T/dup.tree.txt"
expect_rc tree-dup 1 "$HS" verify "$T/dup.tree.txt" $LISTS
expect_grep tree-dup-text "$T/err" "^$T/dup.tree.txt:17: a second line for ⬜🟨⬜🟨⬜ (first on line 16)\$"
sed '3s/^│  ├─/   ├─/' good.tree.txt >"$T/bar.tree.txt"
expect_rc tree-bar 1 "$HS" verify "$T/bar.tree.txt" $LISTS
expect_grep tree-bar-text "$T/err" "^hardsix: $T/bar.tree.txt:3: bad indentation: column 1 should be '│'"
sed '15s/shape/shake/' good.selby.tree >"$T/bad.selby.tree"
expect_rc selby-edit 1 "$HS" verify "$T/bad.selby.tree" $LISTS
expect_grep selby-edit-pattern-text "$T/err" "^$T/bad.selby.tree:15: 'kempt' against 'shake' gives YYBBB, not BYBGB\$"
expect_grep selby-edit-missing "$T/err" "^$T/bad.selby.tree: 'shape' is missing\$"

# --- unparseable: "hardsix: FILE:LINE: message", exit 1 ---
for c in "truncated.per-word.txt:12" "truncated.by-pattern.txt:13" "truncated.json:34" "garbage.txt:1" "empty.txt:1"; do
  f=${c%%:*}
  expect_rc "parse-$f" 1 "$HS" verify "$f" $LISTS
  expect_grep "parse-$f-message" "$T/err" "^hardsix: $c: "
done
expect_rc no-such-file 1 "$HS" verify no-such-file.txt $LISTS
expect_grep no-such-file-message "$T/err" "^hardsix: no-such-file.txt: "

# --- usage errors: exit 2 ---
expect_rc usage-no-file 2 "$HS" verify $LISTS
expect_rc usage-two-files 2 "$HS" verify good.json good.json $LISTS
expect_rc usage-bad-rules 2 "$HS" verify good.json $LISTS --rules loose
expect_rc usage-bad-cap 2 "$HS" verify good.json $LISTS --max-guesses 1000
expect_rc usage-guesses-alone 2 "$HS" verify good.json --guesses "$DATA/tiny-guesses.txt"
# An unknown list set is a bad option value, as for every command.
expect_rc usage-unknown-lists 2 "$HS" verify good.json --lists nope
expect_grep usage-unknown-lists-msg "$T/err" "^hardsix verify: unknown word-list set 'nope'"
expect_rc usage-bad-option 2 "$HS" verify good.json --bogus
# A file for lists that are no built-in set, verified without --answers/--guesses, says so.
if [ -f "$ROOT/data/original/answers.txt" ]; then
  expect_rc lists-note 1 "$HS" verify good.json
  expect_grep lists-note-text "$T/err" "names the word lists 'tiny'"
else
  skip "lists-note: data/original is not there"
fi
expect_rc help 0 "$HS" verify --help
expect_grep help-exit-codes "$T/out" "Exit status"

# --- strategies written by the engine's writers (tests/data/format) verify too ---
F="$DATA/format"
if [ -f "$F/howls.per-word.txt" ] && [ -f "$F/answers.txt" ]; then
  for f in howls.per-word.txt howls.by-pattern.txt howls.json howls.tree.txt shade.per-word.txt shade.by-pattern.txt \
    shade.json shade.tree.txt; do
    if [ -f "$F/$f" ]; then
      expect_rc "engine-$f" 0 "$HS" verify "$F/$f" --answers "$F/answers.txt" --guesses "$F/guesses.txt"
    else
      skip "engine-$f: $F/$f is not there"
    fi
  done
else
  skip "engine-written-files: the engine-written files are not there"
fi
# A file written on the nyt2023 lists names them in its header, and verify uses them.
$HS solve shade --lists nyt2023 --preset tkihira2022 --format per-word >"$T/n23.txt" 2>/dev/null
expect_grep verify-nyt2023-header "$T/n23.txt" '^# lists: nyt2023$'
expect_rc verify-nyt2023-hint 1 $HS verify "$T/n23.txt"
expect_grep verify-nyt2023-hint-lists "$T/err" "n23.txt:[0-9]*: 'bayed' needs 7 guesses"
# ... and the committed outputs in every format, on the original lists.
if [ -f "$ROOT/data/original/answers.txt" ]; then
  for d in howls howls-tkihira2022; do
    for f in howls.per-word.txt howls.by-pattern.txt howls.json howls.tree.txt; do
      expect_rc "output-$d-$f" 0 "$HS" verify "$ROOT/output/$d/$f"
      sed -n 1p "$T/out" | sed 's/^[^:]*: //; s/ (.*)$//' >"$T/summary-$f"
    done
    expect_same "output-$d-tree-summary" "$T/summary-howls.json" "$T/summary-howls.tree.txt"
  done
else
  skip "output-files: data/original is not there"
fi

# --- the trees published with Selby's exact solver (copied into data/reference/selby/, MIT) ---
S="$REF/selby"
if [ -f "$S/SHA256SUMS" ]; then
  (cd "$S" && sha256sum --quiet -c SHA256SUMS) >"$T/sums" 2>&1 && ok selby-copies-sums || fail selby-copies-sums "$(cat "$T/sums")"
fi
if [ -d "$S" ] && [ -f "$ROOT/data/original/answers.txt" ]; then
  H=salet.hard.origwordlist.tree
  expect_rc selby-salet-hard 0 "$HS" verify "$S/$H"
  expect_grep selby-salet-hard-summary "$T/out" "^$S/$H: verified: 2315 answers, all within 6 guesses, average 3.5084 (hard mode: rules nyt, the default; the file states none)\$"
  expect_grep selby-salet-hard-histogram "$T/out" "^6 guesses: 16\$"
  expect_rc selby-palet-g5 0 "$HS" verify "$S/palet.hard.origwordlist.g5.tree" --max-guesses 5
  expect_grep selby-palet-g5-summary "$T/out" "verified: 2315 answers, all within 5 guesses"
  expect_rc selby-easy-under-hard 1 "$HS" verify "$S/salet.easy.origwords.tree"
  if head -n 1 "$T/err" | grep -q "^$S/salet.easy.origwords.tree:23: 'baggy' breaks hard mode (nyt) after courd BBBYB"; then
    ok selby-easy-first-illegal-guess
  else
    fail selby-easy-first-illegal-guess "$(head -n 1 "$T/err")"
  fi
  expect_rc selby-salet-cap-5 1 "$HS" verify "$S/$H" --max-guesses 5
  expect_grep selby-salet-cap-5-first "$T/err" "^$S/$H:261: 'kitty' needs 6 guesses (more than 5)\$"
  expect_grep selby-salet-cap-5-count "$T/err" "NOT verified (16 problems)"
  sed '2s/^ /  /' "$S/$H" >"$T/$H"
  expect_rc selby-indent-shift 1 "$HS" verify "$T/$H"
  expect_grep selby-indent-shift-text "$T/err" "^hardsix: $T/$H:2: bad indentation: 33 spaces"
  # Read wherever strategy files are read: a sheet and the next guess from the published tree.
  expect_rc selby-sheet 0 "$HS" sheet "$S/$H" --format markdown
  expect_grep selby-sheet-average "$T/out" "average 3.5084 guesses"
  expect_rc selby-next 0 "$HS" next "$S/$H" salet BBBBB crump BBBBB
  expect_grep selby-next-guess "$T/out" "^next guess: doing (guess 3)\$"
else
  skip "selby-published-trees: data/reference/selby or data/original is not there"
fi
exit 0
