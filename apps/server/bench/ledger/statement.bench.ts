/**
 * Statement pages at depth: 1,000,000 balance lines on one merchant wallet and 1,000,000 on other
 * organisations' wallets, then 10 clients on the first page and on a deep page (autocannon, real
 * sockets). PostgreSQL only:
 *
 *   DATABASE_URL=postgres://... pnpm --filter @corridor/server exec tsx bench/ledger/statement.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf } from '../../src/db/database.ts';
import { load, startBenchServer, type LoadFigures, postgresUrlOrExit } from './bench-server.ts';

const adminUrl = postgresUrlOrExit('statement bench');
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const server = await startBenchServer(adminUrl, 'corridor_bench_statement');
const { db } = server;
const merchant = await server.token('100000001');
const [own] = rowsOf<{ id: string; merchant: string }>(
  await db.execute(sql`select w.id, w.merchant_service_id as merchant from wallets w join users u on u.org_id = w.merchant_service_id
    where u.digit9_id = '100000001' order by w.id limit 1`),
);
if (!own) throw new Error('no wallet for merchant 100000001');
const foreign = rowsOf<{ id: string }>(
  await db.execute(sql`select id from wallets where merchant_service_id is distinct from ${own.merchant} order by id limit 4`),
);
const [voucher] = rowsOf<{ id: string }>(await db.execute(sql`select id from vouchers order by id limit 1`));

// Seeding a million rows takes longer than a request may: its own connection, without the ceiling.
const seeder = new pg.Client({ connectionString: server.url });
await seeder.connect();

/** `count` lines on a wallet after its existing ones (in number, id and date), each crediting 1. */
async function seedLines(walletId: string, count: number, prefix: string): Promise<void> {
  await seeder.query(
    `insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate,
      debit_or_credit, amount_in_fc, amount_in_lc, wallet_id, bucket, posted_at, balance_after, wallet_seq)
    select $1 || lpad(g::text, 9, '0'), $2, 1, 'Bench', 'BENCH', w.currency_code, 1, 'C', 1, 1, w.id, 'balance',
      now() + interval '1 millisecond' * g, p.balance + g, p.balance_lines + g
    from generate_series(1, $3::int) g, wallets w join wallet_positions p on p.wallet_id = w.id where w.id = $4`,
    [prefix, voucher?.id ?? '', count, walletId],
  );
  await seeder.query('update wallet_positions set balance = balance + $1, balance_lines = balance_lines + $1 where wallet_id = $2', [count, walletId]);
}

const seedStart = performance.now();
// After the demo history in number, id and date, so posting order and date order agree.
await seedLines(own.id, LINES, 'bench-own-');
for (const [i, w] of foreign.entries()) await seedLines(w.id, Math.floor(LINES / foreign.length), `bench-foreign-${i}-`);
// BENCH_WITHOUT_SIDE_INDEX=1: the plan a side-filtered statement had before the (wallet, bucket, side, date) index.
if (process.env.BENCH_WITHOUT_SIDE_INDEX) await seeder.query('drop index if exists voucher_lines_wallet_bucket_side_posted_idx');
await seeder.query('analyze voucher_lines');
await seeder.query('analyze wallet_positions');
await seeder.end();
const seedSeconds = (performance.now() - seedStart) / 1000;
const [{ n } = { n: '0' }] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from voucher_lines`));

const headers = { authorization: `Bearer ${merchant}` };
// PostgreSQL's own time for the page queries, apart from HTTP and a busy machine.
const deep = Math.floor(LINES / 50) - 10;
for (const [label, text] of [
  [
    'first page by line numbers',
    sql`select l.id from voucher_lines l join vouchers v on v.id = l.voucher_id where l.wallet_id = ${own.id} and l.wallet_seq between ${LINES - 49} and ${LINES} order by l.wallet_seq desc`,
  ],
  [
    'deep page by line numbers',
    sql`select l.id from voucher_lines l join vouchers v on v.id = l.voucher_id where l.wallet_id = ${own.id} and l.wallet_seq between 451 and 500 order by l.wallet_seq desc`,
  ],
  [
    'first page of every merchant wallet (lateral seek)',
    sql`select x.* from unnest((select array_agg(id) from wallets where merchant_service_id = ${own.merchant})) w(id) cross join lateral (
      select l.id, l.posted_at from voucher_lines l join vouchers v on v.id = l.voucher_id where l.wallet_id = w.id and l.bucket = 'balance'
      order by l.posted_at desc, l.id desc limit 50) x order by x.posted_at desc, x.id desc limit 50`,
  ],
  [
    'debits only, none match (lateral seek by side)',
    sql`select x.* from unnest(array[${own.id}]::text[]) w(id) cross join lateral (
      select l.id, l.posted_at from voucher_lines l join vouchers v on v.id = l.voucher_id where l.wallet_id = w.id and l.bucket = 'balance'
      and l.debit_or_credit = 'D' and l.posted_at >= '2020-01-01' order by l.posted_at desc, l.id desc limit 50) x order by x.posted_at desc, x.id desc limit 50`,
  ],
] as const) {
  const plan = rowsOf<{ 'QUERY PLAN': string }>(await db.execute(sql`explain (analyze, timing off, summary on) ${text}`)).map((r) => r['QUERY PLAN']);
  console.log(
    `${label} (page ${deep} is the deep one over HTTP): ${plan
      .filter((l) => /Execution Time|Index/.test(l))
      .map((l) => l.trim())
      .join(' | ')}`,
  );
}
const statement = `${server.base}/m/api/v1/wallet/statement?walletIds=${own.id}&size=50`;
const deepPage = deep;
const rows: LoadFigures[] = [];
rows.push(await load('statement, first page of 50', { url: statement, clients: 10, headers }));
rows.push(await load(`statement, page ${deepPage} of 50 (deep)`, { url: `${statement}&page=${deepPage}`, clients: 10, headers }));
rows.push(await load('statement, oldest first, page 2 of 50', { url: `${statement}&sort=date,ASC&page=2`, clients: 10, headers }));
rows.push(
  await load('merchant activity, every wallet of the merchant, first page', {
    url: `${server.base}/v1/merchant/wallets/activity?size=50`,
    clients: 10,
    headers,
  }),
);
rows.push(await load('statement, debits in a date range (filtered)', { url: `${statement}&mode=DEBIT&fromDate=2020-01-01`, clients: 10, headers }));

console.log(
  `\nStatement bench (PostgreSQL, Node ${process.version}): ${LINES.toLocaleString('en')} lines on wallet ${own.id}, ${(Math.floor(LINES / foreign.length) * foreign.length).toLocaleString('en')} on ${foreign.length} other organisations' wallets; ${Number(n).toLocaleString('en')} lines in all, seeded in ${seedSeconds.toFixed(1)} s`,
);
console.table(rows);
await server.close();
