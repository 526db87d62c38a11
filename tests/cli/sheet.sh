# CLI tests for 'hardsix sheet': HTML and Markdown of the committed howls strategy, refusal of an
# unverified file, and, when Chromium and poppler-utils are installed (make deps-browser), a real print:
# headless Chromium prints the sheet to PDF, pdftotext must find every answer, the page count must be
# sane, and pdftoppm renders page 1 to docs/sheet-page1.png (shown in the README).
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
S=output/howls-tkihira2022/howls.per-word.txt

expect_rc sheet-html 0 $HS sheet $S -o "$T"
expect_grep sheet-html-wrote "$T/err" "^wrote $T/howls.sheet.html\$"
H="$T/howls.sheet.html"
expect_grep sheet-html-opener "$H" 'Open with <span class="go">howls</span>'
expect_grep sheet-html-histogram "$H" '<td>6 guesses</td><td class="n">31</td>'
n=$(grep -c '<section class="sec' "$H")
[ "$n" = 80 ] && ok sheet-html-80-sections || fail sheet-html-80-sections "sections: $n"
grep -q '<script\|<link\|<img\|http' "$H" && fail sheet-html-self-contained || ok sheet-html-self-contained
missing=$(while read -r w; do grep -q "<b>$w</b>\|\"go\">$w</span>" "$H" || echo "$w"; done <data/original/answers.txt | head -n 5)
[ -z "$missing" ] && ok sheet-html-every-answer || fail sheet-html-every-answer "$missing"
# The same sheet from the other formats of the strategy.
$HS sheet output/howls-tkihira2022/howls.json >"$T/from-json.html" 2>/dev/null
$HS sheet output/howls-tkihira2022/howls.by-pattern.txt >"$T/from-bp.html" 2>/dev/null
sed 's/howls\.[a-z.-]*\(txt\|json\)/SRC/g' "$H" >"$T/a"; sed 's/howls\.[a-z.-]*\(txt\|json\)/SRC/g' "$T/from-json.html" >"$T/b"
expect_same sheet-same-from-json "$T/a" "$T/b"
sed 's/howls\.[a-z.-]*\(txt\|json\)/SRC/g' "$T/from-bp.html" >"$T/c"
expect_same sheet-same-from-by-pattern "$T/a" "$T/c"

expect_rc sheet-markdown 0 $HS sheet $S --format markdown -o "$T"
M="$T/howls.sheet.md"
expect_grep sheet-md-heading "$M" '^## howls 🟨⬜⬜⬜🟨$'
expect_grep sheet-md-shark "$M" '^Play \*\*shark\*\* (guess 2; 58 answers left)\.$'
expect_grep sheet-md-table "$M" '^| 🟩🟩🟩⬜⬜ | shade | 6: shade shady shaft shame shape shave |$'
expect_grep sheet-md-deep "$M" '^## howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜$'
expect_rc sheet-stdout 0 $HS sheet $S --format markdown
expect_same sheet-stdout-same "$M" "$T/out"

# Refusals and usage errors.
sed 's/^shave: \[howls\] => 🟨⬜⬜⬜🟨 \/ \[shark\]/shave: [howls] => 🟨⬜⬜⬜🟨 \/ [share]/' $S >"$T/bad.txt"
expect_rc sheet-unverified 1 $HS sheet "$T/bad.txt" -o "$T/badout"
expect_grep sheet-unverified-text "$T/err" "^hardsix: $T/bad.txt: not verified ([0-9]* problems*), so no sheet is made from it; the first:\$"
[ -e "$T/badout/howls.sheet.html" ] && fail sheet-unverified-nothing-written || ok sheet-unverified-nothing-written
# Checked under the wrong rules (nyt instead of the file's strict), the 2022 strategy still verifies:
# strict is a subset of nyt.
expect_rc sheet-rules-override 0 $HS sheet $S --rules nyt --format markdown
expect_rc sheet-tiny 0 $HS sheet "$DATA/verify/good.json" --answers "$DATA/tiny-answers.txt" --guesses "$DATA/tiny-guesses.txt"
expect_rc sheet-tiny-lists-hint 1 $HS sheet "$DATA/verify/good.json"
expect_grep sheet-tiny-lists-hint-text "$T/err" "names the lists 'tiny'"
expect_rc sheet-bad-format 2 $HS sheet $S --format pdf
expect_rc sheet-bad-paper 2 $HS sheet $S --paper legal
expect_rc sheet-no-file 2 $HS sheet
expect_rc sheet-garbage 1 $HS sheet "$DATA/verify/garbage.txt"
expect_rc sheet-help 0 $HS sheet --help
expect_grep sheet-help-exit "$T/out" "Exit status"

# A real browser.
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$CHROME" ] || ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1 ||
   ! command -v pdfinfo >/dev/null 2>&1; then
  skip "sheet-print-pdf: no Chromium and poppler-utils to print the sheet (make deps-browser installs them)"
  exit 0
fi
print_pdf() { # print_pdf HTML PDF
  profile=$(mktemp -d)
  "$CHROME" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --no-pdf-header-footer --user-data-dir="$profile" \
    --print-to-pdf="$2" "file://$1" >/dev/null 2>&1
  rm -rf "$profile"
}
for paper in letter a4; do
  $HS sheet $S --paper $paper >"$T/$paper.html" 2>/dev/null
  print_pdf "$T/$paper.html" "$T/$paper.pdf"
  if [ ! -s "$T/$paper.pdf" ]; then
    fail "sheet-pdf-$paper" "Chromium wrote no PDF"
    continue
  fi
  ok "sheet-pdf-$paper"
  pages=$(pdfinfo "$T/$paper.pdf" | sed -n 's/^Pages: *//p')
  [ "$pages" -ge 10 ] && [ "$pages" -le 40 ] && ok "sheet-pdf-$paper-pages-$pages" || fail "sheet-pdf-$paper-pages" "pages: $pages"
  size=$(pdfinfo "$T/$paper.pdf" | sed -n 's/^Page size: .*(\(.*\))$/\1/p')
  [ "$size" = "$paper" ] || [ "$size" = A4 -a "$paper" = a4 ] && ok "sheet-pdf-$paper-size" || fail "sheet-pdf-$paper-size" "$size"
  pdftotext "$T/$paper.pdf" "$T/$paper.txt"
  tr -cs 'a-z' '\n' <"$T/$paper.txt" | sort -u >"$T/$paper.words"
  sort data/original/answers.txt | comm -23 - "$T/$paper.words" >"$T/$paper.missing"
  [ -s "$T/$paper.missing" ] && fail "sheet-pdf-$paper-every-answer" "$(head -n 5 "$T/$paper.missing")" ||
    ok "sheet-pdf-$paper-every-answer"
  grep -q "howls — page 1 of $pages" "$T/$paper.txt" && ok "sheet-pdf-$paper-page-numbers" || fail "sheet-pdf-$paper-page-numbers"
done
# Page 1 of the Letter print, for the README.
if [ -s "$T/letter.pdf" ] && pdftoppm -png -r 80 -f 1 -l 1 -singlefile "$T/letter.pdf" "$T/page1" && [ -s "$T/page1.png" ]; then
  if [ -w docs ] && { [ ! -f docs/sheet-page1.png ] || ! cmp -s "$T/page1.png" docs/sheet-page1.png; }; then
    cp "$T/page1.png" docs/sheet-page1.png
  fi
  ok sheet-page1-png
else
  fail sheet-page1-png
fi
exit 0
