#!/bin/sh
# The Pokémon Wordle results in output/pokemon/ (issue 23), each from one command, timed:
#   habara2021-*.best.tsv        optimize --all --best 1, normal mode, at most 10 guesses, on the 2021 list
#                                of the published optima (their ranges DP..SWSH)
#   habara2021-*.habara.json     the optimal tree of the best opener, in the published solver's format
#   pokemon-*-normal.best.tsv    the same on the npm pokemon@3.3.1 ranges (new: DP is Pokédex 1-493,
#                                ゴースト may be guessed; SV is 1-1025), and the best trees
#   pokemon-{dp,swsh}-hard.*     hard mode (nyt rules, at most 6): the best opener's optimum, and which
#                                openers guarantee 6 and 5 (prove --all)
#   pokemon-dp-hard.sheet.html   the printable cheat sheet of the best hard-mode strategy
#   times.txt                    the command, wall and CPU seconds and peak RSS of each step
# Usage: scripts/pokemon.sh [BUILD_DIR]   (from the repository root; about 80 minutes on 2 cores,
#                                          nearly all of it the SWSH hard-mode --all steps)
set -eu
build=${1:-build}
hs="$build/hardsix"
out=output/pokemon
mkdir -p "$out"
times="$out/times.txt.tmp"
: >"$times"

# run NAME CMD...: runs CMD, its stdout to OUT/NAME, with its time in times.txt.
run() {
  name=$1
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$out/.time" "$@" >"$out/$name.tmp" 2>"$out/.err" || {
    cat "$out/.err" >&2
    exit 1
  }
  mv "$out/$name.tmp" "$out/$name"
  set -- $(tail -n 1 "$out/.time")
  printf '%s\t%s s wall\t%s s CPU\t%s MB\t%s\n' "$name" "$1" "$(echo "$2 $3" | awk '{ print $1 + $2 }')" \
    "$(($4 / 1024))" "$(grep -E '^(best|optimize|prove):' "$out/.err" | tr '\n' ' ')" >>"$times"
}

# best OUTNAME TSV: the opener of the row marked optimal.
best() { awk -F'\t' '$2 == "optimal" { print $1; exit }' "$out/$1"; }

NORMAL="--rules none --max-guesses 10"
for r in dp bw xy sm swsh; do
  run "habara2021-$r.best.tsv" "$hs" optimize --all --best 1 --lists "habara2021-$r" $NORMAL
  run "habara2021-$r.habara.json" "$hs" optimize "$(best "habara2021-$r.best.tsv")" --lists "habara2021-$r" $NORMAL \
    --format habara-json
done
for r in dp bw xy sm swsh sv; do
  run "pokemon-$r-normal.best.tsv" "$hs" optimize --all --best 1 --lists "pokemon-$r" $NORMAL
  run "pokemon-$r-normal.habara.json" "$hs" optimize "$(best "pokemon-$r-normal.best.tsv")" --lists "pokemon-$r" \
    $NORMAL --format habara-json
done
for r in dp swsh; do
  run "pokemon-$r-hard.best.tsv" "$hs" optimize --all --best 1 --lists "pokemon-$r"
  run "pokemon-$r-hard.per-word.txt" "$hs" optimize "$(best "pokemon-$r-hard.best.tsv")" --lists "pokemon-$r" \
    --format per-word
  run "pokemon-$r-hard.prove6.tsv" "$hs" prove --all --lists "pokemon-$r"
  run "pokemon-$r-hard.prove5.tsv" "$hs" prove --all --lists "pokemon-$r" --max-guesses 5
done
run pokemon-dp-hard.sheet.html "$hs" sheet "$out/pokemon-dp-hard.per-word.txt" --lists pokemon-dp
rm -f "$out/.time" "$out/.err"
mv "$times" "$out/times.txt"
