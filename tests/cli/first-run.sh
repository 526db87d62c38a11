# A newcomer's first run (issue 28, items 7 and 10): 'make run' in a clean copy with no output/
# directory creates what it writes into and says where the program is; the program builds without
# cmocka (only the tests need it); scripts/deps.sh waits for the dpkg lock, and off Debian names what
# to install instead of failing.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
B=$(cd "$ROOT/$BUILD" && pwd)

# clone DIR: the repository's files (tracked, and new ones not ignored) with their times, no build.
clone() {
  mkdir -p "$1"
  if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
    git -C "$ROOT" ls-files -z --cached --others --exclude-standard | (cd "$ROOT" && xargs -0 cp -p --parents -t "$1" 2>/dev/null)
  else
    (cd "$ROOT" && tar cf - --exclude=./build --exclude=./build-sanitize --exclude=./build-fuzz .) | (cd "$1" && tar xpf -)
  fi
}

# ---- make run with no output/ (item 7), using the programs this test run built ----
if command -v make >/dev/null 2>&1; then
  clone "$T/c"
  rm -rf "$T/c/output"
  if make -s --no-print-directory -C "$T/c" BUILD="$B" run >"$T/out" 2>"$T/err"; then
    ok make-run-no-output-dir
  else
    fail make-run-no-output-dir "$(tail -n 5 "$T/err")"
  fi
  for f in howls-tkihira2022/howls.per-word.txt howls/howls.json salet-optimal/salet.sheet.md; do
    expect_same "make-run-output-$(basename "$f")" "output/$f" "$T/c/output/$f"
  done
  expect_grep make-run-says-where "$T/out" "the program is .*/hardsix; 'make install PREFIX=~/.local' puts it in ~/.local/bin"
else
  skip "make-run: no make"
fi

# ---- the program builds without cmocka (item 10): a pkg-config that knows only GLib ----
cat >"$T/pkg-config" <<EOS
#!/bin/sh
for a in "\$@"; do [ "\$a" = cmocka ] && exit 1; done
exec pkg-config "\$@"
EOS
chmod +x "$T/pkg-config"
if make -s --no-print-directory PKG_CONFIG="$T/pkg-config" deps-check >"$T/out" 2>"$T/err"; then
  ok build-without-cmocka-deps-check
else
  fail build-without-cmocka-deps-check "$(cat "$T/err")"
fi
make -s --no-print-directory PKG_CONFIG="$T/pkg-config" deps-check-tests >"$T/out" 2>"$T/err" &&
  fail tests-need-cmocka "deps-check-tests passed without cmocka" || ok tests-need-cmocka
expect_grep tests-need-cmocka-message "$T/err" "the tests need cmocka"
# One object built for real with that pkg-config (the others are compiled the same way), and the link
# line of the program, which names no cmocka.
if make -s --no-print-directory PKG_CONFIG="$T/pkg-config" BUILD="$T/b" "$T/b/lib/util/escape.o" >"$T/out" 2>"$T/err"; then
  ok build-without-cmocka-object
else
  fail build-without-cmocka-object "$(cat "$T/err")"
fi
make -n --no-print-directory PKG_CONFIG="$T/pkg-config" BUILD="$T/b" all >"$T/plan" 2>&1
grep -q cmocka "$T/plan" && fail build-without-cmocka-plan "$(grep cmocka "$T/plan" | head -n 2)" || ok build-without-cmocka-plan
grep -q -- "-o $T/b/hardsix" "$T/plan" && ok build-without-cmocka-links || fail build-without-cmocka-links "$(tail -n 3 "$T/plan")"

# ---- scripts/deps.sh (item 10) ----
mkdir "$T/bin"
for t in sh grep id cat; do ln -s "$(command -v $t)" "$T/bin/$t"; done
# Off Debian: no dpkg-query or apt-get; names the packages and lets the build's check decide (exit 0).
PATH="$T/bin" sh scripts/deps.sh pkg-config libglib2.0-dev >"$T/out" 2>"$T/err"
[ $? = 0 ] && ok deps-off-debian-exit || fail deps-off-debian-exit "$(cat "$T/err")"
expect_grep deps-off-debian-message "$T/err" "not a Debian system; install the equivalents of these Debian packages yourself: pkg-config libglib2.0-dev"
# On Debian as root: apt-get waits for another apt or dpkg (DPkg::Lock::Timeout), for update and install.
printf '#!/bin/sh\necho "$*" >>"%s/apt.log"\n' "$T" >"$T/bin/apt-get"
printf '#!/bin/sh\nexit 1\n' >"$T/bin/dpkg-query"
printf '#!/bin/sh\necho 0\n' >"$T/bin/id.root"
chmod +x "$T/bin/apt-get" "$T/bin/dpkg-query" "$T/bin/id.root"
rm "$T/bin/id" && mv "$T/bin/id.root" "$T/bin/id"
PATH="$T/bin" sh scripts/deps.sh gcc=gcc pkg-config >"$T/out" 2>"$T/err"
n=$(grep -c -- '-o DPkg::Lock::Timeout=300 ' "$T/apt.log" 2>/dev/null)
[ "$n" = 2 ] && ok deps-waits-for-dpkg-lock || fail deps-waits-for-dpkg-lock "$(cat "$T/apt.log" 2>/dev/null)"
expect_grep deps-installs-missing "$T/apt.log" "install -y -qq --no-install-recommends gcc pkg-config$"
exit 0
