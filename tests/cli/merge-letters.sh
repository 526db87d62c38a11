# --shard K/N:letters: shards of units of openers with like letters (optimize --all runs anagrams one
# after another and the second finds their all-grey part in the memo; prove --all decides a unit as one
# run). The shards merge to the bytes of one run; anagrams share a shard; merge refuses a mixture of
# splits; a bad spelling is a usage error; scripts/prove-table.sh splits prove tables by letters and
# optimize tables by groups unless SPLIT or its shards say otherwise. --shard K/N:groups deals out the
# groups of anagrams themselves, so N may exceed the units. Tiny lists (crate and trace are anagrams).
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
ML="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
L="$ML --max-guesses 4"
for k in 1 2 3; do
  $HS optimize --all $L --shard $k/3:letters -o "$T/l$k.tsv" 2>/dev/null
  $HS prove --all $L --shard $k/3:letters -o "$T/p$k.tsv" 2>/dev/null
done
$HS optimize --all $L -o "$T/o.tsv" 2>/dev/null
$HS prove --all $L -o "$T/p.tsv" 2>/dev/null
expect_grep shard-letters-line "$T/l1.tsv" "^# hardsix shard 1/3:letters; command optimize; "
expect_rc shard-letters-merge 0 $HS merge $ML "$T/l1.tsv" "$T/l2.tsv" "$T/l3.tsv"
expect_same shard-letters-merge-bytes "$T/o.tsv" "$T/out"
expect_rc shard-letters-merge-prove 0 $HS merge $ML "$T/p3.tsv" "$T/p1.tsv" "$T/p2.tsv"
expect_same shard-letters-merge-prove-bytes "$T/p.tsv" "$T/out"
# crate and trace in one shard (whichever it is), and in no other.
n=0
for k in 1 2 3; do
  if grep -q '^crate	' "$T/l$k.tsv"; then
    grep -q '^trace	' "$T/l$k.tsv" && n=$((n + 1))
  elif grep -q '^trace	' "$T/l$k.tsv"; then n=$((n + 10)); fi
done
[ "$n" = 1 ] && ok shard-letters-anagrams-together || fail shard-letters-anagrams-together "crate and trace split ($n)"
# A letters shard and an interleaved one do not merge.
$HS optimize --all $L --shard 2/3 -o "$T/i2.tsv" 2>/dev/null
expect_rc shard-letters-mixed 1 $HS merge $ML "$T/l1.tsv" "$T/i2.tsv" "$T/l3.tsv"
expect_grep shard-letters-mixed-message "$T/err" "i2.tsv:1: shard 2/3, but .*l1.tsv is shard 1/3:letters (different splits)"
# A row moved into the wrong letters shard is refused.
row=$(awk 'NR > 2 { print NR; exit }' "$T/l2.tsv")
{ cat "$T/l1.tsv"; sed -n "${row}p" "$T/l2.tsv"; } >"$T/bad1.tsv"
sed "${row}d" "$T/l2.tsv" >"$T/bad2.tsv"
expect_rc shard-letters-row-moved 1 $HS merge $ML "$T/bad1.tsv" "$T/bad2.tsv" "$T/l3.tsv"
expect_grep shard-letters-row-moved-message "$T/err" "bad1.tsv:[0-9]*: opener '[a-z]*' is not in the slice of shard 1/3:letters"
for bad in 1/3:letter 1/3: 4/3:letters :letters; do
  expect_rc "shard-letters-bad-$bad" 2 $HS optimize --all $L --shard "$bad"
done
expect_grep shard-letters-bad-message "$T/err" "^hardsix optimize: --shard: ':letters' is not K/N, K/N:letters or K/N:groups with 1 <= K <= N$"
for bad in 1/3:group 1/3:groups:letters 2/1:groups; do
  expect_rc "shard-groups-bad-$bad" 2 $HS optimize --all $L --shard "$bad"
done
# K/N:groups: as many shards as there are openers; optimize's rows merge to the bytes of one run,
# prove's verdicts to its verdicts (units are cut, as by an interleaved split); anagrams together.
n_open=$(($(wc -l <"$T/o.tsv") - 1))
shards=""
pshards=""
for k in $(seq 1 "$n_open"); do
  $HS optimize --all $L --shard "$k/$n_open:groups" -o "$T/g$k.tsv" 2>/dev/null
  $HS prove --all $L --shard "$k/$n_open:groups" -o "$T/q$k.tsv" 2>/dev/null
  shards="$shards $T/g$k.tsv"
  pshards="$pshards $T/q$k.tsv"
