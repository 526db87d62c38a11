# CLI tests of what outputs guarantee: a set of files (-o DIR) is written whole or not at all (every
# write step made to fail in turn), a failed run replaces no existing output (unless --force) and
# leaves no directory behind, FIFOs and symbolic links are written through (never replaced), and two
# options naming one file are refused before any work. Tiny lists.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
L="--answers $DATA/tiny-answers.txt --guesses $DATA/tiny-guesses.txt"

# ---- -o DIR is one set: fault injection on every write step ----
# The old set (entropy) and the new one (max bucket) differ; each step of writing the new one made to
# fail leaves the old set byte-identical, with nothing else in the directory.
$HS solve shade $L --metric entropy -o "$T/old" 2>/dev/null
$HS solve shade $L -o "$T/new" 2>/dev/null
if cmp -s "$T/old/shade.per-word.txt" "$T/new/shade.per-word.txt"; then
  fail set-fault-sets-differ "the two sets are the same; the test would prove nothing"
fi
ls "$T/old" >"$T/old.ls"
k=1 bad="" done=""
while [ "$k" -le 60 ]; do
  rm -rf "$T/d" && cp -p -r "$T/old" "$T/d"
  HARDSIX_TEST_FAIL_WRITE_STEP=$k $HS_TEST solve shade $L -o "$T/d" >/dev/null 2>"$T/err"
  rc=$?
  if [ "$rc" = 0 ]; then done=$k; break; fi
  grep -q "Input/output error" "$T/err" || bad="$bad step $k: $(head -c 200 "$T/err")"
  ls "$T/d" >"$T/d.ls"
  cmp -s "$T/old.ls" "$T/d.ls" || bad="$bad step $k: files $(tr '\n' ' ' <"$T/d.ls")"
  for f in "$T"/old/*; do cmp -s "$f" "$T/d/$(basename "$f")" || bad="$bad step $k: $(basename "$f") changed"; done
  k=$((k + 1))
done
if [ -z "$done" ]; then
  fail set-fault-every-step "never succeeded within 60 steps"
elif [ "$done" -lt 10 ]; then
  fail set-fault-every-step "only $((done - 1)) steps failed before success (5 temporaries, 5 kept, 5 renames expected)"
elif [ -n "$bad" ]; then
  fail set-fault-every-step "$bad"
else
  ok set-fault-every-step
fi
# After the successful run the directory holds the new set whole.
same=1
for f in "$T"/new/*; do cmp -s "$f" "$T/d/$(basename "$f")" || same=0; done
ls "$T/d" >"$T/d.ls"
[ "$same" = 1 ] && cmp -s "$T/old.ls" "$T/d.ls" && ok set-fault-new-set || fail set-fault-new-set "$(ls "$T/d")"
# A new directory: every failing step leaves no directory at all.
k=1 bad=""
while [ "$k" -le 20 ]; do
  HARDSIX_TEST_FAIL_WRITE_STEP=$k $HS_TEST solve shade $L -o "$T/fresh" >/dev/null 2>&1 && break
  [ -e "$T/fresh" ] && bad="$bad step $k: $(ls "$T/fresh" | tr '\n' ' ')" && rm -rf "$T/fresh"
  k=$((k + 1))
done
[ -z "$bad" ] && [ -d "$T/fresh" ] && ok set-fault-new-dir || fail set-fault-new-dir "$bad"

# ---- a failing run replaces nothing ----
$HS solve shade $L -o "$T/nv" 2>/dev/null
cp -p -r "$T/nv" "$T/nv.before"
expect_rc no-clobber-exit 1 $HS solve shade $L --max-guesses 3 -o "$T/nv"
expect_grep no-clobber-message "$T/err" "^hardsix: nothing written: the run failed and would have replaced $T/nv/shade\..* --force writes anyway"
diff -r "$T/nv.before" "$T/nv" >/dev/null && ok no-clobber-files || fail no-clobber-files "$(diff -r "$T/nv.before" "$T/nv" | head -n 5)"
expect_rc no-clobber-force-exit 1 $HS solve shade $L --max-guesses 3 --force -o "$T/nv"
expect_grep no-clobber-force-unverified "$T/nv/shade.by-pattern.txt" "NOT verified\|not verified"
diff -r "$T/nv.before" "$T/nv" >/dev/null && fail no-clobber-force-written "--force did not write" || ok no-clobber-force-written
# prove and optimize take --force too
expect_rc no-clobber-prove-option 1 $HS prove shade $L --max-guesses 3 --force -o "$T/pv"

# ---- a failed run leaves no -o directory ----
expect_rc no-empty-dir-bad-opener 2 $HS solve zzzzz $L -o "$T/gone1"
[ -e "$T/gone1" ] && fail no-empty-dir-bad-opener-dir "$T/gone1 was made" || ok no-empty-dir-bad-opener-dir
printf 'shade BBBBB zzzzz\n' >"$T/bad-overrides.txt"
expect_rc no-empty-dir-bad-overrides 1 $HS solve shade $L --overrides "$T/bad-overrides.txt" -o "$T/gone2"
[ -e "$T/gone2" ] && fail no-empty-dir-bad-overrides-dir "$T/gone2 was made" || ok no-empty-dir-bad-overrides-dir
expect_rc no-empty-dir-sheet 1 $HS sheet "$T/nowhere.json" $L -o "$T/gone3"
[ -e "$T/gone3" ] && fail no-empty-dir-sheet-dir "$T/gone3 was made" || ok no-empty-dir-sheet-dir
expect_rc no-empty-dir-prove 1 $HS prove shade $L --max-guesses 2 -o "$T/gone4"
[ -e "$T/gone4" ] && fail no-empty-dir-prove-dir "$T/gone4 was made" || ok no-empty-dir-prove-dir

# ---- special files: written through, never replaced ----
if mkfifo "$T/fifo" 2>/dev/null; then
  cat "$T/fifo" >"$T/fifo.out" &
  reader=$!
  expect_rc fifo-sweep-exit 0 $HS sweep $L --openers answers -o "$T/fifo"
  wait "$reader"
  [ -p "$T/fifo" ] && ok fifo-still-fifo || fail fifo-still-fifo "$(ls -l "$T/fifo")"
  $HS sweep $L --openers answers >"$T/sweep.tsv" 2>/dev/null
  expect_same fifo-content "$T/sweep.tsv" "$T/fifo.out"
  ls "$T" | grep -q 'fifo\.tmp' && fail fifo-no-temporary "$(ls "$T")" || ok fifo-no-temporary
  # A FIFO in a set (robust's TSV and its HTML report) is written through too.
  cat "$T/fifo" >"$T/fifo2.out" &
  reader=$!
  expect_rc fifo-robust-html 0 $HS robust shade $L --shuffles 2 --no-variants -o "$T/r.tsv" --html "$T/fifo"
  wait "$reader"
  [ -p "$T/fifo" ] && grep -q '<html' "$T/fifo2.out" && ok fifo-robust-html-content || fail fifo-robust-html-content
else
  skip "fifo: mkfifo failed here"
fi
printf 'old\n' >"$T/target.tsv"
ln -s target.tsv "$T/link.tsv"
expect_rc symlink-exit 0 $HS sweep $L --openers answers -o "$T/link.tsv"
[ -L "$T/link.tsv" ] && ok symlink-still-link || fail symlink-still-link "$(ls -l "$T/link.tsv")"
expect_same symlink-target "$T/sweep.tsv" "$T/target.tsv"
ln -s made.tsv "$T/dangling.tsv"
expect_rc symlink-dangling-exit 0 $HS sweep $L --openers answers -o "$T/dangling.tsv"
[ -L "$T/dangling.tsv" ] && [ -f "$T/made.tsv" ] && ok symlink-dangling-created || fail symlink-dangling-created "$(ls -l "$T")"
# A symbolic link to a directory of -o DIR: the files go into the directory it leads to.
mkdir "$T/real-dir" && ln -s real-dir "$T/dir-link"
expect_rc symlink-dir-exit 0 $HS solve shade $L -o "$T/dir-link"
[ -L "$T/dir-link" ] && [ -f "$T/real-dir/shade.json" ] && ok symlink-dir-files || fail symlink-dir-files "$(ls -l "$T/real-dir")"

# ---- colliding outputs, refused before any work ----
expect_rc collide-robust 2 $HS robust shade $L -o "$T/x.tsv" --html "$T/x.tsv"
expect_grep collide-robust-message "$T/err" "^hardsix robust: -o and --html both write $T/x.tsv"
expect_rc collide-robust-link 2 $HS robust shade $L -o "$T/target.tsv" --html "$T/link.tsv"
expect_grep collide-robust-link-message "$T/err" "write the same file"
mkdir "$T/rep"
expect_rc collide-repair 2 $HS repair shade $L -o "$T/rep" --save-overrides "$T/rep/shade.per-word.txt"
expect_grep collide-repair-message "$T/err" "^hardsix repair: -o and --save-overrides both write"
[ -z "$(ls "$T/rep")" ] && ok collide-repair-nothing-written || fail collide-repair-nothing-written "$(ls "$T/rep")"
expect_rc collide-repair-dotted 2 $HS repair shade $L -o "$T/rep" --save-overrides "$T/rep/./shade.overrides.txt"
[ -e "$T/x.tsv" ] && fail collide-nothing-written "$T/x.tsv exists" || ok collide-nothing-written

# ---- resource limits: one-line errors, never a signal (under a 4 GB address-space limit) ----
# Sanitizer builds reserve terabytes of address space and cannot run under ulimit -v.
if [ -n "${ASAN_OPTIONS:-}" ] || ! (ulimit -v 4000000) 2>/dev/null; then
  skip "resource-limits: sanitizer builds cannot run under ulimit -v"
else
  awk 'BEGIN { a = "abcdefghijklmnopqrstuvwxyz"; n = 0
    for (i = 1; i <= 26; i++) for (j = 1; j <= 26; j++) for (k = 1; k <= 26; k++) for (l = 1; l <= 26; l++)
      for (m = 1; m <= 26; m++) { if (n++ == 1000000) exit
        print substr(a, i, 1) substr(a, j, 1) substr(a, k, 1) substr(a, l, 1) substr(a, m, 1) } }' >"$T/a1e6.txt"
  head -n 100000 "$T/a1e6.txt" >"$T/a1e5.txt"
  echo zzzzz >"$T/z.txt"
  # limited NAME WANT_RE CMD...: exit 1 or 2 (no signal) and exactly one line on stderr matching WANT_RE.
  limited() {
    name=$1 re=$2
    shift 2
    (ulimit -v 4000000 && "$@") >"$T/out" 2>"$T/err"
    rc=$?
    if [ "$rc" != 1 ] && [ "$rc" != 2 ]; then
      fail "$name" "exit $rc: $*" "$(head -c 300 "$T/err")"
    elif [ "$(wc -l <"$T/err")" != 1 ] || ! grep -q -- "$re" "$T/err"; then
      fail "$name" "expected one line matching '$re', got:" "$(head -c 300 "$T/err")"
    else
      ok "$name"
    fi
  }
  for n in 1e5 1e6; do
    limited "limit-solve-answers-$n" "^hardsix: not enough memory for the feedback table" \
      $HS solve aaaaa --answers "$T/a$n.txt" --guesses "$T/z.txt"
    limited "limit-solve-candidates-$n" "^hardsix: not enough memory for the feedback table" \
      $HS solve aaaaa --answers "$T/a$n.txt" --guesses "$T/z.txt" --pool candidates
    limited "limit-prove-$n" "^hardsix: not enough memory for the feedback table" \
      $HS prove aaaaa --answers "$T/a$n.txt" --guesses "$T/z.txt"
  done
  # --threads 4096: capped with a note (one line), and the run completes.
  (ulimit -v 4000000 && $HS prove --all $L --max-guesses 4 --threads 4096) >"$T/out" 2>"$T/err"
  rc=$?
  [ "$rc" -lt 128 ] && ok limit-threads-no-signal || fail limit-threads-no-signal "exit $rc" "$(head -c 300 "$T/err")"
  [ "$(grep -c '^hardsix' "$T/err")" = 1 ] && expect_grep limit-threads-note "$T/err" "^hardsix: --threads 4096 capped at [0-9]* ([0-9]* per core" ||
    fail limit-threads-note "$(head -c 300 "$T/err")"
  $HS prove --all $L --max-guesses 4 --threads 1 >"$T/one.tsv" 2>/dev/null
  expect_same limit-threads-same-rows "$T/one.tsv" "$T/out"
fi

# ---- parsers stay O(n log n): a strategy JSON with 200,000 extra keys (duplicate-key check) ----
awk 'NR == 1 { print; for (i = 0; i < 200000; i++) printf "  \"x%d\": %d,\n", i, i; next } { print }' \
  "$DATA/verify/good.json" >"$T/many-keys.json"
for c in verify sheet next; do
  t0=$(date +%s)
  expect_rc "parser-many-keys-$c" 0 $HS $c "$T/many-keys.json" $L
  s=$(($(date +%s) - t0))
  [ "$s" -le 20 ] && ok "parser-many-keys-$c-time" || fail "parser-many-keys-$c-time" "took $s s"
done

# ---- permission bits (issue 28, item 5): new files as open(…, 0666) under the umask, new directories
# as mkdir(…, 0777); a replaced file keeps its mode ----
mode() { stat -c %a "$1" 2>/dev/null; }
(umask 077 && $HS solve shade $L -o "$T/um77" 2>/dev/null)
[ "$(mode "$T/um77/shade.per-word.txt")" = 600 ] && ok umask-077-file || fail umask-077-file "mode $(mode "$T/um77/shade.per-word.txt")"
[ "$(mode "$T/um77")" = 700 ] && ok umask-077-dir || fail umask-077-dir "mode $(mode "$T/um77")"
(umask 027 && $HS sweep $L --openers answers -o "$T/um27.tsv" 2>/dev/null)
[ "$(mode "$T/um27.tsv")" = 640 ] && ok umask-027-file || fail umask-027-file "mode $(mode "$T/um27.tsv")"
(umask 022 && $HS sweep $L --openers answers -o "$T/um22.tsv" 2>/dev/null)
[ "$(mode "$T/um22.tsv")" = 644 ] && ok umask-022-file || fail umask-022-file "mode $(mode "$T/um22.tsv")"
chmod 604 "$T/um27.tsv"
(umask 077 && $HS sweep $L --openers guesses -o "$T/um27.tsv" 2>/dev/null)
[ "$(mode "$T/um27.tsv")" = 604 ] && ok umask-replaced-keeps-mode || fail umask-replaced-keeps-mode "mode $(mode "$T/um27.tsv")"
chmod 640 "$T/um77/shade.json"
(umask 000 && $HS solve shade $L --metric entropy -o "$T/um77" 2>/dev/null)
[ "$(mode "$T/um77/shade.json")" = 640 ] && [ "$(mode "$T/um77/shade.tree.txt")" = 600 ] && ok umask-set-keeps-modes ||
  fail umask-set-keeps-modes "modes $(mode "$T/um77/shade.json") $(mode "$T/um77/shade.tree.txt")"

# ---- stale temporaries (issue 28, item 9): a commit ended by kill -9 leaves NAME.tmp.PID.XXXXXX;
# the next run writing NAME removes those of processes that no longer run, and no other file ----
mkdir "$T/stale"
dead=$(sh -c 'echo $$')
while kill -0 "$dead" 2>/dev/null; do dead=$(sh -c 'echo $$'); done
for f in out.tsv.tmp.$dead.Ab3dEf out.tsv.tmp.$dead.0a1b2c out.tsv.tmp.$$.LiveXy other.tsv.tmp.$dead.Ab3dEf out.tsv.tmp.notpid; do
  printf 'partial' >"$T/stale/$f"
done
expect_rc stale-run 0 $HS sweep $L --openers answers -o "$T/stale/out.tsv"
left=$(ls "$T/stale" | tr '\n' ' ')
[ "$left" = "other.tsv.tmp.$dead.Ab3dEf out.tsv out.tsv.tmp.$$.LiveXy out.tsv.tmp.notpid " ] && ok stale-removed ||
  fail stale-removed "left: $left"
# The same for a set (-o DIR): each file's own temporaries.
$HS solve shade $L -o "$T/stale-dir" 2>/dev/null
printf 'partial' >"$T/stale-dir/shade.json.tmp.$dead.Qw9rTy"
printf 'partial' >"$T/stale-dir/shade.tree.txt.tmp.$dead.Qw9rTy"
$HS solve shade $L --metric entropy -o "$T/stale-dir" 2>/dev/null
[ -z "$(ls "$T/stale-dir" | grep '\.tmp\.')" ] && ok stale-removed-set || fail stale-removed-set "$(ls "$T/stale-dir")"

# ---- an empty file name (issue 28, item 6) is a usage error at once, not after the whole run ----
for c in "solve shade -o" "prove shade -o" "optimize --all -o" "sweep -o" "robust shade --shuffles 2 --html" \
  "repair shade --save-overrides" "sheet $DATA/verify/good.json -o" "solve shade --overrides"; do
  name=empty-path-$(echo "$c" | cut -d' ' -f1)-$(echo "$c" | awk '{ print $NF }' | tr -d -)
  # shellcheck disable=SC2086
  expect_rc "$name" 2 $HS $c '' $L
  expect_grep "$name-message" "$T/err" ": empty value$"
done
expect_rc empty-path-merge-o 2 $HS merge "$T/stale/out.tsv" -o ''
exit 0
