#!/bin/sh
# The hostile pass (issue 28): every reader and writer of hardsix fed what a hostile or careless user
# would give it — argv values, word lists, overrides, orders, openers files, strategy files in every
# format (verify, sheet, next, explain --strategy, page), shard files and tables (merge, check-table,
# page --table), stdin, output paths — each made from a good input by one mutation
# (empty, a byte-order mark alone, CRLF, lone CRs, NUL bytes, escape sequences, invalid UTF-8, a
# 2 MB line, a million short lines, a truncated last line, lines doubled, dropped, swapped, upper
# case, look-alike letters, numbers out of range, ...).
#
# A run is handled when hardsix ends by itself within the time limit (no signal, no hang), exits 0, 1
# or 2 (a failure says why on stderr), stays under the memory limit (4 GB of address space), and
# shows no raw control byte (ESC, BEL, CR, ...) in anything it prints. Everything else is a finding,
# printed with the command.
#
# Usage: HS=build/hardsix tests/hostile.sh [--long]   (from the repository root)
#   prints "ok/FAIL/skip" lines per family and "hostile: N tried, N handled, N findings"; exit 1 on
#   findings. Without --long (make check, via tests/cli/hostile.sh) the tiny lists and a subset of the
#   mutations (a few seconds); --long adds the real word lists and every mutation of every input.
set -u
HS=${HS:-build/hardsix}
LONG=0
[ "${1:-}" = --long ] && LONG=1
ROOT=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
DATA=$ROOT/tests/data
T=$(mktemp -d)
trap 'chmod -R u+w "$T" 2>/dev/null; rm -rf "$T"' EXIT
LIMIT_S=${HOSTILE_SECONDS:-20}
# Sanitizer builds reserve terabytes of address space: no memory limit under them.
if [ -n "${ASAN_OPTIONS:-}" ] || ! (ulimit -v 4000000) 2>/dev/null; then MEM=""; else MEM="ulimit -v 4000000;"; fi
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
RAW=$(printf '[\001-\010\013-\037\177]')
tried=0 handled=0 findings=0

# run FAMILY CMD...: one hostile run (stdin from $T/stdin when it exists, else /dev/null).
run() {
  family=$1
  shift
  tried=$((tried + 1))
  in=/dev/null
  [ -f "$T/stdin" ] && in=$T/stdin
  sh -c "$MEM exec timeout -s KILL $LIMIT_S \"\$@\"" hostile "$@" <"$in" >"$T/out" 2>"$T/err"
  rc=$?
  why=""
  if [ "$rc" = 137 ]; then
    why="killed after $LIMIT_S s (a hang) or by the memory limit"
  elif [ "$rc" -gt 2 ]; then
    why="exit $rc (a signal or an abort)"
  elif LC_ALL=C grep -q "$RAW" "$T/out" "$T/err" 2>/dev/null; then
    why="a raw control byte in the output"
  elif [ "$rc" != 0 ] && [ ! -s "$T/err" ]; then
    why="exit $rc and nothing on stderr to say why"
  elif grep -q 'internal error\|CRITICAL\|GLib-' "$T/err"; then
    why="$(grep -m 1 'internal error\|CRITICAL\|GLib-' "$T/err")"
  fi
  if [ -z "$why" ]; then
    handled=$((handled + 1))
    return
  fi
  findings=$((findings + 1))
  echo "FAIL hostile-$family: $why"
  printf '    %s\n' "$*" | LC_ALL=C tr -c '[:print:]\n' '?' | head -c 400
  LC_ALL=C tr -c '[:print:]\n' '?' <"$T/err" | head -n 3 | sed 's/^/    /'
}

# family_done NAME BEFORE: an ok line for a family without findings.
family_done() {
  echo "ok hostile-$1 ($(($tried - $2)) runs)"
}

