import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { creditByOperations, globexAtlasWallets, knownUsdAedPricing, orgIdsByCode, transferUsers, usdAedQuote } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { statementsSent } from '../test/statements-sent.ts';
import { planOf } from '../test/explain.ts';

// PostgreSQL only (vitest.config.ts): counts the statements each step of a transfer sends over the wire.
let s: TestServer;
let globex: string;
let atlas1: string;
let atlas2: string;
let w: { usd: string; aed: string };

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, atlas1, atlas2 } = await transferUsers(s));
  const orgs = await orgIdsByCode(s.services.db);
  w = await globexAtlasWallets(s.services.db, orgs);
  await knownUsdAedPricing(s, orgs.get('ATLAS') ?? '', 'fee-transfer-statements');
  const ops = (await transferUsers(s)).ops;
  await creditByOperations(s, ops, w.usd, '10000');
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

/** The statements `step` sends, less the pricing state's change stamp (read at most once per 500 ms for all pricing, not per call). */
async function statementsOf<T>(step: () => Promise<T>): Promise<{ sent: string[]; trips: number; result: T }> {
  const { sent, trips, result } = await statementsSent(step);
  const stamps = sent.filter((t) => t.startsWith("SELECT concat_ws('|'")).length;
  return { sent: sent.filter((t) => !t.startsWith("SELECT concat_ws('|'")), trips: trips - stamps, result };
}

