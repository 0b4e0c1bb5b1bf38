/**
 * Read speed under load, side by side with a minimal server (bench/http/baseline-server.ts): both
 * listen on real sockets, both on the same PostgreSQL, 10 connections (autocannon). Prints per call
 * Corridor's req/s, the baseline's, the ratio and p99 latencies. Asserts nothing: behaviour is the tests' job.
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server bench     (TEST_DATABASE_URL works too)
 *   BENCH_DRIVER=pglite DATABASE_URL=... pnpm --filter @corridor/server exec tsx bench/http/reads.bench.ts
 *       Corridor on PGlite (in memory) instead, for the PGlite vs PostgreSQL figures (Corridor alone: the
 *       baseline reads sessions from PostgreSQL, so it has nothing to compare with there).
 *   BENCH_SECONDS=4 (one-second slices per call and server); BENCH_CALLS=position runs only the calls whose name holds that text
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
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

const started = performance.now();
const benchUrl = await freshDatabase('corridor_bench_reads');
const database: Database = onPglite ? await openMemoryPglite() : openPostgres(benchUrl);
// The activity page's statements are recorded once, so the baseline can run exactly the same SQL.
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
const ours = await app.listen({ port: 0, host: '127.0.0.1' });
const startMs = performance.now() - started;
const startRss = process.memoryUsage().rss;

const tokenRes = await fetch(`${ours}/oauth/token`, {
  method: 'POST',
  headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'password', username: '100000001', password: DEMO_PASSWORD }).toString(),
});
const token = ((await tokenRes.json()) as { access_token: string }).access_token;
const headers = { authorization: `Bearer ${token}` };
const walletId = ((await (await fetch(`${ours}/v1/merchant/wallets?page=0&size=1`, { headers })).json()) as { content: Array<{ id: string }> }).content[0]?.id;
if (!walletId) throw new Error('the demo merchant has no wallet');

const ACTIVITY = '/v1/merchant/wallets/activity?page=0&size=50';
recording = [];
await fetch(`${ours}${ACTIVITY}`, { headers });
// The first statement is the sign-in check; the rest are the page's own.
const activityStatements = recording.slice(1);
recording = null;

const baseline = await startBaseline({ databaseUrl: benchUrl, jwtSecret: JWT_SECRET, activityStatements });
const base = await baseline.app.listen({ port: 0, host: '127.0.0.1' });

const calls: Array<{ name: string; path: string }> = [
  { name: 'merchant wallet list (first page)', path: '/v1/merchant/wallets?page=0&size=20' },
  { name: '/users/me', path: '/users/me' },
  { name: 'one wallet (detail with position)', path: `/v1/merchant/wallets/${walletId}` },
  { name: 'one wallet position', path: `/v1/merchant/wallets/position/${walletId}` },
  { name: `activity page of 50 (${activityStatements.length} statements)`, path: ACTIVITY },
];

const run = promisify(execFile);
const AUTOCANNON = join(import.meta.dirname, '../../node_modules/.bin/autocannon');

/** autocannon in its own process: the load generator never shares the servers' event loop. */
async function cannon(target: string, duration: number) {
  const { stdout } = await run(AUTOCANNON, ['-j', '-c', '10', '-d', String(duration), '-H', `authorization=${headers.authorization}`, target], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as { requests: { total: number }; latency: { p99: number }; non2xx: number; errors: number };
}

/**
 * Both servers under the same conditions: one-second slices, Corridor and baseline in turn, so a
 * neighbour's load on a shared machine weighs on both alike. req/s over all slices; p99 the median
 * of the slices' p99.
 */
async function compare(path: string) {
  const totals = { ours: { requests: 0, p99: [] as number[] }, base: { requests: 0, p99: [] as number[] } };
  // A short warm-up first: JIT, pool connections and prepared statements.
  await cannon(`${ours}${path}`, 1);
  if (!onPglite) await cannon(`${base}${path}`, 1);
  for (let round = 0; round < seconds; round += 1) {
    // On PGlite the sessions live in Corridor's own process: the baseline cannot check them, so it sits out.
    for (const side of onPglite ? (['ours'] as const) : (['ours', 'base'] as const)) {
      const result = await cannon(`${side === 'ours' ? ours : base}${path}`, 1);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      totals[side].requests += result.requests.total;
      totals[side].p99.push(result.latency.p99);
    }
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
  return {
    ours: { rps: totals.ours.requests / seconds, p99: median(totals.ours.p99) },
    base: { rps: totals.base.requests / seconds, p99: median(totals.base.p99) },
  };
}

const pad = (text: string, n: number) => text.padEnd(n);
const num = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `\nReads, 10 connections, ${seconds} one-second slices each, taken in turn; Corridor on ${onPglite ? 'PGlite (memory), alone' : 'PostgreSQL, baseline on PostgreSQL'}`,
);
console.log(`${pad('call', 44)}${pad('ours req/s', 12)}${pad('baseline', 10)}${pad('ratio', 7)}${pad('p99 ours', 10)}p99 base`);
// BENCH_CALLS=detail: only the calls whose name contains that text (for profiling one call).
for (const call of calls.filter((c) => c.name.includes(process.env.BENCH_CALLS ?? ''))) {
  const { ours: a, base: b } = await compare(call.path);
  if (onPglite) console.log(`${pad(call.name, 44)}${pad(num(a.rps), 12)}${pad('-', 10)}${pad('-', 7)}${a.p99} ms`);
  else
    console.log(
      `${pad(call.name, 44)}${pad(num(a.rps), 12)}${pad(num(b.rps), 10)}${pad(`${(a.rps / b.rps).toFixed(2)}x`, 7)}${pad(`${a.p99} ms`, 10)}${b.p99} ms`,
    );
}
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
console.log(
  `Corridor start (fresh database: migrate, seed, listen): ${(startMs / 1000).toFixed(1)} s; RSS after start ${mb(startRss)}, after the load ${mb(process.memoryUsage().rss)} (Corridor and the idle baseline)`,
);

await baseline.close();
await app.close();
await database.close();
