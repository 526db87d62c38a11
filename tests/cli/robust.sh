# CLI tests for 'hardsix robust': same bytes for 1 and 2 threads and for the same seed, the row
# layout, the HTML report, and usage errors. Tiny lists, plus one small run on the real lists.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt --max-guesses 4"

for pol in "" "--preset tkihira2022" "--metric entropy"; do
  tag=$(echo "default$pol" | tr -c 'a-z0-9\n' '_')
  OMP_NUM_THREADS=1 $HS robust howls $L $pol --shuffles 30 --seed 3 --html "$T/r1.html" >"$T/r1.tsv" 2>/dev/null
  OMP_NUM_THREADS=2 $HS robust howls $L $pol --shuffles 30 --seed 3 --html "$T/r2.html" >"$T/r2.tsv" 2>/dev/null
  expect_same "robust-threads-tsv-$tag" "$T/r1.tsv" "$T/r2.tsv"
  expect_same "robust-threads-html-$tag" "$T/r1.html" "$T/r2.html"
  $HS robust howls $L $pol --shuffles 30 --seed 3 --threads 2 -o "$T/r3.tsv" 2>/dev/null
  expect_same "robust-same-seed-$tag" "$T/r1.tsv" "$T/r3.tsv"
done
$HS robust howls $L --shuffles 30 --seed 4 >"$T/r4.tsv" 2>/dev/null
$HS robust howls $L --shuffles 30 --seed 3 >"$T/r3.tsv" 2>/dev/null
cmp -s "$T/r3.tsv" "$T/r4.tsv" && fail robust-other-seed "seeds 3 and 4 gave the same rows" || ok robust-other-seed
# The first 10 shuffles do not depend on how many follow.
$HS robust howls $L --shuffles 10 --seed 3 >"$T/r10.tsv" 2>/dev/null
head -n 16 "$T/r3.tsv" >"$T/r3-head.tsv"
expect_same robust-prefix "$T/r10.tsv" "$T/r3-head.tsv"

# Layout: header, canonical, three other metrics, the lists row, then the shuffles.
$HS robust crane $L --shuffles 12 >"$T/t.tsv" 2>"$T/err"
expect_grep robust-header "$T/t.tsv" '^variant	id	metric	lists	verdict	worst	over_cap	histogram	total	average	failing	note$'
rows=$(($(wc -l <"$T/t.tsv") - 1))
[ "$rows" = 17 ] && ok robust-row-count || fail robust-row-count "rows: $rows"
expect_grep robust-canonical "$T/t.tsv" '^canonical	-	maxbucket	custom	\(ok\|fail\)	'
expect_grep robust-metrics "$T/t.tsv" '^metric	maxbucket-swapped	maxbucket-swapped	custom	'
expect_grep robust-lists-skip "$T/t.tsv" '^lists	custom	maxbucket	custom	skip	-	-	-	-	-	-	custom lists: there is no other list set to try$'
expect_grep robust-shuffle-12 "$T/t.tsv" '^shuffle	12	maxbucket	custom	'
awk -F'\t' 'NF != 12 { bad = 1 } END { exit bad }' "$T/t.tsv" && ok robust-12-columns || fail robust-12-columns
expect_grep robust-summary "$T/err" '^robust: crane, 12 shuffles (seed 1): [0-9]* pass ([0-9.]*%), [0-9]* fail$'
expect_grep robust-summary-failing "$T/err" '^failing most often: '
expect_grep robust-summary-worst "$T/err" '^worst guesses over shuffles: '
# The canonical row agrees with solve.
hist=$(awk -F'\t' '$1 == "canonical" { print $8 }' "$T/t.tsv")
$HS solve crane $L 2>"$T/solve.err" >/dev/null
want=$(sed -n 's/^\([0-9]*\) guess\(es\)\{0,1\}: \([0-9]*\)$/\1:\3/p' "$T/solve.err" | grep -v ':0$' | paste -sd, -)
[ "$hist" = "$want" ] && ok robust-canonical-matches-solve || fail robust-canonical-matches-solve "robust $hist, solve $want"
$HS robust crane $L --shuffles 5 --no-variants >"$T/nv.tsv" 2>/dev/null
rows=$(($(wc -l <"$T/nv.tsv") - 1))
[ "$rows" = 6 ] && ok robust-no-variants || fail robust-no-variants "rows: $rows"
# With --order, the shuffles are the same words in other orders: the canonical row follows the order.
printf '%s\n' $(tac "$DATA/tiny-answers.txt") >"$T/rev.txt"
expect_rc robust-order 0 $HS robust crane $L --order "$T/rev.txt" --shuffles 3

# The HTML report: self-contained, with the chart.
$HS robust crane $L --shuffles 12 --html "$T/r.html" >/dev/null 2>&1
expect_grep robust-html-svg "$T/r.html" '<svg xmlns='
expect_grep robust-html-title "$T/r.html" "<h1>Does crane's guarantee survive other tie-breaks?</h1>"
grep -q '<script\|<link\|<img' "$T/r.html" && fail robust-html-self-contained || ok robust-html-self-contained

# Errors.
expect_rc robust-no-opener 2 $HS robust $L
expect_rc robust-unknown-opener 2 $HS robust zzzzz $L
expect_rc robust-bad-seed 2 $HS robust crane $L --seed -1
expect_rc robust-bad-shuffles 2 $HS robust crane $L --shuffles -3
expect_rc robust-bad-metric 2 $HS robust crane $L --metric best
expect_rc robust-bad-output 1 $HS robust crane $L --shuffles 1 -o "$T/no/such/dir.tsv"
expect_rc robust-bad-overrides 1 $HS robust crane $L --overrides "$T/none.txt"
expect_rc robust-help 0 $HS robust --help
expect_grep robust-help-exit "$T/out" "Exit status"

# The real lists: the 2022 strategy (howls + shark) under a few shuffles, deterministic across threads,
# and the other list set tried.
if [ -f data/original/answers.txt ] && [ -f data/nyt2022/answers.txt ]; then
  P="--preset tkihira2022 --overrides overrides/howls-tkihira2022.txt --shuffles 6"
  OMP_NUM_THREADS=1 $HS robust howls $P >"$T/h1.tsv" 2>/dev/null
  OMP_NUM_THREADS=2 $HS robust howls $P >"$T/h2.tsv" 2>"$T/h.err"
  expect_same robust-real-threads "$T/h1.tsv" "$T/h2.tsv"
  expect_grep robust-real-canonical "$T/h1.tsv" '^canonical	-	maxbucket-swapped	original	ok	6	0	2:80,3:715,4:1129,5:364,6:27	8803	3.8026	-	-$'
  expect_grep robust-real-true-metric "$T/h1.tsv" '^metric	maxbucket	maxbucket	original	fail	7	3	.*	graze,tatty,tight	-$'
  expect_grep robust-real-lists "$T/h1.tsv" '^lists	nyt2022	maxbucket-swapped	nyt2022	\(ok\|fail\)	'
else
  skip "robust-real-lists: data/original or data/nyt2022 is not there"
fi
exit 0
