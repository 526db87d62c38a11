#!/bin/sh
# The optimal strategy of each OPENER (`hardsix optimize`), one process per opener under GNU parallel,
# with its tree kept in Selby's format: OUT/OPENER.selby.tree and OUT/OPENER.log (hardsix's stderr with
# /usr/bin/time -v). Resumable: an opener whose log says it was decided is not searched again, and a
# run killed midway leaves no tree of its own behind (each opener writes into a temporary directory,
# moved in when it ends). Each search keeps a checkpoint, OUT/.OPENER.ckpt (optimize --checkpoint):
# one stopped by SIGTERM or SIGINT (kill the hardsix process; it saves, then exits) is resumed from it
# by the next run of the script with the same build, and its log then holds every attempt (the CPU
# seconds of the table are their sum, the peak RSS their largest). A search longer than a sitting on
# a machine that does not keep its files: with THIN_LEFT=R a stop also leaves OUT/.OPENER.ckpt.xz, a
# thinned copy (`hardsix checkpoint --min-left R`: the entries about sets with at least R guesses left,
# a few MB) to commit with OUT/.OPENER.stopped.log; on another machine, with no OUT/.OPENER.ckpt, the
# script resumes from that copy (HS must then be a build of the same search code; the copy is made
# with this tree's build/hardsix, which reads a checkpoint of any build). At the end OUT.tsv
# gets one row per opener from the logs:
#   opener  verdict (optimal|impossible)  total  average  seconds (user CPU)  peak_rss_mb
#
# usage: scripts/optimal-trees.sh LISTS CAP OUT JOBS OPENER...
# LISTS is a built-in set (nyt2022-all, ...) or ANSWERS:GUESSES (two files).
#   e.g. scripts/optimal-trees.sh nyt2022-all 7 output/optimal-within-7/nyt2022-all 2 thump chomp
# OPTIONS='...': more options for every opener (e.g. '--rules none'); HS=PATH: another build;
# THIN_LEFT=R: see above (e.g. 5 for a cap of 7).
#
# usage: scripts/optimal-trees.sh --stop OUT OPENER...
# Stops the searches of those openers that run under OUT: SIGTERM to each hardsix process alone (its
# PID is kept in OUT/.OPENER.pid while it runs), which saves its checkpoint and exits; the run that
# started it then records the stop. (A kill by name would reach /usr/bin/time too, and the attempt's
# CPU time would be lost.)
set -eu
if [ "${1:-}" = --stop ]; then
  [ $# -ge 3 ] || { echo "usage: scripts/optimal-trees.sh --stop OUT OPENER..." >&2; exit 2; }
  out=$2
  shift 2
  rc=0
  for o in "$@"; do
    pidfile="$out/.$o.pid"
    pid=$(cat "$pidfile" 2>/dev/null || true)
    # The PID must still be that search: a hardsix process whose command names the opener and OUT.
    case "$pid" in
      '' | *[!0-9]*) cmd= ;;
      *) cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true) ;;
    esac
    case "$cmd" in
      *hardsix\ optimize\ "$o"\ *"--checkpoint $out/.$o.ckpt"*)
        kill -TERM "$pid"
        echo "optimal-trees: $o: stop sent to hardsix (PID $pid); it saves its checkpoint, then exits" >&2 ;;
      *)
        echo "optimal-trees: $o: no search of it runs under $out" >&2
        rc=1 ;;
    esac
  done
  exit $rc
