#!/usr/bin/env bash
# Makes sure the Debian packages the browser tests need are installed (no browser download of its own):
# each one is checked with dpkg-query, and the missing ones are installed when run as root.
#
#   chromium-headless-shell  the browser most tests drive: Chromium's own headless build, from the same
#                      source and version as `chromium`, without the browser's windows and toolbar, so each
#                      new context costs a third of the CPU (docs/testing.md). /usr/bin/chromium-headless-shell
#                      (CHROMIUM_HEADLESS_SHELL_PATH names another binary).
#   chromium           the whole browser, for the tests that need its PDF viewer and for the benches
#                      (/usr/bin/chromium; CHROMIUM_PATH names another binary).
#   fontconfig         how Chromium finds the machine's fonts; without it a headless page renders no text.
#   fonts-dejavu-core  the faces behind the generic families: monospace (ids, account codes and rates in
#                      `font-mono`) and the fallback for letters outside the portal's own subsets.
#
# No longer needed: fonts-noto-core. The portal ships its own faces (Inter for latin, Noto Sans Arabic for
# Arabic, apps/pwa/src/styles.css), so the layout tests measure the same widths on every machine; the
# Noto package only changed which system face a page fell back to (the cause of 11-32 px overflows).
set -euo pipefail
exec bash "$(dirname "$0")/need-packages.sh" "The browser tests" chromium chromium-headless-shell fontconfig fonts-dejavu-core
