#!/bin/sh
# The JSON of sweep and rank (--format json) parses with a strict JSON parser (Python's json, which
# refuses raw control characters and bad UTF-8) when file names in the policy hold quotes, backslashes,
# control bytes, non-ASCII letters and bytes that are not UTF-8. Skips without python3.
set -u
. "$ROOT/tests/cli/lib.sh.inc"
LISTS="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"

if ! command -v python3 >/dev/null 2>&1; then
  skip "report-json (python3 is not installed: no strict JSON parser to check with)"
  exit 0
fi
strict_json() { python3 -c 'import json, sys; json.loads(sys.stdin.buffer.read().decode("utf-8"))'; }

i=0
for name in 'quote"s' 'back\slash' "$(printf 'ctl\001\033[31m')" 'café ランクルス' "$(printf 'bad\377\376')" "it's \"x\" \\ y"; do
  i=$((i + 1))
  f="$T/$name.txt"
  printf '# no rules\n' >"$f" || { fail "report-json-$i" "cannot make a file named '$name'"; continue; }
  "$HS" sweep $LISTS --overrides "$f" --format json >"$T/sweep.json" 2>"$T/err"
  if strict_json <"$T/sweep.json" 2>"$T/perr"; then ok "report-json-sweep-$i"; else fail "report-json-sweep-$i" "$(cat "$T/perr")"; fi
  "$HS" rank $LISTS --overrides "$f" --with-sweep --format json >"$T/rank.json" 2>"$T/err"
  if strict_json <"$T/rank.json" 2>"$T/perr"; then ok "report-json-rank-$i"; else fail "report-json-rank-$i" "$(cat "$T/perr")"; fi
done
