import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../db/database.ts';
import { observedDb } from '../db/open.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { planOf } from '../test/explain.ts';
import { statementLines } from './statement-service.ts';

let s: TestServer;
let db: Db;
let walletId: string;
const LINES = 4000;

const one = async <T>(query: SQL): Promise<T> => rowsOf<T>(await db.execute(query))[0] as T;

beforeAll(async () => {
  // A million statement lines written straight into the tables, not posted: no invariant check at its end.
  s = await startTestServer({}, { ledgerCheck: false });
  db = s.services.db;
  ({ id: walletId } = await one<{ id: string }>(sql`select w.id from wallets w where w.merchant_service_id is not null order by w.id limit 1`));
  const { id: voucherId } = await one<{ id: string }>(sql`select id from vouchers order by id limit 1`);
  // A wallet of thousands of credits and no debit since the demo history: "debits only" matches nothing new.
  await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate,
      debit_or_credit, amount_in_fc, amount_in_lc, wallet_id, bucket, posted_at, balance_after, wallet_seq)
    select 'plan-' || lpad(g::text, 6, '0'), ${voucherId}, 1, 'Plan', 'PLAN', w.currency_code, 1, 'C', 1, 1, w.id, 'balance',
      now() + interval '1 millisecond' * g, p.balance + g, p.balance_lines + g
    from generate_series(1, ${LINES}::int) g, wallets w join wallet_positions p on p.wallet_id = w.id where w.id = ${walletId}`);
  await db.execute(sql`update wallet_positions set balance = balance + ${LINES}, balance_lines = balance_lines + ${LINES} where wallet_id = ${walletId}`);
  await db.execute(sql`analyze voucher_lines`);
});
afterAll(async () => {
  await s?.close();
});

/** The statements `statementLines` runs for a query, and PostgreSQL's plan of each that reads lines. */
async function plansOf(q: Parameters<typeof statementLines>[2]): Promise<{ lines: number; total: number; plans: string[] }> {
  const queries: Array<{ text: string; params: unknown[] }> = [];
  const observed = observedDb(s.database, (text, params) => queries.push({ text, params }));
  const slice = await statementLines(observed, undefined, q);
  const plans: string[] = [];
  for (const { text, params } of queries.filter((x) => x.text.includes('voucher_lines'))) {
    plans.push(await planOf(s.database, text, params));
  }
  return { lines: slice.page.content.length, total: slice.page.totalElements, plans };
}

describe('a statement filtered by side', () => {
  it('seeks the lines of that side in date order instead of walking the whole wallet', async () => {
    const debits = await plansOf({ walletIds: [walletId], mode: 'DEBIT', fromDate: '2020-01-01', page: 0, size: 50 });
    expect(debits.plans).toHaveLength(2);
    for (const plan of debits.plans) {
      // The side is part of the index condition: no line of the other side is read and dropped.
      expect(plan).toMatch(/voucher_lines_wallet_bucket_side_posted_idx/);
      expect(plan).toMatch(/Index Cond: \(.*debit_or_credit = /);
    }
    const { n } = await one<{ n: string }>(sql`select count(*) as n from voucher_lines where wallet_id = ${walletId} and bucket = 'balance'
      and debit_or_credit = 'D' and posted_at >= '2020-01-01'`);
    expect(debits.total).toBe(Number(n));
    expect(debits.lines).toBe(Math.min(50, Number(n)));
  });

  it('still answers every credit of the wallet, newest first', async () => {
    const credits = await statementLines(db, undefined, { walletIds: [walletId], mode: 'CREDIT', page: 0, size: 5 });
    expect(credits.page.content.map((l) => l.mode)).toEqual(['CREDIT', 'CREDIT', 'CREDIT', 'CREDIT', 'CREDIT']);
    expect(credits.page.totalElements).toBeGreaterThanOrEqual(LINES);
    const dates = credits.page.content.map((l) => l.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('a statement filtered by transaction', () => {
  it("finds the transaction's lines through its vouchers, not by walking every line of the wallet", async () => {
    // A transaction with a balance line on the wallet, other than the voucher the thousands of lines above hang on.
    const { transaction_id: transactionId, n } = await one<{ transaction_id: string; n: string }>(sql`select v.transaction_id, count(*) as n
      from voucher_lines l join vouchers v on v.id = l.voucher_id
      where l.wallet_id = ${walletId} and l.bucket = 'balance' and v.transaction_id is not null and v.id <> (select id from vouchers order by id limit 1)
      group by v.transaction_id order by v.transaction_id limit 1`);
    const found = await plansOf({ walletIds: [walletId], transactionIds: [transactionId], page: 0, size: 50 });
    expect(found.total).toBe(Number(n));
    expect(found.lines).toBe(Number(n));
    expect(found.plans.length).toBeGreaterThan(0);
    for (const plan of found.plans) expect(plan).toMatch(/vouchers_transaction_idx/);
  });
});
