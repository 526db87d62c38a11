# check-table (issue 28, item 1): a table of sweep, prove --all or optimize --all is checked row by
# row and then decided again (all rows, or --sample K with --seed S); a row that comes out otherwise
# is reported with its file:line and the exit status is 1. Tiny lists, and a few rows of each
# committed table.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
ML="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
L="$ML --max-guesses 4"
TAB=$(printf '\t')
$HS prove --all $L >"$T/p.tsv" 2>/dev/null
$HS sweep $ML --full >"$T/s.tsv" 2>/dev/null
$HS optimize --all $L >"$T/o.tsv" 2>/dev/null
$HS optimize --all --best 3 $L >"$T/b.tsv" 2>/dev/null
$HS prove --all $L --max-nodes 1 --shard 2/2 -o "$T/shard.tsv" 2>/dev/null

expect_rc check-table-prove 0 $HS check-table "$T/p.tsv" $L
expect_grep check-table-prove-summary "$T/err" "^check-table: $T/p.tsv: 40 rows checked, 40 of them decided again (prove --all, seed 1): 0 differ"
expect_rc check-table-sweep 0 $HS check-table "$T/s.tsv" $ML
expect_rc check-table-optimize 0 $HS check-table "$T/o.tsv" $L
expect_rc check-table-best 0 $HS check-table "$T/b.tsv" $L
# --best rows: a worse row whose opener has no strategy, or whose optimum is below its lower bound, differs.
row=$(awk -F'\t' 'NR > 1 && $2 == "impossible" { print NR; exit }' "$T/b.tsv")
sed "${row}s/${TAB}impossible${TAB}-${TAB}-${TAB}-/${TAB}worse${TAB}-${TAB}-${TAB}40/" "$T/b.tsv" >"$T/b-lie.tsv"
expect_rc check-table-best-impossible-lie 1 $HS check-table "$T/b-lie.tsv" $L
expect_grep check-table-best-impossible-lie-row "$T/err" "^$T/b-lie.tsv:$row: .*the table says 'worse - - 40', decided again: 'impossible - -'$"
row=$(awk -F'\t' 'NR > 1 && $2 == "worse" { print NR; exit }' "$T/b.tsv")
sed "${row}s/${TAB}[0-9]*\$/${TAB}64/" "$T/b.tsv" >"$T/b-bound.tsv"
expect_rc check-table-best-bound-lie 1 $HS check-table "$T/b-bound.tsv" $L
# A shard of --best (a step_bound column): its rows are decided again like those of one run.
$HS optimize --all --best 1 $L --shard 1/2 -o "$T/b-shard.tsv" 2>/dev/null
expect_rc check-table-best-shard 0 $HS check-table "$T/b-shard.tsv" $ML
row=$(awk -F'\t' 'NR > 2 && $2 == "worse" { print NR; exit }' "$T/b-shard.tsv")
[ -n "$row" ] && ok check-table-best-shard-has-worse || fail check-table-best-shard-has-worse "$(cat "$T/b-shard.tsv")"
awk -F'\t' -v r="$row" 'BEGIN { OFS = "\t" } NR == r { $5 = 64 } { print }' "$T/b-shard.tsv" >"$T/b-shard-lie.tsv"
expect_rc check-table-best-shard-bound-lie 1 $HS check-table "$T/b-shard-lie.tsv" $ML
expect_rc check-table-shard 0 $HS check-table "$T/shard.tsv" $ML
expect_grep check-table-shard-line "$T/err" "decided again (prove --all from the shard line, seed 1): 0 differ"

