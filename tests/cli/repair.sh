# CLI tests for repair: the committed repaired howls overrides are reproducible and verified.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
expect_rc repair-howls-default 0 $HS repair howls --save-overrides "$T/howls.txt"
expect_same repair-howls-overrides-current overrides/howls.txt "$T/howls.txt"
expect_grep repair-howls-comment "$T/howls.txt" '^# repair: rescues shave'
$HS solve howls --overrides overrides/howls.txt -o "$T/howls" 2>"$T/err"
expect_grep repair-howls-verified "$T/err" '^howls: 2315 answers, verified$'
for f in by-pattern.txt per-word.txt tree.txt json; do
  expect_same "repair-howls-gist-current-$f" "output/howls/howls.$f" "$T/howls/howls.$f"
done
for f in by-pattern.txt per-word.txt json; do
  expect_rc "repair-howls-gist-verifies-$f" 0 $HS verify "output/howls/howls.$f"
done
# Without the overrides greedy fails (so the repair is needed).
expect_rc repair-howls-greedy-fails 1 $HS solve howls
# The true metric under strict rules fails on three answers; repair fixes it.
expect_rc repair-true-metric 0 $HS repair howls --rules strict --pool candidates --metric maxbucket \
  -o "$T/strict"
expect_grep repair-true-metric-verified "$T/err" 'verified'
n=$(grep -c '^howls ' "$T/strict/howls.overrides.txt")
[ "$n" -ge 1 ] && ok repair-true-metric-rules || fail repair-true-metric-rules "rules: $n"
expect_rc repair-true-metric-reverify 0 $HS verify "$T/strict/howls.per-word.txt" --rules strict
# Starting from the shark rule, fewer rules are needed; repair keeps it.
expect_rc repair-keeps-input 0 $HS repair howls --rules strict --pool candidates --metric maxbucket \
  --overrides overrides/howls-tkihira2022.txt --save-overrides "$T/k.txt"
expect_grep repair-keeps-input-shark "$T/k.txt" '^howls 🟨⬜⬜⬜🟨 shark$'
# An impossible opener is refused with a reason (tiny lists, cap 2).
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
expect_rc repair-impossible 1 $HS repair salet $L --max-guesses 2
expect_grep repair-impossible-reason "$T/err" 'cannot guarantee 2 guesses'
expect_rc repair-bad-opener 2 $HS repair zzzzz
