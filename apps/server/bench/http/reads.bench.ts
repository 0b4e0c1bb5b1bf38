/**
 * Read speed under load, side by side with a yardstick: both listen on real sockets, 10 connections
 * (autocannon). Prints per call Corridor's req/s, the yardstick's, the ratio and p99 latencies. Asserts
 * nothing: behaviour is the tests' job.
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server bench     (TEST_DATABASE_URL works too)
 *       Corridor on PostgreSQL beside the minimal server (bench/http/baseline-server.ts) on the same database.
 *   BENCH_DRIVER=pglite DATABASE_URL=... pnpm --filter @corridor/server exec tsx bench/http/reads.bench.ts
 *       Corridor on PGlite (in memory) beside Corridor on PostgreSQL: the same server code, each on its own
 *       database migrated and seeded alike, each signed in on its own; the ratio is PGlite's share of PostgreSQL.
 *   BENCH_SECONDS=4 (one-second slices per call and server); BENCH_CALLS=position runs only the calls whose name holds that text
 *   BENCH_PROFILE=/tmp/reads.cpuprofile: a CPU profile of this process (the servers) while the calls run
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET_DEMO } from '@corridor/domain';
import { buildServer } from '../../src/app.ts';
import { loadConfig, MIGRATIONS_DIR } from '../../src/config.ts';
import { migrate } from '../../src/db/migrate.ts';
import { observedDb, openMemoryPglite, openPostgres } from '../../src/db/open.ts';
import type { Database } from '../../src/db/database.ts';
import { seedDemoData } from '../../src/seed/seed.ts';
import { FileStorage } from '../../src/lib/file-storage.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-organisations.ts';
import { startBaseline } from './baseline-server.ts';

const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
if (url === '') {
  console.log('reads bench skipped: set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server to compare with the minimal server');
  process.exit(0);
}
const onPglite = process.env.BENCH_DRIVER === 'pglite';
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const JWT_SECRET = 'corridor-bench-jwt-secret-0123456789abcdef';
const BASIC = `Basic ${Buffer.from(`${PORTAL_CLIENT_ID}:${PORTAL_CLIENT_SECRET_DEMO}`).toString('base64')}`;

/** A database of its own, made afresh: the figures do not depend on what earlier runs left. */
async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

const ACTIVITY = '/v1/merchant/wallets/activity?page=0&size=50';

