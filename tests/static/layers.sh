#!/bin/sh
# Includes point down the layers (docs/ARCHITECTURE.md). A file's layer is its folder: src/LAYER/ or
# include/hardsix/LAYER/; an include's layer is read from its path ("hardsix/LAYER/x.h", a private
# "LAYER/x.h", or a header of the including file's own folder). What each layer may include:
#   util: util                     core: util core             engine: util core engine
#   verify: util core verify       report: util core engine verify report
#   cli: everything, and the umbrella header hardsix/hardsix.h
# The verifier shares nothing with the engine (verify-independence.sh checks its symbols). A canary
# (a core file including an engine header, an engine file including the CLI's) must be caught. A header
# named without a folder is the including file's own, else that of the src/ folder that holds it.
# One "ok" line, or one "FAIL" line per wrong-way include.
set -u
cd "$ROOT" || exit 1

allowed() { # LAYER: the layers it may include
  case "$1" in
    util) echo "util" ;;
    core) echo "util core" ;;
    engine) echo "util core engine" ;;
    verify) echo "util core verify" ;;
    report) echo "util core engine verify report" ;;
    cli) echo "util core engine verify report cli top" ;;
    top) echo "util core engine verify report" ;;
    *) echo "" ;;
  esac
}

layer_of_path() { # FILE -> its layer, or nothing for files outside the layers
  case "$1" in
    include/hardsix/hardsix.h) echo top ;;
    include/hardsix/*/*) echo "$1" | cut -d/ -f3 ;;
    src/*/*) echo "$1" | cut -d/ -f2 ;;
  esac
}

layer_of_include() { # FILE INCLUDE -> the included header's layer
  case "$2" in
    hardsix/hardsix.h) echo top ;;
    hardsix/*/*) echo "$2" | cut -d/ -f2 ;;
    */*) echo "$2" | cut -d/ -f1 ;;
    *) # a header of the file's own folder, else of the folder that has it
      if [ -f "$(dirname "$1")/$2" ]; then
        layer_of_path "$1"
      else
        for d in src/*/; do [ -f "$d$2" ] && { layer_of_path "$d$2"; return; }; done
        echo unknown
      fi ;;
  esac
}

# check FILE [AS]: prints a FAIL line per wrong-way include of FILE, read as if it were at path AS.
check() {
  as=${2:-$1}
  me=$(layer_of_path "$as")
  [ -n "$me" ] || return 0
  ok=$(allowed "$me")
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1" | while read -r h; do
    to=$(layer_of_include "$as" "$h")
    case " $ok " in
      *" $to "*) ;;
      *) echo "FAIL layers $as ($me) includes \"$h\" ($to)" ;;
    esac
    case "$h" in
      *-private.h) [ "$to" = "$me" ] || echo "FAIL layers $as includes \"$h\", private to src/$to/" ;;
    esac
  done
}

out=$(for f in src/*/*.c src/*/*.h include/hardsix/*.h include/hardsix/*/*.h; do
  [ -f "$f" ] && check "$f"
done)
n=$(ls src/*/*.c src/*/*.h include/hardsix/*.h include/hardsix/*/*.h | wc -l)
if [ -n "$out" ]; then echo "$out"; else echo "ok layers: $n files include only their own layer and the ones below"; fi

# Canaries: the check must bite.
T=$(mktemp)
trap 'rm -f "$T"' EXIT
printf '#include "hardsix/engine/prove.h"\n' >"$T"
c1=$(check "$T" src/core/canary.c)
printf '#include "cli.h"\n#include "hardsix/report/format.h"\n' >"$T"
c2=$(check "$T" src/engine/canary.c)
printf '#include "util/parallel.h"\n#include "hardsix/core/words.h"\n' >"$T"
c3=$(check "$T" src/verify/canary.c)
printf '#include "report/format-private.h"\n' >"$T"
c4=$(check "$T" src/cli/canary.c)
if [ -n "$c1" ] && [ "$(echo "$c2" | grep -c FAIL)" = 2 ] && [ -z "$c3" ] && [ -n "$c4" ]; then
  echo "ok layers-canary: wrong-way includes from core and engine, and a private header of another folder, are caught; right-way ones pass"
else
  echo "FAIL layers-canary: core->engine: '$c1'; engine->cli/report: '$c2'; verify->util/core: '$c3'; cli->private: '$c4'"
fi
exit 0
