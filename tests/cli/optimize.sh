# CLI tests for optimize: the committed optimal salet strategy is current and verified; published
# optima; impossible openers explained; --all and --best on small lists, the same for 1 and 2 threads
# and for any shard split (merged by hardsix merge, shards run by GNU parallel when it is installed).
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"

# make run's optimal salet: regenerated and compared byte for byte, with its cheat sheets.
expect_rc optimize-salet 0 $HS optimize salet -o "$T/so"
expect_grep optimize-salet-total "$T/err" '^salet: optimal: 8122 guesses in total (average 3.5084) is the fewest within 6 (nyt rules)$'
for f in by-pattern.txt per-word.txt tree.txt json selby.tree; do
  expect_same "optimize-salet-current-$f" "output/salet-optimal/salet.$f" "$T/so/salet.$f"
  expect_rc "optimize-salet-verify-$f" 0 $HS verify "output/salet-optimal/salet.$f"
done
# The sheets name the file they were made from: made here from the committed (and just compared) file.
mkdir -p "$T/sheets"
$HS sheet output/salet-optimal/salet.per-word.txt -o "$T/sheets" 2>/dev/null
$HS sheet output/salet-optimal/salet.per-word.txt --format markdown -o "$T/sheets" 2>/dev/null
expect_same optimize-salet-sheet-html output/salet-optimal/salet.sheet.html "$T/sheets/salet.sheet.html"
expect_same optimize-salet-sheet-md output/salet-optimal/salet.sheet.md "$T/sheets/salet.sheet.md"

# Within five: palet's optimum, and an impossible opener with the prover's reason.
expect_rc optimize-palet-5 0 $HS optimize palet --max-guesses 5 --format selby-bare
expect_grep optimize-palet-5-total "$T/err" '^palet: optimal: 8206 guesses in total (average 3.5447) is the fewest within 5'
expect_rc optimize-scamp-5 0 $HS optimize scamp --max-guesses 5 --format tree
expect_grep optimize-scamp-5-total "$T/err" '^scamp: optimal: 8447 guesses in total (average 3.6488) is the fewest within 5'
# The published optima of the exact C++ solver on the 2022 lists (the cheaper four of issue 9's six),
# and salet in normal mode.
printf 'salet\ncrane\nacred\nabyes\n' >"$T/four.txt"
expect_rc optimize-nyt2022-four 0 $HS optimize --all --lists nyt2022 --openers "$T/four.txt" -o "$T/four.tsv"
[ "$(tail -n +2 "$T/four.tsv" | cut -f1-3 | tr '\t\n' ':,')" = "abyes:optimal:8570,acred:optimal:8285,crane:optimal:8133,salet:optimal:8099," ] &&
  ok optimize-nyt2022-published || fail optimize-nyt2022-published "$(cat "$T/four.tsv")"
expect_rc optimize-salet-normal 0 $HS optimize salet --rules none --format tree
expect_grep optimize-salet-normal-total "$T/err" '^salet: optimal: 7920 guesses in total (average 3.4212) is the fewest within 6 (normal mode)$'
expect_rc optimize-slate-impossible 1 $HS optimize slate
expect_grep optimize-slate-why "$T/err" '^  after slate 🟨⬜🟨🟩🟩: 6 candidates (baste, caste, haste, paste, taste, waste) cannot be solved'
expect_rc optimize-slate-explain 1 $HS optimize slate --explain
expect_grep optimize-slate-explain-best "$T/err" 'cannot be solved within 5 more guesses; the best is 6 more (7 in all)$'
expect_rc optimize-explain-all 2 $HS optimize --all --explain

