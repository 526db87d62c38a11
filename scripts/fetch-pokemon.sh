#!/bin/sh
# Regenerate the Pokémon Wordle files of data/ and check them against data/SHA256SUMS.
# Usage: scripts/fetch-pokemon.sh [--check] [--no-npm] [--no-reference]
#   pokemon/ja.json, pokemon/LICENSE   from the npm package pokemon@3.3.1 (npm pack; needs npm)
#   habara2021/                        copied from ../shared/reference/pokemon (or $HS_REFERENCE/pokemon)
#   pokemon-{dp,bw,xy,sm,swsh,sv}/     derived from pokemon/ja.json (needs node)
#   habara2021-{dp,bw,xy,sm,swsh}/     derived from habara2021/names.txt (needs node)
#   --no-npm         derive from the ja.json already in data/pokemon (checked against its sum first)
#   --no-reference   use the habara2021/ files already in data/
#   --check          no network, nothing written: check the sums, derive every list again from the
#                    sources in data/ and compare (without node: the sums only)
# Everything is built in a staging directory and checked against the recorded sums before data/ is
# changed. The derivation rules are in data/README.md ("Pokémon Wordle").
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
data="$here/data"
ref=${HS_REFERENCE:-"$here/../shared/reference"}/pokemon
npm=1 reference=1 write=1
for arg in "$@"; do
  case "$arg" in
    --check) npm=0 reference=0 write=0 ;;
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

# checksum FILE...: checks data-relative FILEs of the staging directory against data/SHA256SUMS.
checksum() {
  for f in "$@"; do
    grep "  $f\$" "$data/SHA256SUMS" || { echo "$0: $f has no recorded sum in data/SHA256SUMS" >&2; exit 1; }
  done >"$tmp/sums"
  (cd "$stage" && sha256sum --quiet -c "$tmp/sums") || { echo "$0: sums differ: data/ left unchanged" >&2; exit 1; }
}

# Sources: the package's ja.json and licence, the 2021 list with its licence and published trees.
if [ $npm = 1 ]; then
  (cd "$tmp" && npm pack --silent pokemon@3.3.1 >/dev/null && mkdir pk && tar xzf pokemon-3.3.1.tgz -C pk)
  stage "$tmp/pk/package/data/ja.json" pokemon/ja.json
  stage "$tmp/pk/package/license" pokemon/LICENSE
else
  stage "$data/pokemon/ja.json" pokemon/ja.json
  stage "$data/pokemon/LICENSE" pokemon/LICENSE
fi
habara="names.txt LICENSE opt-DP.json opt-BW.json opt-XY.json opt-SM.json opt-SWSH.json"
if [ $reference = 1 ] && [ -d "$ref" ]; then
  stage "$ref/habara2021-names.txt" habara2021/names.txt
  stage "$ref/habara2021-LICENSE" habara2021/LICENSE
  for r in DP BW XY SM SWSH; do
    stage "$ref/habara2021-opt-$r.json" "habara2021/opt-$r.json"
  done
else
  [ $reference = 0 ] || echo "$0: $ref not found: using data/habara2021 as it is" >&2
  for f in $habara; do
    stage "$data/habara2021/$f" "habara2021/$f"
  done
fi
# The sources must be the recorded ones before anything is derived from them.
# shellcheck disable=SC2046 # the names have no spaces
checksum pokemon/ja.json pokemon/LICENSE $(for f in $habara; do echo "habara2021/$f"; done)

# Derived lists (node). Each list: one name per line, NFC, final newline, in the source's order.
if command -v node >/dev/null 2>&1; then
  node - "$stage" <<'JS'
const fs = require("fs");
const dir = process.argv[2];
const fail = (msg) => { console.error("fetch-pokemon: " + msg); process.exit(1); };
const len = (s) => [...s].length; // code points
// The game's kana keyboard types katakana letters (U+30A1-U+30FA) and the long-vowel mark ー (U+30FC):
// a name with any other character (♀ ♂, full-width digits, letters and punctuation, ・) is left out.
const typable = (s) => [...s].every((c) => {
  const u = c.codePointAt(0);
  return (u >= 0x30a1 && u <= 0x30fa) || u === 0x30fc;
});
const write = (f, list) => {
  for (const w of list) if (w.normalize("NFC") !== w) fail(f + ": " + w + " is not NFC");
  if (new Set(list).size !== list.length) fail(f + ": duplicate names");
  fs.mkdirSync(dir + "/" + f.replace(/\/[^/]*$/, ""), { recursive: true });
  fs.writeFileSync(dir + "/" + f, list.join("\n") + "\n");
};

// pokemon@3.3.1 data/ja.json: the Japanese names in national Pokédex order (#1 = element 0).
const ja = JSON.parse(fs.readFileSync(dir + "/pokemon/ja.json", "utf8"));
if (ja.length !== 1025) fail("ja.json: " + ja.length + " names, expected 1025");
const dropped = ja.map((n, i) => [i + 1, n]).filter(([, n]) => len(n) <= 5 && !typable(n));
console.log("pokemon: names of at most 5 characters left out (not typable): " +
            dropped.map(([i, n]) => "#" + i + " " + n).join(", "));
