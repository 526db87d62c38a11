#!/bin/sh
# Other games (issue 23): Pokémon Wordle (katakana, guesses shorter than the answers, more letters than
# the narrow build plays: run by hardsix-wide), four-, six- and eight-letter English and Spanish with ñ
# (Debian's word lists; six and eight letters are run by hardsix-wide too), short-guess feedback, the
# published solver's JSON trees, and the exact solver's outline kept to five letters a-z.
set -u
. "$ROOT/tests/cli/lib.sh.inc"
PK="--rules none --max-guesses 10"

# feedback: the examples of DESIGN.md "Other games".
for c in "ゴース ゴースト GGG" "コイル レアコイル YYY" "ポッポ ピジョット BYB" "ユンゲラー フーディン BYBBY" \
  "ピカチュウ ライチュウ BBGGG"; do
  set -- $c
  got=$("$HS" feedback "$1" "$2" --style letters 2>&1)
  if [ "$got" = "$3" ]; then ok "games-feedback-$3"; else fail "games-feedback-$3" "$1 $2: '$got', expected $3"; fi
done
expect_rc games-feedback-longer-guess 2 "$HS" feedback ゴーストス ゴースト

# The five published trees verify, with the published totals.
for r in DP:dp:942:282 BW:bw:1328:380 XY:xy:1512:425 SM:sm:1713:474 SWSH:swsh:1859:511; do
  IFS=: read -r up low total n <<EOF2
$r
EOF2
  "$HS" verify "$ROOT/data/habara2021/opt-$up.json" --lists "habara2021-$low" $PK >"$T/out" 2>"$T/err"
  avg=$(awk -v t="$total" -v n="$n" 'BEGIN { printf "%.4f", t / n }')
  expect_grep "games-habara-$low-verified" "$T/out" "verified: $n answers, .* average $avg "
done
# A tampered tree is refused: a node's "rem" off by one.
sed 's/"rem":81,/"rem":80,/' "$ROOT/data/habara2021/opt-DP.json" >"$T/bad.json"
expect_rc games-habara-tampered 1 "$HS" verify "$T/bad.json" --lists habara2021-dp $PK
expect_grep games-habara-tampered-msg "$T/err" 'says "rem": 80 but 81 answers reach this node'

