#!/bin/sh
# No two files call or include each other in a loop. Calls: from the built objects (BUILD/lib and
# BUILD/src/cli) with nm, an edge from each object to every object that defines a symbol it uses;
# includes: from the sources, an edge from each file to every project header it includes. Each graph
# goes through tsort, which names the files of any loop. A canary loop must be caught.
# Environment: ROOT (the repository), BUILD (the build directory, relative to ROOT).
set -u
cd "$ROOT" || exit 1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# loops FILE: the files tsort finds on loops of the edge list FILE (nothing when there is none).
loops() {
  tsort "$1" 2>&1 >/dev/null | sed -n 's/^tsort: \([^:]*\)$/\1/p' | grep -v '^-$' | sort -u
}

objs=$(find "$BUILD/lib" "$BUILD/src" -name '*.o' 2>/dev/null | sort)
if [ -z "$objs" ]; then
  echo "FAIL call-cycles: no objects under $BUILD (build first)"
else
  for o in $objs; do nm -g --defined-only "$o" | awk -v f="$o" 'NF == 3 { print $3, f }'; done | sort >"$T/defs"
  for o in $objs; do nm -u "$o" | awk -v f="$o" '{ print $2, f }'; done | sort >"$T/uses"
  join "$T/uses" "$T/defs" | awk '$2 != $3 { print $2, $3 }' | sort -u >"$T/calls"
  bad=$(loops "$T/calls")
  if [ -n "$bad" ]; then
    echo "FAIL call-cycles: these objects call each other in a loop:" $bad
  else
    echo "ok call-cycles: $(echo "$objs" | wc -l) objects, $(wc -l <"$T/calls") call edges, no loop"
  fi
fi

# Include edges: FILE -> the project header it names (resolved as the compiler would: the file's own
# folder, then include/, then src/).
for f in src/*/*.c src/*/*.h include/hardsix/*.h include/hardsix/*/*.h; do
  [ -f "$f" ] || continue
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" | while read -r h; do
    for c in "$(dirname "$f")/$h" "include/$h" "src/$h"; do
      if [ -f "$c" ]; then
        echo "$f $c"
        break
      fi
    done
  done
done | sort -u >"$T/includes"
bad=$(loops "$T/includes")
if [ -n "$bad" ]; then
  echo "FAIL include-cycles: these files include each other in a loop:" $bad
else
  echo "ok include-cycles: $(wc -l <"$T/includes") include edges, no loop"
fi

printf 'a.o b.o\nb.o c.o\nc.o a.o\nc.o d.o\n' >"$T/canary"
if [ "$(loops "$T/canary" | tr '\n' ' ')" = "a.o b.o c.o " ]; then
  echo "ok cycles-canary: a loop a -> b -> c -> a is named"
else
  echo "FAIL cycles-canary: tsort did not name the loop a b c: '$(loops "$T/canary" | tr '\n' ' ')'"
fi
exit 0
