#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the browser tests (no browser download of its own).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then echo "Chromium missing: run 'apt-get install chromium' as root" >&2; exit 1; fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core >/dev/null