# The DP optimum, written in the published solver's format, read back (also from stdin, which the
# narrow program hands to hardsix-wide).
expect_rc games-optimize-dp 0 "$HS" optimize ランクルス --lists habara2021-dp $PK --format habara-json
expect_grep games-optimize-dp-942 "$T/err" "ランクルス: optimal: 942 guesses in total (average 3.3404)"
cp "$T/out" "$T/dp.json"
expect_rc games-habara-stdin 0 sh -c "'$HS' verify - --lists habara2021-dp $PK <'$T/dp.json'"
expect_grep games-habara-stdin-verified "$T/out" "verified: 282 answers"
# Every format of a short-guess game verifies; the exact solver's outline is refused.
expect_rc games-solve-dir 0 "$HS" solve ランクルス --lists pokemon-dp $PK -o "$T/pk"
n=$(ls "$T/pk" | wc -l)
if [ "$n" = 4 ]; then ok games-solve-dir-four-formats; else fail games-solve-dir-four-formats "$(ls "$T/pk")"; fi
for f in "$T"/pk/*; do
  expect_rc "games-verify-$(basename "$f")" 0 "$HS" verify "$f" --lists pokemon-dp $PK
done
expect_rc games-selby-refused 2 "$HS" solve ランクルス --lists pokemon-dp $PK --format selby
expect_grep games-selby-refused-msg "$T/err" "five letters a-z only"
# Hard mode on Pokémon: a proof within six is verified.
expect_rc games-prove-hard 0 "$HS" prove ランクルス --lists pokemon-dp --max-guesses 6
expect_grep games-prove-hard-msg "$T/err" "proven: some strategy solves every answer within 6 guesses"

# Four-letter English and Spanish with ñ, from Debian's word lists (make deps installs them).
if [ -f /usr/share/dict/american-english ] && [ -f /usr/share/dict/spanish ]; then
  HS_DICT_DIR=/usr/share/dict sh "$ROOT/scripts/make-test-lists.sh" "$T/lists" >/dev/null 2>&1
  for set in en4 es5; do
    L="--answers $T/lists/$set/answers.txt --guesses $T/lists/$set/guesses.txt"
    o=$(sed -n 7p "$T/lists/$set/answers.txt")
    expect_rc "games-$set-solve" 0 "$HS" solve "$o" $L -o "$T/$set"
    for f in "$T/$set"/*; do
      expect_rc "games-$set-verify-$(basename "$f")" 0 "$HS" verify "$f" $L
    done
    expect_rc "games-$set-prove" 0 "$HS" prove "$o" $L --max-guesses 5
    expect_rc "games-$set-optimize" 0 "$HS" optimize "$o" $L
  done
  grep -q ñ "$T/lists/es5/answers.txt" && ok games-es5-has-enye || fail games-es5-has-enye "no ñ among the answers"
  # Six and eight letters: more patterns than the narrow build's bytes hold, so hardsix hands the run
  # to hardsix-wide (3^8 patterns in 16 bits). Each solved, every format verified.
  for set in en6 en8; do
    L="--answers $T/lists/$set/answers.txt --guesses $T/lists/$set/guesses.txt"
    o=$(sed -n 3p "$T/lists/$set/answers.txt")
    expect_rc "games-$set-solve" 0 "$HS" solve "$o" $L -o "$T/$set"
    expect_grep "games-$set-solve-verified" "$T/err" "^$o: [0-9]* answers, verified\$"
    for fmt in by-pattern per-word tree json habara-json; do
      expect_rc "games-$set-$fmt" 0 "$HS" solve "$o" $L --format $fmt
      cp "$T/out" "$T/$set.$fmt"
      expect_rc "games-$set-verify-$fmt" 0 "$HS" verify "$T/$set.$fmt" $L
      expect_grep "games-$set-verify-$fmt-msg" "$T/out" ": verified: $(wc -l <"$T/lists/$set/answers.txt") answers"
    done
    expect_rc "games-$set-selby-refused" 2 "$HS" solve "$o" $L --format selby
  done
  n=$(sed -n 's/.*"\([012]\{8\}\)".*/\1/p' "$T/en8.habara-json" | head -n 1)
  [ ${#n} = 8 ] && ok games-en8-eight-tiles || fail games-en8-eight-tiles "no pattern of eight digits in the habara-json tree"
  expect_grep games-en8-tiles-emoji "$T/en8.per-word" ': \[[a-z]\{8\}\] => \(🟩\|🟨\|⬜\)\{8\} /'
  # The cheat sheet of eight-letter words: eight tiles a row, fewer columns.
  o8=$(sed -n 3p "$T/lists/en8/answers.txt")
  expect_rc games-en8-sheet 0 "$HS" sheet "$T/en8/$o8.per-word.txt" --answers "$T/lists/en8/answers.txt" \
    --guesses "$T/lists/en8/guesses.txt" -o "$T/en8s"
  expect_grep games-en8-sheet-columns "$T/en8s/$o8.sheet.html" '^<body class="long longer">$'
  expect_grep games-en8-sheet-tiles "$T/en8s/$o8.sheet.html" "<span class=\"w\">\(<span class=\"t[ yg]*\">[a-z]</span>\)\{8\}</span>"
  # Six letters proved within six guesses (the tree verified), its optimum, and a sheet of it.
  L6="--answers $T/lists/en6/answers.txt --guesses $T/lists/en6/guesses.txt"
  o6=$(sed -n 3p "$T/lists/en6/answers.txt")
  expect_rc games-en6-prove 0 "$HS" prove "$o6" $L6 --max-guesses 6 -o "$T/en6p"
  expect_grep games-en6-prove-msg "$T/err" "proven: some strategy solves every answer within 6 guesses"
  for f in "$T"/en6p/*; do
    expect_rc "games-en6-prove-verify-$(basename "$f")" 0 "$HS" verify "$f" $L6 --max-guesses 6
  done
  expect_rc games-en6-prove-impossible 1 "$HS" prove "$o6" $L6 --max-guesses 2
  expect_grep games-en6-prove-impossible-msg "$T/err" "impossible: no strategy solves every answer within 2 guesses"
  expect_rc games-en6-optimize 0 "$HS" optimize "$o6" $L6 -o "$T/en6o"
  expect_grep games-en6-optimize-msg "$T/err" "optimal: [0-9]* guesses in total"
  expect_rc games-en6-sheet 0 "$HS" sheet "$T/en6o/$o6.per-word.txt" $L6 -o "$T/en6s"
  expect_grep games-en6-sheet-tiles "$T/en6s/$o6.sheet.html" "<span class=\"w\">\(<span class=\"t[ yg]*\">[a-z]</span>\)\{6\}</span>"
else
  skip "games-debian-lists (wamerican and wspanish are not installed: make deps installs them)"
fi

# The committed Pokémon results (output/pokemon/, scripts/pokemon.sh): every tree verifies with the
# total its table row claims, so a tree or a row edited by hand (or made by a broken build) shows here.
P="$ROOT/output/pokemon"
if [ -f "$P/times.txt" ]; then
  for tsv in "$P"/*.best.tsv; do
    base=$(basename "$tsv" .best.tsv)
    case "$base" in
      *-hard) lists=${base%-hard} opts="" tree="$P/$base.per-word.txt" ;;
      *-normal) lists=${base%-normal} opts="$PK" tree="$P/$base.habara.json" ;;
      *) lists=$base opts="$PK" tree="$P/$base.habara.json" ;;
    esac
    total=$(awk -F'\t' '$2 == "optimal" { print $3 }' "$tsv")
    # shellcheck disable=SC2086
    "$HS" verify "$tree" --lists "$lists" $opts >"$T/out" 2>"$T/err"
    n=$(sed -n 's/.*verified: \([0-9]*\) answers.*/\1/p' "$T/out" | head -n 1)
    avg=$(sed -n 's/.*average \([0-9.]*\).*/\1/p' "$T/out" | head -n 1)
    want=$(awk -F'\t' '$2 == "optimal" { print $4 }' "$tsv")
    if [ -n "$n" ] && [ "$avg" = "$want" ] && [ -n "$total" ]; then ok "games-committed-$base"
    else fail "games-committed-$base" "$(basename "$tree"): verify says '$(head -c 300 "$T/out")', the table says $total ($want)"; fi
  done
else
  skip "games-committed-pokemon: $P/times.txt is not there"
fi
