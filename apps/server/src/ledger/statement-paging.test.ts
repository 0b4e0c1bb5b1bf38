import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@corridor/domain';
import { rowsOf, type Db } from '../db/database.ts';
import { observedDb } from '../db/open.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { scopes } from '../tenant/wallet-scope.ts';
import { statementLines, type StatementLine, type StatementQuery } from './statement-service.ts';

let s: TestServer;
let db: Db;
let merchantId: string;
let foreignWallet: string;

/** A statement's text with its values bound again (each value one parameter, a list too), to run it under EXPLAIN. */
function withValues(text: string, params: unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${sql.param(params[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

const one = async <T>(query: SQL): Promise<T> => rowsOf<T>(await db.execute(query))[0] as T;

beforeAll(async () => {
  s = await startTestServer();
  db = s.services.db;
  // The merchant with the most wallet lines, and a wallet of another organisation.
  ({ merchant_id: merchantId } = await one<{ merchant_id: string }>(sql`select w.merchant_service_id as merchant_id from voucher_lines l
    join wallets w on w.id = l.wallet_id where w.merchant_service_id is not null and l.bucket = 'balance'
    group by w.merchant_service_id order by count(*) desc limit 1`));
  ({ id: foreignWallet } = await one<{ id: string }>(sql`select id from wallets where merchant_service_id is distinct from ${merchantId} order by id limit 1`));
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(db);
  await s?.close();
});

/** The statement as the window function over the whole history computed it before lines kept their balance. */
async function windowedStatement(order: 'asc' | 'desc'): Promise<Array<{ id: string; closing: string }>> {
  const dir = sql.raw(order);
  return rowsOf<{ id: string; closing: string }>(
    await db.execute(sql`select id, closing::text from (
        select l.id, l.posted_at, sum(case when l.debit_or_credit = 'C' then l.amount_in_fc else -l.amount_in_fc end)
          over (partition by l.wallet_id order by l.posted_at, l.id) as closing
        from voucher_lines l join wallets w on w.id = l.wallet_id
        where l.bucket = 'balance' and w.merchant_service_id = ${merchantId}
      ) x order by posted_at ${dir}, id ${dir}`),
  );
}

const query = (q: Partial<StatementQuery> & { cursor?: string }) => statementLines(db, scopes.merchant(merchantId), { page: 0, size: 10, ...q });
const key = (l: StatementLine) => `${l.walletId}|${l.date}|${l.amount}|${l.closingBalance}`;

describe('statement lines', () => {
  it('keeps the order and running balances the window over the whole history gave', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const before = await windowedStatement(order);
      expect(before.length).toBeGreaterThan(20);
      const now = await query({ size: 10_000, sort: order === 'asc' ? ['date,ASC'] : undefined });
      expect(now.page.totalElements).toBe(before.length);
      expect(now.page.content.map((l) => new Dec(l.closingBalance).toFixed())).toEqual(before.map((b) => new Dec(b.closing).toFixed()));
    }
  });

  it('walks every line exactly once by cursor, and by page number at any depth, for many wallets and for one', async () => {
    const all = (await query({ size: 10_000 })).page.content.map(key);
    const byCursor: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 1000; i += 1) {
      const slice = await query({ size: 7, ...(cursor ? { cursor } : {}) });
      byCursor.push(...slice.page.content.map(key));
      if (!slice.nextCursor) break;
      cursor = slice.nextCursor;
    }
    expect(byCursor).toEqual(all);

    const { wallet_id: walletId } = await one<{ wallet_id: string }>(sql`select l.wallet_id from voucher_lines l join wallets w on w.id = l.wallet_id
      where w.merchant_service_id = ${merchantId} and l.bucket = 'balance' group by l.wallet_id order by count(*) desc limit 1`);
    for (const sort of [undefined, ['date,ASC']]) {
      const whole = (await query({ walletIds: [walletId], size: 10_000, sort })).page;
      const paged: string[] = [];
      for (let page = 0; page < whole.totalElements / 6; page += 1) {
        paged.push(...(await query({ walletIds: [walletId], size: 6, page, sort })).page.content.map(key));
      }
      expect(paged).toEqual(whole.content.map(key));
      expect(new Set(paged).size).toBe(whole.totalElements);
    }
  });

  it('counts exactly when cheap, and reads no line of another organisation', async () => {
    // Many lines on another organisation's wallet, on a voucher that exists.
    await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate,
        debit_or_credit, amount_in_fc, amount_in_lc, wallet_id, bucket, posted_at, balance_after)
      select 'foreign-' || g, (select id from vouchers limit 1), 1, 'x', 'x', 'USD', 1, 'C', 1, 1, ${foreignWallet}, 'balance', now(), g
      from generate_series(1, 20000) g`);
    // Every statement the two reads send (built each time or built once), with its values, to explain below.
    const statements: SQL[] = [];
    const observed = observedDb(s.database, (text, params) => statements.push(withValues(text, params)));
    const debits = await statementLines(observed, scopes.merchant(merchantId), { page: 0, size: 5, mode: 'DEBIT', fromDate: '2000-01-01' });
    const first = await statementLines(observed, scopes.merchant(merchantId), { page: 0, size: 5 });
    expect(first.totalKind).toBe('exact');
    expect(debits.page.totalElements).toBe((await query({ mode: 'DEBIT', size: 10_000 })).page.content.length);
    const own = Number(
      (
        await one<{ n: string }>(sql`select count(*) as n from voucher_lines l join wallets w on w.id = l.wallet_id
      where w.merchant_service_id = ${merchantId}`)
      ).n,
    );
    // The two wallet reads, the filtered page and its count, the first page.
    expect(statements.length).toBeGreaterThanOrEqual(5);
    for (const statement of statements) {
      const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (analyze, format json) ${statement}`));
      const raw = plan?.['QUERY PLAN'];
      const nodes: Array<Record<string, unknown>> = [];
      const walk = (node: Record<string, unknown>) => {
        nodes.push(node);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      walk(((typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: Record<string, unknown> }>)[0]?.Plan ?? {});
      for (const node of nodes.filter((n) => n['Relation Name'] === 'voucher_lines')) {
        const loops = Number(node['Actual Loops'] ?? 1);
        const read = (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0)) * loops;
        expect(read, JSON.stringify(node)).toBeLessThanOrEqual(own);
      }
    }
    await db.execute(sql`delete from voucher_lines where id like 'foreign-%'`);
  });
});