done
expect_grep shard-groups-line "$T/g1.tsv" "^# hardsix shard 1/$n_open:groups; command optimize; "
expect_rc shard-groups-merge 0 $HS merge $ML $shards
expect_same shard-groups-merge-bytes "$T/o.tsv" "$T/out"
expect_rc shard-groups-merge-prove 0 $HS merge $ML $pshards
cut -f1-2 "$T/out" >"$T/got"
cut -f1-2 "$T/p.tsv" >"$T/want"
expect_same shard-groups-merge-prove-verdicts "$T/want" "$T/got"
n=0
empty=0
for k in $(seq 1 "$n_open"); do
  [ "$(wc -l <"$T/g$k.tsv")" = 2 ] && empty=$((empty + 1))
  if grep -q '^crate	' "$T/g$k.tsv"; then
    grep -q '^trace	' "$T/g$k.tsv" && n=$((n + 1))
  elif grep -q '^trace	' "$T/g$k.tsv"; then n=$((n + 10)); fi
done
[ "$n" = 1 ] && ok shard-groups-anagrams-together || fail shard-groups-anagrams-together "crate and trace split ($n)"
# Every group in a shard of its own: the empty shards are as many as the openers beyond the groups.
groups=$(cut -f1 "$T/o.tsv" | tail -n +2 | while read -r w; do echo "$w" | fold -w1 | sort -u | tr -d '\n'; echo; done | sort -u | wc -l)
[ "$empty" = $((n_open - groups)) ] && ok shard-groups-one-per-shard || fail shard-groups-one-per-shard "$empty empty shards, $n_open openers, $groups groups"
expect_rc shard-groups-mixed 1 $HS merge $ML "$T/l1.tsv" "$T/g2.tsv" "$T/l3.tsv"
# scripts/prove-table.sh with SPLIT=letters: the same rows; SPLIT misspelt: a usage error.
if command -v parallel >/dev/null 2>&1; then
  COMMAND=optimize SPLIT=letters HS=$HS sh scripts/prove-table.sh "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 \
    "$T/t.tsv" 3 2 >"$T/tout" 2>"$T/terr" && ok shard-letters-table || fail shard-letters-table "$(cat "$T/terr")"
  cut -f1-4 "$T/t.tsv" >"$T/got"
  expect_same shard-letters-table-rows "$T/o.tsv" "$T/got"
  # A new optimize table is split by groups: here more shards than units.
  COMMAND=optimize HS=$HS sh scripts/prove-table.sh "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 \
    "$T/tg.tsv" 7 2 >"$T/tout" 2>"$T/terr" && ok optimize-table-groups || fail optimize-table-groups "$(cat "$T/terr")"
  cut -f1-4 "$T/tg.tsv" >"$T/got"
  expect_same optimize-table-groups-rows "$T/o.tsv" "$T/got"
  mkdir -p "$T/tk.tsv.shards"
  $HS optimize --all $L --shard 1/7:groups --timing -o "$T/tk.tsv.shards/shard-1.tsv" 2>/dev/null
  expect_rc optimize-table-groups-kept 2 env SPLIT=letters COMMAND=optimize HS=$HS sh scripts/prove-table.sh \
    "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 "$T/tk.tsv" 7 2
  expect_grep optimize-table-groups-kept-message "$T/err" "shards in .*tk.tsv.shards were split groups, not letters"
else
  skip "shard-letters-table: GNU parallel is not installed (make deps)"
fi
# prove tables split by letters unless told otherwise: the rows of one run (units whole, so the
# nodes too); a table resumed keeps the split of its shards, and a different SPLIT is refused.
if command -v parallel >/dev/null 2>&1; then
  HS=$HS sh scripts/prove-table.sh "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 "$T/pt.tsv" 3 2 \
    >"$T/tout" 2>"$T/terr" && ok prove-table-letters || fail prove-table-letters "$(cat "$T/terr")"
  cut -f1-3 "$T/pt.tsv" >"$T/got"
  expect_same prove-table-letters-rows "$T/p.tsv" "$T/got"
  mkdir -p "$T/pi.tsv.shards"
  $HS prove --all $L --shard 1/3 --timing -o "$T/pi.tsv.shards/shard-1.tsv" 2>/dev/null
  expect_rc prove-table-split-kept 2 env SPLIT=letters HS=$HS sh scripts/prove-table.sh \
    "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 "$T/pi.tsv" 3 2
  expect_grep prove-table-split-kept-message "$T/err" "shards in .*pi.tsv.shards were split interleaved, not letters"
  HS=$HS sh scripts/prove-table.sh "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 "$T/pi.tsv" 3 2 \
    >"$T/tout" 2>"$T/terr" && ok prove-table-resumed || fail prove-table-resumed "$(cat "$T/terr")"
  cut -f1-2 "$T/pi.tsv" >"$T/got"
  cut -f1-2 "$T/p.tsv" >"$T/want"
  expect_same prove-table-resumed-verdicts "$T/want" "$T/got"
else
  skip "prove-table-letters: GNU parallel is not installed (make deps)"
fi
expect_rc shard-letters-table-bad-split 2 env SPLIT=group HS=$HS sh scripts/prove-table.sh "$DATA/tiny-answers.txt:$DATA/tiny-guesses.txt" 4 "$T/x.tsv"
exit 0
