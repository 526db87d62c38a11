#!/bin/sh
# --short-guesses (issue 23): a custom game whose guesses may be shorter than its answers (their
# missing tiles are grey, DESIGN.md "Other games"). Without the option such a guess is an error naming
# its file and line; with it every command plays the game, and shards merge.
set -u
. "$ROOT/tests/cli/lib.sh.inc"

printf 'bade\nbead\ncade\ndace\nface\nfade\njade\nmade\nmace\nlace\n' >"$T/a.txt"
printf 'fab\ncam\nlimb\njolt\nd\n' >"$T/g.txt"
L="--answers $T/a.txt --guesses $T/g.txt"

expect_rc short-refused 1 "$HS" solve made $L
expect_grep short-refused-where "$T/err" "g.txt:1: 'fab' has 3 letters; guesses have exactly 4"
expect_rc short-with-lists 2 "$HS" solve made --lists original --short-guesses
expect_grep short-with-lists-msg "$T/err" "short-guesses goes with --answers"

expect_rc short-solve 0 "$HS" solve fab $L --short-guesses --format per-word
expect_grep short-solve-verified "$T/err" "fab: 10 answers, verified"
cp "$T/out" "$T/fab.txt"
expect_rc short-verify 0 "$HS" verify "$T/fab.txt" $L --short-guesses
expect_grep short-verify-ok "$T/out" "verified: 10 answers"
# The strategy's guesses are short: without the option its lists cannot even be read.
expect_rc short-verify-needs-option 1 "$HS" verify "$T/fab.txt" $L
expect_rc short-prove 0 "$HS" prove d $L --short-guesses --max-guesses 6
expect_grep short-prove-proven "$T/err" "d: proven"
expect_rc short-optimize 0 "$HS" optimize fab $L --short-guesses --format per-word
expect_grep short-optimize-optimal "$T/err" "fab: optimal: "

# Shards of prove --all merge into the unsharded table.
expect_rc short-prove-all 0 "$HS" prove --all $L --short-guesses -o "$T/all.tsv"
for k in 1 2; do
  expect_rc "short-shard-$k" 0 "$HS" prove --all $L --short-guesses --shard $k/2 -o "$T/s$k.tsv"
done
expect_rc short-merge 0 "$HS" merge $L --short-guesses "$T/s1.tsv" "$T/s2.tsv" -o "$T/merged.tsv"
expect_same short-merge-same "$T/all.tsv" "$T/merged.tsv"
