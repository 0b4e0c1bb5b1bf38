/**
 * Figures for the ledger and the wallet reads, on an in-memory PGlite with the demo data, through
 * the real HTTP stack (Fastify inject, so no socket noise). Prints latency percentiles, throughput
 * and memory; asserts nothing: behaviour is the tests' job.
 *
 *   pnpm --filter @corridor/server bench       (or `pnpm bench` at the root)
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server bench   to measure PostgreSQL instead
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServer } from '../src/app.ts';
import { loadConfig, MIGRATIONS_DIR } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openMemoryPglite, openPostgres } from '../src/db/open.ts';
import { PORTAL_CLIENT_ID, PORTAL_CLIENT_SECRET_DEMO } from '@corridor/domain';
import { seedDemoData } from '../src/seed/seed.ts';
import { FileStorage } from '../src/lib/file-storage.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-organisations.ts';

const BASIC = `Basic ${Buffer.from(`${PORTAL_CLIENT_ID}:${PORTAL_CLIENT_SECRET_DEMO}`).toString('base64')}`;

const started = performance.now();
const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openMemoryPglite();
await migrate(database.db, MIGRATIONS_DIR);
const seedStart = performance.now();
const config = {
  ...loadConfig({ JWT_SECRET: 'corridor-bench-jwt-secret-0123456789abcdef' }),
  filesDir: await mkdtemp(join(tmpdir(), 'corridor-bench-files-')),
  rateLimits: { perAddressPerMinute: 1_000_000, perIdPerMinute: 1_000_000 },
};
await seedDemoData(database.db, new FileStorage(config.filesDir));
const seedMs = performance.now() - seedStart;
const { app } = await buildServer({ db: database.db, config, logger: false });
await app.ready();
const readyMs = performance.now() - started;

async function token(username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD }).toString(),
  });
  return res.json().access_token as string;
}
const merchant = await token('100000001');
const tsp = await token('200000001');
const get = (url: string, bearer: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${bearer}` } });

const created = await app.inject({
  method: 'POST',
  url: '/v1/service-provider/wallets',
  headers: { authorization: `Bearer ${tsp}` },
  payload: { alias: 'Bench EUR', accountCategoryId: '999', currencyCode: 'EUR', countryCode: 'AE' },
});
const benchWallet = created.json().id as string;
const merchantWallet = (await get('/v1/merchant/wallets?size=1', merchant)).json().content[0].id as string;
const misc = (direction: 'IN' | 'OUT', amount: string) =>
  app.inject({
    method: 'POST',
    url: '/tsp/v2/transactions/payment/misc',
    headers: { authorization: `Bearer ${tsp}` },
    payload: { spWalletId: benchWallet, fundingPartyId: 'FP-ATLAS-01', purpose: 'OFFICE_RENT', currency: 'EUR', amount, direction },
  });

interface Row {
  case: string;
  runs: number;
  'p50 ms': string;
  'p95 ms': string;
  'max ms': string;
  'ops/s': string;
}
const rows: Row[] = [];

async function measure(name: string, runs: number, fn: () => Promise<{ statusCode: number }>): Promise<void> {
  for (let i = 0; i < 5; i += 1) await fn(); // warm-up
  const times: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const s = performance.now();
    const res = await fn();
    times.push(performance.now() - s);
    if (res.statusCode >= 300) throw new Error(`${name}: HTTP ${res.statusCode}`);
  }
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1);
  rows.push({ case: name, runs, 'p50 ms': at(0.5), 'p95 ms': at(0.95), 'max ms': at(1), 'ops/s': ((runs / total) * 1000).toFixed(0) });
}

await measure('post a voucher (misc payment in: voucher, lines, position, one transaction)', 200, () => misc('IN', '10.00'));
await measure('post a debit checked against balance + credit under row lock', 200, () => misc('OUT', '1.00'));
await measure('merchant wallet list with positions', 200, () => get('/v1/merchant/wallets?inclPosition=true&size=500', merchant));
await measure('one wallet position', 200, () => get(`/v1/merchant/wallets/position/${merchantWallet}`, merchant));
await measure('wallet statement page of 50 lines', 100, () => get(`/m/api/v1/wallets/activity?walletIds=${merchantWallet}&size=50`, merchant));
await measure('TSP wallet list, page of 100', 100, () => get('/v1/service-provider/wallets?size=100', tsp));

// Concurrency: 50 debits at once on one wallet; the row lock serialises them.
const burstStart = performance.now();
const burst = await Promise.all(Array.from({ length: 50 }, () => misc('OUT', '1.00')));
const burstMs = performance.now() - burstStart;

const memory = process.memoryUsage();
console.log(`\nCorridor ledger bench (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite in memory'}, Node ${process.version})`);
console.log(`ready with demo data in ${(readyMs / 1000).toFixed(1)} s (seed ${(seedMs / 1000).toFixed(1)} s)`);
console.table(rows);
console.log(`50 concurrent debits on one wallet: ${burst.filter((r) => r.statusCode === 201).length} posted in ${burstMs.toFixed(0)} ms`);
console.log(`memory: rss ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB`);
await app.close();
await database.close();

// On PostgreSQL, the ledger's load benches too (real sockets, each in a database of its own): posting
// side by side with a minimal pg server, statement pages over a million lines, quotes, payment initiation,
// and transfers through both approvals with the transactions list over 100,000 transactions.
if (process.env.DATABASE_URL) {
  await import('./ledger/posting.bench.ts');
  await import('./ledger/statement.bench.ts');
  await import('./quotes/quote.bench.ts');
  await import('./payments/initiate.bench.ts');
  await import('./transactions/transfer.bench.ts');
}
