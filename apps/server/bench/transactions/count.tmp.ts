import pg from 'pg';
import { and, asc, eq, sql } from 'drizzle-orm';
import { organisations, wallets } from '../../src/db/schema.ts';
import { currencyDealConfigs, globalConfigs } from '../../src/pricing-config/pricing-config-schema.ts';
import { startBenchServer } from '../ledger/bench-server.ts';
const log: string[] = [];
let on = false;
const orig = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function (this: unknown, ...a: unknown[]) {
  if (on) { const q = a[0] as { text?: string } | string; log.push((typeof q === 'string' ? q : q.text ?? '').replace(/\s+/g, ' ').slice(0, 160)); }
  return orig.apply(this, a);
};
const server = await startBenchServer(process.env.DATABASE_URL!, 'corridor_count');
const db = server.db;
await db.update(currencyDealConfigs).set({ updatedAt: sql`now()` });
await db.update(globalConfigs).set({ value: '3600' }).where(eq(globalConfigs.key, 'rateStalenessSeconds'));
const [globex] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX'));
const own = await db.select().from(wallets).where(and(eq(wallets.merchantServiceId, globex!.id), eq(wallets.status, 'ACTIVE'))).orderBy(asc(wallets.id));
const usd = own.find((w) => w.currencyCode === 'USD')!;
const aed = own.find((w) => w.currencyCode === 'AED' && w.serviceProviderId === usd.serviceProviderId)!;
const [m, a1, a2] = await Promise.all([server.token('100000001'), server.token('200000001'), server.token('200000011')]);
await fetch(`${server.base}/v1/internal/transactions/merchant/credit-topup`, { method: 'POST', headers: { authorization: `Bearer ${await server.token('900000001')}`, 'content-type': 'application/json' }, body: JSON.stringify({ walletId: usd.id, amount: '100000', currency: 'USD' }) });
async function call(method: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${server.base}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
  const j = (await res.json()) as Record<string, unknown>;
  if (res.status >= 300) throw new Error(JSON.stringify(j));
  return j;
}
for (let round = 0; round < 2; round += 1) {
  const steps: Array<[string, () => Promise<Record<string, unknown>>]> = [];
  let q: Record<string, unknown> = {}; let t: Record<string, unknown> = {};
  const run = async (name: string, f: () => Promise<Record<string, unknown>>) => { log.length = 0; on = true; const t0 = performance.now(); const r = await f(); const ms = performance.now() - t0; on = false; if (round === 1) { console.log(`\n## ${name}: ${log.length} statements, ${ms.toFixed(1)} ms`); for (const l of log) console.log('  ' + l); } return r; };
  q = await run('quote', () => call('POST', '/merchant/v1/quote', m, { transactionCategory: 'PAYOUT', dealType: 'SPOT', sourceWalletId: usd.id, sendAmount: { amount: '100', currency: 'USD' }, targetCurrency: 'AED' }));
  t = await run('create', () => call('POST', '/v2/merchant/transactions', m, { category: 'TRANSFER', type: 'FX_DEAL', quoteId: q.id, sourceWalletId: usd.id, targetWalletId: aed.id }));
  await run('source', () => call('PUT', `/sp/v2/transactions/merchant/${String(t.transactionId)}/source-approval`, a1, { status: 'APPROVED' }));
  await run('target', () => call('PUT', `/v2/sp/transactions/${String(t.transactionId)}/target-approval`, a2, { status: 'APPROVED' }));
  void steps;
}
await server.close();