// SET: answers = the typable names of exactly 5 characters among Pokédex 1..A; guesses = the other
// typable names of at most 5 characters among 1..G.
const sets = [["dp", 493, 898, 281], ["bw", 649, 898, 380], ["xy", 721, 898, 425],
              ["sm", 809, 898, 474], ["swsh", 898, 898, 511], ["sv", 1025, 1025, 561]];
for (const [set, a, g, expect] of sets) {
  const answers = ja.slice(0, a).filter((n) => len(n) === 5 && typable(n));
  const isAnswer = new Set(answers);
  const guesses = ja.slice(0, g).filter((n) => len(n) <= 5 && typable(n) && !isAnswer.has(n));
  if (answers.length !== expect) fail("pokemon-" + set + ": " + answers.length + " answers, expected " + expect);
  write("pokemon-" + set + "/answers.txt", answers);
  write("pokemon-" + set + "/guesses.txt", guesses);
  console.log("pokemon-" + set + ": Pokédex 1-" + a + ": " + answers.length + " answers, " +
              guesses.length + " guesses (1-" + g + ")");
}

// The 2021 list (846 names, one a line). Its documented relation to ja.json: the names of at most
// 5 characters among Pokédex 1-898, less ゴースト and the four names the keyboard cannot type.
const text = fs.readFileSync(dir + "/habara2021/names.txt", "utf8");
if (!text.endsWith("\n") || text.includes("\r")) fail("habara2021/names.txt: not one name per line");
const names = text.slice(0, -1).split("\n");
if (names.length !== 846) fail("habara2021/names.txt: " + names.length + " names, expected 846");
const missing = new Set(["ゴースト", "ニドラン♀", "ニドラン♂", "ポリゴン２", "ポリゴンＺ"]);
const expected = ja.slice(0, 898).filter((n) => len(n) <= 5 && !missing.has(n));
if (JSON.stringify(expected) !== JSON.stringify(names))
  fail("habara2021/names.txt is not ja.json's names of at most 5 characters among 1-898 less " +
       [...missing].join(" "));
if (!names.every(typable)) fail("habara2021/names.txt: a name the keyboard cannot type");
console.log("habara2021: names.txt = ja.json 1-898, at most 5 characters, less " + [...missing].join(" "));
// SET: answers = the 5-character names among the first N of the list, guesses = the rest of the 846.
// Each published tree (normal mode) must guess names of the list, solve exactly the range's answers,
// and have the published total and worst case.
const ranges = [["dp", 489, 282, "DP", 942, 6], ["bw", 644, 380, "BW", 1328, 6], ["xy", 708, 425, "XY", 1512, 6],
                ["sm", 779, 474, "SM", 1713, 7], ["swsh", 846, 511, "SWSH", 1859, 6]];
const isName = new Set(names);
for (const [set, n, expect, tree, total, worst] of ranges) {
  const answers = names.slice(0, n).filter((w) => len(w) === 5);
  const isAnswer = new Set(answers);
  const guesses = names.filter((w) => !isAnswer.has(w));
  if (answers.length !== expect) fail("habara2021-" + set + ": " + answers.length + " answers, expected " + expect);
  const solved = [];
  let sum = 0, deepest = 0;
  const walk = (node, depth) => {
    if (!isName.has(node.guess)) fail("opt-" + tree + ".json: guess " + node.guess + " is not in names.txt");
    for (const [pattern, child] of Object.entries(node.edges)) {
      if (pattern === "22222") {
        solved.push(node.guess);
        sum += depth;
        deepest = Math.max(deepest, depth);
      } else {
        walk(child, depth + 1);
      }
    }
  };
  walk(JSON.parse(fs.readFileSync(dir + "/habara2021/opt-" + tree + ".json", "utf8")), 1);
  if (solved.length !== answers.length || !solved.every((w) => isAnswer.has(w)) || new Set(solved).size !== solved.length)
    fail("opt-" + tree + ".json: its solved leaves are not the " + answers.length + " answers of habara2021-" + set);
  if (sum !== total || deepest !== worst)
    fail("opt-" + tree + ".json: total " + sum + ", worst " + deepest + "; published " + total + ", " + worst);
  write("habara2021-" + set + "/answers.txt", answers);
  write("habara2021-" + set + "/guesses.txt", guesses);
  console.log("habara2021-" + set + ": first " + n + " names (through Pokédex #" + (ja.indexOf(names[n - 1]) + 1) +
              "): " + answers.length + " answers, " + guesses.length + " guesses; opt-" + tree + ".json total " + sum + ", worst " + deepest);
}
JS
elif [ $write = 1 ]; then
  echo "$0: node is needed to derive the lists" >&2
  exit 1
else
  echo "$0: node not found: checking the sums only" >&2
fi

staged=$(cd "$stage" && find . -type f | sed 's|^\./||' | sort)
# shellcheck disable=SC2086 # the names have no spaces
checksum $staged
if [ $write = 1 ]; then
  for f in $staged; do
    mkdir -p "$data/$(dirname "$f")"
    cp "$stage/$f" "$data/$f.tmp"
    mv "$data/$f.tmp" "$data/$f"
  done
else
  # --check: what was derived again must be what data/ holds.
  for f in $staged; do
    cmp -s "$stage/$f" "$data/$f" || { echo "$0: data/$f differs from its sources" >&2; exit 1; }
  done
fi
cd "$data"
sha256sum -c SHA256SUMS