# Small lists: every opener, then the best three.
ML="--answers $DATA/prove-answers.txt --guesses $DATA/prove-guesses.txt"
L="$ML --max-guesses 4"
expect_rc optimize-all 0 $HS optimize --all $L -o "$T/all.tsv"
expect_grep optimize-all-header "$T/all.tsv" '^opener	verdict	total	average$'
expect_grep optimize-all-mower "$T/all.tsv" '^mower	optimal	37	2.4667$'
expect_grep optimize-all-impossible "$T/all.tsv" '^fight	impossible	-	-$'
expect_grep optimize-all-summary "$T/err" '^optimize: 27 openers: 7 optimal, 20 impossible'
OMP_NUM_THREADS=1 $HS optimize --all $L --threads 1 -o "$T/one.tsv" 2>/dev/null
expect_same optimize-all-threads "$T/all.tsv" "$T/one.tsv"
# The part steps kept from opener to opener in the least memory: the same rows.
$HS optimize --all $L --step-cache 1 -o "$T/small-cache.tsv" 2>/dev/null
expect_same optimize-all-step-cache "$T/all.tsv" "$T/small-cache.tsv"
expect_rc optimize-step-cache-one 2 $HS optimize salet --step-cache 64
expect_grep optimize-step-cache-one-says "$T/err" 'step-cache go with --all'
expect_rc optimize-step-cache-zero 2 $HS optimize --all $L --step-cache 0
expect_grep optimize-step-cache-zero-says "$T/err" "step-cache: '0' is not a number of MB from 1 to 1048576"
expect_rc optimize-step-cache-word 2 $HS optimize --all $L --step-cache lots
for k in 1 2 3; do
  $HS optimize --all $L --shard $k/3 -o "$T/s$k.tsv" 2>/dev/null
done
$HS merge $ML "$T/s2.tsv" "$T/s3.tsv" "$T/s1.tsv" >"$T/merged.tsv"
expect_same optimize-shards-merged "$T/all.tsv" "$T/merged.tsv"
if command -v parallel >/dev/null 2>&1; then
  parallel --will-cite "$HS" optimize --all $L --shard {}/4 -o "$T/p{}.tsv" ::: 1 2 3 4 2>/dev/null
  $HS merge $ML "$T"/p1.tsv "$T"/p2.tsv "$T"/p3.tsv "$T"/p4.tsv >"$T/pmerged.tsv"
  expect_same optimize-gnu-parallel-shards "$T/all.tsv" "$T/pmerged.tsv"
else
  skip "optimize-gnu-parallel-shards: GNU parallel is not installed (make deps)"
fi
expect_rc optimize-best 0 $HS optimize --all --best 3 $L -o "$T/best.tsv"
n=$(grep -c '	optimal	' "$T/best.tsv")
[ "$n" = 3 ] && ok optimize-best-three || fail optimize-best-three "$n optimal rows"
expect_grep optimize-best-header "$T/best.tsv" '^opener	verdict	total	average	lower_bound$'
expect_grep optimize-best-mower "$T/best.tsv" '^mower	optimal	37	2.4667	-$'
# The other rows are worse, with no total and a lower bound no smaller than the third best total, or
# impossible exactly where --all says so.
awk -F'\t' 'NR > 1 && $2 == "worse" && ($3 != "-" || $4 != "-" || $5 < 38) { bad = 1 } END { exit bad }' "$T/best.tsv" &&
  ok optimize-best-worse-bounds || fail optimize-best-worse-bounds "$(cat "$T/best.tsv")"
awk -F'\t' 'NR > 1 && $2 == "impossible"' "$T/all.tsv" | cut -f1 >"$T/imp-all"
awk -F'\t' 'NR > 1 && $2 == "impossible" && $3 == "-" && $5 == "-"' "$T/best.tsv" | cut -f1 >"$T/imp-best"
[ -s "$T/imp-all" ] && ok optimize-best-has-impossible || fail optimize-best-has-impossible
expect_same optimize-best-impossible-rows "$T/imp-all" "$T/imp-best"
expect_grep optimize-best-summary "$T/err" '^optimize: 27 openers: 3 optimal, 20 impossible, 4 worse than the best 3'
# merge reads such rows (lower_bound a count or '-'): here under the shard line of a one-shard run.
$HS optimize --all $L --shard 1/1 -o "$T/one-shard.tsv" 2>/dev/null
{ head -n 1 "$T/one-shard.tsv"; cat "$T/best.tsv"; } >"$T/best-shard.tsv"
$HS merge $ML "$T/best-shard.tsv" >"$T/best-merged.tsv" 2>"$T/err"
expect_same optimize-best-merge-reads "$T/best.tsv" "$T/best-merged.tsv"
sed 's/	worse	-	-	\([0-9]*\)$/	worse	-	-	x\1/' "$T/best-shard.tsv" >"$T/best-bad.tsv"
expect_rc optimize-best-merge-bad-bound 1 $HS merge $ML "$T/best-bad.tsv"
expect_grep optimize-best-merge-bad-bound-msg "$T/err" "lower_bound 'x[0-9]*' is not a total"
sed 's/	worse	-	-	\([0-9]*\)$/	worse	\1	-	\1/' "$T/best-shard.tsv" >"$T/best-bad2.tsv"
expect_rc optimize-best-merge-worse-total 1 $HS merge $ML "$T/best-bad2.tsv"
expect_grep optimize-best-merge-worse-total-msg "$T/err" "verdict 'worse' but a total is given"
# --best K in shards: each shard keeps the K best of its own openers and every opener's one-step bound
# (step_bound); merge settles the K best of all and prints the bytes of one run.
for k in 1 2 3; do
  expect_rc optimize-best-shard-$k 0 $HS optimize --all --best 3 $L --shard $k/3 -o "$T/b$k.tsv"
