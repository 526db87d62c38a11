#!/bin/sh
# Rooms stay small: no source file over 700 lines, no library function over 80 lines (from its opening
# to its closing brace; clang-format puts both in column 0). The CLI's functions are not limited (its
# option tables are long by nature). A canary function of 81 lines must be caught.
set -u
cd "$ROOT" || exit 1
MAX_FILE=700
MAX_FN=80

# long_functions FILE...: "file:line name (N lines)" for each function longer than MAX_FN.
long_functions() {
  awk -v max="$MAX_FN" '
    FNR == 1 { start = 0 }
    /^\{$/ { start = FNR; name = prev }
    /^\}/ && start { n = FNR - start + 1; if (n > max) printf "%s:%d %s (%d lines)\n", FILENAME, start, name, n; start = 0 }
    { prev = $0 }' "$@"
}

big=$(wc -l src/*/*.c src/*/*.h include/hardsix/*.h include/hardsix/*/*.h | awk -v max="$MAX_FILE" '$2 != "total" && $1 > max { print $2 " (" $1 " lines)" }')
if [ -n "$big" ]; then
  echo "FAIL sizes-files: over $MAX_FILE lines:" $big
else
  echo "ok sizes-files: every source file is at most $MAX_FILE lines"
fi
long=$(long_functions $(ls src/*/*.c | grep -v '^src/cli/'))
if [ -n "$long" ]; then
  echo "FAIL sizes-functions: library functions over $MAX_FN lines:"
  echo "$long" | sed 's/^/    /'
else
  echo "ok sizes-functions: every library function is at most $MAX_FN lines"
fi

T=$(mktemp)
trap 'rm -f "$T"' EXIT
{
  printf 'static int\ncanary(void)\n{\n'
  i=0
  while [ $i -lt 79 ]; do echo "  x();"; i=$((i + 1)); done
  printf '}\n'
} >"$T"
if [ -n "$(long_functions "$T")" ]; then
  echo "ok sizes-canary: a function of 81 lines is caught"
else
  echo "FAIL sizes-canary: a function of 81 lines was not caught"
fi
exit 0
