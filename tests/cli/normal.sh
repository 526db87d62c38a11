# CLI tests for normal mode (--rules none) and --preset entropy2022: a normal-mode strategy passes
# verify under its own rules and is refused as hard mode at its first illegal guess (file:line); every
# command that takes --rules accepts none; Selby's published normal-mode optimum (data/reference, when
# present) verifies with 7920 guesses in total; the entropy2022 figures on the original lists.
. "$ROOT/tests/cli/lib.sh.inc"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
N="$DATA/verify/normal.per-word.txt"

# tests/data/verify/normal.per-word.txt is solve salet --rules none on the tiny lists: after salet
# 🟩🟨⬜🟨⬜ (s green) it plays frump, which is not a candidate and drops the green s.
$HS solve salet $L --rules none -o "$T/n" 2>"$T/err"
expect_same normal-solve-golden "$N" "$T/n/salet.per-word.txt"
expect_grep normal-header-rules "$N" '^# rules: none$'
expect_grep normal-plays-noncandidate "$N" '^shade: \[salet\] => 🟩🟨⬜🟨⬜ / \[frump\] => '
expect_rc normal-verify-hint 0 $HS verify "$N" $L
expect_grep normal-verify-hint-summary "$T/out" 'verified: 20 answers, all within 4 guesses, average 3.0500 (normal mode: rules none, as the file states)$'
expect_rc normal-verify-none 0 $HS verify "$N" $L --rules none
# Without its rules line (and no --rules) it is checked as hard mode, and the message says how to check
# it in normal mode; with --rules nyt given, no such note.
grep -v '^# rules:' "$N" >"$T/norules.txt"
expect_rc normal-verify-no-rules-refused 1 $HS verify "$T/norules.txt" $L
expect_grep normal-verify-no-rules-note "$T/err" 'checked as hard mode (nyt); a normal-mode strategy is checked with --rules none$'
expect_rc normal-verify-nyt-given 1 $HS verify "$T/norules.txt" $L --rules nyt
grep -q 'normal-mode strategy is checked' "$T/err" && fail normal-verify-nyt-given-no-note || ok normal-verify-nyt-given-no-note
for r in nyt strict; do
  expect_rc "normal-verify-$r-refused" 1 $HS verify "$N" $L --rules $r
  head -n 1 "$T/err" >"$T/first"
  expect_grep "normal-verify-$r-first-line" "$T/first" "^$N:8: 'frump' breaks "
  expect_grep "normal-verify-$r-verdict" "$T/err" "^$N: NOT verified ([0-9]* problems)\$"
done
expect_rc normal-verify-nyt 1 $HS verify "$N" $L --rules nyt
expect_grep normal-verify-nyt-why "$T/err" "^$N:8: 'frump' breaks hard mode (nyt) after salet 🟩🟨⬜🟨⬜: letter 1 must be 's'\$"
# Every format of the same strategy: the outlines have no header, so they need --rules none.
for f in by-pattern.txt json tree.txt selby.tree; do
  expect_rc "normal-verify-none-$f" 0 $HS verify "$T/n/salet.$f" $L --rules none
  expect_rc "normal-verify-nyt-$f" 1 $HS verify "$T/n/salet.$f" $L --rules nyt
  expect_grep "normal-verify-nyt-$f-line" "$T/err" "^$T/n/salet.$f:[0-9]*: 'frump' breaks "
done
# A hard-mode strategy is a normal-mode strategy too.
$HS solve salet $L -o "$T/h" 2>/dev/null
expect_rc normal-accepts-hard 0 $HS verify "$T/h/salet.per-word.txt" $L --rules none

