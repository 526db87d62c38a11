#!/bin/sh
# Builds and times two published solvers side by side with hardsix (benchmarks only: nothing of
# theirs is copied into the project). See docs/PEERS.md for the figures measured with it.
#
#   scripts/peers.sh build [DIR]       build both peers into DIR (default build/peers)
#   scripts/peers.sh list              the benchmark names
#   scripts/peers.sh run NAME [DIR]    run one benchmark; prints wall and CPU seconds and peak RSS
#                                      (GNU time -v; the full output goes to DIR/logs/NAME.log)
#
# Peers:
#   selby    Alex Selby's exact solver (C++, MIT), github alex1770/wordle at commit 8fd3f1bd, from a
#            bare git copy of that repository: $SELBY_GIT (default ../.mirror/alex1770+wordle/repo),
#            or a plain directory holding wordle.cpp: $SELBY_SRC. Built as its Makefile does
#            (g++ -std=c++17 -Wall -O3; $PEERS_CXXFLAGS adds flags, e.g. -march=native).
#   pokemon  the published Pokémon Wordle solver (Rust, CC0), built offline from Debian's Rust crates
#            by ../shared/reference/pokemon/solver/build.sh (or $HS_REFERENCE/pokemon/solver).
# A peer whose source is absent is skipped ("skip: REASON", exit 0).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
ref=${HS_REFERENCE:-"$here/../shared/reference"}
selby_commit=8fd3f1bdf884ff6757c24ad1227dc561fab7787d
selby_git=${SELBY_GIT:-"$here/../.mirror/alex1770+wordle/repo"}

usage() {
  echo "usage: $0 build [DIR] | list | run NAME [DIR]" >&2
  exit 2
}

# The benchmarks: NAME, then what it runs (shown by 'list').
benchmarks() {
  cat <<'EOF'
selby-salet-original       Selby, hard mode, original lists (2,315/12,972): optimum for opener salet (8122)
selby-tarse-nyt2023        Selby, hard mode, nyt2023 lists (3,158/14,855): optimum for opener tarse (11627)
selby-salet-original-g6    Selby, hard mode, original lists: decide salet within 6 guesses (-d -g6)
selby-scamp-original-g5    Selby, hard mode, original lists: decide scamp within 5 guesses (-d -g5)
selby-tarse-nyt2023-g6     Selby, hard mode, nyt2023 lists: decide tarse within 6 guesses (-d -g6)
pokemon-dp                 Pokémon solver, normal mode, DP range (282 answers, 846 names), 2 threads (942)
pokemon-bw                 Pokémon solver, BW range (380 answers), 2 threads (1328; published: 1,051 s on 4 M1 threads)
EOF
}

build_selby() {
  out=$1/selby
  if [ -n "${SELBY_SRC:-}" ]; then
    [ -f "$SELBY_SRC/wordle.cpp" ] || { echo "skip: selby: no wordle.cpp in SELBY_SRC=$SELBY_SRC"; return 0; }
    rm -rf "$out"; mkdir -p "$out"
    cp -r "$SELBY_SRC"/. "$out"/
  else
    if [ ! -d "$selby_git" ]; then
      echo "skip: selby: no git copy of alex1770/wordle at $selby_git (set SELBY_GIT or SELBY_SRC)"
      return 0
    fi
    if ! git --git-dir="$selby_git" cat-file -e "$selby_commit^{commit}" 2>/dev/null; then
      echo "skip: selby: commit $selby_commit not in $selby_git"
      return 0
    fi
    rm -rf "$out"; mkdir -p "$out"
    git --git-dir="$selby_git" archive "$selby_commit" | tar -x -C "$out"
  fi
  command -v g++ >/dev/null 2>&1 || sh "$here/scripts/deps.sh" g++
  # Its Makefile takes the commit description from git; give it the pinned commit instead.
  # shellcheck disable=SC2086 # PEERS_CXXFLAGS is a list of flags
  (cd "$out" && g++ -o wordle wordle.cpp -std=c++17 -Wall -O3 ${PEERS_CXXFLAGS:-} -DCOMMITDESC="\"$(echo $selby_commit | cut -c1-12)\"")
  # hardsix's own lists in the peer's format: -a takes every allowed word, -h the answers.
  for set in original nyt2023; do
    sort -u "$here/data/$set/answers.txt" "$here/data/$set/guesses.txt" >"$out/$set.all"
    cp "$here/data/$set/answers.txt" "$out/$set.hidden"
  done
  echo "built $out/wordle"
}

