# CLI tests for rank: the hand-worked table (tests/data/rank/README.md) and the independent Python
# tables on the tiny lists, every --by; --openers answers, --top, --openers, JSON, --with-sweep, errors.
. "$ROOT/tests/cli/lib.sh.inc"
R="$DATA/rank"
HAND="--answers $R/hand-answers.txt --guesses $R/hand-guesses.txt"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"

for by in entropy expected maxbucket buckets; do
  $HS rank $HAND --by $by >"$T/h.tsv" 2>"$T/err"
  expect_same "rank-hand-$by" "$R/hand.tsv" "$T/h.tsv"
  $HS rank $L --by $by >"$T/t.tsv" 2>"$T/err"
  expect_same "rank-tiny-$by" "$R/tiny-$by.tsv" "$T/t.tsv"
  # The same rows for one and two threads.
  OMP_NUM_THREADS=1 $HS rank $L --by $by >"$T/t1.tsv" 2>/dev/null
  OMP_NUM_THREADS=2 $HS rank $L --by $by --threads 2 >"$T/t2.tsv" 2>/dev/null
  expect_same "rank-threads-$by" "$T/t1.tsv" "$T/t2.tsv"
done

# --openers answers keeps the answers' rows, in the same order, renumbered.
$HS rank $HAND --openers answers >"$T/a.tsv"
printf 'rank\topener\tentropy\texpected\tmaxbucket\tbuckets\n1\tcrate\t1.500000\t1.5000\t2\t3\n2\tgrate\t1.500000\t1.5000\t2\t3\n3\tirate\t1.500000\t1.5000\t2\t3\n4\tslate\t0.811278\t2.5000\t3\t2\n' >"$T/a.want"
expect_same rank-pool-answers "$T/a.want" "$T/a.tsv"
$HS rank $L --openers answers | tail -n +2 | cut -f2 >"$T/pa"
awk -F'\t' 'NR > 1 { print $2 }' "$R/tiny-entropy.tsv" | grep -Fxf "$DATA/tiny-answers.txt" >"$T/pa.want"
expect_same rank-tiny-pool-answers "$T/pa.want" "$T/pa"

# --top K: the first K rows; --openers FILE ranks those words only; -o writes the same rows.
$HS rank $L --top 3 >"$T/top.tsv"
head -n 4 "$R/tiny-entropy.tsv" >"$T/top.want"
expect_same rank-top "$T/top.want" "$T/top.tsv"
printf 'money\nslate\nclogs\n' >"$T/op.txt"
$HS rank $HAND --openers "$T/op.txt" | cut -f2 | paste -sd' ' >"$T/op.out"
echo "opener clogs slate money" >"$T/op.want"
expect_same rank-openers-file "$T/op.want" "$T/op.out"
$HS rank $HAND -o "$T/o.tsv" 2>/dev/null
expect_same rank-output-file "$R/hand.tsv" "$T/o.tsv"

# JSON: the same numbers.
$HS rank $HAND --format json >"$T/j.json"
expect_grep rank-json-format "$T/j.json" '"format": "hardsix-rank"'
expect_grep rank-json-row "$T/j.json" '{"rank": 6, "opener": "slate", "entropy": 0.811278, "expected": 2.5000, "maxbucket": 3, "buckets": 2}'
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [o["opener"] for o in d["openers"]] == ["clogs","crate","grate","irate","tacit","slate","money"]' "$T/j.json" \
    && ok rank-json-parses || fail rank-json-parses
else
  skip "rank-json-parses: no python3 to parse the JSON strictly"
fi

# --with-sweep: the greedy result and the prover's verdict for the top K, as solve and prove say.
$HS rank $L --top 3 --with-sweep --max-guesses 4 >"$T/ws.tsv" 2>/dev/null
expect_grep rank-with-sweep-header "$T/ws.tsv" '^rank	opener	entropy	expected	maxbucket	buckets	greedy	worst	average	prove$'
rows=$(($(wc -l <"$T/ws.tsv") - 1))
[ "$rows" = 3 ] && ok rank-with-sweep-rows || fail rank-with-sweep-rows "rows: $rows"
op=$(awk -F'\t' 'NR == 2 { print $2 }' "$T/ws.tsv")
got=$(awk -F'\t' 'NR == 2 { print $9 }' "$T/ws.tsv")
$HS solve "$op" $L --max-guesses 4 2>"$T/solve.err" >/dev/null
want=$(sed -n 's/^average: \([0-9.]*\) .*/\1/p' "$T/solve.err")
[ "$got" = "$want" ] && ok rank-with-sweep-matches-solve || fail rank-with-sweep-matches-solve "rank $got, solve $want"
$HS rank $L --top 3 --with-sweep --max-guesses 2 --rules none >"$T/ws2.tsv" 2>/dev/null
awk -F'\t' 'NR > 1 && $10 != "impossible" { bad = 1 } END { exit bad }' "$T/ws2.tsv" \
  && ok rank-with-sweep-impossible || fail rank-with-sweep-impossible "$(cat "$T/ws2.tsv")"

# Errors.
expect_rc rank-bad-by 2 $HS rank $L --by nope
expect_grep rank-bad-by-message "$T/err" "unknown score 'nope'"
# --pool means one thing in every command (issue 28, item 12): the greedy pool, for --with-sweep; the
# old 'rank --pool answers' is refused with the option that does it now.
expect_rc rank-pool-answers-refused 2 $HS rank $L --pool answers
expect_grep rank-pool-answers-refused-message "$T/err" "to rank only the answers use --openers answers"
expect_rc rank-bad-pool 2 $HS rank $L --pool nope
expect_grep rank-bad-pool-message "$T/err" "unknown pool 'nope' (expected legal or candidates)"
$HS rank $L --top 3 --with-sweep --pool candidates --format json >"$T/wc.json" 2>/dev/null
expect_grep rank-pool-greedy-policy "$T/wc.json" '"policy": "rules nyt, pool candidates, metric maxbucket"'
$HS rank $L --top 5 --with-sweep --pool candidates >"$T/wc.tsv" 2>/dev/null
$HS rank $L --top 5 --with-sweep >"$T/wl.tsv" 2>/dev/null
cmp -s "$T/wc.tsv" "$T/wl.tsv" && fail rank-pool-changes-greedy "the same rows with either pool" || ok rank-pool-changes-greedy
expect_rc rank-bad-format 2 $HS rank $L --format xml
expect_rc rank-bad-top 2 $HS rank $L --top -1
expect_rc rank-extra-argument 2 $HS rank $L salet
printf 'clogs\n' >"$T/g.txt"
expect_rc rank-openers-file 0 $HS rank $HAND --openers "$T/g.txt"