/** Corridor on a database: migrated, seeded, listening, signed in as the demo merchant; the activity page's statements recorded. */
async function startCorridor(database: Database) {
  const began = performance.now();
  let recording: Array<{ sql: string; params: unknown[] }> | null = null;
  const db = observedDb(database, (sql, params) => recording?.push({ sql, params }));
  await migrate(db, MIGRATIONS_DIR);
  const config = {
    ...loadConfig({ JWT_SECRET }),
    filesDir: await mkdtemp(join(tmpdir(), 'corridor-bench-files-')),
    rateLimits: { perAddressPerMinute: 1_000_000_000, perIdPerMinute: 1_000_000_000 },
  };
  await seedDemoData(db, new FileStorage(config.filesDir));
  // Logging on, as in production, written where it costs what a file would.
  const { app } = await buildServer({ db, config, logger: { level: 'info', stream: createWriteStream('/dev/null') } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const startMs = performance.now() - began;

  const tokenRes = await fetch(`${address}/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: '100000001', password: DEMO_PASSWORD }).toString(),
  });
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const authorization = `Bearer ${token}`;
  const wallets = (await (await fetch(`${address}/v1/merchant/wallets?page=0&size=1`, { headers: { authorization } })).json()) as {
    content: Array<{ id: string }>;
  };
  const walletId = wallets.content[0]?.id;
  if (!walletId) throw new Error('the demo merchant has no wallet');
  recording = [];
  await fetch(`${address}${ACTIVITY}`, { headers: { authorization } });
  // The first statement is the sign-in check; the rest are the page's own.
  const activityStatements: Array<{ sql: string; params: unknown[] }> = recording.slice(1);
  recording = null;
  return { app, address, authorization, walletId, startMs, activityStatements };
}

const benchUrl = await freshDatabase('corridor_bench_reads');
const database: Database = onPglite ? await openMemoryPglite() : openPostgres(benchUrl);
const corridor = await startCorridor(database);
const startRss = process.memoryUsage().rss;
/** The yardstick: Corridor itself on PostgreSQL under BENCH_DRIVER=pglite, else the minimal server on Corridor's database. */
const yardDatabase = onPglite ? openPostgres(benchUrl) : null;
const yardCorridor = yardDatabase ? await startCorridor(yardDatabase) : null;
const baseline = yardCorridor ? null : await startBaseline({ databaseUrl: benchUrl, jwtSecret: JWT_SECRET, activityStatements: corridor.activityStatements });
const ours = { address: corridor.address, authorization: corridor.authorization, walletId: corridor.walletId };
const base = yardCorridor
  ? { address: yardCorridor.address, authorization: yardCorridor.authorization, walletId: yardCorridor.walletId }
  : // The minimal server checks Corridor's tokens against the same database: same token, same wallet.
    { address: await baseline!.app.listen({ port: 0, host: '127.0.0.1' }), authorization: corridor.authorization, walletId: corridor.walletId };
type Side = typeof ours;

const calls: Array<{ name: string; path: (side: Side) => string }> = [
  { name: 'merchant wallet list (first page)', path: () => '/v1/merchant/wallets?page=0&size=20' },
  { name: '/users/me', path: () => '/users/me' },
  { name: 'one wallet (detail with position)', path: (side) => `/v1/merchant/wallets/${side.walletId}` },
  { name: 'one wallet position', path: (side) => `/v1/merchant/wallets/position/${side.walletId}` },
  { name: `activity page of 50 (${corridor.activityStatements.length} statements)`, path: () => ACTIVITY },
];

const run = promisify(execFile);
const AUTOCANNON = join(import.meta.dirname, '../../node_modules/.bin/autocannon');

/** autocannon in its own process: the load generator never shares the servers' event loop. */
async function cannon(side: Side, path: string, duration: number) {
  const { stdout } = await run(AUTOCANNON, ['-j', '-c', '10', '-d', String(duration), '-H', `authorization=${side.authorization}`, `${side.address}${path}`], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as { requests: { total: number }; latency: { p99: number }; non2xx: number; errors: number };
}

/**
 * Both servers under the same conditions: one-second slices, Corridor and yardstick in turn, so a
 * neighbour's load on a shared machine weighs on both alike. req/s over all slices; p99 the median
 * of the slices' p99.
 */
async function compare(call: (typeof calls)[number]) {
  const totals = { ours: { requests: 0, p99: [] as number[] }, base: { requests: 0, p99: [] as number[] } };
  // A short warm-up first: JIT, pool connections and prepared statements.
  await cannon(ours, call.path(ours), 1);
  await cannon(base, call.path(base), 1);
  for (let round = 0; round < seconds; round += 1) {
    for (const [name, side] of [
      ['ours', ours],
      ['base', base],
    ] as const) {
      const result = await cannon(side, call.path(side), 1);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${call.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      totals[name].requests += result.requests.total;
      totals[name].p99.push(result.latency.p99);
    }
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  return {
    ours: { rps: totals.ours.requests / seconds, p99: median(totals.ours.p99) },
    base: { rps: totals.base.requests / seconds, p99: median(totals.base.p99) },
  };
}

const profile = process.env.BENCH_PROFILE ? new Session() : null;
if (profile) {
  profile.connect();
  await profile.post('Profiler.enable');
  await profile.post('Profiler.start');
}
const pad = (text: string, n: number) => text.padEnd(n);
const num = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `\nReads, 10 connections, ${seconds} one-second slices each, taken in turn; ${onPglite ? 'Corridor on PGlite (memory) beside Corridor on PostgreSQL' : 'Corridor on PostgreSQL beside the minimal server on PostgreSQL'}`,
);
console.log(`${pad('call', 44)}${pad('ours req/s', 12)}${pad(onPglite ? 'on PG' : 'baseline', 10)}${pad('ratio', 7)}${pad('p99 ours', 10)}p99 base`);
// BENCH_CALLS=detail: only the calls whose name contains that text (for profiling one call).
for (const call of calls.filter((c) => c.name.includes(process.env.BENCH_CALLS ?? ''))) {
  const { ours: a, base: b } = await compare(call);
  console.log(
    `${pad(call.name, 44)}${pad(num(a.rps), 12)}${pad(num(b.rps), 10)}${pad(`${(a.rps / b.rps).toFixed(2)}x`, 7)}${pad(`${a.p99} ms`, 10)}${b.p99} ms`,
  );
}
if (profile && process.env.BENCH_PROFILE) {
  const { profile: taken } = await profile.post('Profiler.stop');
  await writeFile(process.env.BENCH_PROFILE, JSON.stringify(taken));
  profile.disconnect();
}
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
console.log(
  `Corridor start (fresh database: migrate, seed, listen): ${(corridor.startMs / 1000).toFixed(1)} s${yardCorridor ? ` (on PostgreSQL ${(yardCorridor.startMs / 1000).toFixed(1)} s)` : ''}; ` +
    `RSS after start ${mb(startRss)}, after the load ${mb(process.memoryUsage().rss)} (${yardCorridor ? 'both Corridors' : 'Corridor and the idle baseline'})`,
);

await baseline?.close();
await yardCorridor?.app.close();
await yardDatabase?.close();
await corridor.app.close();
await database.close();
