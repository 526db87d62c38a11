# make install: the binary, the man page and every data file of data/SHA256SUMS (with the sums) land
# under DESTDIR/PREFIX; the installed files have the recorded sums; the installed binary finds its
# lists and built-in orders next to itself.
. "$ROOT/tests/cli/lib.sh.inc"
cd "$ROOT"
dest="$T/root"
# -o all: install what the test run built; never rebuild it here (under any BUILD).
if make -s --no-print-directory -o all BUILD="$BUILD" PREFIX=/opt/hs DESTDIR="$dest" install >"$T/out" 2>"$T/err"; then
  ok install-exit
else
  fail install-exit "$(head -c 600 "$T/err")"
fi
share="$dest/opt/hs/share/hardsix"
for f in bin/hardsix share/man/man1/hardsix.1 share/hardsix/SHA256SUMS; do
  [ -f "$dest/opt/hs/$f" ] && ok "install-has-$f" || fail "install-has-$f"
done
expect_same install-sums-file data/SHA256SUMS "$share/SHA256SUMS"
if (cd "$share" && sha256sum --quiet -c SHA256SUMS) >"$T/out" 2>&1; then ok install-sums; else fail install-sums "$(cat "$T/out")"; fi
for f in nyt2023/answers.txt nyt2023/guesses.txt nyt2023/LICENSE orders/tkihira2022.txt; do
  [ -f "$share/$f" ] && ok "install-data-$f" || fail "install-data-$f"
done
# The installed binary, with no HARDSIX_DATADIR, uses the installed data.
IHS="$dest/opt/hs/bin/hardsix"
expect_rc install-run-nyt2023 0 env -u HARDSIX_DATADIR "$IHS" explain shade aback --lists nyt2023 --preset tkihira2022
expect_rc install-run-order 0 env -u HARDSIX_DATADIR "$IHS" explain howls shave --preset tkihira2022 --order tkihira2022 \
  --overrides overrides/howls-tkihira2022.txt
expect_grep install-run-order-path "$T/out" 'shave'
