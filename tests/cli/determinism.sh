# Same bytes for 1 and 2 threads from every parallel command, on the tiny lists: prove --all here
# (solve, sweep and robust have theirs in gist.sh, sweep.sh and robust.sh).
. "$ROOT/tests/cli/lib.sh.inc"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
if $HS prove --help 2>/dev/null | grep -q -- '--all'; then
  for cap in 4 5; do
    for rules in nyt strict; do
      tag="$rules-$cap"
      OMP_NUM_THREADS=1 $HS prove --all $L --rules $rules --max-guesses $cap >"$T/p1.tsv" 2>"$T/err"
      rc=$?
      [ $rc = 0 ] && ok "prove-all-$tag-runs" || fail "prove-all-$tag-runs" "exit $rc" "$(head -c 400 "$T/err")"
      OMP_NUM_THREADS=2 $HS prove --all $L --rules $rules --max-guesses $cap >"$T/p2.tsv" 2>/dev/null
      expect_same "prove-all-threads-$tag" "$T/p1.tsv" "$T/p2.tsv"
      $HS prove --all $L --rules $rules --max-guesses $cap --threads 2 -o "$T/p3.tsv" 2>/dev/null
      expect_same "prove-all-threads-option-$tag" "$T/p1.tsv" "$T/p3.tsv"
    done
  done
else
  skip "prove-all-threads: this build has no prove --all"
fi
exit 0
