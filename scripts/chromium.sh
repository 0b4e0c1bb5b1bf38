#!/usr/bin/env bash
# Makes sure the Debian packages the browser tests need are installed (no browser download of its own):
# each one is checked with dpkg-query, and the missing ones are installed when run as root.
#
#   chromium           the browser the tests drive (/usr/bin/chromium, CHROMIUM_PATH).
#   fontconfig         how Chromium finds the machine's fonts; without it a headless page renders no text.
#   fonts-dejavu-core  the faces behind the generic families: monospace (ids, account codes and rates in
#                      `font-mono`) and the fallback for letters outside the portal's own subsets.
#
# No longer needed: fonts-noto-core. The portal ships its own faces (Inter for latin, Noto Sans Arabic for
# Arabic, apps/pwa/src/styles.css), so the layout tests measure the same widths on every machine; the
# Noto package only changed which system face a page fell back to (the cause of 11-32 px overflows).
set -euo pipefail

PACKAGES=(chromium fontconfig fonts-dejavu-core)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
  if [ "$status" != "install ok installed" ]; then missing+=("$pkg"); fi
done
if [ ! -x /usr/bin/chromium ] && [[ ! " ${missing[*]} " =~ " chromium " ]]; then missing+=(chromium); fi
if [ "${#missing[@]}" -eq 0 ]; then exit 0; fi

if [ "$(id -u)" != "0" ]; then
  echo "Browser tests need Debian packages that are missing: ${missing[*]}" >&2
  echo "Install them as root: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing for the browser tests: ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