const shown = (sent: string[]) => sent.map((t, i) => `${i + 1}: ${t.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');

async function transfer(key: string) {
  const q = await usdAedQuote(s, globex, w.usd, '10');
  return statementsOf(async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/v2/merchant/transactions',
      headers: { authorization: `Bearer ${globex}`, 'idempotency-key': key },
      payload: { category: 'TRANSFER', type: 'FX_DEAL', quoteId: q.quoteId ?? q.id, sourceWalletId: w.usd, targetWalletId: w.aed },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { transactionId: string };
  });
}

// With an Idempotency-Key, which any caller may send on a write (the portal sends none on an approval: a second approval is refused by the transition table).
const decide = (token: string, id: string, side: 'source' | 'target', key: string) =>
  statementsOf(async () => {
    const res = await s.app.inject({
      method: 'PUT',
      url: `/v2/sp/transactions/${id}/${side}-approval`,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      payload: { status: 'APPROVED' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string };
  });

const configReads = (sent: string[]) =>
  sent.filter((t) => /fee_rules|fee_profiles|from "currencies"|global_configs|accounting_configs" where|lock_timeout/.test(t));

describe('a complete transfer', () => {
  it('sends 9 statements to create (was 14) in 7 round trips, 5 for the source approval (was 9) in 3 and 7 for the target approval (was 15) in 5, each telling its notice in the statement of its step: no configuration read per call', async () => {
    // The first transfer loads the pricing state and opens the ledger accounts.
    const warm = await transfer('warm-transfer-1');
    await decide(atlas1, warm.result.transactionId, 'source', 'warm-source-1');
    await decide(atlas2, warm.result.transactionId, 'target', 'warm-target-1');

    const created = await transfer('count-transfer-2');
    const source = await decide(atlas1, created.result.transactionId, 'source', 'count-source-2');
    const target = await decide(atlas2, created.result.transactionId, 'target', 'count-target-2');
    expect(target.result.status).toBe('COMPLETED');

    // Create: the claim first, the quote, both wallets in one read with the merchant's authorization as it stands (never
    // cached: a paused merchant moves nothing; read inside the wallets' statement, one round trip fewer than apart),
    // the row with its record and the TSP's notice, the hold's posting, the stored answer.
    expect(created.sent, shown(created.sent)).toHaveLength(9);
    expect(created.sent.filter((t) => /from merchant_profiles/.test(t))).toHaveLength(1);
    expect(created.sent.filter((t) => /^select .* from "wallets"/.test(t))[0]).toContain('from merchant_profiles');
    expect(created.sent.filter((t) => /insert into "notifications"/.test(t))).toHaveLength(1);
    expect(created.sent[1]).toBe('begin');
    expect(created.sent[2]).toMatch(/^insert into "idempotency_keys"/);
    expect(created.sent.filter((t) => /^select .* from "wallets"/.test(t))).toHaveLength(1);
    expect(created.sent.filter((t) => /savepoint/.test(t))).toEqual([]);
    expect(created.sent[5]).toMatch(
      /^with "created" as \(insert into "transaction_events" .*\), "told" as \(insert into "notifications" .*\) insert into "transactions_v2"/,
    );
    // Each approval finds and locks the row in one statement; the target's conversion reads both wallets with their accounts at once.
    // The row's change, the step's record and the next side's notice are one statement.
    expect(source.sent, shown(source.sent)).toHaveLength(5);
    expect(source.sent[3]).toMatch(
      /^with "step" as \(insert into "transaction_events" .*\), "told" as \(insert into "notifications" .*\) update "transactions_v2"/,
    );
    expect(source.sent[2]).toMatch(/from "transactions_v2" .* for update$/);
    // The conversion's voucher is valued at the served mids the process holds (no read of the rate history): its post
    // checks in its own statement that the history has not changed since.
    expect(target.sent, shown(target.sent)).toHaveLength(7);
    expect(target.sent.filter((t) => t.includes('rate_history '))).toEqual([]);
    expect(target.sent.filter((t) => /^with "step" as .*, "told" as \(insert into "notifications" .*\) update "transactions_v2"/.test(t))).toHaveLength(1);
    expect(target.sent[2]).toMatch(/from "transactions_v2" .* for update$/);
    expect(target.sent[3]).toMatch(/from "wallets" left join "accounting_configs"/);
    for (const step of [created, source, target]) expect(configReads(step.sent), shown(step.sent)).toEqual([]);

    // Each transaction's `begin` goes out with its first statement, and its `commit` with its last: the create's stored
    // answer, an approval's step (an approval stores no answer). Two round trips fewer than statements each (the
    // caller's check, before the transaction, is a trip of its own).
    expect(created.sent.at(-1)).toBe('commit');
    expect(created.sent.at(-2)).toMatch(/^update "idempotency_keys"/);
    for (const approval of [source, target]) {
      expect(approval.sent.at(-1)).toBe('commit');
      expect(approval.sent.at(-2)).toMatch(/^with "step" as .* update "transactions_v2"/);
    }
    expect([created.trips, source.trips, target.trips]).toEqual([7, 3, 5]);
  });
});

describe("a completed transfer's cancellation", () => {
  it("reads the transfer's ledger lines through its vouchers' index, not by scanning the ledger", async () => {
    const t = await transfer('plan-transfer');
    await decide(atlas1, t.result.transactionId, 'source', 'plan-source');
    expect((await decide(atlas2, t.result.transactionId, 'target', 'plan-target')).result.status).toBe('COMPLETED');
    // A ledger of other transactions' vouchers (balanced, of accounts alone): a read by the line's own copy of
    // the transaction (no index) or by the vouchers' category would read them all.
    const db = s.services.db;
    const prefix = `plan-${Date.now()}`;
    await db.execute(sql`insert into vouchers (id, voucher_no, status, voucher_date, total_credit_amount_in_lc, total_debit_amount_in_lc,
        transaction_id, category, posted_at)
      select ${prefix} || '-' || g, ${prefix} || '-' || g, 'POSTED', current_date, 1, 1, ${prefix} || '-TXN-' || g, 'TRANSACTION', now()
      from generate_series(1, 3000) g`);
    await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_name, account_code, account_ccy_code, rate, debit_or_credit,
        amount_in_fc, amount_in_lc, transaction_id, posted_at)
      select ${prefix} || '-' || g || '-' || side, ${prefix} || '-' || g, case when side = 'D' then 1 else 2 end, 'Plan', 'PLAN', 'USD', 1, side, 1, 1,
        ${prefix} || '-TXN-' || g, now()
      from generate_series(1, 3000) g, (values ('D'), ('C')) as sides (side)`);
    await db.execute(sql`analyze voucher_lines`);
    await db.execute(sql`analyze vouchers`);

    const today = new Date().toISOString().slice(0, 10);
    const requested = await s.app.inject({
      method: 'POST',
      url: '/v2/sp/transactions/cancellations',
      headers: { authorization: `Bearer ${atlas1}` },
      payload: { mainTransactionId: t.result.transactionId, reason: 'Duplicate deal', cancellationDate: today },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const { sent, values, result } = await statementsSent(() =>
      s.app.inject({
        method: 'PUT',
        url: '/v2/sp/transactions/cancellations',
        headers: { authorization: `Bearer ${atlas2}` },
        payload: { cancellationId: (requested.json() as { cancellationId: string }).cancellationId, status: 'APPROVED' },
      }),
    );
    expect(result.statusCode, result.body).toBe(200);
    const reads = sent.flatMap((text, i) => (/^select .* from "voucher_lines"/.test(text) ? [{ text, values: values[i] ?? [] }] : []));
    expect(reads, shown(sent)).toHaveLength(1);
    for (const read of reads) {
      const plan = await planOf(s.database, read.text, read.values);
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/vouchers_transaction_idx/);
      expect(plan).toMatch(/voucher_lines_voucher_idx/);
    }
  });
});

