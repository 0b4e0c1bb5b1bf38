import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/database.ts';
import { voucherLines, vouchers } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { ledgerDiscrepancies } from './ledger-service.ts';

// Every server test file ends with the ledger check; this file proves the check itself catches each
// kind of corruption, so a green suite means something.
let s: TestServer;
beforeAll(async () => {
  // This file breaks the ledger on purpose (to see the checker find it): no invariant check at its end.
  s = await startTestServer({}, { ledgerCheck: false });
});
afterAll(async () => {
  await s.close();
});

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = rowsOf<T>(await s.services.db.execute(query));
  if (!row) throw new Error('the demo ledger has no such row');
  return row;
}

describe('the ledger checker', () => {
  it('finds the demo ledger consistent to start with', async () => {
    await expectLedgerConsistent(s.services.db);
  });

  it('reports a wallet position that drifted from its postings', async () => {
    const { wallet_id: walletId } = await one<{ wallet_id: string }>(sql`select wallet_id from wallet_positions where balance <> 0 order by wallet_id limit 1`);
    await s.services.db.execute(sql`update wallet_positions set balance = balance + 0.01 where wallet_id = ${walletId}`);
    const { positions, unbalanced } = await ledgerDiscrepancies(s.services.db);
    expect(positions).toEqual([expect.objectContaining({ walletId, bucket: 'balance' })]);
    expect(unbalanced).toEqual([]);
    await s.services.db.execute(sql`update wallet_positions set balance = balance - 0.01 where wallet_id = ${walletId}`);
    await expectLedgerConsistent(s.services.db);
  });

  it('reports a voucher whose line was changed, in local currency and in the wallet position', async () => {
    const line = await one<{ id: string; voucher_no: string; wallet_id: string | null }>(
      sql`select l.id, v.voucher_no, l.wallet_id from voucher_lines l join vouchers v on v.id = l.voucher_id where l.wallet_id is not null and l.bucket = 'balance' order by l.id limit 1`,
    );
    await s.services.db.execute(sql`update voucher_lines set amount_in_lc = amount_in_lc + 1, amount_in_fc = amount_in_fc + 1 where id = ${line.id}`);
    const { positions, unbalanced } = await ledgerDiscrepancies(s.services.db);
    expect(unbalanced).toEqual([line.voucher_no]);
    expect(positions).toEqual([expect.objectContaining({ walletId: line.wallet_id, bucket: 'balance' })]);
    await s.services.db.execute(sql`update voucher_lines set amount_in_lc = amount_in_lc - 1, amount_in_fc = amount_in_fc - 1 where id = ${line.id}`);
    await expectLedgerConsistent(s.services.db);
  });

  it('reports a voucher whose stored total disagrees with its lines', async () => {
    const voucher = await one<{ id: string; voucher_no: string }>(sql`select id, voucher_no from vouchers order by id limit 1`);
    await s.services.db.execute(sql`update vouchers set total_credit_amount_in_lc = total_credit_amount_in_lc + 5 where id = ${voucher.id}`);
    const { positions, unbalanced } = await ledgerDiscrepancies(s.services.db);
    expect(unbalanced).toEqual([voucher.voucher_no]);
    expect(positions).toEqual([]);
    await s.services.db.execute(sql`update vouchers set total_credit_amount_in_lc = total_credit_amount_in_lc - 5 where id = ${voucher.id}`);
    await expectLedgerConsistent(s.services.db);
  });

  it("reports a line whose stored running balance disagrees with its wallet's lines up to it", async () => {
    const line = await one<{ id: string }>(sql`select id from voucher_lines where wallet_id is not null and bucket = 'balance' order by id limit 1`);
    await s.services.db.execute(sql`update voucher_lines set balance_after = balance_after + 1 where id = ${line.id}`);
    expect((await ledgerDiscrepancies(s.services.db)).runningBalances).toEqual([line.id]);
    await s.services.db.execute(sql`update voucher_lines set balance_after = balance_after - 1 where id = ${line.id}`);
    await expectLedgerConsistent(s.services.db);
  });

  it('reports a voucher left without lines', async () => {
    const [voucher] = await s.services.db.select().from(vouchers).orderBy(desc(vouchers.id)).limit(1);
    if (!voucher) throw new Error('the demo ledger has no voucher');
    const lines = await s.services.db.select().from(voucherLines).where(eq(voucherLines.voucherId, voucher.id));
    expect(lines.length).toBeGreaterThan(0);
    await s.services.db.delete(voucherLines).where(eq(voucherLines.voucherId, voucher.id));
    const { unbalanced } = await ledgerDiscrepancies(s.services.db);
    expect(unbalanced).toContain(voucher.voucherNo);
    await s.services.db.insert(voucherLines).values(lines);
    await expectLedgerConsistent(s.services.db);
  });
});
