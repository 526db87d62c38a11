#!/bin/sh
# Installs the Debian packages named as arguments that are missing (apt-get, as root); otherwise
# prints the exact command to run and fails.
set -eu
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "hardsix: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
  echo "hardsix: missing packages:$missing" >&2
  echo "run: sudo apt-get install$missing" >&2
  exit 1
fi
