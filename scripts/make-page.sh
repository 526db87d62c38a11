#!/bin/sh
# The play-along page of 'make run' (output/page.html): the optimal strategies of the ten best
# hard-mode openers of the 2022 lists and of the best one of the 2023 lists, read from the committed
# tables of every opener's optimum (output/optimize-all/nyt2022.tsv and nyt2023.tsv: fewest total
# guesses first, ties by opener), each made by 'optimize' into WORKDIR and verified, plus the
# committed opener tables.
# Usage: sh scripts/make-page.sh HARDSIX WORKDIR OUT.html (from the repository's top folder)
set -eu
hs=$1 work=$2 out=$3
# best TABLE K: the K optimal openers of TABLE with the fewest total guesses, ties by opener.
best() {
  LC_ALL=C awk -F'\t' '$2 == "optimal" { print $3, $1 }' "$1" | LC_ALL=C sort -k1,1n -k2,2 | head -n "$2" | cut -d' ' -f2
}
mkdir -p "$work"
files=""
# optimize OPENER LISTS: its strategy, as WORKDIR/OPENER.json (the 2023 one as OPENER-nyt2023.json).
strategy() {
  dir=$work/$2 file=$work/$1.json
  [ "$2" = nyt2022 ] || file=$work/$1-$2.json
  if ! "$hs" optimize "$1" --lists "$2" -o "$dir" >"$work/$1-$2.log" 2>&1; then
    cat "$work/$1-$2.log" >&2
    exit 1
  fi
  mv "$dir/$1.json" "$file"
  files="$files $file"
}
for opener in $(best output/optimize-all/nyt2022.tsv 10); do strategy "$opener" nyt2022; done
for opener in $(best output/optimize-all/nyt2023.tsv 1); do strategy "$opener" nyt2023; done
# shellcheck disable=SC2086 # the file names are words
"$hs" page $files --table output/optimize-all/nyt2022.tsv --table 5:output/prove-within-5/nyt2022.tsv \
  --table 5:output/prove-within-5/original.tsv --table output/optimize-all/nyt2023.tsv \
  --table output/prove-within-6/nyt2023.tsv --table 5:output/prove-within-5/nyt2023.tsv -o "$out"
