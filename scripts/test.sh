#!/usr/bin/env bash
# Every test of Corridor: type-check, lint, unit and machine tests, server tests on PGlite and on a
# throwaway PostgreSQL, the portal build, and the browser tests in Chromium against the real server.
set -euo pipefail
cd "$(dirname "$0")/.."
P="npx -y pnpm@10"
# Each step's time is kept and printed at the end, so a slow step shows without reading the whole log.
TIMES=()
STEP_NAME=""
STEP_START=$SECONDS
close_step() { [ -n "$STEP_NAME" ] && TIMES+=("$(printf '%5ds  %s' $((SECONDS - STEP_START)) "$STEP_NAME")"); return 0; }
step() {
  close_step
  STEP_NAME="$*"
  STEP_START=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
LOG=$(mktemp)
# Every vitest run's output is also kept so the closing line can add the counts up.
t() { "$@" 2>&1 | tee -a "$LOG"; }

step "type-check (strict)"
# TypeScript 7's native compiler (tsgo), one checker per package and two packages at a time on the two cores
# (docs/testing.md, "TypeScript 7 for the type-check").
$P -r --workspace-concurrency=2 typecheck
step "lint, unused code (knip, production code only: an export only a test uses is dead) and formatting (Prettier), at once"
# Each of the three is one thread of about half a minute or less: run side by side on the two cores, each into a
# file of its own printed when all are done, so the log reads as if they had run one after the other.
CHECKS=$(mktemp -d)
$P lint >"$CHECKS/lint" 2>&1 &
lint=$!
$P knip >"$CHECKS/knip" 2>&1 &
knip=$!
$P format:check >"$CHECKS/format" 2>&1 &
format=$!
failed=0
for check in lint knip format; do
  wait "${!check}" || failed=1
  cat "$CHECKS/$check"
done
rm -rf "$CHECKS"
[ "$failed" = 0 ] || { echo "lint, knip or Prettier failed (its output above)"; exit 1; }
step "shells for the CLI's completion tests (zsh, fish: each script is run in its shell)"
bash scripts/need-packages.sh "The CLI's completion tests" zsh fish
step "statement export checkers (xmllint validates CAMT.053 against its schema, pdftotext reads the PDF back)"
bash scripts/need-packages.sh "The statement export tests" libxml2-utils poppler-utils
step "unit, machine and server tests (PGlite)"
t $P -r --workspace-concurrency=1 test
step "server tests on PostgreSQL"
# A cluster of this run's own (folder and port), so two runs on one machine never stop each other's.
export CORRIDOR_PG_DIR=$(mktemp -d /tmp/corridor-test-pg.XXXXXX)
export CORRIDOR_PG_PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
eval "$(bash scripts/postgres.sh start)"
# PgBouncer in transaction pooling in front of it (src/db/pgbouncer.test.ts runs the paths that pay through it).
export CORRIDOR_PGBOUNCER_DIR=$(mktemp -d /tmp/corridor-test-pgbouncer.XXXXXX)
export CORRIDOR_PGBOUNCER_PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
trap 'bash scripts/pgbouncer.sh stop >/dev/null 2>&1 || true; bash scripts/postgres.sh stop >/dev/null 2>&1 || true' EXIT
eval "$(bash scripts/pgbouncer.sh start "$CORRIDOR_PG_PORT")"
# The same tests as on PGlite: they must pass, but the closing line counts each test once.
$P --filter @corridor/server test
step "portal build"
$P --filter @corridor/pwa build
step "portal size budget (login route <= 150 KB gzip, any other route <= 100 KB)"
$P --filter @corridor/pwa size
step "browser tests (Chromium)"
bash scripts/chromium.sh
t $P --filter @corridor/e2e e2e
step "all tests passed"
printf 'Time per step:\n'
printf '  %s\n' "${TIMES[@]}"
printf '  %5ds  total\n' "$SECONDS"
passed=$(sed 's/\x1b\[[0-9;]*m//g' "$LOG" | awk '$1=="Tests" && $3=="passed" {n+=$2} END {print n+0}')
rm -f "$LOG"
echo "Tests: $passed passed, 0 failed"
