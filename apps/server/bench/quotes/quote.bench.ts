/**
 * Quote creation through the real server on PostgreSQL, 20 clients (target: at least 500 quotes/s,
 * p99 under 50 ms on a 2-core machine). Rates, deals, markups and fees come from the server's rate book
 * and pricing state in memory, so the figure is the cost of the sign-in check, the wallet read, pricing
 * and storing the quote. PostgreSQL only:
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server exec tsx bench/quotes/quote.bench.ts
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { wallets } from '../../src/db/schema.ts';
import { currencyDealConfigs, globalConfigs } from '../../src/pricing-config/pricing-config-schema.ts';
import { load, startBenchServer, type LoadFigures, postgresUrlOrExit } from '../ledger/bench-server.ts';

const adminUrl = postgresUrlOrExit('quote bench');
const server = await startBenchServer(adminUrl, 'corridor_bench_quotes');
// A fresh IBR and a staleness limit longer than the run, so no quote is refused as stale.
await server.db.update(currencyDealConfigs).set({ updatedAt: sql`now()` });
await server.db.update(globalConfigs).set({ value: '3600' }).where(eq(globalConfigs.key, 'rateStalenessSeconds'));
const merchant = await server.token('100000001');
const [wallet] = await server.db
  .select({ id: wallets.id })
  .from(wallets)
  .innerJoin(
    currencyDealConfigs,
    and(eq(currencyDealConfigs.serviceProviderId, wallets.serviceProviderId), eq(currencyDealConfigs.sourceCurrency, wallets.currencyCode)),
  )
  .where(and(isNotNull(wallets.merchantServiceId), eq(wallets.currencyCode, 'USD'), eq(currencyDealConfigs.targetCurrency, 'AED')))
  .limit(1);
if (!wallet) throw new Error('quote bench: no USD merchant wallet with a USD/AED deal in the demo data');
const body = JSON.stringify({
  transactionCategory: 'PAYOUT',
  dealType: 'SPOT',
  sourceWalletId: wallet.id,
  sendAmount: { amount: '1250.00', currency: 'USD' },
  targetCurrency: 'AED',
});
const headers = { authorization: `Bearer ${merchant}`, 'content-type': 'application/json' };
const probe = await fetch(`${server.base}/merchant/v1/quote`, { method: 'POST', headers, body });
if (probe.status !== 201) throw new Error(`quote bench: a quote was refused: ${probe.status} ${await probe.text()}`);

const quoteId = ((await probe.json()) as { id: string }).id;
const rows: LoadFigures[] = [
  await load('create a quote (merchant, USD/AED SPOT)', { url: `${server.base}/merchant/v1/quote`, method: 'POST', clients: 20, seconds: 10, headers, body }),
  // The same stack reading one quote back: what the machine gives a one-query call right now, for scale.
  await load('read a quote back (one query)', { url: `${server.base}/merchant/v1/quote/${quoteId}`, clients: 20, seconds: 5, headers }),
];
console.log(`\nQuote bench (PostgreSQL, Node ${process.version}): target >= 500 quotes/s, p99 < 50 ms`);
console.table(rows);
await server.close();
