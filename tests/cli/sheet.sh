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
# 80 first patterns; 27 of them are settled on page 1 (one answer left, or two: "X else Y").
n=$(grep -c '<section class="sec' "$H")
[ "$n" = 53 ] && ok sheet-html-53-sections || fail sheet-html-53-sections "sections: $n"
n=$(grep -o '<a href="#s[0-9]*">[0-9]*</a>' "$H" | sort -u | wc -l)
[ "$n" = 53 ] && ok sheet-html-53-links || fail sheet-html-53-links "links: $n"
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
# check_pdf NAME PAPER PDF HTML MAX_PAGES: the paper, every answer in the text, page numbers, fewer
# than MAX_PAGES pages, the first two guesses on page 1 alone, and every section link of page 1 a
# destination on the section's page.
check_pdf() {
  name=$1 paper=$2 pdf=$3 html=$4 max=$5
  if [ ! -s "$pdf" ]; then
    fail "$name-pdf-$paper" "Chromium wrote no PDF"
    return
  fi
  ok "$name-pdf-$paper"
  pages=$(pdfinfo "$pdf" | sed -n 's/^Pages: *//p')
  [ "$pages" -ge 5 ] && [ "$pages" -lt "$max" ] && ok "$name-pdf-$paper-pages-$pages" ||
    fail "$name-pdf-$paper-pages" "pages: $pages (expected fewer than $max)"
  size=$(pdfinfo "$pdf" | sed -n 's/^Page size: .*(\(.*\))$/\1/p')
  [ "$size" = "$paper" ] || [ "$size" = A4 -a "$paper" = a4 ] && ok "$name-pdf-$paper-size" ||
    fail "$name-pdf-$paper-size" "$size"
  pdftotext "$pdf" "$pdf.txt"
  tr -cs 'a-z' '\n' <"$pdf.txt" | sort -u >"$pdf.words"
  sort data/original/answers.txt | comm -23 - "$pdf.words" >"$pdf.missing"
  [ -s "$pdf.missing" ] && fail "$name-pdf-$paper-every-answer" "$(head -n 5 "$pdf.missing")" ||
    ok "$name-pdf-$paper-every-answer"
  n=$(grep -c " — page [0-9]* of $pages\$" "$pdf.txt")
  [ "$n" = "$pages" ] && ok "$name-pdf-$paper-page-numbers" || fail "$name-pdf-$paper-page-numbers" "$n of $pages pages"
  # The first two guesses on page 1: every word of the summary is in its text.
  sed -n '/<section class="summary">/,/<\/section>/p' "$html" | grep -o '<b>[a-z]*</b>' | sed 's/<[/]*b>//g' |
    sort -u >"$pdf.summary"
  pdftotext -f 1 -l 1 "$pdf" - | tr -cs 'a-z' '\n' | sort -u | comm -23 "$pdf.summary" - >"$pdf.off"
  [ -s "$pdf.summary" ] && [ ! -s "$pdf.off" ] && ok "$name-pdf-$paper-summary-on-page-1" ||
    fail "$name-pdf-$paper-summary-on-page-1" "not on page 1: $(head -n 5 "$pdf.off" | tr '\n' ' ')"
  # Links: a destination per section, on its page (whose text holds the section number), in order.
  sections=$(grep -c '<section class="sec' "$html")
  pdfinfo -dests "$pdf" | sed -n 's/^ *\([0-9]*\) .*"s\([0-9]*\)"$/\2 \1/p' | sort -n >"$pdf.dests"
  links=$(grep -a -c '/Dest /s[0-9]' "$pdf")
  bad=$(awk -v n="$sections" 'NR != $1 || $2 < last { print "s" $1 " on page " $2 } { last = $2 } END { if (NR != n) print NR " destinations for " n " sections" }' "$pdf.dests")
  for sec in 1 $((sections / 2)) "$sections"; do
    page=$(awk -v s="$sec" '$1 == s { print $2 }' "$pdf.dests")
    pdftotext -f "${page:-1}" -l "${page:-1}" "$pdf" - | grep -qx "$sec" || bad="$bad; section $sec not on page $page"
  done
  [ -z "$bad" ] && [ "$links" -ge "$sections" ] && ok "$name-pdf-$paper-links-$links" ||
    fail "$name-pdf-$paper-links" "$bad" "$links links for $sections sections"
}
for paper in letter a4; do
  $HS sheet $S --paper $paper >"$T/$paper.html" 2>/dev/null
  print_pdf "$T/$paper.html" "$T/$paper.pdf"
  check_pdf sheet "$paper" "$T/$paper.pdf" "$T/$paper.html" 30
done
# The optimal salet strategy (output/salet-optimal/): 22 pages on A4 and 23 on Letter before the
# sheet had its summary page and one flow of sections.
for paper in a4 letter; do
  $HS sheet output/salet-optimal/salet.per-word.txt --paper $paper >"$T/salet-$paper.html" 2>/dev/null
  print_pdf "$T/salet-$paper.html" "$T/salet-$paper.pdf"
  check_pdf salet "$paper" "$T/salet-$paper.pdf" "$T/salet-$paper.html" $([ $paper = a4 ] && echo 22 || echo 23)
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
