#!/bin/sh
# Speed of this tree against another revision, same machine, same run: make bench-compare BASE=REV.
# Builds REV in a temporary worktree, then runs each case on both binaries in turn (base, new, base,
# new, ...) RUNS times and prints the median CPU time (user + system) and peak RSS of each, and the
# ratio new/base. The cases are the English figures the game-generality and house issues watch:
# optimize salet (original lists), optimize acais (nyt2022), sweep --preset tkihira2022, prove --all
# on a fixed 300-opener sample (scripts/bench-openers-300.txt), and normal mode with every word an
# answer (prove logie, about 6 s: the refined words of the normal-mode pools). Never fails on speed.
# CASES="prove-all-300 ..." limits the run to those cases.
# Usage: scripts/bench-compare.sh REV NEW_BUILD_DIR [RUNS]
set -u
rev=${1:?usage: bench-compare.sh REV NEW_BUILD_DIR [RUNS]}
build=${2:-build}
runs=${3:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
new="$root/$build/hardsix"
tmp=$(mktemp -d)
base_tree="$tmp/base"
cleanup() {
  git -C "$root" worktree remove --force "$base_tree" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
[ -x /usr/bin/time ] || sh "$root/scripts/deps.sh" time >/dev/null || { echo "bench-compare: needs GNU time" >&2; exit 1; }
[ -x "$new" ] || { echo "bench-compare: no $new (make all first)" >&2; exit 1; }
git -C "$root" worktree add --detach "$base_tree" "$rev" >/dev/null 2>&1 || { echo "bench-compare: cannot check out $rev" >&2; exit 1; }
echo "bench-compare: building $rev ($(git -C "$root" rev-parse --short "$rev"))"
make -C "$base_tree" --no-print-directory -j2 all >"$tmp/build.log" 2>&1 || { tail -n 20 "$tmp/build.log"; exit 1; }
base="$base_tree/build/hardsix"

# case NAME ARGS...: runs ARGS on both binaries RUNS times, alternating; prints medians and the ratio.
case_() {
  name=$1
  shift
  : >"$tmp/b"
  : >"$tmp/n"
  i=0
  while [ $i -lt "$runs" ]; do
    for who in b n; do
      bin=$base
      [ $who = n ] && bin=$new
      (cd "$root" && /usr/bin/time -f "%U %S %M" -o "$tmp/t" "$bin" "$@" >/dev/null 2>"$tmp/err") ||
        { echo "  $name: $bin failed:"; tail -n 3 "$tmp/err"; return; }
      tail -n 1 "$tmp/t" | awk '{ printf "%.2f %d\n", $1 + $2, $3 / 1024 }' >>"$tmp/$who"
    done
    i=$((i + 1))
  done
  med() { sort -n -k"$2" "$1" | awk -v k="$2" '{ a[NR] = $k } END { print a[int((NR + 1) / 2)] }'; }
  bc=$(med "$tmp/b" 1) nc=$(med "$tmp/n" 1) br=$(med "$tmp/b" 2) nr=$(med "$tmp/n" 2)
  fmt='  %-26s CPU %7.2f s -> %7.2f s (%+.1f%%)   peak RSS %5d -> %5d MB (%+.1f%%)\n'
  echo "$name $bc $nc $br $nr" | awk -v fmt="$fmt" '{
    cpu = $2 > 0 ? ($3 / $2 - 1) * 100 : 0; rss = $4 > 0 ? ($5 / $4 - 1) * 100 : 0
    printf fmt, $1, $2, $3, cpu, $4, $5, rss }'
}

echo "== bench-compare: $rev -> $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo '+changes'), median of $runs, CPU = user + system"
# CASES="name ..." runs only those.
want() { [ -z "${CASES:-}" ] || case " $CASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
want optimize-salet-original && case_ optimize-salet-original optimize salet --format tree
want optimize-acais-nyt2022 && case_ optimize-acais-nyt2022 optimize acais --lists nyt2022 --format tree
want sweep-tkihira2022 && case_ sweep-tkihira2022 sweep --preset tkihira2022 --order tkihira2022
want prove-all-300 && case_ prove-all-300 prove --all --openers scripts/bench-openers-300.txt
want prove-logie-normal-all && case_ prove-logie-normal-all prove logie --lists original-all --rules none
# A case left out by CASES is not a failure.
exit 0
