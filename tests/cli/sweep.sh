# CLI tests for sweep and merge on the tiny lists: determinism across threads, fail-first, shards.
. "$ROOT/tests/cli/lib.sh.inc"
ML="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
L="$ML --max-guesses 4"

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
  $HS merge $ML "$T/s3.tsv" "$T/s1.tsv" "$T/s2.tsv" >"$T/merged.tsv"
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
want=$(sed -n 's/^\([0-9]*\) guess\(es\)\{0,1\}: \([0-9]*\)$/\1:\3/p' "$T/solve.err" | grep -v ':0$' | paste -sd, -)
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
# Shards carry what made them; merge refuses whatever does not add up (each message names file:line).
for k in 1 2 3; do $HS sweep $L --shard $k/3 -o "$T/m$k.tsv" 2>/dev/null; done
$HS sweep $L >"$T/m-all.tsv" 2>/dev/null
expect_grep merge-shard-line "$T/m2.tsv" "^# hardsix shard 2/3; command sweep; lists custom; answers 20 sha256:[0-9a-f]\{16\}; guesses 20 sha256:[0-9a-f]\{16\}; rules nyt; max-guesses 4; policy rules nyt, pool legal, metric maxbucket; options -; openers all 40 sha256:[0-9a-f]\{16\}$"
grep -q '^#' "$T/m-all.tsv" && fail merge-unsharded-no-shard-line "$(head -n 1 "$T/m-all.tsv")" || ok merge-unsharded-no-shard-line
expect_rc merge-good 0 $HS merge $ML "$T/m2.tsv" "$T/m3.tsv" "$T/m1.tsv"
expect_same merge-good-bytes "$T/m-all.tsv" "$T/out"
expect_rc merge-missing 1 $HS merge $ML "$T/m1.tsv" "$T/m3.tsv"
expect_grep merge-missing-message "$T/err" "^hardsix: missing shard 2/3 (2 of 3 given)$"
[ -s "$T/out" ] && fail merge-missing-no-output "$(head -n 3 "$T/out")" || ok merge-missing-no-output
expect_rc merge-duplicate-shard 1 $HS merge $ML "$T/m1.tsv" "$T/m2.tsv" "$T/m2.tsv" "$T/m3.tsv"
expect_grep merge-duplicate-shard-message "$T/err" "m2.tsv: shard 2/3 again"
cp "$T/m2.tsv" "$T/m2-copy.tsv"
expect_rc merge-duplicate-copy 1 $HS merge $ML "$T/m1.tsv" "$T/m2.tsv" "$T/m2-copy.tsv" "$T/m3.tsv"
$HS sweep $L --max-guesses 5 --shard 2/3 -o "$T/m2-cap.tsv" 2>/dev/null
expect_rc merge-other-cap 1 $HS merge $ML "$T/m1.tsv" "$T/m2-cap.tsv" "$T/m3.tsv"
expect_grep merge-other-cap-message "$T/err" "m2-cap.tsv:1: made with other options or lists than .*m1.tsv: 'max-guesses 5' vs 'max-guesses 4'"
$HS sweep $L --full --shard 2/3 -o "$T/m2-full.tsv" 2>/dev/null
expect_rc merge-other-full 1 $HS merge $ML "$T/m1.tsv" "$T/m2-full.tsv" "$T/m3.tsv"
$HS sweep $L --preset tkihira2022 --shard 2/3 -o "$T/m2-preset.tsv" 2>/dev/null
expect_rc merge-other-preset 1 $HS merge $ML "$T/m1.tsv" "$T/m2-preset.tsv" "$T/m3.tsv"
sed 's/^shade$/aahed/' "$DATA/tiny-answers.txt" >"$T/other-answers.txt"
$HS sweep --answers "$T/other-answers.txt" --guesses "$DATA/tiny-guesses.txt" --max-guesses 4 --shard 2/3 -o "$T/m2-lists.tsv" 2>/dev/null
expect_rc merge-other-lists 1 $HS merge $ML "$T/m1.tsv" "$T/m2-lists.tsv" "$T/m3.tsv"
expect_grep merge-other-lists-message "$T/err" "'answers 20 sha256:"
$HS sweep $L --shard 2/4 -o "$T/m2-of4.tsv" 2>/dev/null
expect_rc merge-other-split 1 $HS merge $ML "$T/m1.tsv" "$T/m2-of4.tsv" "$T/m3.tsv"
$HS prove --all $L --shard 2/3 -o "$T/p2.tsv" 2>/dev/null
expect_rc merge-other-command 1 $HS merge $ML "$T/m1.tsv" "$T/p2.tsv" "$T/m3.tsv"
# Malformed rows: spaces for tabs, a column too many, an unknown verdict, a non-word, a bad number.
row=$(sed -n 3p "$T/m2.tsv")
i=0
for bad in "s/\t/ /" "s/\$/\t-/" "s/\tok\t/\tmaybe\t/;s/\tfail\t/\tmaybe\t/" "s/^[a-z]*/HOWLS/" "s/\t-\t/\t1x\t/;s/\t[0-9][0-9]*\t/\t1x\t/"; do
  i=$((i + 1))
  sed "3$bad" "$T/m2.tsv" >"$T/m2-bad.tsv"
  cmp -s "$T/m2.tsv" "$T/m2-bad.tsv" && fail "merge-malformed-$i-edit" "sed 3$bad changed nothing in: $row"
  expect_rc "merge-malformed-$i" 1 $HS merge $ML "$T/m1.tsv" "$T/m2-bad.tsv" "$T/m3.tsv"
  expect_grep "merge-malformed-$i-message" "$T/err" "^hardsix: .*m2-bad.tsv:3: malformed row"
done
sed 4d "$T/m2.tsv" >"$T/m2-short.tsv"
expect_rc merge-row-missing 1 $HS merge $ML "$T/m1.tsv" "$T/m2-short.tsv" "$T/m3.tsv"
expect_grep merge-row-missing-message "$T/err" "m2-short.tsv: shard 2/3 holds 12 rows, but its slice has 13 openers (missing: '[a-z]*')"
tail -n +2 "$T/m2.tsv" >"$T/m2-noline.tsv"
expect_rc merge-no-shard-line 1 $HS merge $ML "$T/m1.tsv" "$T/m2-noline.tsv" "$T/m3.tsv"
expect_grep merge-no-shard-line-message "$T/err" "m2-noline.tsv:1: not a shard file"
printf '%s' "$(cat "$T/m1.tsv")" >"$T/m4.tsv"
expect_rc merge-truncated 1 $HS merge $ML "$T/m4.tsv" "$T/m2.tsv" "$T/m3.tsv"
