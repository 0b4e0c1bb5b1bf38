import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../db/database.ts';
import { observedDb } from '../db/open.ts';
import { vouchers } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { planOf } from '../test/explain.ts';
import { accountingEntryPage, entityEntries } from './accounting-entries.ts';

let s: TestServer;
let db: Db;
let tspId: string;
let walletId: string;
let spWalletId: string;
const OTHERS = 5000;

const one = async <T>(query: SQL): Promise<T> => rowsOf<T>(await db.execute(query))[0] as T;

beforeAll(async () => {
  // Thousands of the TSP's vouchers on other wallets, written straight into the table (no lines: no invariant to check).
  s = await startTestServer({}, { ledgerCheck: false });
  db = s.services.db;
  ({
    id: walletId,
    sp: spWalletId,
    tsp: tspId,
  } = await one<{ id: string; sp: string; tsp: string }>(
    sql`select id, sp_wallet_id as sp, service_provider_id as tsp from wallets where merchant_service_id is not null and sp_wallet_id is not null order by id limit 1`,
  ));
  await db.execute(sql`insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc,
      tsp_id, tsp_wallet_id, ms_wallet_id, category, posted_at)
    select 'plan-entries-' || g, 'PLAN-ENTRIES-' || g, 'POSTED', current_date, 1, 1, ${tspId}, 'plan-tsp-wallet-' || (g % 40),
      case when g % 3 = 0 then null else 'plan-ms-wallet-' || (g % 200) end, 'TRANSACTION', now() - g * interval '1 minute'
    from generate_series(1, ${OTHERS}::int) g`);
  await db.execute(sql`analyze vouchers`);
});
afterAll(async () => {
  await s?.close();
});

/** PostgreSQL's plan of every statement `read` sends that finds vouchers by a wallet (the page, its count inside it). */
async function plansOf(read: (db: Db) => Promise<unknown>): Promise<string[]> {
  const queries: Array<{ text: string; params: unknown[] }> = [];
  await read(observedDb(s.database, (text, params) => queries.push({ text, params })));
  const reads = queries.filter((q) => /from "vouchers"/.test(q.text) && /"vouchers"\."(ms|tsp)_wallet_id" = \$/.test(q.text));
  return Promise.all(reads.map((q) => planOf(s.database, q.text, q.params)));
}

const scope = () => eq(vouchers.tspId, tspId);

describe("a wallet's accounting entries", () => {
  it("find the merchant wallet's vouchers by its own index, not among all of its TSP's", async () => {
    const plans = await plansOf((observed) => entityEntries(observed, scope(), walletId));
    // One statement: the page, and its count read beside it (an InitPlan), each by the indexes.
    expect(plans).toHaveLength(1);
    for (const plan of plans) {
      expect(plan).toMatch(/InitPlan/);
      expect(plan).toMatch(/vouchers_ms_wallet_idx/);
      expect(plan).toMatch(/vouchers_tsp_wallet_idx/);
      expect(plan).not.toMatch(/Seq Scan on vouchers/);
    }
    const entries = await entityEntries(db, scope(), walletId);
    const { n } = await one<{ n: string }>(
      sql`select count(*) as n from vouchers where tsp_id = ${tspId} and (ms_wallet_id = ${walletId} or tsp_wallet_id = ${walletId})`,
    );
    expect(Number(n)).toBeGreaterThan(0);
    expect(entries.totalElements).toBe(Number(n));
  });

  it("filter the list by the TSP's wallet through its index", async () => {
    const plans = await plansOf((observed) => accountingEntryPage(observed, scope(), { tspWalletId: spWalletId, page: 0, size: 20 } as never));
    expect(plans).toHaveLength(1);
    for (const plan of plans) {
      expect(plan).toMatch(/InitPlan/);
      expect(plan).toMatch(/vouchers_tsp_wallet_idx/);
      expect(plan).not.toMatch(/Seq Scan on vouchers/);
    }
  });
});
