#!/bin/sh
# The play-along page of 'make run' (output/page.html): the optimal strategies of the ten best
# hard-mode openers of the 2022 lists, read from the committed table of every opener's optimum
# (output/optimize-all/nyt2022.tsv: fewest total guesses first, ties by opener), each made by
# 'optimize' into WORKDIR and verified, plus the committed opener tables.
# Usage: sh scripts/make-page.sh HARDSIX WORKDIR OUT.html (from the repository's top folder)
set -eu
hs=$1 work=$2 out=$3
best=$(LC_ALL=C awk -F'\t' '$2 == "optimal" { print $3, $1 }' output/optimize-all/nyt2022.tsv |
  LC_ALL=C sort -k1,1n -k2,2 | head -n 10 | cut -d' ' -f2)
mkdir -p "$work"
files=""
for opener in $best; do
  if ! "$hs" optimize "$opener" --lists nyt2022 -o "$work" >"$work/$opener.log" 2>&1; then
    cat "$work/$opener.log" >&2
    exit 1
  fi
  files="$files $work/$opener.json"
done
# shellcheck disable=SC2086 # the file names are words
"$hs" page $files --table output/optimize-all/nyt2022.tsv --table 5:output/prove-within-5/nyt2022.tsv \
  --table 5:output/prove-within-5/original.tsv --table output/prove-within-6/nyt2023.tsv -o "$out"