done
expect_grep optimize-best-shard-header "$T/b1.tsv" '^opener	verdict	total	average	lower_bound	step_bound$'
expect_grep optimize-best-shard-line "$T/b1.tsv" '^# hardsix shard 1/3; command optimize; .*; options --best 3; '
expect_rc optimize-best-shards-merge 0 $HS merge $ML "$T/b3.tsv" "$T/b1.tsv" "$T/b2.tsv" -o "$T/bmerged.tsv"
expect_same optimize-best-shards-merged "$T/best.tsv" "$T/bmerged.tsv"
# The shards hold more optimal rows than the K best of all: merge makes the others worse.
n=$(cat "$T"/b[123].tsv | grep -c '	optimal	')
[ "$n" -gt 3 ] && ok optimize-best-shards-demote || fail optimize-best-shards-demote "$n optimal rows in the shards"
for k in 1 2; do
  $HS optimize --all --best 3 $L --shard $k/2:groups -o "$T/g$k.tsv" 2>/dev/null
done
$HS merge $ML "$T/g2.tsv" "$T/g1.tsv" >"$T/gmerged.tsv" 2>"$T/err"
expect_same optimize-best-groups-merged "$T/best.tsv" "$T/gmerged.tsv"
if command -v parallel >/dev/null 2>&1; then
  parallel --will-cite "$HS" optimize --all --best 2 $L --timing --shard {}/4 -o "$T/bp{}.tsv" ::: 1 2 3 4 2>/dev/null
  $HS merge $ML "$T"/bp1.tsv "$T"/bp2.tsv "$T"/bp3.tsv "$T"/bp4.tsv >"$T/bpmerged.tsv"
  $HS optimize --all --best 2 $L --timing -o "$T/best2.tsv" 2>/dev/null
  cut -f1-5 "$T/best2.tsv" >"$T/best2.cut" # the seconds column differs from run to run
  cut -f1-5 "$T/bpmerged.tsv" >"$T/bpmerged.cut"
  expect_grep optimize-best-gnu-parallel-seconds "$T/bpmerged.tsv" '^opener	verdict	total	average	lower_bound	seconds$'
  expect_same optimize-best-gnu-parallel-shards "$T/best2.cut" "$T/bpmerged.cut"
else
  skip "optimize-best-gnu-parallel-shards: GNU parallel is not installed (make deps)"
fi
# A step_bound that is no bound, a number for an impossible opener, shards of another K, a shard line
# without --best.
awk -F'\t' 'BEGIN { OFS = "\t" } NR > 2 && $2 == "optimal" && !d { $6 = $3 + 1; d = 1 } { print }' "$T/b1.tsv" >"$T/bbad.tsv"
expect_rc optimize-best-merge-step-above 1 $HS merge $ML "$T/bbad.tsv" "$T/b2.tsv" "$T/b3.tsv"
expect_grep optimize-best-merge-step-above-msg "$T/err" "bbad.tsv:[0-9]*: malformed row: step_bound '[0-9]*' is above the total"
awk -F'\t' 'BEGIN { OFS = "\t" } NR > 2 && $2 == "impossible" && !d { $6 = 40; d = 1 } { print }' "$T/b1.tsv" >"$T/bbad.tsv"
expect_rc optimize-best-merge-step-impossible 1 $HS merge $ML "$T/bbad.tsv" "$T/b2.tsv" "$T/b3.tsv"
expect_grep optimize-best-merge-step-impossible-msg "$T/err" "step_bound '40' but no strategy exists"
$HS optimize --all --best 2 $L --shard 1/3 -o "$T/b1k2.tsv" 2>/dev/null
expect_rc optimize-best-merge-other-k 1 $HS merge $ML "$T/b1k2.tsv" "$T/b2.tsv" "$T/b3.tsv"
expect_grep optimize-best-merge-other-k-msg "$T/err" "made with other options or lists than"
sed '1s/options --best 3/options -/' "$T/b1.tsv" >"$T/bnok1.tsv"
sed '1s/options --best 3/options -/' "$T/b2.tsv" >"$T/bnok2.tsv"
sed '1s/options --best 3/options -/' "$T/b3.tsv" >"$T/bnok3.tsv"
expect_rc optimize-best-merge-no-k 1 $HS merge $ML "$T/bnok1.tsv" "$T/bnok2.tsv" "$T/bnok3.tsv"
expect_grep optimize-best-merge-no-k-msg "$T/err" "bnok1.tsv:1: a table with a step_bound column, but its shard line names no --best K"
expect_rc optimize-best-timing 0 $HS optimize --all --best 3 $L --timing
expect_grep optimize-best-timing-header "$T/out" '^opener	verdict	total	average	lower_bound	seconds$'
OMP_NUM_THREADS=1 $HS optimize --all --best 3 $L --threads 1 -o "$T/best1.tsv" 2>/dev/null
expect_same optimize-best-threads "$T/best.tsv" "$T/best1.tsv"