# ---- mutations: mutate KIND SRC DEST ----
KINDS_FAST="empty bom-only bom crlf cr nul esc badutf8 longline truncated dup-line drop-line upper lookalike"
KINDS_LONG="$KINDS_FAST many-lines swap-lines spaces tabs blank-lines binary comment-only huge-number"
mutate() {
  kind=$1 src=$2 dst=$3
  case "$kind" in
    empty) : >"$dst" ;;
    bom-only) printf '\357\273\277' >"$dst" ;;
    bom) { printf '\357\273\277'; cat "$src"; } >"$dst" ;;
    crlf) sed 's/$/\r/' "$src" >"$dst" ;;
    cr) tr '\n' '\r' <"$src" >"$dst" ;;
    nul) { head -n 3 "$src"; printf 'ab\000cd\n'; tail -n +4 "$src"; } >"$dst" ;;
    esc) { head -n 3 "$src"; printf '\033]0;pwned\007\033[31mred\r\n'; tail -n +4 "$src"; } >"$dst" ;;
    badutf8) { head -n 3 "$src"; printf '\377\376\300\200 \355\240\200\n'; tail -n +4 "$src"; } >"$dst" ;;
    longline) { head -n 2 "$src"; head -c 2000000 /dev/zero | tr '\0' a; echo; tail -n +3 "$src"; } >"$dst" ;;
    truncated) head -c $(($(wc -c <"$src") * 2 / 3)) "$src" >"$dst" ;;
    dup-line) { cat "$src"; sed -n 5p "$src"; } >"$dst" ;;
    drop-line) sed 5d "$src" >"$dst" ;;
    upper) sed '4s/.*/\U&/' "$src" >"$dst" ;;
    lookalike) sed '4s/a/а/g' "$src" >"$dst" ;; # Cyrillic a
    many-lines) { cat "$src"; yes 'zzzzz' | head -n 1000000; } >"$dst" ;;
    swap-lines) awk 'NR == 4 { h = $0; next } NR == 5 { print; print h; next } { print }' "$src" >"$dst" ;;
    spaces) sed 's/^/   /; s/$/   /' "$src" >"$dst" ;;
    tabs) tr ' ' '\t' <"$src" >"$dst" ;;
    blank-lines) sed 'G' "$src" >"$dst" ;;
    binary) head -c 4096 /dev/urandom >"$dst" ;;
    comment-only) sed 's/^/# /' "$src" >"$dst" ;;
    huge-number) sed 's/[0-9][0-9]*/99999999999999999999999/g' "$src" >"$dst" ;;
  esac
}
KINDS=$KINDS_FAST
[ "$LONG" = 1 ] && KINDS=$KINDS_LONG

# ---- the inputs, made good first ----
mkdir "$T/in"
cp "$DATA/tiny-answers.txt" "$T/in/answers.txt"
cp "$DATA/tiny-guesses.txt" "$T/in/guesses.txt"
cp "$DATA/cli/tiny-override.txt" "$T/in/overrides.txt"
sort -r "$DATA/tiny-answers.txt" >"$T/in/order.txt"
printf 'shade\ncrane\nkempt\nsalet\nhowls\nslate\n' >"$T/in/openers.txt"
for f in per-word by-pattern json tree selby; do
  "$HS" solve kempt $L --format $f >"$T/in/strategy.$f" 2>/dev/null
done
for k in 1 2; do
  "$HS" sweep $L --full --shard $k/2 -o "$T/in/sweep$k.tsv" 2>/dev/null
  "$HS" prove --all $L --max-guesses 4 --shard $k/2 -o "$T/in/prove$k.tsv" 2>/dev/null
  "$HS" optimize --all $L --max-guesses 4 --shard $k/2 -o "$T/in/optimize$k.tsv" 2>/dev/null
done
"$HS" prove --all $L --max-guesses 4 -o "$T/in/table.tsv" 2>/dev/null
printf 'drill slosh\nasset slosh\ncrane would\nsassy stops\nhowls shark\nshark howls\n' >"$T/in/feedback.txt"

# ---- readers: each input mutated, read by every command that reads it ----
mkdir "$T/m"
n0=$tried
for kind in $KINDS; do
  for which in answers guesses; do
    mutate "$kind" "$T/in/$which.txt" "$T/m/$which.txt"
  done
  run lists "$HS" solve shade --answers "$T/m/answers.txt" --guesses "$DATA/tiny-guesses.txt"
  run lists "$HS" sweep --answers "$DATA/tiny-answers.txt" --guesses "$T/m/guesses.txt" --openers answers
  run lists "$HS" rank --answers "$T/m/answers.txt" --guesses "$T/m/guesses.txt"
