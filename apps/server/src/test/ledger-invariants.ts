import { expect } from 'vitest';
import type { Db } from '../db/database.ts';
import { ledgerDiscrepancies } from '../ledger/ledger-service.ts';

/**
 * The ledger invariants every test file ends with: each voucher balances in local currency (and its
 * totals match its lines), and each stored running position equals the sum of its postings, and so does each line's running value.
 */
export async function expectLedgerConsistent(db: Db): Promise<void> {
  const { unbalanced, positions, runningBalances } = await ledgerDiscrepancies(db);
  expect(unbalanced).toEqual([]);
  expect(positions).toEqual([]);
  expect(runningBalances).toEqual([]);
}
