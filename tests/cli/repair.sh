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

# A long repair (medii in normal mode, every word an answer: its prover runs for many minutes) shows
# the prover's nodes and time on a terminal, and SIGTERM stops the search under way: it says so, ends
# by the signal (143) and writes nothing.
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1 && command -v pgrep >/dev/null &&
  [ -f "$ROOT/data/original/answers.txt" ]; then
  script -qec "exec $HS repair medii --lists original-all --rules none --threads 1 -o $T/cancelled" /dev/null \
    >"$T/ctty" 2>&1 &
  spid=$!
  i=0
  while [ $i -lt 1200 ] && ! grep -q 'repair medii: [0-9]* nodes, [0-9]* s' "$T/ctty"; do sleep 0.1; i=$((i + 1)); done
  [ $i -lt 1200 ] && ok repair-progress-tty || fail repair-progress-tty "no progress line in 120 s"
  kill -TERM $(pgrep -P $spid) 2>/dev/null
  wait $spid
  rc=$?
  [ $rc = 143 ] && ok repair-cancel-exit || fail repair-cancel-exit "exit $rc after SIGTERM, expected 143"
  expect_grep repair-cancel-message "$T/ctty" 'hardsix: search cancelled'
  [ ! -e "$T/cancelled/medii.overrides.txt" ] && ok repair-cancel-nothing-written || fail repair-cancel-nothing-written
else
  skip "repair-progress-tty: needs script(1), pgrep and data/original"
fi