# The lie merge cannot see: 'impossible' edited to 'proven' (a consistent row).
row=$(awk -F'\t' 'NR > 1 && $2 == "impossible" { print NR; exit }' "$T/p.tsv")
opener=$(sed -n "${row}p" "$T/p.tsv" | cut -f1)
sed "${row}s/${TAB}impossible${TAB}/${TAB}proven${TAB}/" "$T/p.tsv" >"$T/lie.tsv"
expect_rc check-table-prove-lie 1 $HS check-table "$T/lie.tsv" $L
expect_grep check-table-prove-lie-row "$T/err" "^$T/lie.tsv:$row: $opener: the table says 'proven', decided again: 'impossible'$"
expect_grep check-table-prove-lie-summary "$T/err" ": 1 differ"
# Sweep rows swapped between two passing openers (each row consistent in itself).
a=$(awk -F'\t' 'NR > 1 && $2 == "ok" { print NR; exit }' "$T/s.tsv")
b=$(awk -F'\t' -v a="$a" 'NR > a && $2 == "ok" && $7 != x { print NR; exit } NR == a { x = $7 }' "$T/s.tsv")
awk -F'\t' -v OFS='\t' -v a="$a" -v b="$b" 'NR == FNR { r[FNR] = $0; next }
  FNR == a || FNR == b { o = $1; split(r[FNR == a ? b : a], f, "\t"); $0 = r[FNR == a ? b : a]; $1 = o } { print }' \
  "$T/s.tsv" "$T/s.tsv" >"$T/swap.tsv"
expect_rc check-table-sweep-swapped 1 $HS check-table "$T/swap.tsv" $ML
expect_grep check-table-sweep-swapped-count "$T/err" ": 2 differ"
# An optimum one guess better than it is (total and average made consistent).
row=$(awk -F'\t' 'NR > 1 && $2 == "optimal" { print NR; exit }' "$T/o.tsv")
awk -F'\t' -v OFS='\t' -v r="$row" 'NR == r { $3 = $3 - 1; $4 = sprintf("%.4f", $3 / 20) } { print }' "$T/o.tsv" >"$T/better.tsv"
expect_rc check-table-optimize-better 1 $HS check-table "$T/better.tsv" $L
expect_grep check-table-optimize-better-row "$T/err" "^$T/better.tsv:$row: [a-z]*: the table says 'optimal "
# A sample: K rows at random, the same K for the same seed (in a table where most rows lie).
sed "s/${TAB}impossible${TAB}/${TAB}proven${TAB}/" "$T/p.tsv" >"$T/lies.tsv"
expect_rc check-table-sample 1 $HS check-table "$T/lies.tsv" $L --sample 5 --seed 7
expect_grep check-table-sample-count "$T/err" "5 of them decided again (prove --all, seed 7)"
cp "$T/err" "$T/err1"
$HS check-table "$T/lies.tsv" $L --sample 5 --seed 7 2>"$T/err2"
sed 's/, [0-9.]* s$//' "$T/err1" >"$T/e1"; sed 's/, [0-9.]* s$//' "$T/err2" >"$T/e2"
expect_same check-table-sample-seeded "$T/e1" "$T/e2"
# A malformed row is named, before anything is decided.
sed "3s/${TAB}[0-9]*\$/${TAB}1e9/" "$T/p.tsv" >"$T/bad.tsv"
expect_rc check-table-malformed 1 $HS check-table "$T/bad.tsv" $L
expect_grep check-table-malformed-message "$T/err" "bad.tsv:3: malformed row: nodes '1e9'"
{ head -n 3 "$T/p.tsv"; sed -n 2p "$T/p.tsv"; } >"$T/twice.tsv"
expect_rc check-table-twice 1 $HS check-table "$T/twice.tsv" $L
expect_grep check-table-twice-message "$T/err" "twice.tsv:4: opener '[a-z]*' out of order or twice"
# --sample 0: the rows are checked, none decided again (the lies pass; a malformed row still fails).
expect_rc check-table-sample-none 0 $HS check-table "$T/lies.tsv" $L --sample 0
expect_grep check-table-sample-none-count "$T/err" "40 rows checked, 0 of them decided again"
expect_rc check-table-sample-none-malformed 1 $HS check-table "$T/bad.tsv" $L --sample 0
# --max-seconds S: only rows made in at most S seconds are sampled (a lie in a slow row goes unseen,
# one in a fast row does not); a table without a seconds column is refused.
$HS optimize --all $L --timing >"$T/ot.tsv" 2>/dev/null
row=$(awk -F'\t' 'NR > 1 && $2 == "optimal" { print NR; exit }' "$T/ot.tsv")
awk -F'\t' -v OFS='\t' -v r="$row" 'NR == r { $3 = $3 - 1; $4 = sprintf("%.4f", $3 / 20); $5 = "99.0000" } { print }' \
  "$T/ot.tsv" >"$T/slow-lie.tsv"
