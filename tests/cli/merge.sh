# merge trusts no row (issue 28, items 1 and 3): every row of a shard must be an opener of the shard
# line's opener set, in its shard's slice, once, with numbers in range and columns that agree with each
# other; what merge cannot check (the verdicts) its --help says, and check-table decides again. A
# byte-order mark and CRLF line ends are accepted. Tiny lists.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
ML="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
L="$ML --max-guesses 4"
TAB=$(printf '\t')
for k in 1 2; do
  $HS sweep $L --full --shard $k/2 -o "$T/s$k.tsv" 2>/dev/null
  $HS prove --all $L --shard $k/2 -o "$T/p$k.tsv" 2>/dev/null
  $HS optimize --all $L --shard $k/2 -o "$T/o$k.tsv" 2>/dev/null
done
$HS sweep $L --full >"$T/s.tsv" 2>/dev/null
$HS prove --all $L >"$T/p.tsv" 2>/dev/null
expect_rc merge-sweep-good 0 $HS merge $ML "$T/s1.tsv" "$T/s2.tsv"
expect_same merge-sweep-good-bytes "$T/s.tsv" "$T/out"

# refused NAME SHARD1 SHARD2 REGEX: merge exits 1 and says REGEX.
refused() {
  expect_rc "$1" 1 $HS merge $ML "$2" "$3"
  expect_grep "$1-message" "$T/err" "$4"
  [ -s "$T/out" ] && fail "$1-no-output" "$(head -n 3 "$T/out")" || ok "$1-no-output"
}
# The issue's cases: an opener not in the set, a row moved to the other shard's slice, a histogram
# counting 10 of the 20 answers, a number of nodes no machine counts to.
sed "3s/^[a-z]*$TAB/zzzzz$TAB/" "$T/s1.tsv" >"$T/bad.tsv"
refused merge-opener-not-a-word "$T/bad.tsv" "$T/s2.tsv" "bad.tsv:3: malformed row: opener 'zzzzz' is not a word of the lists"
sed -n 3p "$T/s2.tsv" >"$T/moved"
{ cat "$T/s1.tsv"; cat "$T/moved"; } >"$T/bad1.tsv"
sed 3d "$T/s2.tsv" >"$T/bad2.tsv"
refused merge-row-moved "$T/bad1.tsv" "$T/bad2.tsv" "bad1.tsv:[0-9]*: opener '[a-z]*' is not in the slice of shard 1/2"
awk -F'\t' -v OFS='\t' 'NR == 3 { $6 = "2:5,3:5"; $7 = 25; $8 = "1.2500" } { print }' "$T/s1.tsv" >"$T/bad.tsv"
refused merge-histogram-short "$T/bad.tsv" "$T/s2.tsv" "bad.tsv:3: malformed row: histogram '2:5,3:5' counts 10 answers, not 20"
sed "3s/${TAB}[0-9]*\$/${TAB}99999999999999999999999/" "$T/p1.tsv" >"$T/bad.tsv"
refused merge-nodes-overflow "$T/bad.tsv" "$T/p2.tsv" "bad.tsv:3: malformed row: nodes '99999999999999999999999' is not a number of nodes"
# A verdict, worst, total or average that the row's own histogram contradicts.
row=$(awk -F'\t' 'NR > 2 && $2 == "fail" { print NR; exit }' "$T/s1.tsv")
sed "${row}s/${TAB}fail${TAB}/${TAB}ok${TAB}/" "$T/s1.tsv" >"$T/bad.tsv"
refused merge-verdict-vs-histogram "$T/bad.tsv" "$T/s2.tsv" "bad.tsv:$row: malformed row: verdict 'ok' but answers are over the cap"
awk -F'\t' -v OFS='\t' 'NR == 3 { $7 = $7 + 1 } { print }' "$T/s1.tsv" >"$T/bad.tsv"
refused merge-total-vs-histogram "$T/bad.tsv" "$T/s2.tsv" "bad.tsv:3: malformed row: total '[0-9]*' is not the histogram's total"
awk -F'\t' -v OFS='\t' 'NR == 3 { $8 = "1.0000" } { print }' "$T/s1.tsv" >"$T/bad.tsv"
refused merge-average "$T/bad.tsv" "$T/s2.tsv" "bad.tsv:3: malformed row: average '1.0000' is not total / answers"
row=$(awk -F'\t' 'NR > 2 && $2 == "optimal" { print NR; exit }' "$T/o1.tsv")
awk -F'\t' -v OFS='\t' -v r="$row" 'NR == r { $3 = $3 - 1 } { print }' "$T/o1.tsv" >"$T/bad.tsv"
refused merge-optimize-average "$T/bad.tsv" "$T/o2.tsv" "bad.tsv:$row: malformed row: average '[0-9.]*' is not total / answers"
awk -F'\t' -v OFS='\t' -v r="$row" 'NR == r { $3 = 3; $4 = "0.1500" } { print }' "$T/o1.tsv" >"$T/bad.tsv"
refused merge-optimize-total-range "$T/bad.tsv" "$T/o2.tsv" "bad.tsv:$row: malformed row: total '3' is not a total from one guess"
# A row dropped, or given twice.
sed 4d "$T/p2.tsv" >"$T/bad.tsv"
refused merge-row-dropped "$T/p1.tsv" "$T/bad.tsv" "bad.tsv: shard 2/2 holds [0-9]* rows, but its slice has [0-9]* openers (missing: '[a-z]*')"
{ cat "$T/p2.tsv"; sed -n 4p "$T/p2.tsv"; } >"$T/bad.tsv"
refused merge-row-twice "$T/p1.tsv" "$T/bad.tsv" "bad.tsv:[0-9]*: opener '[a-z]*' twice"
# What merge cannot check: an 'impossible' edited to 'proven' merges (a consistent row); --help says
# so and points to check-table.
row=$(awk -F'\t' 'NR > 2 && $2 == "impossible" { print NR; exit }' "$T/p1.tsv")
sed "${row}s/${TAB}impossible${TAB}/${TAB}proven${TAB}/" "$T/p1.tsv" >"$T/lie.tsv"
expect_rc merge-verdict-lie-merges 0 $HS merge $ML "$T/lie.tsv" "$T/p2.tsv"
$HS merge --help >"$T/help" 2>&1
expect_grep merge-help-cannot-check "$T/help" "What merge cannot check is the verdicts themselves"
expect_grep merge-help-check-table "$T/help" "check-table FILE --sample K"

