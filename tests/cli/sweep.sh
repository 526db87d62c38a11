# CLI tests for sweep and merge on the tiny lists: determinism across threads, fail-first, shards.
. "$ROOT/tests/cli/lib.sh.inc"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt --max-guesses 4"

for pol in "" "--preset tkihira2022" "--metric entropy --rules strict"; do
  tag=$(echo "default$pol" | tr -c 'a-z0-9\n' '_')
  OMP_NUM_THREADS=1 $HS sweep $L $pol >"$T/t1.tsv" 2>/dev/null
  OMP_NUM_THREADS=2 $HS sweep $L $pol >"$T/t2.tsv" 2>/dev/null
  expect_same "sweep-threads-$tag" "$T/t1.tsv" "$T/t2.tsv"
  $HS sweep $L $pol --threads 2 --no-fail-first >"$T/nff.tsv" 2>/dev/null
  expect_same "sweep-no-fail-first-$tag" "$T/t1.tsv" "$T/nff.tsv"
  $HS sweep $L $pol --shard 1/3 -o "$T/s1.tsv" 2>/dev/null
  $HS sweep $L $pol --shard 2/3 -o "$T/s2.tsv" 2>/dev/null
  $HS sweep $L $pol --shard 3/3 -o "$T/s3.tsv" 2>/dev/null
  $HS merge "$T/s3.tsv" "$T/s1.tsv" "$T/s2.tsv" >"$T/merged.tsv"
  expect_same "sweep-shard-merge-$tag" "$T/t1.tsv" "$T/merged.tsv"
  OMP_NUM_THREADS=1 $HS sweep $L $pol --full >"$T/f1.tsv" 2>/dev/null
  OMP_NUM_THREADS=2 $HS sweep $L $pol --full --no-fail-first >"$T/f2.tsv" 2>/dev/null
  expect_same "sweep-full-deterministic-$tag" "$T/f1.tsv" "$T/f2.tsv"
  # Verdicts agree between the stopping and the full sweep.
  cut -f1,2 "$T/t1.tsv" >"$T/v1"; cut -f1,2 "$T/f1.tsv" >"$T/v2"
  expect_same "sweep-full-same-verdicts-$tag" "$T/v1" "$T/v2"
done

# Shape: header, one row per allowed word, sorted; some pass and some fail with a cap of 3.
$HS sweep $L >"$T/t.tsv" 2>"$T/err"
expect_grep sweep-header "$T/t.tsv" '^opener	verdict	worst	over_cap	first_over	histogram	total	average$'
rows=$(($(wc -l <"$T/t.tsv") - 1))
[ "$rows" = 40 ] && ok sweep-row-count || fail sweep-row-count "rows: $rows"
tail -n +2 "$T/t.tsv" | cut -f1 >"$T/k1"; sort "$T/k1" >"$T/k2"
expect_same sweep-sorted "$T/k1" "$T/k2"
grep -q '	ok	' "$T/t.tsv" && grep -q '	fail	' "$T/t.tsv" && ok sweep-mixed-verdicts || fail sweep-mixed-verdicts
expect_grep sweep-summary "$T/err" '^sweep: 40 openers, [0-9]* pass'
# A passing row agrees with solve's histogram.
op=$(awk -F'\t' '$2 == "ok" { print $1; exit }' "$T/t.tsv")
hist=$(awk -F'\t' -v o="$op" '$1 == o { print $6 }' "$T/t.tsv")
$HS solve "$op" $L 2>"$T/solve.err" >/dev/null
want=$(sed -n 's/^\([0-9]*\) guesses: \([0-9]*\)$/\1:\2/p' "$T/solve.err" | grep -v ':0$' | paste -sd, -)
[ "$hist" = "$want" ] && ok sweep-matches-solve || fail sweep-matches-solve "sweep $hist, solve $want"
# --full gives exact failure details; a failing row names its first answer over the cap.
$HS sweep $L --full >"$T/f.tsv" 2>/dev/null
awk -F'\t' '$2 == "fail" && ($3 == "-" || $5 == "-") { bad = 1 } END { exit bad }' "$T/f.tsv" \
  && ok sweep-full-details || fail sweep-full-details

# --openers FILE, json, errors.
printf 'salet\nshade\n' >"$T/op.txt"
$HS sweep $L --openers "$T/op.txt" --format json >"$T/j.json" 2>/dev/null
expect_grep sweep-json "$T/j.json" '"opener": "salet"'
printf 'salet\nzzzzz\n' >"$T/bad.txt"
expect_rc sweep-bad-openers-file 1 $HS sweep $L --openers "$T/bad.txt"
expect_grep sweep-bad-openers-line "$T/err" "bad.txt:2:"
expect_rc sweep-bad-shard 2 $HS sweep $L --shard 4/3
expect_rc sweep-bad-format 2 $HS sweep $L --format xml
expect_rc merge-no-files 2 $HS merge
printf 'opener\tverdict\nsalet\tok\n' >"$T/m1.tsv"
printf 'opener\tverdict\nsalet\tfail\n' >"$T/m2.tsv"
expect_rc merge-duplicate 1 $HS merge "$T/m1.tsv" "$T/m2.tsv"
printf 'opener\tother\nzzzzz\tok\n' >"$T/m3.tsv"
expect_rc merge-header-mismatch 1 $HS merge "$T/m1.tsv" "$T/m3.tsv"
printf 'opener\tverdict\nsalet\tok' >"$T/m4.tsv"
expect_rc merge-truncated 1 $HS merge "$T/m4.tsv"
