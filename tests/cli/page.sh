# CLI tests for 'hardsix page' and 'explain --strategy': a page of the tiny lists (self-contained, its
# data, its script valid), refusals (an unverified strategy, bad tables), the committed
# output/page.html made again byte for byte (scripts/make-page.sh, as 'make run'), and, when Chromium,
# chromedriver and python3-selenium are installed (make deps-browser), tests/browser/page_test.py
# playing it in headless Chromium.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
TINY="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"

# A page of the tiny lists.
expect_rc page-tiny 0 $HS page "$DATA/verify/good.json" "$DATA/verify/good.per-word.txt" $TINY -o "$T/tiny.html"
expect_grep page-tiny-wrote "$T/err" "^wrote $T/tiny.html\$"
P="$T/tiny.html"
expect_grep page-tiny-doctype "$P" '^<!DOCTYPE html>$'
expect_grep page-tiny-data "$P" '^{"name":"good.json","opener":"kempt","lists":"custom","rules":"nyt","cap":6,"length":5,'
expect_grep page-tiny-second "$P" '^{"name":"good.per-word.txt","opener":"kempt"'
# Self-contained: no external script, style, image or font, no address to fetch.
if grep -q '<script src\|<link\|<img\|url(\|@import\|https\?://[^w]' "$P"; then
  fail page-self-contained "$(grep -n '<script src\|<link\|<img\|url(\|@import\|https\?://[^w]' "$P" | head -n 3)"
else
  ok page-self-contained
fi
n=$(grep -c '</script>' "$P")
[ "$n" = 2 ] && ok page-two-scripts || fail page-two-scripts "$n script ends (a '</script>' inside the data?)"
if command -v node >/dev/null 2>&1; then
  sed -n '/^<script>$/,/^<\/script>$/p' "$P" | sed '1d;$d' >"$T/page.js"
  node --check "$T/page.js" 2>"$T/node.err" && ok page-script-parses || fail page-script-parses "$(head -n 5 "$T/node.err")"
  sed -n 's/^<script id="hs-data" type="application\/json">//p' "$P" >/dev/null
  awk '/<script id="hs-data"/{p=1} p{print} /<\/script>/{if(p)exit}' "$P" |
    sed 's/^<script id="hs-data" type="application\/json">//; s/<\/script>$//' >"$T/data.json"
  node -e 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))' "$T/data.json" 2>"$T/node.err" &&
    ok page-data-is-json || fail page-data-is-json "$(head -n 5 "$T/node.err")"
else
  skip "page-script-parses (node is not installed)"
fi
# Well-formed HTML (any python3; the checker is tests/browser/html_check.py), and a broken file fails it.
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3 || true)
if [ -n "$PY" ]; then
  "$PY" tests/browser/html_check.py "$P"
  printf '<!DOCTYPE html>\n<html><head><title>x</title></head><body><div id="a"><p id="a"></span></body></html>\n' >"$T/broken.html"
  "$PY" tests/browser/html_check.py "$T/broken.html" | grep '^FAIL' >/dev/null && ok page-html-check-canary || fail page-html-check-canary
else
  skip "page-html-well-formed (no python3)"
fi
# The same page on stdout.
expect_rc page-stdout 0 $HS page "$DATA/verify/good.json" "$DATA/verify/good.per-word.txt" $TINY
expect_same page-stdout-same "$P" "$T/out"