# The committed table of every opener's optimum on the 2022 lists (output/optimize-all/nyt2022.tsv,
# made by optimize --all --timing): its shape, the published best five, and a fixed sample of cheap
# openers optimised again (the seconds column belongs to the run that made the table: only the first
# four columns are compared).
f=output/optimize-all/nyt2022.tsv
if [ -f "$f" ]; then
  want=$($HS rank --lists nyt2022 2>/dev/null | tail -n +2 | wc -l)
  rows=$(tail -n +2 "$f" | wc -l)
  [ "$rows" = "$want" ] && ok optimize-table-rows || fail optimize-table-rows "$rows rows, $want openers"
  expect_grep optimize-table-header "$f" '^opener	verdict	total	average	seconds$'
  bad=$(tail -n +2 "$f" | awk -F'\t' 'NF != 5 || !(($2 == "optimal" && $3 ~ /^[0-9]+$/ && $3 + 0 > 0 && sprintf("%.4f", $3 / 2309) == $4) || ($2 == "impossible" && $3 == "-" && $4 == "-"))' | wc -l)
  [ "$bad" = 0 ] && ok optimize-table-fields || fail optimize-table-fields "$bad malformed rows"
  tail -n +2 "$f" | cut -f1 >"$T/o1"; LC_ALL=C sort "$T/o1" >"$T/o2"
  expect_same optimize-table-sorted "$T/o1" "$T/o2"
  best=$(tail -n +2 "$f" | awk -F'\t' '$2 == "optimal"' | sort -t"$(printf '\t')" -k3,3n -k1,1 | head -n 5 | cut -f1,3 | tr '\t\n' ':,')
  [ "$best" = "salet:8099,least:8106,reast:8112,crate:8121,trape:8123," ] && ok optimize-table-best-five ||
    fail optimize-table-best-five "$best"
  tail -n +2 "$f" | awk -F'\t' '$5 < 0.05' | awk 'NR % 250 == 1' | cut -f1-4 >"$T/osample"
  cut -f1 "$T/osample" >"$T/osample.txt"
  $HS optimize --all --lists nyt2022 --openers "$T/osample.txt" -o "$T/oagain" 2>/dev/null
  tail -n +2 "$T/oagain" | cut -f1-4 >"$T/oagain.rows"
  expect_same optimize-table-sample "$T/osample" "$T/oagain.rows"
else
  skip "optimize-table: output/optimize-all/nyt2022.tsv is not there"
fi

# Usage errors.
expect_rc optimize-no-opener 2 $HS optimize
expect_rc optimize-best-without-all 2 $HS optimize salet --best 3
expect_rc optimize-best-zero 2 $HS optimize --all --best 0
expect_rc optimize-unknown-opener 2 $HS optimize zzzzz

# A long single-opener search shows its progress on a terminal (after the prover's line, the optimiser's:
# acred searches about 28,000 nodes) and nothing of it when stderr is not a terminal.
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
  script -qec "$HS optimize acred --lists nyt2022 --format tree >/dev/null" /dev/null >"$T/tty" 2>&1
  expect_grep optimize-progress-tty "$T/tty" 'optimize: searching acred: [0-9]* nodes, [0-9]* s'
else
  skip "optimize-progress-tty: script(1) cannot make a terminal here"
