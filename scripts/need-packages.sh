#!/usr/bin/env bash
# need-packages.sh WHAT PACKAGE...: makes sure each Debian package is installed, checked one by one with
# dpkg-query (a package's program being on the PATH says nothing of the others); the missing ones are
# installed when run as root, and named with the command to install them otherwise.
set -euo pipefail
what="$1"
shift
missing=()
for pkg in "$@"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [ "$status" != "install ok installed" ]; then missing+=("$pkg"); fi
done
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "$what need Debian packages that are missing: ${missing[*]}" >&2
  echo "Install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing for $what: ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
