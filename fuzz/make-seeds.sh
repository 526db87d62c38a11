#!/bin/sh
# Writes the seed inputs of the fuzz targets into fuzz/seeds/NAME/ (committed; rerun after changing a
# target's input layout). 'make check' replays them, 'make fuzz' starts from them.
set -eu
cd "$(dirname "$0")/.."
data=tests/data
# seed NAME FILE TEXT... : a seed input made of the given pieces (printf formats).
seed() {
  d="fuzz/seeds/$1" f=$2; shift 2
  mkdir -p "$d"
  : >"$d/$f"
  for piece in "$@"; do printf "$piece" >>"$d/$f"; done
}
# seed_file NAME FILE PREFIX SOURCE : PREFIX (printf format) followed by the bytes of SOURCE.
seed_file() {
  mkdir -p "fuzz/seeds/$1"
  { printf "$3"; cat "$4"; } >"fuzz/seeds/$1/$2"
}

rm -rf fuzz/seeds
# word lists: answers NUL guesses
mkdir -p "fuzz/seeds/words"
{ cat $data/tiny-answers.txt; printf '\000'; cat $data/tiny-guesses.txt; } >"fuzz/seeds/words/tiny"
{ cat $data/format/answers.txt; printf '\000'; cat $data/format/guesses.txt; } >"fuzz/seeds/words/format"
seed words crlf '# answers\r\nshade\r\nshake\r\n' '\000' 'howls\r\n\r\nsalet\r\n'
seed words bad 'Shade\nshake\ncafé\nshade\n'
# --order files
seed_file order tiny '' $data/tiny-answers.txt
sort -r $data/tiny-answers.txt | sed 's/$/\r/' >"fuzz/seeds/order/reversed-crlf"
# patterns and option values
seed pattern emoji '🟩🟨⬜⬜⬛'
seed pattern emoji-fe0f '🟩️🟨️⬜️⬜️⬛️'
seed pattern letters 'GYB-.'
seed pattern digits '21000'
seed pattern four 'gybb'
seed pattern option 'maxbucket-swapped'
# override files: a selector byte (rules, pool, opener), then the file
seed overrides one '\000' 'kempt BYBBB shade\n'
seed overrides chain '\001' '# two steps\nkempt ⬜🟨⬜⬜⬜ shade 🟩🟩🟩⬜🟩 shave\n'
seed overrides digits '\002' 'kempt 01000 crane # trailing comment\r\n'
# strategy files: a selector byte (rules, cap), then the file
for f in $data/verify/*; do
  seed_file verify "nyt-$(basename "$f")" '\014' "$f"
  seed_file verify "strict-$(basename "$f")" '\015' "$f"
done
key=$(awk 'BEGIN { for (i = 0; i < 70; i++) printf "%s00000", (i ? "=>" : "") }')
seed verify deep-key.by-pattern '\014' '# opener: kempt\n' "$key" ': next {shade} / candidates (1) [shade]\n'
seed verify upper.per-word '\014' 'SHADE: [KEMPT] => BYBBB / [shade] => GGGGG /\r\n'
# engine properties: bytes
seed rules a '\001' 'slosh' 'drill' 'asset' 'eerie' 'geese' '\001\003\000\001\002\003'
seed rules b '\000' 'abbey' 'babes' 'ebbed' '\000\002\001\001'
seed solve all '\377\377\017' '\377\377\017' '\000\005\000'
seed solve strict '\377\377\017' '\001\000\000' '\345\003\007' '\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023'

# games: length, answers, alphabet size, short guesses, then letters
seed game kana5 '\003\002\010\001' '\000\001\002\003\004' '\001\002\003\004\005' '\002\000\001' '\004\003\003\002\001\000'
seed game mixed3 '\001\003\011\000' '\005\006\007' '\007\010\011' '\011\005\006' '\000\007\010' '\006\006\005'
seed game two '\000\001\003\001' '\000\001' '\001\000' '\001\002'
