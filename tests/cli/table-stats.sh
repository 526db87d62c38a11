# scripts/table-stats.sh: the figures of a prove, optimize or sweep table (verdicts, CPU seconds with nearest-
# rank percentiles, the slowest openers, least and greatest totals), for a merged table or a directory
# of shards, after check-table has checked every row; a malformed table or a bad argument is refused.
# Tiny lists; the seconds column is rewritten to 1, 2, ..., 40 so that every figure is known.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
ML="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
L="$ML --max-guesses 4"
S="env HS=$HS sh scripts/table-stats.sh"
TAB=$(printf '\t')
$HS optimize --all $L --timing 2>/dev/null | awk -F '\t' -v OFS='\t' 'NR > 1 { $5 = NR - 1 ".0000" } { print }' >"$T/o.tsv"
n=$(($(wc -l <"$T/o.tsv") - 1))
[ "$n" = 40 ] && ok table-stats-fixture || fail table-stats-fixture "expected 40 openers on the tiny lists, got $n"
expect_rc table-stats-optimize 0 $S "$T/o.tsv" $L
expect_grep table-stats-rows "$T/out" "^table: $T/o.tsv; 40 rows checked$"
opt=$(grep -c "${TAB}optimal${TAB}" "$T/o.tsv")
imp=$(grep -c "${TAB}impossible${TAB}" "$T/o.tsv")
expect_grep table-stats-verdicts "$T/out" "^verdicts: impossible $imp optimal $opt$"
# 1 + ... + 40 = 820; nearest rank: the median is the 20th value, the 90th percentile the 36th, the
# 99th the 40th.
expect_grep table-stats-seconds "$T/out" \
  "^seconds (CPU): total 820.0 (0.23 h); median 20.000; 90th percentile 36.000; 99th 40.000$"
last3=$(tail -n 3 "$T/o.tsv" | awk -F '\t' '{ print $1 }' | tr '\n' ' ')
set -- $last3
expect_grep table-stats-slowest "$T/out" "^slowest: $3 40.0000 s ([a-z]*) $2 39.0000 s ([a-z]*) $1 38.0000 s ([a-z]*)$"
# bumph and pulik tie at 62: canonical (alphabetical) order.
expect_grep table-stats-least "$T/out" "^least totals: kempt 55 (2.7500) frump 58 (2.9000) glitz 61 (3.0500)$"
expect_grep table-stats-greatest "$T/out" "^greatest totals: vozhd 66 (3.3000) bumph 62 (3.1000) pulik 62 (3.1000)$"
TOP=1 $S "$T/o.tsv" $L >"$T/out" 2>"$T/err"
expect_grep table-stats-top "$T/out" "^least totals: kempt 55 (2.7500)$"

# A directory of shards: the same rows, each shard checked with what its first line names.
mkdir "$T/shards"
for k in 1 2 3; do
  $HS optimize --all $L --timing --shard $k/3:groups -o "$T/shards/shard-$k.tsv" 2>/dev/null
done
expect_rc table-stats-shards 0 $S "$T/shards" $ML
expect_grep table-stats-shards-rows "$T/out" "^table: $T/shards (3 shards); 40 rows checked$"
expect_grep table-stats-shards-verdicts "$T/out" "^verdicts: impossible $imp optimal $opt$"
expect_grep table-stats-shards-least "$T/out" "^least totals: kempt 55 (2.7500) frump 58 (2.9000) glitz 61 (3.0500)$"

# A prove table without --timing: verdicts, no seconds.
$HS prove --all $L >"$T/p.tsv" 2>/dev/null
expect_rc table-stats-prove 0 $S "$T/p.tsv" $L
expect_grep table-stats-prove-seconds "$T/out" "^seconds: none (the table has no seconds column"
if grep -q "totals" "$T/out"; then fail table-stats-prove-no-totals "a prove table has no totals"; else ok table-stats-prove-no-totals; fi

# A sweep table: its verdicts and greedy totals.
$HS sweep $ML --full >"$T/s.tsv" 2>/dev/null
expect_rc table-stats-sweep 0 $S "$T/s.tsv" $ML
ok_n=$(grep -c "${TAB}ok${TAB}" "$T/s.tsv")
expect_grep table-stats-sweep-verdicts "$T/out" "verdicts: .*ok $ok_n"
least=$(tail -n +2 "$T/s.tsv" | sort -t "$TAB" -k 7,7n -k 1,1 | head -n 1 | awk -F '\t' '{ print $1 " " $7 " (" $8 ")" }')
expect_grep table-stats-sweep-least "$T/out" "^least totals: $least "

# Refused: a row whose average does not follow from its total (named file:line by check-table), a
# file that is not a table, a directory without shards, bad arguments.
awk -F '\t' -v OFS='\t' '$1 == "kempt" { $4 = "2.9000" } { print }' "$T/o.tsv" >"$T/bad.tsv"
expect_rc table-stats-bad-row 1 $S "$T/bad.tsv" $L
expect_grep table-stats-bad-row-message "$T/err" "bad.tsv:[0-9]*:"
printf 'not\ta table\n' >"$T/x.tsv"
expect_rc table-stats-not-a-table 1 $S "$T/x.tsv" $L
expect_grep table-stats-not-a-table-message "$T/err" "x.tsv:1:"
mkdir "$T/empty"
expect_rc table-stats-empty-dir 1 $S "$T/empty"
expect_grep table-stats-empty-dir-message "$T/err" "no shard-\*.tsv in it"
expect_rc table-stats-missing 1 $S "$T/nothing.tsv"
expect_rc table-stats-no-args 2 $S
TOP=x $S "$T/o.tsv" $L >"$T/out" 2>"$T/err"
[ $? = 2 ] && ok table-stats-bad-top || fail table-stats-bad-top "TOP=x should be a usage error"
