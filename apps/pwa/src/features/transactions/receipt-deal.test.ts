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

  it("names each tax's charge and currency, in the call's order (the first is the totals' first tax)", () => {
    const tx = transactionFixture({
      merchantCharges: [{ chargeMode: 'OUR', amount: '5', currency: 'USD', tax: [{ name: 'VAT', amount: '0.25' }] }],
      correspondentCharges: [{ chargeMode: 'BEN', amount: '36.73', currency: 'AED', tax: [{ name: 'VAT', amount: '1.84' }] }],
      tax: [
        { name: 'VAT', amount: '0.25' },
        { name: 'VAT', amount: '1.84' },
      ],
    });
    const deal = receiptDeal(tx);
    expect(deal.tax).toEqual([
      { name: 'VAT', amount: '0.25', on: 'MERCHANT', currency: 'USD' },
      { name: 'VAT', amount: '1.84', on: 'CORRESPONDENT', currency: 'AED' },
    ]);
    expect(deal.tax.map((x) => x.amount)).toEqual(tx.tax.map((x) => x.amount));
  });

  it('signs with a refusal on either side, and prints a top-up on credit as a top-up', () => {
    expect(receiptDeal(transactionFixture({ sourceApprovalStatus: 'REJECTED', targetApprovalStatus: null })).approvalStatus).toBe('REJECTED');
    expect(receiptDeal(transactionFixture({ sourceApprovalStatus: 'APPROVED', targetApprovalStatus: 'REJECTED' })).approvalStatus).toBe('REJECTED');
    const topUp = receiptDeal(transactionFixture({ category: 'TOPUP_CREDIT', sourceApprovalStatus: 'PENDING', targetApprovalStatus: null, createdBy: null }));
    expect(topUp).toMatchObject({ category: 'TOPUP', approvalStatus: 'PENDING', createdBy: { name: '-' } });
  });
});
