#!/bin/sh
# Runs every cmocka binary in BUILD/tests, every static check in tests/static and every CLI script in
# tests/cli, then prints one line
# "tests: N passed, N failed, N skipped". Exits non-zero when anything failed. Every skipped test is
# printed under its file with its reason ("skip NAME: REASON"; a cmocka test prints "skip: REASON").
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
log=$(mktemp)
san=$(mktemp -d)
trap 'rm -rf "$log" "$san"' EXIT
passed=0 failed=0 skipped=0

# Under 'make sanitize' every sanitizer report, also from commands whose stderr a test discards, goes to
# a file in $san; a test after which any such file exists fails.
if [ -n "${ASAN_OPTIONS:-}" ]; then
  export ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$san/asan"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-}:log_path=$san/ubsan"
fi
# sanitizer_reports: prints and removes the reports written since the last call; FALSE when none.
sanitizer_reports() {
  [ -n "$(ls "$san")" ] || return 1
  for r in "$san"/*; do sed 's/^/    /' "$r" | head -n 30; done
  rm -f "$san"/*
  return 0
}

for t in "$root/$build"/tests/test_* "$root/$build"/tests-wide/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *.d) continue ;; esac
  name=$(basename "$t")
  case "$t" in */tests-wide/*) name="wide/$name" ;; esac
  (cd "$root" && "$t") >"$log" 2>&1
  rc=$?
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
  s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
  p=${p:-0} f=${f:-0} s=${s:-0}
  if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi   # crashed or sanitizer report
  if grep -q 'runtime error:\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer' "$log"; then f=$((f + 1)); rc=1; fi
  if sanitizer_reports >>"$log"; then f=$((f + 1)); rc=1; fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  if [ $rc -ne 0 ] || [ "$f" != 0 ]; then
    echo "FAIL $name"; sed 's/^/    /' "$log" | tail -n 40
  else
    echo "ok   $name ($p passed, $s skipped)"
  fi
  # Each cmocka test that skips says why first (print_message "skip: REASON").
  sed -n 's/^skip: /    skip: /p' "$log"
done

# With TSAN_BUILD (make sanitize): the threaded test binaries TSAN_TESTS of that ThreadSanitizer build,
# with two threads; any race report fails the binary.
for name in ${TSAN_BUILD:+${TSAN_TESTS:-}}; do
  t="$root/$TSAN_BUILD/tests/$name"
  if [ ! -x "$t" ]; then
    echo "FAIL tsan/$name (not built: $t)"; failed=$((failed + 1)); continue
  fi
  (cd "$root" && env -u ASAN_OPTIONS -u LSAN_OPTIONS -u UBSAN_OPTIONS OMP_NUM_THREADS=2 \
    TSAN_OPTIONS="ignore_noninstrumented_modules=1:halt_on_error=0:exitcode=66:suppressions=$root/tests/tsan.supp" "$t") >"$log" 2>&1
  rc=$?
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
  p=${p:-0} f=${f:-0}
  if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
  if grep -q 'WARNING: ThreadSanitizer' "$log"; then f=$((f + 1)); rc=1; fi
  passed=$((passed + p)) failed=$((failed + f))
  if [ $rc -ne 0 ] || [ "$f" != 0 ]; then
    echo "FAIL tsan/$name"; sed 's/^/    /' "$log" | tail -n 60
  else
    echo "ok   tsan/$name ($p passed, ThreadSanitizer: no race)"
  fi
done

for t in "$root"/tests/static/*.sh "$root"/tests/cli/*.sh; do
  [ -f "$t" ] || continue
  name=$(basename "$(dirname "$t")")/$(basename "$t" .sh)
  HS="$root/$build/hardsix" HS_TEST="$root/$build/test-bin/hardsix" ROOT="$root" BUILD="$build" sh "$t" >"$log" 2>&1
  rc=$?
  p=$(grep -c '^ok ' "$log"); f=$(grep -c '^FAIL ' "$log"); s=$(grep -c '^skip ' "$log")
  if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
  if grep -q 'runtime error:\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer' "$log"; then f=$((f + 1)); fi
  if sanitizer_reports >>"$log"; then f=$((f + 1)); fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
  if [ "$f" != 0 ]; then
    echo "FAIL $name"; sed 's/^/    /' "$log" | tail -n 60
  else
    echo "ok   $name ($p passed, $s skipped)"
  fi
  grep '^skip ' "$log" | sed 's/^/    /'
done

echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
