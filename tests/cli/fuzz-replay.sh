# Replays the fuzz targets' seeds (fuzz/seeds/NAME/) and every saved regression input
# (tests/data/fuzz/NAME/, crashes 'make fuzz' found) through the same LLVMFuzzerTestOneInput,
# built with the suite's own compiler and flags (so under 'make sanitize' with ASan+UBSan); the
# targets built against the wide build too (replay_NAME_wide: the Makefile's FUZZ_WIDE) replay the
# seeds of NAME and their own regression inputs (tests/data/fuzz/NAME_wide/).
. "$ROOT/tests/cli/lib.sh.inc"
B=$(dirname "$HS")
cd "$ROOT"
for src in fuzz/fuzz_*.c; do
  base=$(basename "$src" .c); base=${base#fuzz_}
  for name in "$base" "${base}_wide"; do
    bin="$B/fuzz/replay_$name"
    if [ "$name" != "$base" ] && [ ! -x "$bin" ]; then continue; fi   # not a wide target
    if [ ! -x "$bin" ]; then fail "fuzz-replay-$name" "no $bin (make tests builds it)"; continue; fi
    for dir in "fuzz/seeds/$base" "tests/data/fuzz/$name"; do
      kind=$(case "$dir" in fuzz/*) echo seeds ;; *) echo regressions ;; esac)
      [ -d "$dir" ] || continue   # no regression inputs yet: nothing to replay
      "$bin" "$dir" >"$T/out" 2>"$T/err"
      rc=$?
      n=$(sed -n 's/^replayed \([0-9]*\) inputs$/\1/p' "$T/out")
      if [ $rc = 0 ] && [ -n "$n" ]; then
        ok "fuzz-replay-$name-$kind ($n inputs)"
      else
        fail "fuzz-replay-$name-$kind" "exit $rc; last input: $(grep '^input ' "$T/out" | tail -n 1)" "$(tail -n 15 "$T/err")"
      fi
    done
  done
done
exit 0