build_pokemon() {
  out=$1/pokemon
  if [ ! -f "$ref/pokemon/solver/build.sh" ]; then
    echo "skip: pokemon: no $ref/pokemon/solver/build.sh"
    return 0
  fi
  bash "$ref/pokemon/solver/build.sh" "$out"
}

# run NAME DIR: the command of benchmark NAME, run in its peer's directory under GNU time.
run() {
  name=$1 dir=$2
  case "$name" in
    selby-*) peer=selby bin=./wordle ;;
    pokemon-*) peer=pokemon bin=./target/release/solve ;;
    *) echo "$0: unknown benchmark '$name' ($0 list)" >&2; exit 2 ;;
  esac
  case "$name" in
    selby-salet-original) set -- -H -a original.all -h original.hidden -w salet ;;
    selby-tarse-nyt2023) set -- -H -a nyt2023.all -h nyt2023.hidden -w tarse ;;
    selby-salet-original-g6) set -- -H -d -g6 -a original.all -h original.hidden -w salet ;;
    selby-scamp-original-g5) set -- -H -d -g5 -a original.all -h original.hidden -w scamp ;;
    selby-tarse-nyt2023-g6) set -- -H -d -g6 -a nyt2023.all -h nyt2023.hidden -w tarse ;;
    pokemon-dp) set -- --ans-until 489 --guess-until 846 -t 2 -o dp.tree.txt ;;
    pokemon-bw) set -- --ans-until 644 --guess-until 846 -t 2 -o bw.tree.txt ;;
    *) echo "$0: unknown benchmark '$name' ($0 list)" >&2; exit 2 ;;
  esac
  if [ ! -x "$dir/$peer/$bin" ]; then
    echo "skip: $name: $dir/$peer/$bin not built ($0 build $dir)"
    return 0
  fi
  [ -x /usr/bin/time ] || sh "$here/scripts/deps.sh" time
  mkdir -p "$dir/logs"
  log="$dir/logs/$name.log"
  echo "$name: (cd $dir/$peer && $bin $*)"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
  status=0
  (cd "$dir/$peer" && /usr/bin/time -v -o "$dir/logs/$name.time" "$bin" "$@") >"$log" 2>&1 || status=$?
  # The peer's own result lines.
  case "$peer" in
    selby) grep -E '^(Best first guess|Average guesses|Time taken)' "$log" || true ;;
    pokemon) grep -E '= [0-9]+/[0-9]+|elapsed' "$log" || true ;;
  esac
  awk -v name="$name" -v status="$status" '
    /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); wall = (n == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2] }
    /User time \(seconds\)/ { user = $NF }
    /System time \(seconds\)/ { sys = $NF }
    /Maximum resident set size/ { rss = $NF }
    END { printf "%s: wall %.2f s, CPU %.2f s (user %.2f, sys %.2f), peak RSS %.1f MiB, exit %d\n",
                 name, wall, user + sys, user, sys, rss / 1024, status }' "$dir/logs/$name.time"
  return "$status"
}

[ $# -ge 1 ] || usage
cmd=$1
shift
case "$cmd" in
  build)
    [ $# -le 1 ] || usage
    dir=${1:-"$here/build/peers"}
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    build_selby "$dir"
    build_pokemon "$dir"
    ;;
  list)
    benchmarks
    ;;
  run)
    if [ $# -lt 1 ] || [ $# -gt 2 ]; then usage; fi
    dir=${2:-"$here/build/peers"}
    [ -d "$dir" ] || { echo "skip: $1: $dir does not exist ($0 build $dir)"; exit 0; }
    dir=$(cd "$dir" && pwd)
    run "$1" "$dir"
    ;;
  *) usage ;;
esac