expect_rc check-table-max-seconds-skips 0 $HS check-table "$T/slow-lie.tsv" $L --max-seconds 50
expect_grep check-table-max-seconds-count "$T/err" ": 40 rows checked, 39 of them decided again (optimize --all, seed 1, among rows whose openers with the same letters took <= 50 s): 0 differ"
expect_rc check-table-max-seconds-sees 1 $HS check-table "$T/slow-lie.tsv" $L --max-seconds 100
# The bound is on the seconds of the openers with the same letters together: a lie in crate's fast
# row goes unseen when its anagram trace took long (--all decides trace with what crate settled, so
# trace's row alone can take far longer), and is caught when the group fits.
awk -F'\t' -v OFS='\t' '$1 == "crate" { $2 = "optimal"; $3 = 60; $4 = "3.0000"; $5 = "0.0001" }
  $1 == "trace" { $5 = "99.0000" } { print }' "$T/ot.tsv" >"$T/group-lie.tsv"
expect_rc check-table-max-seconds-group-skips 0 $HS check-table "$T/group-lie.tsv" $L --max-seconds 50
expect_grep check-table-max-seconds-group-count "$T/err" ": 40 rows checked, 38 of them decided again"
expect_rc check-table-max-seconds-group-sees 1 $HS check-table "$T/group-lie.tsv" $L --max-seconds 100
expect_grep check-table-max-seconds-group-message "$T/err" "group-lie.tsv:[0-9]*: crate: the table says 'optimal 60 3.0000', decided again: 'impossible - -'"
expect_rc check-table-max-seconds-no-column 1 $HS check-table "$T/o.tsv" $L --max-seconds 1
expect_grep check-table-max-seconds-no-column-message "$T/err" "o.tsv:1: --max-seconds: the table has no seconds column"
expect_rc check-table-bad-max-seconds 2 $HS check-table "$T/ot.tsv" $L --max-seconds -1
# Usage errors.
expect_rc check-table-no-file 2 $HS check-table
expect_rc check-table-bad-sample 2 $HS check-table "$T/p.tsv" --sample -1

# The committed tables: a few random rows of each decided again (cheap ones with these seeds).
for t in "prove-within-5/original.tsv --max-guesses 5 --sample 3" "prove-within-5/nyt2022.tsv --lists nyt2022 --max-guesses 5 --sample 3" \
  "prove-within-6/nyt2023.tsv --lists nyt2023 --sample 2" "optimize-all/nyt2022.tsv --lists nyt2022 --sample 2 --seed 2" \
  "prove-within-6/nyt2022-all.tsv --lists nyt2022-all --sample 2" "prove-within-6/original-all.tsv --lists original-all --sample 2" \
  "optimize-all/nyt2022-normal.tsv --lists nyt2022 --rules none --sample 2 --seed 1" \
  "optimize-all/nyt2023-normal.tsv --lists nyt2023 --rules none --sample 2 --seed 1" \
  "prove-within-7/nyt2022-all.tsv --lists nyt2022-all --max-guesses 7 --sample 2" \
  "prove-within-7/original-all.tsv --lists original-all --max-guesses 7 --sample 2" \
  "prove-within-5/nyt2023.tsv --lists nyt2023 --max-guesses 5 --sample 3" \
  "optimize-all/nyt2023.tsv --lists nyt2023 --sample 4 --seed 2 --max-seconds 10" \
  "optimal-within-7/nyt2022-all-best10.tsv --lists nyt2022-all --max-guesses 7 --sample 2 --seed 1 --max-seconds 10"; do
  f=output/${t%% *}
  name=check-table-committed-$(echo "${t%% *}" | tr '/.' '--')
  if [ -f "$f" ]; then
    # shellcheck disable=SC2086
    expect_rc "$name" 0 $HS check-table output/$t
  else
    skip "$name: $f is not there"
  fi
