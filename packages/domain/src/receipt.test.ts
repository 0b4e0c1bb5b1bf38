import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './money.ts';
import { receiptActivityType, receiptSignatories, receiptSignatoryBlocks, receiptTotals } from './receipt.ts';

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
  it('hand-worked transfer: AED 36,725.00 to USD 10,000.00 with a BEN charge of 25 and VAT 1.25', () => {
    // top-up  = 36725.00 + 25 (first charge) + 1.25 (first tax)  = 36751.25
    // credit  = 10000.00 - 25 (BEN)                              =  9975.00
    // settle  = 36725.00 + 0 (no OUR) - 1.25 (tax)                = 36723.75
    expect(
      receiptTotals({
        sourceAmount: '36725.00',
        targetAmount: '10000.00',
        correspondentCharges: [{ chargeMode: 'BEN', amount: '25' }],
        tax: [{ amount: '1.25' }],
      }),
    ).toEqual({ totalTopUp: '36751.25', totalCredit: '9975', settlement: '36723.75' });
  });
  it('hand-worked top-up with SHA then OUR charges: the first charge (SHA) tops up, OUR settles', () => {
    // top-up  = 2500.500 + 3.250 (SHA, first) + 0.163 (first tax) = 2503.913
    // credit  = 2500.500 - 0 (no BEN)                             = 2500.5
    // settle  = 2500.500 + 7.000 (OUR) - 0.163                    = 2507.337
    expect(
      receiptTotals({
        sourceAmount: '2500.500',
        targetAmount: '2500.500',
        correspondentCharges: [
          { chargeMode: 'SHA', amount: '3.250' },
          { chargeMode: 'OUR', amount: '7.000' },
        ],
        tax: [{ amount: '0.163' }],
      }),
    ).toEqual({ totalTopUp: '2503.913', totalCredit: '2500.5', settlement: '2507.337' });
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

describe('receiptSignatoryBlocks — who signs each block (approval and cancellation records, spec 1 section 3)', () => {
  const approved = (name: string, at: string) => ({ data: [{ status: 'APPROVED', remarks: null }], createdBy: { name }, createdAt: at });
  it('names the last approver (the target side of a transfer) with the approved wording', () => {
    expect(
      receiptSignatoryBlocks({
        txnStatus: 'COMPLETED',
        approvalStatus: 'APPROVED',
        approvals: [approved('Omar (source)', '2026-11-20T09:00:00Z'), approved('Rana (target)', '2026-11-20T10:00:00Z')],
      }),
    ).toEqual([{ label: 'Approved by', approved: true, name: 'Rana (target)', at: '2026-11-20T10:00:00Z', remarks: null }]);
  });
  it('keeps an empty signature line when completed without an approval record', () => {
    expect(receiptSignatoryBlocks({ txnStatus: 'COMPLETED', approvalStatus: null })).toEqual([
      { label: 'Approved by', approved: false, name: null, at: null, remarks: null },
    ]);
  });
  it('names the rejecter with the reason, and the canceller with the cancellation day', () => {
    expect(
      receiptSignatoryBlocks({
        txnStatus: 'TARGET_REJECTED',
        approvalStatus: 'REJECTED',
        approvals: [
          approved('Omar', '2026-11-20T09:00:00Z'),
          { data: [{ status: 'REJECTED', remarks: 'Beneficiary unknown' }], createdBy: { name: 'Rana' }, createdAt: '2026-11-20T11:00:00Z' },
        ],
      }),
    ).toEqual([{ label: 'Rejected by', approved: false, name: 'Rana', at: '2026-11-20T11:00:00Z', remarks: 'Beneficiary unknown' }]);
    expect(
      receiptSignatoryBlocks({
        txnStatus: 'CANCELLED',
        approvalStatus: 'APPROVED',
        cancellation: { cancelledBy: { name: 'Lina' }, cancelledOn: '2026-11-21' },
      }),
    ).toEqual([{ label: 'Cancelled by', approved: false, name: 'Lina', at: '2026-11-21', remarks: null }]);
  });
});
