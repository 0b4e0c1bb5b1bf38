#!/usr/bin/env bash
# The browser tests: the files that mostly wait (vitest project "waiting": the bad line's file holds its line
# down longer than a token lives and waits out the outbox's backoff) run in a vitest process of their own,
# beside the screens' files, instead of after them. Vitest puts two projects of one worker each into one
# queue, so two processes are what runs them at once. Arguments go to both (a file filter, --reporter).
set -uo pipefail
cd "$(dirname "$0")"
# Run by pnpm (pnpm test, pnpm e2e) or by hand: vitest is the workspace root's.
PATH="$PWD/../node_modules/.bin:$PATH"
# The server's bundle (and, on a fresh clone, its demo template) built once for both processes (src/server.ts).
node ../apps/server/scripts/build.mjs || exit 1
export E2E_SERVER_BUILT=1
vitest run --config vitest.config.ts --project waiting --passWithNoTests "$@" &
waiting=$!
trap 'kill "$waiting" 2>/dev/null || true' INT TERM
vitest run --config vitest.config.ts --project screens --passWithNoTests "$@"
screens=$?
wait "$waiting"
waited=$?
exit $((screens != 0 || waited != 0))