fi
if [ "${1:-}" = --one ]; then
  # One opener (called by parallel): hs lists cap out opener.
  hs=$2 lists=$3 cap=$4 out=$5 o=$6
  case "$lists" in
    *:*) set -- --answers "${lists%%:*}" --guesses "${lists#*:}" ;;
    *) set -- --lists "$lists" ;;
  esac
  tmp=$(mktemp -d "$out/.$o.XXXXXX")
  ckpt="$out/.$o.ckpt" stopped="$out/.$o.stopped.log" carried="$out/.$o.ckpt.xz"
  if [ ! -e "$ckpt" ] && [ -e "$carried" ]; then
    xz -dc "$carried" >"$ckpt.part"
    mv "$ckpt.part" "$ckpt"
    echo "optimal-trees: $o resumes from the copy $carried" >&2
  fi
  # The search's PID in OUT/.OPENER.pid (for --stop): a shell writes its own, then becomes hardsix.
  pidfile="$out/.$o.pid"
  # shellcheck disable=SC2016,SC2086 # $0 and $$ belong to the inner shell; OPTIONS is a list of options
  /usr/bin/time -v sh -c 'echo $$ >"$0" && exec "$@"' "$pidfile" "$hs" optimize "$o" "$@" --max-guesses "$cap" \
    --threads 1 --timing ${OPTIONS:-} -o "$tmp" --checkpoint "$ckpt" >"$tmp/log" 2>&1 || true
  rm -f "$pidfile"
  if grep -q "^$o: optimal: " "$tmp/log"; then
    mv "$tmp/$o.selby.tree" "$out/$o.selby.tree"
  elif grep -q "^hardsix: $o: search stopped; what it settled is saved in " "$tmp/log"; then
    cat "$tmp/log" >>"$stopped"
    rm -rf "$tmp"
    echo "optimal-trees: $o stopped; the next run resumes it from $ckpt" >&2
    if [ -n "${THIN_LEFT:-}" ]; then
      "${HS_TOOL:-$hs}" checkpoint "$ckpt" -o "$ckpt.thin" --min-left "$THIN_LEFT" >/dev/null
      xz -T1 -9 -c "$ckpt.thin" >"$carried.part"
      rm -f "$ckpt.thin"
      mv "$carried.part" "$carried"
      echo "optimal-trees: $o: a copy to carry to another machine (with $stopped): $carried" >&2
    fi
    exit 1
  elif ! grep -q "^$o: impossible" "$tmp/log"; then
    echo "optimal-trees: $o failed: $(grep -v '^	' "$tmp/log" | tail -n 3 | tr '\n' ' ')" >&2
    rm -rf "$tmp"
    exit 1
  fi
  if [ -e "$stopped" ]; then
    cat "$stopped" "$tmp/log" >"$tmp/all.log"
    mv "$tmp/all.log" "$tmp/log"
  fi
  mv "$tmp/log" "$out/$o.log"
  rm -rf "$tmp" "$stopped" "$carried"
  exit 0
fi
if [ $# -lt 5 ]; then
  echo "usage: scripts/optimal-trees.sh LISTS CAP OUT JOBS OPENER..." >&2
  exit 2
fi
lists=$1 cap=$2 out=$3 jobs=$4
shift 4
root=$(cd "$(dirname "$0")/.." && pwd)
hs=${HS:-$root/build/hardsix}
[ -x "$hs" ] || { echo "optimal-trees: build hardsix first (make)" >&2; exit 1; }
command -v parallel >/dev/null || { echo "optimal-trees: GNU parallel is needed (make deps)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "optimal-trees: /usr/bin/time is needed (Debian package time)" >&2; exit 1; }
mkdir -p "$out"
todo=
for o in "$@"; do
  grep -qs -e "^$o: optimal: " -e "^$o: impossible" "$out/$o.log" || todo="$todo $o"
done
# The checkpoint command reads a checkpoint of any build: this tree's, when HS is an older build.
HS_TOOL=$root/build/hardsix
[ -x "$HS_TOOL" ] || HS_TOOL=$hs
export OPTIONS THIN_LEFT HS_TOOL
# shellcheck disable=SC2086 # the openers still to do
[ -z "$todo" ] || parallel --will-cite -j "$jobs" sh "$0" --one "$hs" "$lists" "$cap" "$out" ::: $todo
tsv=$(mktemp "$out.tsv.XXXXXX")
printf 'opener\tverdict\ttotal\taverage\tseconds\tpeak_rss_mb\n' >"$tsv"
for o in "$@"; do
  awk -v o="$o" '
    $0 ~ "^" o ": optimal: " { v = "optimal"; t = $3; a = $8; sub(/\)$/, "", a) }
    $0 ~ "^" o ": impossible" { v = "impossible"; t = "-"; a = "-" }
    /User time \(seconds\):/ { s += $NF }
    /Maximum resident set size/ { r = int($NF / 1024 + 0.5); if (r > m) m = r }
    END { printf "%s\t%s\t%s\t%s\t%.2f\t%s\n", o, v, t, a, s, m }' "$out/$o.log" >>"$tsv"
done
mv "$tsv" "$out.tsv"
echo "optimal-trees: $# openers in $out.tsv" >&2
