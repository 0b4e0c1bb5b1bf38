/**
 * Posting vouchers (miscellaneous payments in) through the real server under 10 and 50 clients,
 * side by side with a minimal server: Fastify and bare `pg` doing the same work in one transaction
 * (the same body and token: token verified, caller read with its live session, then wallet lock, position
 * update, voucher and lines inserts). PostgreSQL only:
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server exec tsx bench/ledger/posting.bench.ts
 */
import Fastify from 'fastify';
import pg from 'pg';
import { insertMinimalVoucher, load, minimalTransaction, startBenchServer, type LoadFigures, postgresUrlOrExit } from './bench-server.ts';

const adminUrl = postgresUrlOrExit('posting bench');
const server = await startBenchServer(adminUrl, 'corridor_bench_posting');
const tsp = await server.token('200000001');
const auth = { authorization: `Bearer ${tsp}`, 'content-type': 'application/json' };
const created = await fetch(`${server.base}/v1/service-provider/wallets`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ alias: 'Bench EUR', accountCategoryId: '999', currencyCode: 'EUR', countryCode: 'AE' }),
});
const walletId = ((await created.json()) as { id: string }).id;
const body = JSON.stringify({ spWalletId: walletId, fundingPartyId: 'FP-ATLAS-01', purpose: 'OFFICE_RENT', currency: 'EUR', amount: '10.00', direction: 'IN' });

// The minimal server: one pool of the same size, prepared statements, one transaction per post.
const pool = new pg.Pool({ connectionString: server.url, max: 10 });
const minimal = Fastify();
minimal.post('/post', async (request, reply) => {
  await minimalTransaction(pool, request.headers.authorization, async (client) => {
    await client.query({ name: 'lock', text: 'select id, currency_code from wallets where id = $1 for update', values: [walletId] });
    await client.query({
      name: 'position',
      text: 'update wallet_positions set balance = balance + $1::numeric, balance_lines = balance_lines + 1, updated_at = now() where wallet_id = $2 returning balance, balance_lines',
      values: ['10.00', walletId],
    });
    await insertMinimalVoucher(client, { category: 'MISC_PAYMENT', currency: 'EUR', amount: '10', walletId, bucket: 'balance' });
  });
  return reply.code(201).send({ ok: true });
});
const minimalBase = await minimal.listen({ port: 0, host: '127.0.0.1' });

const rows: Array<LoadFigures & { 'minimal req/s': number; ratio: string }> = [];
for (const clients of [10, 50]) {
  const ours = await load(`post a misc payment, ${clients} clients`, {
    url: `${server.base}/tsp/v2/transactions/payment/misc`,
    method: 'POST',
    clients,
    headers: auth,
    body,
  });
  const bare = await load('minimal', { url: `${minimalBase}/post`, method: 'POST', clients, headers: auth, body });
  if (bare.errors > 0) throw new Error(`the minimal server answered ${bare.errors} requests with an error`);
  rows.push({ ...ours, 'minimal req/s': bare['req/s'], ratio: `${(ours['req/s'] / bare['req/s']).toFixed(2)}x` });
}
console.log(`\nPosting bench (PostgreSQL, Node ${process.version}): Corridor against Fastify + bare pg doing the same inserts in one transaction`);
console.table(rows);
await minimal.close();
await pool.end();
await server.close();
