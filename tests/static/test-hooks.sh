#!/bin/sh
# Test hooks stay out of the release build (issue 27): the fault injection of file commits and the
# environment variable that switches it on are compiled only with -DHS_TESTING, into BUILD/test-bin/
# (the test library and test binary). The release binary BUILD/hardsix and library BUILD/libhardsix.a
# must hold neither the symbols nor the variable's name; the test binary must (a canary: the check
# would otherwise prove nothing).
set -u
cd "$ROOT" || exit 1
rel="$BUILD/hardsix" lib="$BUILD/libhardsix.a" test_bin="$BUILD/test-bin/hardsix"
if ! command -v nm >/dev/null 2>&1; then
  echo "skip test-hooks: no nm (binutils)"
  exit 0
fi
hooks() { # FILE: the hook symbols and strings found in it
  { nm "$1" 2>/dev/null | grep -o 'hs_file_fault_[a-z]*'; grep -a -o 'HARDSIX_TEST_[A-Z_]*' "$1"; } | sort -u | tr '\n' ' '
}
for f in "$rel" "$lib"; do
  found=$(hooks "$f")
  if [ ! -f "$f" ]; then
    echo "FAIL test-hooks-$(basename "$f"): $f not built"
  elif [ -n "$found" ]; then
    echo "FAIL test-hooks-$(basename "$f"): the release build holds test hooks: $found"
  else
    echo "ok test-hooks-$(basename "$f"): no test hook in $f"
  fi
done
found=$(hooks "$test_bin")
case "$found" in
  *HARDSIX_TEST_FAIL_WRITE_STEP*hs_file_fault_inject*) echo "ok test-hooks-canary: the test binary has them ($found)" ;;
  *) echo "FAIL test-hooks-canary: $test_bin lacks the hooks (found: $found)" ;;
esac
exit 0