# Commands that take --rules: none works and says normal mode.
expect_rc normal-solve 0 $HS solve salet $L --rules none
expect_grep normal-solve-summary "$T/err" '^average: 3.0500 (61/20)$'
expect_rc normal-explain 0 $HS explain salet shade $L --rules none
expect_grep normal-explain-frump "$T/out" '^2\. frump '
expect_rc normal-next 0 $HS next "$N" salet GYBYB $L
expect_grep normal-next-frump "$T/out" '^next guess: frump'
expect_rc normal-sheet 0 $HS sheet "$N" $L -o "$T/sheet"
expect_grep normal-sheet-title "$T/sheet/salet.sheet.html" 'normal-mode cheat sheet'
if grep -qi 'hard-mode\|hard mode' "$T/sheet/salet.sheet.html"; then fail normal-sheet-not-hard; else ok normal-sheet-not-hard; fi
expect_rc normal-prove-3 1 $HS prove salet $L --rules none --max-guesses 3
expect_grep normal-prove-3-why "$T/err" 'impossible: no strategy solves every answer within 3 guesses (normal mode)'
expect_rc normal-prove-4 0 $HS prove salet $L --rules none --max-guesses 4 -o "$T/p"
expect_grep normal-prove-4-rules "$T/p/salet.per-word.txt" '^# rules: none$'
expect_rc normal-optimize 0 $HS optimize salet $L --rules none -o "$T/o"
expect_grep normal-optimize-summary "$T/err" 'salet: optimal: 60 guesses in total (average 3.0000) is the fewest within 6 (normal mode)'
expect_rc normal-optimize-verify 0 $HS verify "$T/o/salet.per-word.txt" $L
expect_rc hard-optimize 0 $HS optimize salet $L
expect_grep hard-optimize-more "$T/err" 'salet: optimal: 63 guesses in total'
# Normal mode never needs more guesses than hard mode: every opener, optimum within 6.
$HS optimize --all $L --rules none -o "$T/oa-none.tsv" 2>/dev/null
$HS optimize --all $L -o "$T/oa-nyt.tsv" 2>/dev/null
join -t '	' "$T/oa-none.tsv" "$T/oa-nyt.tsv" >"$T/oa.tsv"
rows=$(tail -n +2 "$T/oa.tsv" | wc -l)
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "total" && !c) c = i; next }
  { n = (NF - 1) / 2; h = $(c + n); if ($c == "-" ? h != "-" : h != "-" && $c + 0 > h + 0) bad = 1 }
  END { exit bad || c == 0 }' "$T/oa.tsv" \
  && [ "$rows" = 40 ] && ok normal-optimize-all-below-hard || fail normal-optimize-all-below-hard "$(head -n 3 "$T/oa.tsv")"
expect_rc normal-sweep 0 $HS sweep $L --rules none --max-guesses 5
expect_grep normal-sweep-all-pass "$T/err" '^sweep: 40 openers, 40 pass (every answer within 5 guesses)'
OMP_NUM_THREADS=1 $HS sweep $L --rules none --max-guesses 4 >"$T/sw1.tsv" 2>/dev/null
OMP_NUM_THREADS=2 $HS sweep $L --rules none --max-guesses 4 --no-fail-first >"$T/sw2.tsv" 2>/dev/null
expect_same normal-sweep-deterministic "$T/sw1.tsv" "$T/sw2.tsv"
expect_rc normal-repair 0 $HS repair salet $L --rules none --max-guesses 4
expect_rc normal-robust 0 $HS robust salet $L --rules none
printf 'salet GYBYB crane\n' >"$T/ov.txt"
expect_rc normal-override-any-word 0 $HS solve salet $L --rules none --overrides "$T/ov.txt"
expect_rc hard-override-refused 1 $HS solve salet $L --overrides "$T/ov.txt"
expect_grep hard-override-refused-line "$T/err" "ov.txt:1:"

# --preset entropy2022 on the tiny lists: normal mode, recorded in the file, verified as such.
expect_rc entropy2022-tiny 0 $HS solve salet $L --preset entropy2022 -o "$T/e"
expect_grep entropy2022-tiny-summary "$T/err" '^average: 3.0000 (60/20)$'
expect_grep entropy2022-policy "$T/e/salet.per-word.txt" '^# policy: preset entropy2022, rules none, pool legal, metric entropy, candidate margin 0.001'
expect_rc entropy2022-verify 0 $HS verify "$T/e/salet.per-word.txt" $L
expect_rc bad-preset 2 $HS solve salet $L --preset entropy2023
expect_rc bad-ties 2 $HS solve salet $L --ties random

# The original lists: the issue's figure for soare, and Selby's normal-mode optimum for salet.
expect_rc entropy2022-soare 0 $HS solve soare --preset entropy2022 -o "$T/s"
for line in '2 guesses: 44' '3 guesses: 1217' '4 guesses: 990' '5 guesses: 63' '6 guesses: 1' 'average: 3.4644 (8020/2315)'; do
  expect_grep "entropy2022-soare-$(echo "$line" | tr -c 'a-z0-9\n' '_')" "$T/err" "^$line\$"
done
expect_rc entropy2022-soare-verify-none 0 $HS verify "$T/s/soare.per-word.txt" --rules none
expect_rc entropy2022-soare-refused-nyt 1 $HS verify "$T/s/soare.per-word.txt" --rules nyt
S="$REF/selby/salet.easy.origwords.tree"
if [ -f "$S" ]; then
  expect_rc selby-normal-verify 0 $HS verify "$S" --rules none
  total=$(sed -n 's/^\([0-9]*\) guess\(es\)\{0,1\}: \([0-9]*\)$/\1 \3/p' "$T/out" | awk '{ t += $1 * $2; n += $2 } END { print t "/" n }')
  [ "$total" = "7920/2315" ] && ok selby-normal-total-7920 || fail selby-normal-total-7920 "total $total"
  expect_rc selby-normal-refused-nyt 1 $HS verify "$S" --rules nyt
else
  skip "selby-normal-verify: data/reference/selby/salet.easy.origwords.tree is not there"
fi
