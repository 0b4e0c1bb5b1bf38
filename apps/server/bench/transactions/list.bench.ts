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
import Fastify from 'fastify';
import pg from 'pg';
import { load, profiled, startBenchServer, withCpu, type LoadFigures, postgresUrlOrExit } from '../ledger/bench-server.ts';
import { globexWallets, insertListHistory, insertRecentTransfers, listFrom, minimalList } from './minimal-list.ts';

const adminUrl = postgresUrlOrExit('list bench');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const RECENT = Number(process.env.BENCH_RECENT ?? 8000);

const server = await startBenchServer(adminUrl, 'corridor_bench_list');
const db = server.db;
const fixture = await globexWallets(db, 'list bench');
const { tspId } = fixture;

await insertRecentTransfers(db, fixture, RECENT);
await insertListHistory(db, fixture, LIST_ROWS);
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
