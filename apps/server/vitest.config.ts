import { defineConfig } from 'vitest/config';

// Files that need a real PostgreSQL server (a crash test kills a server process using one; PGlite has
// no statement timeout, no query cancellation; the read bench's minimal server speaks to PostgreSQL through `pg`).
const postgresOnly = [
  'src/http/idempotency-crash.test.ts',
  'src/db/statement-timeout.test.ts',
  'src/db/transaction.test.ts',
  'src/ledger/posting-statements.test.ts',
  'src/payments/payment-statements.test.ts',
  'src/transactions/transfer-statements.test.ts',
  'src/db/prepared.test.ts',
  'src/ledger/cancel-on-close.test.ts',
  'src/http/baseline-parity.test.ts',
  'src/payout/rail-multi.test.ts',
  'src/payout/rail-crash.test.ts',
  'src/exports/export-crash.test.ts',
  'src/rates/rate-feed-multi.test.ts',
  'src/seed/real-data-start.test.ts',
  'src/cluster/workers-multi.test.ts',
  'src/rates/served-rates-concurrent.test.ts',
];
const onPostgres = (process.env.TEST_DATABASE_URL ?? '') !== '';
// Through PgBouncer in transaction pooling (scripts/pgbouncer.sh): when the test command has started one.
const pgbouncerOnly = onPostgres && (process.env.TEST_PGBOUNCER_URL ?? '') !== '' ? [] : ['src/db/pgbouncer.test.ts'];
// Files that make PGlite databases of their own whatever the suite's database (a seed, the empty cluster, the demo template, named
// statements on PGlite): run once, on PGlite.
const pgliteOnly = ['src/seed/seed-repeat.test.ts', 'src/db/pglite-prepared.test.ts', 'src/db/empty-cluster.test.ts', 'src/seed/demo-template.test.ts'];

// PGlite starts in WebAssembly: test files clone one migrated+seeded template instead of each
// running initdb, and two workers are what a 2-core machine runs well. Files of a worker share its
// modules (isolate: false): every file imported the whole server anew, 2.6 s a file, about half of
// the suite's time; each file still builds its own server on its own database, and no module keeps
// state a file could see from another (docs/testing.md, "Test run time").
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPostgres ? pgliteOnly : postgresOnly), ...pgbouncerOnly],
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    globalSetup: ['./src/test/global-setup.ts'],
  },
});