# The lists and openers merge checks against: the shard line's, loaded by name or given.
expect_rc merge-custom-lists-needed 2 $HS merge "$T/s1.tsv" "$T/s2.tsv"
expect_grep merge-custom-lists-needed-message "$T/err" "was made with the lists 'custom': give merge the same --answers and --guesses"
sed 's/^shade$/aahed/' "$DATA/tiny-answers.txt" >"$T/other-answers.txt"
expect_rc merge-other-lists-given 1 $HS merge --answers "$T/other-answers.txt" --guesses "$DATA/tiny-guesses.txt" "$T/s1.tsv" "$T/s2.tsv"
expect_grep merge-other-lists-given-message "$T/err" "s1.tsv:1: made with other lists than those loaded"
printf 'shade\ncrane\nkempt\nsalet\nhowls\n' >"$T/openers.txt"
for k in 1 2; do $HS prove --all $L --openers "$T/openers.txt" --shard $k/2 -o "$T/f$k.tsv" 2>/dev/null; done
expect_rc merge-openers-file-needed 2 $HS merge $ML "$T/f1.tsv" "$T/f2.tsv"
expect_grep merge-openers-file-needed-message "$T/err" "was made with --openers openers.txt: give merge the same --openers FILE"
expect_rc merge-openers-file 0 $HS merge $ML --openers "$T/openers.txt" "$T/f1.tsv" "$T/f2.tsv"
mkdir "$T/o4" && printf 'shade\ncrane\nkempt\nsalet\n' >"$T/o4/openers.txt"
expect_rc merge-openers-other-file 1 $HS merge $ML --openers "$T/o4/openers.txt" "$T/f1.tsv" "$T/f2.tsv"
expect_grep merge-openers-other-file-message "$T/err" "made for the openers 'openers.txt 5 sha256:"

# Windows line ends and a byte-order mark: the same bytes as the plain shards (item 3).
sed 's/$/\r/' "$T/s1.tsv" >"$T/crlf1.tsv"
{ printf '\357\273\277'; cat "$T/s2.tsv"; } >"$T/bom2.tsv"
expect_rc merge-crlf-bom 0 $HS merge $ML "$T/crlf1.tsv" "$T/bom2.tsv"
expect_same merge-crlf-bom-bytes "$T/s.tsv" "$T/out"
exit 0