describe('deal positions over many transactions', () => {
  it("a wallet's deal positions find its transactions by the wallet's own index, not by reading every tenant's", async () => {
    const db = s.services.db;
    // Many transfers of another TSP, on other wallets, each on its own quote: the wallet's own are a few among them.
    const prefix = `lookup-${Date.now()}`;
    await db.execute(sql`insert into quotes select (jsonb_populate_record(null::quotes, to_jsonb(q) || jsonb_build_object('id', ${prefix} || '-q-' || g))).*
      from generate_series(1, 3000) g, (select * from quotes limit 1) q`);
    await db.execute(sql`insert into transactions_v2 (id, transaction_id, category, type, status, source_approval_status, target_approval_status,
        merchant_id, service_provider_id, target_sp_id, source_wallet_id, target_wallet_id, quote_id, source_amount, source_currency, target_amount,
        target_currency, value_date, created_at)
      select ${prefix} || '-' || g, ${prefix} || '-TXN-' || g, 'TRANSFER', 'FX_DEAL', 'COMPLETED', 'APPROVED', 'APPROVED', t.merchant_id,
        o.id, o.id, ${prefix} || '-src-' || (g % 50), ${prefix} || '-dst-' || (g % 50), ${prefix} || '-q-' || g, 10, 'USD', 36.7, 'AED',
        current_date, now() - g * interval '1 minute'
      from generate_series(1, 3000) g, (select * from transactions_v2 where category = 'TRANSFER' limit 1) t,
        (select id from organisations where code = 'MERIDIAN') o`);
    await db.execute(sql`analyze quotes`);
    await db.execute(sql`analyze transactions_v2`);

    const get = (url: string, token: string) => s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const { sent, values, result } = await statementsSent(() => get(`/sp/v1/deals/positions/${w.usd}`, atlas1));
    expect(result.statusCode, result.body).toBe(200);
    const reads = sent.flatMap((text, i) =>
      // The deal positions' two legs (incoming, outgoing).
      /^select/.test(text) && /"transfer_legs"/.test(text) && /"quote_terms"/.test(text) ? [{ text, values: values[i] ?? [] }] : [],
    );
    expect(reads, shown(sent)).toHaveLength(2);
    for (const read of reads) {
      const plan = await planOf(s.database, read.text, read.values);
      expect(plan, read.text).not.toMatch(/Seq Scan on transactions_v2/);
      expect(plan).toMatch(/transactions_v2_(source|target)_wallet/);
    }
  });
});
