#!/bin/sh
# Runs every cmocka binary in BUILD/tests, every static check in tests/static and every CLI script in
# tests/cli, HS_TEST_JOBS of them at a time (default: one per core), reports each in that order, then
# prints one line "tests: N passed, N failed, N skipped". Exits non-zero when anything failed. Every
# skipped test is printed under its file with its reason ("skip NAME: REASON"; a cmocka test prints
# "skip: REASON").
set -u
build=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
# One test, run by the loop below under xargs: KIND (bin or sh) and PATH, its log in $work/N.log, its
# exit status in $work/N.rc. Under 'make sanitize' every sanitizer report, also from commands whose
# stderr a test discards, goes to $work/N.san; a test after which any such file exists fails.
if [ "${1:-}" = --one ]; then
  work=$2 n=$3 kind=$4 t=$5 build=$6
  mkdir -p "$work/$n.san"
  if [ -n "${ASAN_OPTIONS:-}" ]; then
    export ASAN_OPTIONS="$ASAN_OPTIONS:log_path=$work/$n.san/asan"
    export UBSAN_OPTIONS="${UBSAN_OPTIONS:-}:log_path=$work/$n.san/ubsan"
  fi
  if [ "$kind" = bin ]; then
    (cd "$root" && "$t") >"$work/$n.log" 2>&1
  else
    HS="$root/$build/hardsix" HS_TEST="$root/$build/test-bin/hardsix" ROOT="$root" BUILD="$build" sh "$t" \
      >"$work/$n.log" 2>&1
  fi
  echo $? >"$work/$n.rc"
  exit 0
fi

# The tests run HS_TEST_JOBS at a time (default: one per core); each writes its own log, and the logs
# are read in the fixed order below, so the report is the same whatever finishes first.
jobs=${HS_TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
case "$jobs" in '' | *[!0-9]* | 0) echo "run-tests: HS_TEST_JOBS must be a positive number, not '$jobs'" >&2; exit 2 ;; esac
work=$(mktemp -d)
log="$work/log"
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0

# sanitizer_reports N: prints test N's sanitizer reports; FALSE when there are none.
sanitizer_reports() {
  [ -n "$(ls "$work/$1.san")" ] || return 1
  for r in "$work/$1.san"/*; do sed 's/^/    /' "$r" | head -n 30; done
  return 0
}

# Every cmocka binary, then every static check and CLI script, numbered in the order they are reported.
n=0
for t in "$root/$build"/tests/test_* "$root/$build"/tests-wide/test_*; do
  [ -x "$t" ] || continue
  case "$t" in *.d) continue ;; esac
  n=$((n + 1))
  printf '%s bin %s\n' "$n" "$t"
done >"$work/list"
for t in "$root"/tests/static/*.sh "$root"/tests/cli/*.sh; do
  [ -f "$t" ] || continue
  n=$((n + 1))
  printf '%s sh %s\n' "$n" "$t"
done >>"$work/list"
# xargs splits each line at blanks into the test's number, kind, path and the build directory.
case "$root$build" in *' '*) echo "run-tests: the checkout's path and the build directory must hold no spaces" >&2; exit 2 ;; esac
awk -v b="$build" '{ print $0, b }' "$work/list" | xargs -P "$jobs" -L 1 sh "$0" --one "$work"

while read -r n kind t; do
  rc=$(cat "$work/$n.rc" 2>/dev/null || echo 127)
  cp "$work/$n.log" "$log" 2>/dev/null || : >"$log"
  if [ "$kind" = bin ]; then
    name=$(basename "$t")
    case "$t" in */tests-wide/*) name="wide/$name" ;; esac
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
    s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
    p=${p:-0} f=${f:-0} s=${s:-0}
    if [ "$rc" -ne 0 ] && [ "$f" = 0 ]; then f=1; fi # crashed or sanitizer report
    if grep -q 'runtime error:\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer' "$log"; then f=$((f + 1)); rc=1; fi
    if sanitizer_reports "$n" >>"$log"; then f=$((f + 1)); rc=1; fi
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
    if [ "$rc" -ne 0 ] || [ "$f" != 0 ]; then
      echo "FAIL $name"; sed 's/^/    /' "$log" | tail -n 40
    else
      echo "ok   $name ($p passed, $s skipped)"
    fi
    # Each cmocka test that skips says why first (print_message "skip: REASON").
    sed -n 's/^skip: /    skip: /p' "$log"
  else
    name=$(basename "$(dirname "$t")")/$(basename "$t" .sh)
    p=$(grep -c '^ok ' "$log"); f=$(grep -c '^FAIL ' "$log"); s=$(grep -c '^skip ' "$log")
    if [ "$rc" -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
    if grep -q 'runtime error:\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer' "$log"; then f=$((f + 1)); fi
    if sanitizer_reports "$n" >>"$log"; then f=$((f + 1)); fi
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
    if [ "$f" != 0 ]; then
      echo "FAIL $name"; sed 's/^/    /' "$log" | tail -n 60
    else
      echo "ok   $name ($p passed, $s skipped)"
    fi
    grep '^skip ' "$log" | sed 's/^/    /'
  fi
done <"$work/list"

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

echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