# Refusals.
expect_rc page-no-strategy 2 $HS page -o "$T/x.html"
expect_rc page-unverified 1 $HS page "$DATA/verify/good.json" "$DATA/verify/bad-nyt.json" $TINY -o "$T/bad.html"
expect_grep page-unverified-text "$T/err" "bad-nyt.json: not verified (.*), so no page is made from it"
[ -e "$T/bad.html" ] && fail page-unverified-nothing-written || ok page-unverified-nothing-written
printf 'opener\tverdict\ttotal\taverage\nsalet\toptimal\t12\t1.2000\nsalet\toptimal\t12\t1.2000\n' >"$T/dup.tsv"
expect_rc page-table-duplicate 1 $HS page "$DATA/verify/good.json" $TINY --table "$T/dup.tsv"
expect_grep page-table-duplicate-text "$T/err" "dup.tsv:3: a second row for 'salet'"
printf 'opener\tverdict\ttotal\taverage\nsalet\tsplendid\t12\t1.2000\n' >"$T/verdict.tsv"
expect_rc page-table-verdict 1 $HS page "$DATA/verify/good.json" $TINY --table "$T/verdict.tsv"
expect_grep page-table-verdict-text "$T/err" "verdict.tsv:2: unknown verdict 'splendid'"
printf 'word\tscore\nsalet\t1\n' >"$T/header.tsv"
expect_rc page-table-header 1 $HS page "$DATA/verify/good.json" $TINY --table "$T/header.tsv"
printf 'opener\tverdict\tnodes\nzzzzz\tproven\t1\n' >"$T/lists.tsv"
expect_rc page-table-lists 1 $HS page "$DATA/verify/good.json" $TINY --table "$T/lists.tsv"
expect_grep page-table-lists-text "$T/err" "lists.tsv: its openers are neither"
# A table of some openers of the strategies' lists, within 5.
printf 'opener\tverdict\tnodes\tseconds\nkempt\tproven\t10\t0.1\n' >"$T/five.tsv"
expect_rc page-table-partial 0 $HS page "$DATA/verify/good.json" $TINY --table "5:$T/five.tsv"
expect_grep page-table-partial-json "$T/out" '{"lists":"custom","answers":[0-9]*,"openers":"kempt","columns":\[{"kind":"prove","cap":5,"source":"five.tsv","verdicts":"p"}\]}'

# explain --strategy: the path of answers through a strategy file.
expect_rc explain-strategy 0 $HS explain --strategy output/salet-optimal/salet.json cigar aback
expect_grep explain-strategy-path "$T/out" '^1\. salet '
expect_grep explain-strategy-solved "$T/out" '^aback: solved with [2-6] guesses$'
expect_rc explain-strategy-no-answer 2 $HS explain --strategy output/salet-optimal/salet.json
expect_rc explain-strategy-not-answer 2 $HS explain --strategy output/salet-optimal/salet.json zzzzz

# The committed page, made again as 'make run' makes it: byte for byte, and at most 3 MB.
if sh scripts/make-page.sh "$HS" "$T/work" "$T/page.html" 2>"$T/err"; then
  expect_same page-committed-current output/page.html "$T/page.html"
  [ -n "$PY" ] && "$PY" tests/browser/html_check.py "$T/page.html" | sed 's/^\(ok\|FAIL\) page-html/\1 page-committed-html/'
  size=$(wc -c <"$T/page.html")
  [ "$size" -le 3145728 ] && ok "page-size-$size-bytes" || fail page-size "$size bytes, over 3 MB"
else
  fail page-committed-current "$(head -c 600 "$T/err")"
fi

# A real browser (make deps-browser). Debian's python3 (PY above) has python3-selenium; another python3
# first on PATH may not.
CHROME=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$PY" ] || [ -z "$CHROME" ] || ! command -v chromedriver >/dev/null 2>&1; then
  skip "page-browser (Chromium or chromedriver is not installed; make deps-browser installs them)"
elif ! "$PY" -c 'import selenium' 2>/dev/null; then
  skip "page-browser (python3-selenium is not installed; make deps-browser installs it)"
elif [ ! -s "$T/page.html" ]; then
  skip "page-browser (no page was made)"
else
  PAGE="$T/page.html" WORK="$T/work" SCREENSHOT="$T/page.png" "$PY" tests/browser/page_test.py
  # The picture of the README (docs/page.png), made again when it differs.
  if [ -s "$T/page.png" ] && [ -w docs ] && ! cmp -s "$T/page.png" docs/page.png; then
    cp "$T/page.png" docs/page.png
  fi
fi
exit 0