done
# Two committed tables of the 2023 lists made by different searches agree on every opener: the
# optimiser's 'optimal' is the prover's 'proven' within six, and both say 'impossible' alike.
opt=output/optimize-all/nyt2023.tsv six=output/prove-within-6/nyt2023.tsv
if [ -f "$opt" ] && [ -f "$six" ]; then
  got=$(awk -F'\t' '/^#/ || $1 == "opener" { next }
    NR == FNR { v[$1] = $2 == "optimal" ? "proven" : $2; n++; next }
    { m++; if (v[$1] != $2 && bad++ == 0) first = FNR ": " $1 " " $2 ", optimiser " v[$1] }
    END { print n + 0, m + 0, bad + 0, first }' "$opt" "$six")
  case "$got" in
  "14855 14855 0 ") ok check-table-committed-nyt2023-optimum-agrees-with-within-6 ;;
  *) fail check-table-committed-nyt2023-optimum-agrees-with-within-6 "rows, rows, differing, first: $got" ;;
  esac
else
  skip "check-table-committed-nyt2023-optimum-agrees-with-within-6: $opt or $six is not there"
fi
# The ten best within seven on every word agree with the prover's table (its 'optimal' rows are the
# openers proven there, every other opener 'impossible' alike) and with the optima searched one by one.
best=output/optimal-within-7/nyt2022-all-best10.tsv seven=output/prove-within-7/nyt2022-all.tsv
one=output/optimal-within-7/nyt2022-all.tsv
if [ -f "$best" ] && [ -f "$seven" ] && [ -f "$one" ]; then
  got=$(awk -F'\t' '/^#/ || $1 == "opener" { next }
    FILENAME == ARGV[1] { v[$1] = $2 == "optimal" ? "proven" : $2; t[$1] = $3; n++; next }
    FILENAME == ARGV[2] { m++; if (v[$1] != $2 && bad++ == 0) first = FNR ": " $1 " " $2 ", best10 " v[$1]; next }
    { o++; if (t[$1] != $3 && bad++ == 0) first = $1 " " $3 ", best10 " t[$1] }
    END { print n + 0, m + 0, o + 0, bad + 0, first }' "$best" "$seven" "$one")
  case "$got" in
  "12947 12947 7 0 ") ok check-table-committed-best10-agrees-with-within-7 ;;
  *) fail check-table-committed-best10-agrees-with-within-7 "rows, rows, optima, differing, first: $got" ;;
  esac
else
  skip "check-table-committed-best10-agrees-with-within-7: $best, $seven or $one is not there"
fi
# Shards of a table still being made (committed as they finish, resumed by scripts/prove-table.sh):
# every row of every shard checked, and one row of its highest-numbered shard decided again, among
# the rows made in at most 10 s (a row can take an hour: one per shard would grow with the table).
for d in output/*/*.tsv.shards; do
  [ -d "$d" ] || continue
  top=0
  for f in "$d"/shard-*.tsv; do
    expect_rc "check-table-shard-$(echo "$f" | tr '/.' '--')" 0 $HS check-table "$f" --sample 0
    k=${f##*/shard-} k=${k%.tsv}
    [ "$k" -gt "$top" ] && top=$k
  done
  newest=$d/shard-$top.tsv
  expect_rc "check-table-shard-decided-$(echo "$d" | tr '/.' '--')" 0 $HS check-table "$newest" --sample 1 --seed 1 --max-seconds 10
done
exit 0
