# Every README example runs as written (issue 28, item 11), and so does every command of
# docs/RESULTS.md. The convention of both files: each fenced ```sh block is a runnable example; every
# command in it (a line ending in '\' goes on) must exit 0, or with the status N a trailing '# exit N'
# names; a block right after the line '<!-- readme-test: skip REASON -->' is not run (its reason is
# printed). The commands run in order, the README's first, then those of docs/RESULTS.md, in one fresh
# copy of the repository (its files, no build, no ../shared), with the program built by this test run
# on PATH as 'hardsix', as 'make install PREFIX=~/.local' would put it. Checks are named after the file
# and the block's line: readme-line-N, results-line-N.
. "$ROOT/tests/cli/lib.sh.inc"
# DOCS: "NAME=FILE" pairs, run in this order.
DOCS=${DOCS:-"readme=$ROOT/README.md results=$ROOT/docs/RESULTS.md"}
B=$(cd "$ROOT/$BUILD" && pwd)

mkdir "$T/copy" "$T/bin"
if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$ROOT" ls-files -z --cached --others --exclude-standard | (cd "$ROOT" && xargs -0 cp -p --parents -t "$T/copy")
else
  (cd "$ROOT" && tar cf - --exclude=./build --exclude=./build-sanitize --exclude=./build-fuzz .) | (cd "$T/copy" && tar xpf -)
fi
ln -s "$HS" "$T/bin/hardsix"

# run_doc NAME FILE: the checks of one file's sh blocks.
run_doc() {
  doc_name=$1 doc=$2
  # The blocks as lines "BLOCK LINE SKIP-REASON" followed by one line per command.
  awk '
    /^<!-- readme-test: skip / { reason = $0; sub(/^<!-- readme-test: skip /, "", reason); sub(/ *-->$/, "", reason); next }
    /^```sh[[:space:]]*$/ { inblock = 1; print "BLOCK " NR " " reason; reason = ""; cmd = ""; next }
    /^```/ && inblock { inblock = 0; next }
    inblock {
      line = $0
      if (cmd == "" && (line ~ /^[[:space:]]*#/ || line ~ /^[[:space:]]*$/)) next
      if (line ~ /\\$/) { sub(/\\$/, "", line); cmd = cmd line; next }
      cmd = cmd line; print "CMD " cmd; cmd = ""
      next
    }
    NF && !/^<!--/ { reason = "" }
  ' "$doc" >"$T/blocks"
  n_blocks=$(grep -c '^BLOCK ' "$T/blocks")
  [ "$n_blocks" -gt 0 ] && ok "$doc_name-has-examples ($n_blocks blocks)" || fail "$doc_name-has-examples" "no \`\`\`sh block in $doc"

  block="" skipping=""
  while IFS= read -r line; do
    case "$line" in
      "BLOCK "*)
        set -- $line
        block=$2
        shift 2
        skipping="$*"
        k=0
        [ -n "$skipping" ] && skip "$doc_name-line-$block: $skipping"
        ;;
      "CMD "*)
        [ -n "$skipping" ] && continue
        cmd=${line#CMD }
        k=$((k + 1))
        want=0
        case "$cmd" in *"# exit "[0-9]*) want=$(echo "$cmd" | sed 's/.*# exit \([0-9]*\).*/\1/') ;; esac
        (cd "$T/copy" && PATH="$T/bin:$PATH" timeout 300 sh -c "$cmd") >"$T/out" 2>"$T/err" </dev/null
        rc=$?
        if [ "$rc" = "$want" ]; then
          ok "$doc_name-line-$block-$k"
        else
          fail "$doc_name-line-$block-$k" "exit $rc, expected $want: $cmd" "$(tail -n 5 "$T/err")"
        fi
        ;;
    esac
  done <"$T/blocks"
}

for d in $DOCS; do
  run_doc "${d%%=*}" "${d#*=}"
done
exit 0
