import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './money.ts';
import { receiptActivityType, receiptSignatories, receiptTotals } from './receipt.ts';

describe('receiptTotals — spec 2: "total top-up = source amount + first correspondent charge + first tax; total credit = target amount minus the BEN charge; settlement = source amount + OUR charge minus tax"', () => {
  it('computes the three totals for an OUR charge with tax', () => {
    expect(
      receiptTotals({
        sourceAmount: '1000',
        targetAmount: '920',
        correspondentCharges: [{ chargeMode: 'OUR', amount: '15' }],
        tax: [{ amount: '1.5' }],
      }),
    ).toEqual({ totalTopUp: '1016.5', totalCredit: '920', settlement: '1013.5' });
  });
  it('takes the BEN charge off the target amount and leaves OUR at zero', () => {
    expect(
      receiptTotals({
        sourceAmount: '500.25',
        targetAmount: '1840.10',
        correspondentCharges: [{ chargeMode: 'BEN', amount: '12.10' }],
        tax: [{ amount: '0.61' }, { amount: '99' }],
      }),
    ).toEqual({ totalTopUp: '512.96', totalCredit: '1828', settlement: '499.64' });
  });
  it('uses only the first charge for top-up, the first of each mode otherwise', () => {
    expect(
      receiptTotals({
        sourceAmount: '100',
        targetAmount: '90',
        correspondentCharges: [
          { chargeMode: 'BEN', amount: '3' },
          { chargeMode: 'OUR', amount: '5' },
          { chargeMode: 'OUR', amount: '7' },
        ],
      }),
    ).toEqual({ totalTopUp: '103', totalCredit: '87', settlement: '105' });
  });
  it('counts missing charges and taxes as zero', () => {
    expect(receiptTotals({ sourceAmount: '100.10', targetAmount: '0.2' })).toEqual({
      totalTopUp: '100.1',
      totalCredit: '0.2',
      settlement: '100.1',
    });
    expect(receiptTotals({ sourceAmount: '100', targetAmount: '50', correspondentCharges: [], tax: [] })).toEqual({
      totalTopUp: '100',
      totalCredit: '50',
      settlement: '100',
    });
  });
  it('adds decimals exactly and never groups (0.1 + 0.2 = 0.3; 1e6 stays plain)', () => {
    const totals = receiptTotals({
      sourceAmount: '1000000.1',
      targetAmount: '0.3',
      correspondentCharges: [{ chargeMode: 'BEN', amount: '0.1' }],
      tax: [{ amount: '0.2' }],
    });
    expect(totals).toEqual({ totalTopUp: '1000000.4', totalCredit: '0.2', settlement: '999999.9' });
  });
  it('property: the totals add up (top-up - settlement = first charge + 2 x tax - OUR charge)', () => {
    const money = fc.integer({ min: 0, max: 10_000_000_00 }).map((n) => new Dec(n).div(100).toFixed());
    fc.assert(
      fc.property(money, money, money, money, fc.constantFrom<'OUR' | 'BEN'>('OUR', 'BEN'), (src, tgt, charge, tax, mode) => {
        const t = receiptTotals({
          sourceAmount: src,
          targetAmount: tgt,
          correspondentCharges: [{ chargeMode: mode, amount: charge }],
          tax: [{ amount: tax }],
        });
        const our = mode === 'OUR' ? charge : '0';
        const ben = mode === 'BEN' ? charge : '0';
        expect(new Dec(t.totalTopUp).minus(t.settlement).eq(new Dec(charge).plus(tax).plus(tax).minus(our))).toBe(true);
        expect(new Dec(t.totalCredit).plus(ben).eq(tgt)).toBe(true);
        expect(new Dec(t.settlement).plus(tax).minus(our).eq(src)).toBe(true);
      }),
    );
  });
});

describe('receiptActivityType — spec 2: "The activity type reads Cancelled when txnStatus is CANCELLED; otherwise Deal Receipt for category TRANSFER and TopUp for TOPUP"', () => {
  it('maps category and status', () => {
    expect(receiptActivityType('TRANSFER')).toBe('Deal Receipt');
    expect(receiptActivityType('TOPUP')).toBe('TopUp');
    expect(receiptActivityType('TRANSFER', 'COMPLETED')).toBe('Deal Receipt');
    expect(receiptActivityType('TOPUP', 'PENDING')).toBe('TopUp');
    expect(receiptActivityType('TRANSFER', 'CANCELLED')).toBe('Cancelled');
    expect(receiptActivityType('TOPUP', 'CANCELLED')).toBe('Cancelled');
  });
});

describe("receiptSignatories — spec 2: \"'Approved by' when txnStatus is COMPLETED; 'Rejected by' when the approval status is REJECTED; 'Cancelled by' when txnStatus is CANCELLED\"", () => {
  it('picks the blocks', () => {
    expect(receiptSignatories({ txnStatus: 'COMPLETED', approvalStatus: 'APPROVED' })).toEqual(['Approved by']);
    expect(receiptSignatories({ txnStatus: 'REJECTED', approvalStatus: 'REJECTED' })).toEqual(['Rejected by']);
    expect(receiptSignatories({ txnStatus: 'CANCELLED' })).toEqual(['Cancelled by']);
    expect(receiptSignatories({ txnStatus: 'PENDING', approvalStatus: null })).toEqual([]);
  });
});