done
[ "$findings" = 0 ] && family_done lists "$n0"
n0=$tried f0=$findings
for kind in $KINDS; do
  mutate "$kind" "$T/in/overrides.txt" "$T/m/overrides.txt"
  run overrides "$HS" solve salet $L --overrides "$T/m/overrides.txt"
  run overrides "$HS" repair salet $L --overrides "$T/m/overrides.txt" --max-guesses 4
  mutate "$kind" "$T/in/order.txt" "$T/m/order.txt"
  run order "$HS" solve shade $L --order "$T/m/order.txt"
  run order "$HS" sweep $L --order "$T/m/order.txt" --openers answers
  mutate "$kind" "$T/in/openers.txt" "$T/m/openers.txt"
  run openers "$HS" sweep $L --openers "$T/m/openers.txt"
  run openers "$HS" prove --all $L --max-guesses 4 --openers "$T/m/openers.txt"
done
[ "$findings" = "$f0" ] && family_done overrides-orders-openers "$n0"
n0=$tried f0=$findings
for f in per-word by-pattern json tree selby; do
  for kind in $KINDS; do
    mutate "$kind" "$T/in/strategy.$f" "$T/m/strategy.$f"
    run "strategy-$f" "$HS" verify "$T/m/strategy.$f" $L
    run "strategy-$f" "$HS" sheet "$T/m/strategy.$f" $L --format markdown
    run "strategy-$f" "$HS" next "$T/m/strategy.$f" $L kempt BYBBB
    run "strategy-$f" "$HS" explain --strategy "$T/m/strategy.$f" $L shade crane
    run "strategy-$f" "$HS" page "$T/m/strategy.$f" $L -o "$T/page.html"
    [ "$LONG" = 1 ] && run "strategy-$f" "$HS" verify - $L <"$T/m/strategy.$f"
  done
done
[ "$findings" = "$f0" ] && family_done strategy-files "$n0"
n0=$tried f0=$findings
for c in sweep prove optimize; do
  for kind in $KINDS; do
    mutate "$kind" "$T/in/${c}1.tsv" "$T/m/${c}1.tsv"
    run "shards-$c" "$HS" merge $L --max-guesses 4 "$T/m/${c}1.tsv" "$T/in/${c}2.tsv" 2>/dev/null
    run "shards-$c" "$HS" merge --answers "$DATA/tiny-answers.txt" --guesses "$DATA/tiny-guesses.txt" \
      "$T/m/${c}1.tsv" "$T/in/${c}2.tsv"
  done
done
for kind in $KINDS; do
  mutate "$kind" "$T/in/table.tsv" "$T/m/table.tsv"
  run check-table "$HS" check-table "$T/m/table.tsv" $L --max-guesses 4 --sample 3
  run page-table "$HS" page "$T/in/strategy.json" $L --table "4:$T/m/table.tsv" -o "$T/page.html"
done
[ "$findings" = "$f0" ] && family_done shards-tables "$n0"
n0=$tried f0=$findings
for kind in $KINDS; do
  mutate "$kind" "$T/in/feedback.txt" "$T/stdin"
  run stdin "$HS" feedback
  run stdin "$HS" feedback --style letters
  rm -f "$T/stdin"
done
printf '\033[31m\n\nBYBBB\n' >"$T/stdin"
run stdin "$HS" next "$T/in/strategy.per-word" $L -
rm -f "$T/stdin"
[ "$findings" = "$f0" ] && family_done stdin "$n0"

