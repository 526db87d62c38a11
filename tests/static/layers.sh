#!/bin/sh
# The library (src/*.c, include/hardsix/*.h) is independent of the command-line program (src/cli/):
# no library file includes a header from src/cli/. One "ok" line, or one "FAIL" line per include.
set -u
cd "$ROOT"
bad=0
for f in src/*.c src/*.h include/hardsix/*.h; do
  [ -f "$f" ] || continue
  for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
    case "$h" in
      cli/* | */cli/*) ;;
      *) [ -f "src/cli/$h" ] && [ ! -f "src/$h" ] && [ ! -f "include/$h" ] || continue ;;
    esac
    bad=$((bad + 1))
    echo "FAIL layers $f includes \"$h\" from the CLI (src/cli/)"
  done
done
[ "$bad" = 0 ] && echo "ok layers: the library includes nothing from src/cli/"
exit 0
