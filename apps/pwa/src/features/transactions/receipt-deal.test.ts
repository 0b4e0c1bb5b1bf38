import { describe, expect, it } from 'vitest';
import { receiptTotals } from '@corridor/domain';
import { receiptDeal } from './receipt-deal.ts';
import { transactionFixture } from '@/test/transaction-fixture.ts';

describe('receiptDeal', () => {
  it('prints a transfer as a deal signed with its last decision, and its totals by hand', () => {
    const deal = receiptDeal(transactionFixture({ status: 'COMPLETED', txnStatus: 'COMPLETED', targetApprovalStatus: 'APPROVED' }));
    expect(deal).toMatchObject({ id: 'TXN-0001', category: 'TRANSFER', txnStatus: 'COMPLETED', approvalStatus: 'APPROVED', createdBy: { name: 'Mira Maker' } });
    // Total credit: the target amount 920.50 less the BEN charge 2.50.
    expect(receiptTotals(deal).totalCredit).toBe('918');
  });

  it('signs with a refusal on either side, and prints a top-up on credit as a top-up', () => {
    expect(receiptDeal(transactionFixture({ sourceApprovalStatus: 'REJECTED', targetApprovalStatus: null })).approvalStatus).toBe('REJECTED');
    expect(receiptDeal(transactionFixture({ sourceApprovalStatus: 'APPROVED', targetApprovalStatus: 'REJECTED' })).approvalStatus).toBe('REJECTED');
    const topUp = receiptDeal(transactionFixture({ category: 'TOPUP_CREDIT', sourceApprovalStatus: 'PENDING', targetApprovalStatus: null, createdBy: null }));
    expect(topUp).toMatchObject({ category: 'TOPUP', approvalStatus: 'PENDING', createdBy: { name: '-' } });
  });
});
