# Untrusted text in messages (issue 28, item 2): ESC, BEL, CR and other control bytes from argv, word
# lists, overrides, orders, openers, strategy files in every format, shard rows and stdin are shown
# escaped (\e, \a, \r, \xNN), never raw: a file cannot retitle or recolour the terminal. Tiny lists.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"
E=$(printf '\033') BEL=$(printf '\007') CR=$(printf '\r')
P="x${E}]0;pwned${BEL}y${CR}z${E}[31m"
RAW=$(printf '[\001-\010\013-\037\177]')

# clean NAME ECHO: neither $T/out nor $T/err holds a control byte other than LF and TAB; with ECHO=1
# stderr shows the payload escaped ('\e').
clean() {
  if LC_ALL=C grep -q "$RAW" "$T/out" "$T/err"; then
    fail "$1" "raw control byte in the output:" "$(LC_ALL=C grep -h "$RAW" "$T/out" "$T/err" | od -c | head -n 6)"
  elif [ "$2" = 1 ] && ! grep -qF -- '\e' "$T/err"; then
    fail "$1" "no '\e' in stderr:" "$(head -c 400 "$T/err")"
  else
    ok "$1"
  fi
}
# try NAME CMD...: runs CMD (stdout and stderr to $T/out, $T/err), expects a failure, then clean;
# tryx also expects the payload shown escaped (the message names the text).
run_failing() {
  name=$1
  shift
  "$@" >"$T/out" 2>"$T/err" && fail "$name-fails" "exit 0: $*"
}
try() { run_failing "$@"; clean "$1" 0; }
tryx() { run_failing "$@"; clean "$1" 1; }

# argv
tryx escape-argv-opener $HS solve "$P" $L
tryx escape-argv-command $HS "$P"
tryx escape-argv-option $HS solve shade "--$P" $L
tryx escape-argv-rules $HS solve shade --rules "$P" $L
tryx escape-argv-pool $HS solve shade --pool "$P" $L
tryx escape-argv-metric $HS solve shade --metric "$P" $L
tryx escape-argv-preset $HS solve shade --preset "$P" $L
tryx escape-argv-format $HS solve shade --format "$P" $L
tryx escape-argv-lists $HS solve shade --lists "$P"
tryx escape-argv-order-name $HS solve shade --order "$P" $L
tryx escape-argv-style $HS feedback --style "$P" shade crane
tryx escape-argv-feedback-word $HS feedback "$P" crane
tryx escape-argv-next-pattern $HS next "$DATA/verify/good.per-word.txt" $L kempt "$P"
tryx escape-argv-file-name $HS verify "$T/$P.txt" $L
tryx escape-argv-search $HS prove shade --search "$P" $L
tryx escape-argv-shard $HS sweep --shard "$P" $L
tryx escape-argv-threads $HS sweep --threads "$P" $L

# files
{ cat "$DATA/tiny-answers.txt"; echo "$P"; } >"$T/answers.txt"
tryx escape-answers-file $HS solve shade --answers "$T/answers.txt" --guesses "$DATA/tiny-guesses.txt"
printf 'salet GYBYY %s\n' "$P" >"$T/overrides.txt"
tryx escape-overrides-word $HS solve salet $L --overrides "$T/overrides.txt"
printf 'salet %s skate\n' "$P" >"$T/overrides2.txt"
tryx escape-overrides-pattern $HS solve salet $L --overrides "$T/overrides2.txt"
{ head -n 3 "$DATA/tiny-answers.txt"; echo "$P"; } >"$T/order.txt"
tryx escape-order-file $HS solve shade $L --order "$T/order.txt"
printf 'shade\n%s\n' "$P" >"$T/openers.txt"
tryx escape-openers-file $HS sweep $L --openers "$T/openers.txt"
for f in per-word.txt by-pattern.txt json selby.tree tree.txt; do
  src="$DATA/verify/good.$f"
  case "$f" in
    json) sed "s/\"shade\"/\"$P\"/" "$src" >"$T/bad.$f" ;;
    *) sed "0,/shade/s/shade/$P/" "$src" >"$T/bad.$f" ;;
  esac
  try "escape-strategy-$f-verify" $HS verify "$T/bad.$f" $L
  try "escape-strategy-$f-sheet" $HS sheet "$T/bad.$f" $L
  try "escape-strategy-$f-next" $HS next "$T/bad.$f" $L kempt BYBBB
  try "escape-strategy-$f-explain" $HS explain --strategy "$T/bad.$f" $L shade
  try "escape-strategy-$f-page" $HS page "$T/bad.$f" $L -o "$T/page.html"
done
tryx escape-explain-answer $HS explain --strategy "$DATA/verify/good.json" $L "$P"
tryx escape-page-table $HS page "$DATA/verify/good.json" $L --table "$T/$P.tsv" -o "$T/page.html"
# The same without CR (which ends a line): the readers name the bad word, escaped.
P2="x${E}]0;pwned${BEL}y"
for f in per-word.txt by-pattern.txt json selby.tree tree.txt; do
  src="$DATA/verify/good.$f"
  case "$f" in
    json) sed "s/\"shade\"/\"$P2\"/" "$src" >"$T/bad2.$f" ;;
    *) sed "0,/shade/s/shade/$P2/" "$src" >"$T/bad2.$f" ;;
  esac
  run_failing "escape-strategy-$f-word" $HS verify "$T/bad2.$f" $L
  case "$f" in json | selby.tree | per-word.txt) clean "escape-strategy-$f-word" 0 ;; *) clean "escape-strategy-$f-word" 1 ;; esac
done
sed "s/^# lists: tiny/# lists: $P/" "$DATA/verify/good.per-word.txt" >"$T/hint.per-word.txt"
sed -i "s/^shade:/$P:/" "$T/hint.per-word.txt"
try escape-strategy-lists-hint $HS verify "$T/hint.per-word.txt"

# shards
$HS sweep $L --shard 1/2 -o "$T/s1.tsv" 2>/dev/null
$HS sweep $L --shard 2/2 -o "$T/s2.tsv" 2>/dev/null
sed "3s/^[a-z]*/$P/" "$T/s1.tsv" >"$T/bad1.tsv"
tryx escape-shard-row $HS merge $L "$T/bad1.tsv" "$T/s2.tsv"
sed "1s/command sweep/command $P/" "$T/s1.tsv" >"$T/bad2.tsv"
try escape-shard-header $HS merge $L "$T/bad2.tsv" "$T/s2.tsv"

# stdin
printf '%s crane\n' "$P" >"$T/in.txt"
try escape-stdin-feedback $HS feedback <"$T/in.txt"
try escape-stdin-strategy $HS verify - $L <"$T/bad.per-word.txt"

# interactive next: a terminal (script(1) makes one) where a pattern typed with ESC is echoed escaped.
if command -v script >/dev/null 2>&1 && script -qec true /dev/null >/dev/null 2>&1; then
  printf '%s\n\n' "${E}[31m" >"$T/typed"
  script -qec "$HS next $DATA/verify/good.per-word.txt $L" /dev/null <"$T/typed" >"$T/tty" 2>&1
  if grep -qF "'\\e[31m' is not a pattern" "$T/tty"; then ok escape-next-interactive; else
    fail escape-next-interactive "$(od -c "$T/tty" | head -n 20)"
  fi
else
  skip "escape-next-interactive: no script(1) to make a terminal"
fi
exit 0
