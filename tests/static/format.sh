#!/bin/sh
# Every C source and header is formatted as .clang-format says ('make format' fixes it). One "ok" line
# when all are, one "FAIL" line (with the diff) per file that is not; a skip when clang-format is missing.
set -u
cd "$ROOT"
if ! command -v clang-format >/dev/null 2>&1; then
  echo "skip format (clang-format is not installed; make deps installs it)"
  exit 0
fi
n=0 bad=0
for f in src/*/*.c src/*/*.h include/hardsix/*.h include/hardsix/*/*.h tests/*.c tests/*.h fuzz/*.c fuzz/*.h; do
  [ -f "$f" ] || continue
  n=$((n + 1))
  if ! clang-format --style=file "$f" | cmp -s - "$f"; then
    bad=$((bad + 1))
    echo "FAIL format $f (run 'make format'):"
    clang-format --style=file "$f" | diff -u "$f" - | head -n 20
  fi
done
[ "$bad" = 0 ] && echo "ok format: $n files formatted as .clang-format says"