fi
$HS optimize acred --lists nyt2022 --format tree >/dev/null 2>"$T/notty"
if grep -q 'searching' "$T/notty"; then fail optimize-progress-not-tty "progress written to a non-terminal"; else ok optimize-progress-not-tty; fi

# --checkpoint: a run that ends removes its checkpoint and writes what a run without one writes; a run
# killed during its search saves one, says so, and the same command resumes it to the same strategy;
# a file of another search, a damaged file, a folder that is missing, and misplaced options are errors.
$HS optimize acros --lists nyt2023 --format selby >"$T/acros.fresh" 2>/dev/null
expect_rc checkpoint-complete 0 $HS optimize acros --lists nyt2023 --format selby --checkpoint "$T/a.ckpt"
expect_same checkpoint-complete-same "$T/acros.fresh" "$T/out"
expect_grep checkpoint-complete-removed "$T/err" "^optimize: the search is complete: checkpoint $T/a.ckpt removed$"
[ ! -e "$T/a.ckpt" ] && ok checkpoint-complete-gone || fail checkpoint-complete-gone "$T/a.ckpt is left"
# A save removes what a save killed midway (kill -9) left behind, and nothing of a process that runs.
dead=$(sh -c 'echo $$')
while kill -0 "$dead" 2>/dev/null; do dead=$(sh -c 'echo $$'); done
printf 'partial' >"$T/a.ckpt.tmp.$dead.Ab3dEf"
printf 'partial' >"$T/a.ckpt.tmp.$$.LiveXy"
env --default-signal=TERM "$HS" optimize acros --lists nyt2023 --format selby --checkpoint "$T/a.ckpt" \
  --checkpoint-every 0.001 >/dev/null 2>"$T/kill.err" &
pid=$!
i=0
while [ ! -e "$T/a.ckpt" ] && kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $pid 2>/dev/null
{ wait $pid; } 2>/dev/null
rc=$?
if [ $rc = 0 ]; then
  skip "checkpoint-resume: the search ended before it could be stopped"
