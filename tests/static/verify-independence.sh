#!/bin/sh
# The independent verifier (src/verify/) shares no code with the engine. Checked on the built objects
# BUILD/lib/verify/*.o with nm: the only symbols of the rest of the library they may use are the ones in
# ALLOWED (the word-list lookup: hs_words_lookup); every other hs_ symbol they use must be their own
# (defined by a verifier object, named hs_verify_*). Their includes are limited to the verifier's own
# headers, so no engine inline function or macro slips in either. A canary object that calls
# hs_feedback and hs_rules_legal must be caught by the same check. Prints ok/FAIL/skip lines.
# Environment: ROOT (the repository), BUILD (the build directory, relative to ROOT).
set -u
cd "$ROOT" || exit 1
# The one escaping rule for untrusted text in messages (hs_escape*, src/util/escape.c) is shared too:
# it shows bytes, it decides nothing about words, patterns or rules.
ALLOWED="hs_words_lookup hs_escape hs_escape_append hs_escape_message"
LIB="$BUILD/libhardsix.a"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

objs=""
for src in src/verify/*.c; do
  o="$BUILD/lib/verify/$(basename "$src" .c).o"
  if [ -f "$o" ]; then objs="$objs $o"; else echo "FAIL verify-independence: no $o (build first)"; fi
done
[ -n "$objs" ] || exit 0
[ -f "$LIB" ] || { echo "FAIL verify-independence: no $LIB (build first)"; exit 0; }

# Symbols the verifier defines, and those the rest of the library defines.
nm -g --defined-only $objs 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$T/own"
nm -g --defined-only "$LIB" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u | comm -23 - "$T/own" >"$T/engine"
printf '%s\n' $ALLOWED | sort -u >"$T/allowed"

# violations OBJECT...: prints "object: symbol" for each symbol an object uses that is the engine's, or an
# hs_ symbol the verifier does not define itself, unless ALLOWED.
violations() {
  for o in "$@"; do
    nm -u "$o" | awk '$1 == "U" { print $2 }' | sort -u >"$T/used"
    { comm -12 "$T/used" "$T/engine"; grep '^hs_' "$T/used" | comm -23 - "$T/own"; } | sort -u |
      comm -23 - "$T/allowed" | sed "s|^|$(basename "$o"): |"
  done
}

violations $objs >"$T/bad"
if [ -s "$T/bad" ]; then
  echo "FAIL verify-independence: the verifier uses engine symbols (allowed: $ALLOWED):"
  sed 's/^/    /' "$T/bad"
else
  echo "ok verify-independence: $(echo $objs | wc -w) objects use no engine symbol but $ALLOWED"
fi

# The verifier's own global symbols are all hs_verify_* (one module, one prefix).
foreign=$(grep '^hs_' "$T/own" | grep -v '^hs_verify_')
if [ -n "$foreign" ]; then
  echo "FAIL verify-own-names: verifier objects define hs_ symbols outside hs_verify_*: $foreign"
else
  echo "ok verify-own-names: every hs_ symbol the verifier defines is hs_verify_*"
fi

# Includes: the verifier's private header and its public header only (plus system headers and the
# escaping rule's header).
bad_inc=$(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' src/verify/*.c src/verify/*.h |
  grep -v '"verify-private.h"' | grep -v '"hardsix/verify/verify.h"' | grep -v '"hardsix/util/escape.h"')
if [ -n "$bad_inc" ]; then
  echo "FAIL verify-includes: the verifier includes other project headers:"
  echo "$bad_inc" | sed 's/^/    /'
else
  echo "ok verify-includes: src/verify/ includes only verify-private.h, hardsix/verify/verify.h and hardsix/util/escape.h"
fi

# The check must bite: an object calling the engine's feedback and rules is caught.
cat >"$T/canary.c" <<'EOF'
unsigned char hs_feedback(const char *guess, const char *answer);
int hs_rules_legal(int rules, const void *words, const unsigned *guesses, const unsigned char *patterns, unsigned n,
                   unsigned word);
int hs_verify_canary(void);
int
hs_verify_canary(void)
{
  return hs_feedback("salet", "crump") + hs_rules_legal(0, 0, 0, 0, 0, 0);
}
EOF
if ! ${CC:-cc} -c -o "$T/canary.o" "$T/canary.c" 2>"$T/cc.err"; then
  echo "skip verify-independence-canary (cannot compile: $(head -c 200 "$T/cc.err"))"
elif [ "$(violations "$T/canary.o" | sed 's/^canary.o: //' | tr '\n' ' ')" = "hs_feedback hs_rules_legal " ]; then
  echo "ok verify-independence-canary: calls to hs_feedback and hs_rules_legal are caught"
else
  echo "FAIL verify-independence-canary: the check does not catch calls to hs_feedback and hs_rules_legal:"
  violations "$T/canary.o" | sed 's/^/    /'
fi
exit 0
