#!/bin/sh
# make fuzz: runs every libFuzzer target in BUILD/fuzz for SECONDS each (ASan+UBSan, leak checks),
# seeded from fuzz/seeds/NAME/ (made by fuzz/make-seeds.sh) and the regression inputs in
# tests/data/fuzz/NAME/; what it learns is kept in BUILD/corpus/NAME/ for the next run. A crash, leak,
# timeout or failed property is minimised and saved as tests/data/fuzz/NAME/KIND-SHA1 (a regression
# input that 'make check' replays from then on) and fails the run.
# Prints one line per target and ends with "fuzz: N passed, N failed".
# Usage: scripts/fuzz.sh BUILD_DIR SECONDS
set -u
build=${1:-build-fuzz}
secs=${2:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
data=tests/data
passed=0 failed=0

for t in "$build"/fuzz/fuzz_*; do
  case "$t" in *.d) continue ;; esac
  [ -x "$t" ] || continue
  name=${t##*/fuzz_}
  corpus="$build/corpus/$name" art="$build/artifacts/$name" regress="$data/fuzz/$name" log="$build/fuzz-$name.log"
  mkdir -p "$corpus" "$art"
  rm -f "$art"/*
  dirs="$corpus"
  # A target's wide build (NAME_wide) starts from the seeds of NAME.
  [ -d "fuzz/seeds/${name%_wide}" ] && dirs="$dirs fuzz/seeds/${name%_wide}"
  [ -d "$regress" ] && dirs="$dirs $regress"
  case "$name" in verify) maxlen=16384 ;; *) maxlen=4096 ;; esac
  "$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=$maxlen -print_final_stats=1 \
    -artifact_prefix="$art/" $dirs >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  units=$(ls "$corpus" | wc -l)
  if [ $rc = 0 ]; then
    passed=$((passed + 1))
    echo "ok   fuzz $name: ${runs:-?} runs in $secs s, corpus $units inputs, 0 crashes"
    continue
  fi
  failed=$((failed + 1))
  crash=$(ls -t "$art"/* 2>/dev/null | head -n 1)
  echo "FAIL fuzz $name: ${runs:-?} runs, exit $rc"
  grep -E 'ERROR:|runtime error|property failed|SUMMARY|Test unit written' "$log" | head -n 8 | sed 's/^/    /'
  if [ -n "$crash" ]; then
    kind=$(basename "$crash" | sed 's/-.*//')
    "$t" -minimize_crash=1 -max_total_time=60 -timeout=10 -exact_artifact_path="$art/minimized" "$crash" \
      >"$build/fuzz-$name.min.log" 2>&1
    keep="$crash"
    [ -s "$art/minimized" ] && keep="$art/minimized"
    mkdir -p "$regress"
    sum=$(sha1sum "$keep" | cut -c1-12)
    cp "$keep" "$regress/$kind-$sum"
    echo "    saved $regress/$kind-$sum (replayed by 'make check' from now on)"
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" = 0 ]