else
  [ $rc = 143 ] && ok checkpoint-killed-143 || fail checkpoint-killed-143 "exit $rc" "$(cat "$T/kill.err")"
  [ ! -e "$T/a.ckpt.tmp.$dead.Ab3dEf" ] && [ -e "$T/a.ckpt.tmp.$$.LiveXy" ] && ok checkpoint-stale-removed ||
    fail checkpoint-stale-removed "$(ls "$T" | grep a.ckpt)"
  rm -f "$T/a.ckpt.tmp.$$.LiveXy"
  expect_grep checkpoint-saves-said "$T/kill.err" \
    "^optimize: searching acros: checkpoint saved to $T/a.ckpt ([0-9]* s, [0-9]* nodes)$"
  expect_grep checkpoint-killed-says "$T/kill.err" \
    "^hardsix: acros: search stopped; what it settled is saved in $T/a.ckpt (the same command resumes it)$"
  cp "$T/a.ckpt" "$T/other.ckpt"
  expect_rc checkpoint-other-search 1 $HS optimize acros --lists nyt2023 --max-guesses 7 --checkpoint "$T/other.ckpt"
  expect_grep checkpoint-other-search-says "$T/err" "^hardsix: $T/other.ckpt: checkpoint of another search"
  # hardsix checkpoint: what the file holds; a thinner copy (the entries about sets with at least R
  # guesses left) from which the same command resumes to the same strategy.
  expect_rc checkpoint-show 0 $HS checkpoint "$T/a.ckpt"
  expect_grep checkpoint-show-head "$T/out" "^$T/a.ckpt: [0-9.]* MB$"
  expect_grep checkpoint-show-columns "$T/out" "^guesses left	optimiser	prover$"
  expect_grep checkpoint-show-low "$T/out" "^[123]	[0-9]*	[0-9]*$"
  expect_grep checkpoint-show-total "$T/out" "^total	[0-9]*	[0-9]*$"
  expect_rc checkpoint-thin 0 $HS checkpoint "$T/a.ckpt" -o "$T/thin.ckpt" --min-left 4
  expect_grep checkpoint-thin-head "$T/out" "^$T/thin.ckpt: [0-9.]* MB$"
  if grep -q "^[123]	" "$T/out"; then fail checkpoint-thin-kept-low "$(cat "$T/out")"; else ok checkpoint-thin-kept-low; fi
  expect_rc checkpoint-thin-resume 0 $HS optimize acros --lists nyt2023 --format selby --checkpoint "$T/thin.ckpt"
  expect_grep checkpoint-thin-resume-says "$T/err" "^optimize: resuming from $T/thin.ckpt ([0-9]* settled entries)$"
  expect_same checkpoint-thin-resume-same "$T/acros.fresh" "$T/out"
  expect_rc checkpoint-no-file 2 $HS checkpoint
  expect_rc checkpoint-two-files 2 $HS checkpoint "$T/a.ckpt" "$T/a.ckpt"
  expect_rc checkpoint-o-alone 2 $HS checkpoint "$T/a.ckpt" -o "$T/x.ckpt"
  expect_rc checkpoint-min-left-alone 2 $HS checkpoint "$T/a.ckpt" --min-left 3
  expect_rc checkpoint-min-left-zero 2 $HS checkpoint "$T/a.ckpt" -o "$T/x.ckpt" --min-left 0
  expect_rc checkpoint-prover-alone 2 $HS checkpoint "$T/a.ckpt" -o "$T/x.ckpt" --prover-min-left 3
  expect_rc checkpoint-prover-sixteen 2 $HS checkpoint "$T/a.ckpt" -o "$T/x.ckpt" --min-left 3 --prover-min-left 16
  expect_rc checkpoint-prover-apart 0 $HS checkpoint "$T/a.ckpt" -o "$T/x.ckpt" --min-left 1 --prover-min-left 15
  if grep -q "^[1-9]	[0-9]*	[1-9]" "$T/out"; then fail checkpoint-prover-apart-none "$(cat "$T/out")"; else ok checkpoint-prover-apart-none; fi
  expect_grep checkpoint-prover-apart-optimiser "$T/out" "^[1-9]	[1-9][0-9]*	0$"
  rm -f "$T/x.ckpt"
  head -c 4096 "$T/a.ckpt" >"$T/cut.ckpt"
  expect_rc checkpoint-cut 1 $HS checkpoint "$T/cut.ckpt" -o "$T/x.ckpt" --min-left 3
  expect_grep checkpoint-cut-says "$T/err" "^hardsix: $T/cut.ckpt: checkpoint cut short or damaged"
  [ ! -e "$T/x.ckpt" ] && ok checkpoint-cut-nothing-written || fail checkpoint-cut-nothing-written "$T/x.ckpt"
  expect_rc checkpoint-missing 1 $HS checkpoint "$T/none.ckpt"
  # A strategy that cannot be written keeps the checkpoint for another try.
  expect_rc checkpoint-write-fails 1 env HARDSIX_TEST_FAIL_WRITE_STEP=1 $HS_TEST optimize acros --lists nyt2023 \
    -o "$T/w" --checkpoint "$T/a.ckpt"
  [ -s "$T/a.ckpt" ] && ok checkpoint-write-fails-kept || fail checkpoint-write-fails-kept "$T/a.ckpt is gone"
  expect_rc checkpoint-resume 0 $HS optimize acros --lists nyt2023 --format selby --checkpoint "$T/a.ckpt"
  expect_grep checkpoint-resume-says "$T/err" "^optimize: resuming from $T/a.ckpt ([0-9]* settled entries)$"
  expect_same checkpoint-resume-same "$T/acros.fresh" "$T/out"
  [ ! -e "$T/a.ckpt" ] && ok checkpoint-resume-gone || fail checkpoint-resume-gone "$T/a.ckpt is left"
fi
echo hello >"$T/bad.ckpt"
expect_rc checkpoint-not-one 1 $HS optimize salet --checkpoint "$T/bad.ckpt"
expect_grep checkpoint-not-one-says "$T/err" "^hardsix: $T/bad.ckpt: not a hardsix checkpoint$"
expect_rc checkpoint-no-folder 1 $HS optimize salet --checkpoint "$T/missing/s.ckpt"
expect_grep checkpoint-no-folder-says "$T/err" "^hardsix: $T/missing/s.ckpt: cannot write a checkpoint there"
expect_rc checkpoint-with-all 2 $HS optimize --all --checkpoint "$T/x.ckpt"
expect_rc checkpoint-every-alone 2 $HS optimize salet --checkpoint-every 5
expect_rc checkpoint-every-bad 2 $HS optimize salet --checkpoint "$T/x.ckpt" --checkpoint-every -1
exit 0
