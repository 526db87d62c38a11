# Signals (issue 28, item 8): hardsix ends by the signal it received, after cleaning up, so that the
# caller sees 130 (SIGINT) or 143 (SIGTERM) like for any other program, and a shell loop stops; a
# signal ignored when it started (nohup, background jobs of a script) stays ignored. The handlers are
# the program's, not the library's. An interrupted sweep (a long run that stops cleanly) is in
# hardening.sh.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
if [ ! -d /proc/self ] || ! env --default-signal=INT true 2>/dev/null || ! command -v mkfifo >/dev/null; then
  skip "signals: needs /proc, mkfifo and env --default-signal (coreutils 8.31)"
  exit 0
fi

# catches PID SIGNUM: PID is hardsix (after exec) and has a handler for SIGNUM (SigCgt in /proc).
catches() {
  tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -q ' feedback' || return 1
  m=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
  [ -n "$m" ] && [ $(( (0x$m >> ($2 - 1)) & 1 )) = 1 ]
}
# wait_until_caught PID SIGNUM: up to 10 s.
wait_until_caught() {
  i=0
  while [ $i -lt 100 ] && ! catches "$1" "$2"; do sleep 0.1; i=$((i + 1)); done
  [ $i -lt 100 ]
}
# ended_by NAME SIG SIGNUM WANT: 'hardsix feedback' waiting for stdin (a FIFO nobody writes) gets SIG
# and must end with exit status WANT.
ended_by() {
  rm -f "$T/fifo" && mkfifo "$T/fifo"
  env --default-signal=INT,TERM,HUP "$HS" feedback --style letters <"$T/fifo" >/dev/null 2>"$T/err" &
  pid=$!
  exec 9>"$T/fifo" # a writer that never writes: the read blocks
  if ! wait_until_caught $pid "$3"; then
    kill -KILL $pid 2>/dev/null
    exec 9>&-
    fail "$1" "hardsix never installed a handler for SIG$2"
    return
  fi
  kill -"$2" $pid
  wait $pid
  rc=$?
  exec 9>&-
  [ "$rc" = "$4" ] && ok "$1" || fail "$1" "exit $rc after SIG$2, expected $4" "$(head -c 300 "$T/err")"
}
ended_by signal-int-exit-130 INT 2 130
ended_by signal-term-exit-143 TERM 15 143
ended_by signal-hup-exit-129 HUP 1 129

# A signal ignored at the start stays ignored: SIGHUP under nohup-like conditions, then SIGTERM ends it.
rm -f "$T/fifo" && mkfifo "$T/fifo"
(trap '' HUP; exec env --default-signal=INT,TERM "$HS" feedback <"$T/fifo" >/dev/null 2>&1) &
pid=$!
exec 9>"$T/fifo"
if wait_until_caught $pid 15; then
  kill -HUP $pid
  sleep 0.3
  kill -0 $pid 2>/dev/null && ok signal-ignored-stays-ignored || fail signal-ignored-stays-ignored "SIGHUP ended it"
  kill -TERM $pid
  wait $pid
  rc=$?
  [ "$rc" = 143 ] && ok signal-ignored-then-term || fail signal-ignored-then-term "exit $rc"
else
  kill -KILL $pid 2>/dev/null
  fail signal-ignored-stays-ignored "no handler for SIGTERM"
fi
exec 9>&-

# The library installs no handler: its commit only says when it is running (hs_file_commit_running),
# and no library object refers to sigaction or signal.
if command -v nm >/dev/null 2>&1; then
  users=$(nm -A "$BUILD/libhardsix.a" 2>/dev/null | grep -E ' U (sigaction|signal|raise)$' | cut -d: -f2 | sort -u | tr '\n' ' ')
  [ -z "$users" ] && ok signal-none-in-library || fail signal-none-in-library "library objects that handle signals: $users"
else
  skip "signal-none-in-library: no nm"
fi
exit 0
