#!/bin/sh
# Builds small, deterministic word-list sets for tests of other lengths and alphabets from Debian's
# word lists (packages wamerican and wspanish; installed through scripts/deps.sh when missing).
# Usage: scripts/make-test-lists.sh OUTDIR
#   OUTDIR/en4/{answers,guesses}.txt   4-letter English words      (wamerican, /usr/share/dict/american-english)
#   OUTDIR/en6/{answers,guesses}.txt   6-letter English words      (the same)
#   OUTDIR/en8/{answers,guesses}.txt   8-letter English words      (the same)
#   OUTDIR/es5/{answers,guesses}.txt   5-letter Spanish words, ñ included (wspanish, /usr/share/dict/spanish)
# Selection (see data/README.md, "Test lists from Debian's word lists"): the pool is every line of the
# dictionary made only of the lowercase letters a-z (and ñ for Spanish) with the given length, sorted
# bytewise; the answers are pool words 1, 1+A, 1+2A, …; the guesses are words 1, 1+G, 1+2G, … of the
# rest of the pool. One word a line, final newline, NFC (a decomposed ñ could not pass the filter).
# The files' sums for the Debian 12 packages are checked; other package versions give other lists
# (a warning, not an error).
set -eu
[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
out=$1
dict=${HS_DICT_DIR:-/usr/share/dict}
if [ -z "${HS_DICT_DIR:-}" ]; then
  sh "$here/scripts/deps.sh" wamerican wspanish
fi
mkdir -p "$out"

# build_set NAME FILE LETTERS LENGTH A G: one list set in OUT/NAME.
build_set() {
  name=$1 file=$2 letters=$3 length=$4 a=$5 g=$6
  [ -f "$dict/$file" ] || { echo "$0: $dict/$file not found" >&2; exit 1; }
  mkdir -p "$out/$name"
  LC_ALL=C.UTF-8 grep -xE "[$letters]{$length}" "$dict/$file" | LC_ALL=C sort -u >"$out/$name/pool.tmp"
  awk -v a="$a" '(NR - 1) % a == 0' "$out/$name/pool.tmp" >"$out/$name/answers.txt"
  awk -v a="$a" '(NR - 1) % a != 0' "$out/$name/pool.tmp" | awk -v g="$g" '(NR - 1) % g == 0' >"$out/$name/guesses.txt"
  rm -f "$out/$name/pool.tmp"
  echo "$name: $(wc -l <"$out/$name/answers.txt") answers, $(wc -l <"$out/$name/guesses.txt") guesses (from $dict/$file)"
}

build_set en4 american-english a-z 4 12 3
build_set en6 american-english a-z 6 36 8
build_set en8 american-english a-z 8 52 12
build_set es5 spanish a-zñ 5 20 4

# The sums of the lists built from Debian 12's wamerican 2020.12.07-2 and wspanish 1.0.30.
sums="$(mktemp)"
trap 'rm -f "$sums"' EXIT
cat >"$sums" <<'EOF'
bf15863e9eb786fe21bddfd1fb9ecdb2ec006747ff51c88b16be591403d2d8c7  en4/answers.txt
6dcafce96973b4d0960ee84f6608e916273085de49f1294a600d9fd7d1a74ffd  en4/guesses.txt
7d59240c8e522378dfbb814042aa2041cacdfd690023e04527696e4b4cf8690d  en6/answers.txt
a3f457ce944374338df2986137e816ac9b8097f877ea055fe4a1c9cffd1cb7b7  en6/guesses.txt
2e344fc0625acebf135c78670bafde63fc71da153ea53b5f208534f0c35fea06  en8/answers.txt
5b3a66b41cae7ce316e448fd1fb45e6f51d7cfdd22694411a0bdeec57a7bfbe0  en8/guesses.txt
d10adf435f314e01e43dc5ef161182bf04a7db777ac65d33d0dbc0b7edbe6b25  es5/answers.txt
28baa08411c6ee14c48db06d3b6787fdb919aa50803721498df70fe3d8aed7cc  es5/guesses.txt
EOF
if ! (cd "$out" && sha256sum --quiet -c "$sums" 2>/dev/null); then
  echo "$0: warning: the lists differ from those of wamerican 2020.12.07-2 / wspanish 1.0.30 (data/README.md)" >&2
fi
