/**
 * The TSP's filtered transactions list alone, through the real server on PostgreSQL, side by side with a minimal
 * server (Fastify and bare `pg`, its two statements named) reading the same page and total: completed transfers of
 * the last 90 days, a page of 20, 10 clients. The data is the transfer bench's list without its transfers run
 * first: `BENCH_RECENT` completed transfers of the TSP made a moment ago (8,000) and `BENCH_LIST_ROWS` rows of
 * history over a year, mixed statuses and categories (100,000). Each round prints both rates, the CPU per call of
 * each side (the server's, PostgreSQL's) and their ratio. PostgreSQL only:
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server exec tsx bench/transactions/list.bench.ts
 *
 * BENCH_SECONDS per round (5), BENCH_ROUNDS (3); BENCH_PROFILE=FILE profiles Corridor's rounds.
 */
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { load, profiled, startBenchServer, withCpu, type LoadFigures } from '../ledger/bench-server.ts';
import { globexWallets, listFrom, minimalList } from './minimal-list.ts';

const adminUrl = process.env.DATABASE_URL ?? '';
if (adminUrl === '') {
  console.log('list bench: set DATABASE_URL to a PostgreSQL server to run it');
  process.exit(0);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const RECENT = Number(process.env.BENCH_RECENT ?? 8000);

const server = await startBenchServer(adminUrl, 'corridor_bench_list');
const db = server.db;
const { globex, usd, aed, tspId } = await globexWallets(db, 'list bench');

/** `count` transactions of the TSP, one every `every` back from now, their category and status as SQL of `g`. */
const insert = (count: number, category: string, status: string, every: string, prefix: string) =>
  db.execute(
    sql.raw(`insert into transactions_v2 (id, transaction_id, category, type, status, source_approval_status, target_approval_status, merchant_id,
      service_provider_id, target_sp_id, source_wallet_id, target_wallet_id, source_amount, source_currency, target_amount, target_currency, created_at)
    select gen_random_uuid()::text, '${prefix}' || lpad(g::text, 12, '0'), ${category}, 'FX_DEAL', ${status}, 'APPROVED', 'APPROVED',
      '${globex.id}', '${tspId}', '${tspId}', '${usd.id}', '${aed.id}', (g % 5000) + 1, 'USD', ((g % 5000) + 1) * 3.6725, 'AED',
      now() - (g * interval '${every}')
    from generate_series(1, ${count}) g`),
  );
await insert(RECENT, `'TRANSFER'`, `'COMPLETED'`, '1 millisecond', 'TB');
await insert(
  LIST_ROWS,
  `(array['TOPUP','TRANSFER','TRANSFER','TOPUP_CREDIT'])[1 + g % 4]`,
  `(array['PENDING','PROCESSING','COMPLETED','COMPLETED','COMPLETED','REJECTED','CANCELLED'])[1 + g % 7]`,
  '5 minutes',
  'TL',
);
// Vacuumed as autovacuum leaves a table in steady state (its visibility map set), so counts can read the index only.
await db.execute(sql`vacuum analyze transactions_v2`);
const headers = { authorization: `Bearer ${await server.token('200000001')}` };

// The minimal server: the same filters in SQL, the page and its total as two named statements side by side.
const pool = new pg.Pool({ connectionString: server.url, max: 10 });
const minimal = Fastify();
const from = listFrom();
minimal.get('/list', minimalList(pool, tspId, from));
const minimalBase = await minimal.listen({ port: 0, host: '127.0.0.1' });
const ours = `${server.base}/v2/sp/transactions?statuses=COMPLETED&categories=TRANSFER&createdFromDate=${from}&page=0&size=20`;
const bare = `${minimalBase}/list`;

// Warmed as long as a round: the JIT settles on Corridor's larger code later than on the minimal server's.
await load('warm-up', { url: ours, clients: 10, seconds: SECONDS, headers });
await load('warm-up', { url: bare, clients: 10, seconds: SECONDS, headers });
/** CPU ms per call of a run. */
const perCall = (ms: number, run: LoadFigures) => (ms / Math.max(1, run['req/s'] * SECONDS)).toFixed(2);
const rows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const a = await profiled(() => withCpu(() => load('Corridor', { url: ours, clients: 10, seconds: SECONDS, headers })));
  const b = await withCpu(() => load('minimal', { url: bare, clients: 10, seconds: SECONDS, headers }));
  rows.push({
    round,
    'Corridor req/s': a['req/s'],
    'p99 ms': a['p99 ms'],
    errors: a.errors,
    'minimal req/s': b['req/s'],
    'minimal p99 ms': b['p99 ms'],
    ratio: `${(a['req/s'] / Math.max(1, b['req/s'])).toFixed(2)}x`,
    'CPU ms Node / PostgreSQL': `${perCall(a.serverCpuMs, a)} / ${perCall(a.postgresCpuMs, a)}`,
    'minimal CPU ms': `${perCall(b.serverCpuMs, b)} / ${perCall(b.postgresCpuMs, b)}`,
  });
}
console.log(
  `\nTSP transactions list alone (PostgreSQL, Node ${process.version}): ${RECENT.toLocaleString('en')} recent completed transfers and ` +
    `${LIST_ROWS.toLocaleString('en')} rows of history, completed transfers of the last 90 days, page of 20, 10 clients; target >= 0.9x`,
);
console.table(rows);

await minimal.close();
await pool.end();
await server.close();
