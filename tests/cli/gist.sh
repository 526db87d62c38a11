# The committed strategy gists are current and verified: regenerate them and compare byte for byte.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
# make run's first command: the 2022 preset, its answer order (built in) and the shark override give the
# published figures exactly.
$HS solve howls --preset tkihira2022 --order tkihira2022 --overrides overrides/howls-tkihira2022.txt \
  -o "$T/howls-tkihira2022" 2>"$T/err"
rc=$?
[ $rc = 0 ] && ok gist-tkihira-solve-exit || fail gist-tkihira-solve-exit "exit $rc" "$(cat "$T/err")"
sed -n 's/^\([0-9]\) guess\(es\)\{0,1\}: \([0-9]*\)$/\1:\3/p' "$T/err" | paste -sd' ' - >"$T/h"
echo "2:80 3:706 4:1160 5:338 6:31" >"$T/want"
expect_same gist-published-order-histogram "$T/want" "$T/h"
expect_grep gist-published-order-average "$T/err" '^average: 3.7987 (8794/2315)$'
n=$(grep -c ': next {\|: = SOLVED =' "$T/howls-tkihira2022/howls.by-pattern.txt")
[ "$n" = 4630 ] && ok gist-published-order-4630-lines || fail gist-published-order-4630-lines "got $n"
for f in by-pattern.txt per-word.txt tree.txt json selby.tree; do
  expect_same "gist-tkihira-current-$f" "output/howls-tkihira2022/howls.$f" "$T/howls-tkihira2022/howls.$f"
done
for f in by-pattern.txt per-word.txt json; do
  expect_rc "gist-tkihira-verify-$f" 0 $HS verify "output/howls-tkihira2022/howls.$f" --rules strict
done
expect_grep gist-tkihira-policy output/howls-tkihira2022/howls.per-word.txt '^# policy: .*, order tkihira2022, '
# The canonical order is the 2022 solver's: per-word lines start with boxer, cover, cower.
grep -v '^#' output/howls-tkihira2022/howls.per-word.txt | head -n 3 | cut -d: -f1 | paste -sd' ' - >"$T/h"
echo "boxer cover cower" >"$T/want"
expect_same gist-tkihira-canonical-order "$T/want" "$T/h"
# With the answers in alphabetical order (no --order) the same preset and override give other figures.
expect_rc gist-alphabetical-exit 0 $HS solve howls --preset tkihira2022 --overrides overrides/howls-tkihira2022.txt
sed -n 's/^\([0-9]\) guess\(es\)\{0,1\}: \([0-9]*\)$/\1:\3/p' "$T/err" | paste -sd' ' - >"$T/h"
echo "2:80 3:715 4:1129 5:364 6:27" >"$T/want"
expect_same gist-alphabetical-histogram "$T/want" "$T/h"
# The built-in order, no override: only shave needs 7; opener raise fails further.
expect_rc gist-published-no-override 1 $HS solve howls --preset tkihira2022 --order tkihira2022
expect_grep gist-published-only-shave "$T/err" '^over 6 guesses: 1 answer$'
expect_grep gist-published-shave-path "$T/err" '^  shave (7): howls share shade shame shape shake shave$'
expect_rc gist-published-raise 1 $HS solve raise --preset tkihira2022 --order tkihira2022
sed -n 's/^\([0-9]\) guess\(es\)\{0,1\}: \([0-9]*\)$/\1:\3/p' "$T/err" | paste -sd' ' - >"$T/h"
echo "1:1 2:131 3:883 4:975 5:258 6:52 7:12 8:3" >"$T/want"
expect_same gist-published-raise-histogram "$T/want" "$T/h"
# The built-in order is the published reference file (its sha256 in data/README.md), and read as a
# file (./data/orders/...) it gives the same strategy as by name.
O=data/orders/tkihira2022.txt
if [ "$(sha256sum "$O" | cut -d' ' -f1)" = 89b6f097481bcba8b67f9d73c94b1df5859d0c77d967c8c8431986d7a570111e ]; then
  ok gist-builtin-order-sum
else
  fail gist-builtin-order-sum "$(sha256sum "$O")"
fi
$HS solve howls --preset tkihira2022 --order "./$O" \
  --overrides overrides/howls-tkihira2022.txt --format selby-bare >"$T/ref.selby" 2>/dev/null
grep -v '^#' output/howls-tkihira2022/howls.selby.tree >"$T/want"
expect_same gist-builtin-order-is-reference "$T/want" "$T/ref.selby"
# The order belongs to the original lists: with other lists it is a usage error.
expect_rc gist-order-other-lists 2 $HS solve howls --preset tkihira2022 --order tkihira2022 --lists nyt2022
expect_grep gist-order-other-lists-message "$T/err" "^hardsix solve: --order tkihira2022 orders the answers of the 'original' lists; it cannot be used with the 'nyt2022' lists$"
# The true metric with the shark override fails, naming the answers over the cap.
expect_rc gist-true-metric-fails 1 $HS solve howls --rules strict --pool candidates --metric maxbucket \
  --overrides overrides/howls-tkihira2022.txt
for a in graze tatty tight; do expect_grep "gist-true-metric-$a" "$T/err" "^  $a (7):"; done
# Same bytes for 1 and 2 threads.
OMP_NUM_THREADS=1 $HS solve howls --preset tkihira2022 --order tkihira2022 --overrides overrides/howls-tkihira2022.txt \
  --format json >"$T/j1" 2>/dev/null
OMP_NUM_THREADS=2 $HS solve howls --preset tkihira2022 --order tkihira2022 --overrides overrides/howls-tkihira2022.txt \
  --format json >"$T/j2" 2>/dev/null
expect_same gist-threads-json "$T/j1" "$T/j2"
OMP_NUM_THREADS=1 $HS solve salet --format by-pattern >"$T/b1" 2>/dev/null
OMP_NUM_THREADS=2 $HS solve salet --format by-pattern >"$T/b2" 2>/dev/null
expect_same gist-threads-default-policy "$T/b1" "$T/b2"
