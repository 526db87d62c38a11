#!/bin/sh
# Installs the Debian packages named as arguments that are missing (apt-get, as root); otherwise
# prints the exact command to run and fails. An argument CMD=PKG stands for PKG unless the command
# CMD exists (a compiler: cc=gcc). apt-get waits up to 5 minutes for another apt or dpkg process to
# let go of its lock (a fresh cloud machine updates itself at boot) instead of failing at once.
# Off Debian (no dpkg-query or apt-get) it names what to install and succeeds: the build's own check
# (pkg-config) then says whether anything is missing.
set -eu
wanted=""
for p in "$@"; do
  case "$p" in
    *=*) command -v "${p%%=*}" >/dev/null 2>&1 || wanted="$wanted ${p#*=}" ;;
    *) wanted="$wanted $p" ;;
  esac
done
if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  [ -z "$wanted" ] && exit 0
  echo "hardsix: not a Debian system; install the equivalents of these Debian packages yourself:$wanted" >&2
  echo "hardsix: (a C11 compiler with OpenMP, pkg-config, GLib 2.74 or later with its headers; cmocka for the tests)" >&2
  exit 0
fi
missing=""
for p in $wanted; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "hardsix: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends $missing >/dev/null
else
  echo "hardsix: missing packages:$missing" >&2
  echo "run: sudo apt-get install$missing" >&2
  exit 1
fi