# ---- --long: the real lists, the committed strategies and tables ----
if [ "$LONG" = 1 ] && [ -f "$ROOT/data/original/answers.txt" ] && [ -d "$ROOT/output/salet-optimal" ]; then
  n0=$tried f0=$findings
  O=$ROOT/data/original
  for kind in $KINDS; do
    mutate "$kind" "$O/answers.txt" "$T/m/orig-answers.txt"
    run real-lists "$HS" solve salet --answers "$T/m/orig-answers.txt" --guesses "$O/guesses.txt"
    for f in per-word.txt by-pattern.txt json tree.txt selby.tree; do
      mutate "$kind" "$ROOT/output/salet-optimal/salet.$f" "$T/m/salet.$f"
      run real-strategies "$HS" verify "$T/m/salet.$f"
      run real-strategies "$HS" next "$T/m/salet.$f" salet BBBBB
    done
    mutate "$kind" "$ROOT/output/prove-within-5/original.tsv" "$T/m/original.tsv"
    run real-tables "$HS" check-table "$T/m/original.tsv" --max-guesses 5 --sample 2
  done
  [ "$findings" = "$f0" ] && family_done real-lists-strategies-tables "$n0"
fi

# ---- argv: every option of the common commands given hostile values ----
n0=$tried f0=$findings
LONGARG=$(head -c 100000 /dev/zero | tr '\0' x)
VALUES="'' -1 0 99999999999999999999999 NaN 1e9 ..
$(printf '\033]0;pwned\007')
$(printf 'caf\303\251')
$(printf '\377\376')
$LONGARG"
[ "$LONG" = 1 ] || VALUES="'' -1 99999999999999999999999
$(printf '\033]0;pwned\007')
$(printf '\377\376')"
OPTIONS="--max-guesses --rules --pool --metric --ties --preset --threads --order --overrides --format --lists --openers --shard"
echo "$VALUES" | while IFS= read -r v; do
  [ "$v" = "''" ] && v=""
  for o in $OPTIONS; do
    run argv "$HS" solve shade $L "$o" "$v"
    [ "$LONG" = 1 ] && run argv "$HS" sweep $L --openers answers "$o" "$v"
  done
  run argv "$HS" solve "$v" $L
  run argv "$HS" "$v"
  run argv "$HS" feedback "$v" crane
  run argv "$HS" next "$T/in/strategy.per-word" $L kempt "$v"
  run argv "$HS" prove --all $L --max-nodes "$v"
  run argv "$HS" robust kempt $L --shuffles "$v" --no-variants
  run argv "$HS" check-table "$T/in/table.tsv" $L --max-guesses 4 --sample "$v"
  run argv "$HS" explain --strategy "$T/in/strategy.json" $L "$v"
  run argv "$HS" page "$T/in/strategy.json" $L --table "$v" -o "$T/page.html"
  echo "$tried $handled $findings" >"$T/counts"
done
# The loop ran in a subshell (a pipe): take its counts back.
read -r tried handled findings <"$T/counts"
[ "$findings" = "$f0" ] && family_done argv "$n0"

# ---- writers: output paths that cannot be written, or are not files ----
n0=$tried f0=$findings
mkdir "$T/ro" && chmod 555 "$T/ro"
ln -s loop1 "$T/loop2" && ln -s loop2 "$T/loop1"
for p in "" "$T" "$T/nodir/x" "$T/ro/x" /dev/full "$T/loop1" "$T/$(printf 'a\033[31mb')/x" \
  "$T/$(head -c 300 /dev/zero | tr '\0' a)/x" "$T/in/answers.txt/x"; do
  run writers "$HS" solve shade $L -o "$p"
  run writers "$HS" sweep $L --openers answers -o "$p"
  run writers "$HS" robust kempt $L --shuffles 2 --no-variants --html "$p"
  run writers "$HS" repair salet $L --max-guesses 4 --save-overrides "$p"
  run writers "$HS" sheet "$T/in/strategy.per-word" $L -o "$p"
  run writers "$HS" merge $L "$T/in/prove1.tsv" "$T/in/prove2.tsv" -o "$p"
  run writers "$HS" page "$T/in/strategy.json" $L -o "$p"
done
run writers "$HS" solve shade $L --format json >/dev/full
chmod 755 "$T/ro"
[ "$findings" = "$f0" ] && family_done writers "$n0"

echo "hostile: $tried tried, $handled handled, $findings findings"
[ "$findings" = 0 ]
