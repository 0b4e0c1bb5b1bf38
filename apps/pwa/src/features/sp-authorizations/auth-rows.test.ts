import { describe, expect, it } from 'vitest';
import { approvalCallOf, authTabQuery, awaitsSecondApprover, decidingSide, mayDecide, tspSides, type AuthDecision, type AuthRow } from './auth-rows.ts';

/** A transaction as the list call returns it; only what the decisions read varies. */
function row(over: Partial<AuthRow>): AuthRow {
  return {
    id: 'row-1',
    transactionId: 'TXN1',
    category: 'TRANSFER',
    type: 'FX_DEAL',
    status: 'PENDING',
    txnStatus: 'PENDING',
    sourceApprovalStatus: 'PENDING',
    targetApprovalStatus: 'PENDING',
    referenceNumber: null,
    merchantId: 'GLOBEX',
    serviceProviderId: 'ATLAS',
    targetSPId: 'ATLAS',
    sourceWalletId: 'w-usd',
    targetWalletId: 'w-aed',
    fundingPartyId: null,
    correspondentId: null,
    collectionMode: null,
    quoteId: 'q1',
    sourceAmount: '1000',
    sourceCurrency: 'USD',
    targetAmount: '3672.5',
    targetCurrency: 'AED',
    exchangeRate: '3.6725',
    correspondentCharges: [],
    merchantCharges: [],
    tax: [],
    valueDate: null,
    remarks: null,
    ...over,
  };
}

describe('authorization tabs', () => {
  it('pending and in-verification ask for an open transaction with that approval status', () => {
    expect(authTabQuery('transfers', 'pending')).toEqual({ categories: ['TRANSFER'], approvalStatuses: ['PENDING'], statuses: ['PENDING', 'PROCESSING'] });
    expect(authTabQuery('top-ups', 'in-verification')).toEqual({
      categories: ['TOPUP', 'TOPUP_CREDIT'],
      approvalStatuses: ['IN_VERIFICATION'],
      statuses: ['PENDING', 'PROCESSING'],
    });
  });

  it('rejected reads the rejected statuses of either side; approved an approved side; overview everything', () => {
    expect(authTabQuery('transfers', 'rejected')).toEqual({ categories: ['TRANSFER'], statuses: ['REJECTED', 'SOURCE_REJECTED', 'TARGET_REJECTED'] });
    expect(authTabQuery('transfers', 'approved')).toEqual({ categories: ['TRANSFER'], approvalStatuses: ['APPROVED'] });
    expect(authTabQuery('top-ups', 'overview')).toEqual({ categories: ['TOPUP', 'TOPUP_CREDIT'] });
    expect(authTabQuery('top-ups', 'nonsense')).toEqual({ categories: ['TOPUP', 'TOPUP_CREDIT'] });
  });
});

describe('the side a TSP decides', () => {
  it('a transfer: the source TSP while PENDING, the target TSP once PROCESSING, nobody once decided', () => {
    const interbank = { serviceProviderId: 'ATLAS', targetSPId: 'MERIDIAN' };
    expect(decidingSide(row({ ...interbank, status: 'PENDING' }), 'ATLAS')).toBe('SOURCE');
    expect(decidingSide(row({ ...interbank, status: 'PENDING' }), 'MERIDIAN')).toBeNull();
    expect(decidingSide(row({ ...interbank, status: 'PROCESSING' }), 'MERIDIAN')).toBe('TARGET');
    expect(decidingSide(row({ ...interbank, status: 'PROCESSING' }), 'ATLAS')).toBeNull();
    expect(decidingSide(row({ ...interbank, status: 'COMPLETED' }), 'MERIDIAN')).toBeNull();
    expect(decidingSide(row({ ...interbank, status: 'SOURCE_REJECTED' }), 'ATLAS')).toBeNull();
  });

  it('one TSP on both sides decides the source, then the target', () => {
    expect(decidingSide(row({ status: 'PENDING' }), 'ATLAS')).toBe('SOURCE');
    expect(decidingSide(row({ status: 'PROCESSING' }), 'ATLAS')).toBe('TARGET');
    expect(tspSides(row({}), 'ATLAS')).toEqual(['SOURCE', 'TARGET']);
  });

  it("a top-up has one side, its wallet's TSP's, decided through the source-approval call", () => {
    const topUp = row({ category: 'TOPUP', targetApprovalStatus: null });
    expect(decidingSide(topUp, 'ATLAS')).toBe('SOURCE');
    expect(tspSides(topUp, 'ATLAS')).toEqual(['SOURCE']);
    expect(decidingSide({ ...topUp, status: 'REJECTED' }, 'ATLAS')).toBeNull();
  });

  it('another organisation, no organisation or an unknown category decides nothing', () => {
    expect(decidingSide(row({}), 'MERIDIAN')).toBeNull();
    expect(decidingSide(row({}), null)).toBeNull();
    expect(decidingSide(row({ category: 'PAYOUT' }), 'ATLAS')).toBeNull();
    expect(tspSides(row({}), 'MERIDIAN')).toEqual([]);
  });

  it("calls the merchant-transaction path for a merchant's transaction, the TSP's own otherwise", () => {
    expect(approvalCallOf(row({}), 'SOURCE')).toBe('spMerchantTransactions.sourceApproval');
    expect(approvalCallOf(row({}), 'TARGET')).toBe('spMerchantTransactions.targetApproval');
    expect(approvalCallOf(row({ merchantId: null }), 'TARGET')).toBe('spTransactions.targetApproval');
  });
});

describe('four eyes on the list', () => {
  const decision = (by: string): AuthDecision => ({
    transactionId: 'TXN1',
    step: 'SOURCE',
    data: [{ status: 'APPROVED', remarks: null }],
    createdBy: { id: by, name: by },
    serviceProviderId: 'ATLAS',
    createdAt: '2026-11-29T10:00:00.000Z',
  });

  it("offers the next decision to anyone but the transaction's maker and its last approver", () => {
    const made = row({ createdBy: { id: 'u-maker', name: 'Maker' } });
    expect(mayDecide(made, undefined, 'u-maker')).toBe(false);
    expect(mayDecide(made, decision('u-source'), 'u-source')).toBe(false);
    expect(mayDecide(made, decision('u-source'), 'u-other')).toBe(true);
    expect(mayDecide(made, undefined, null)).toBe(true);
  });

  it('tells an approval that left a side in verification from one that approved it', () => {
    expect(awaitsSecondApprover({ sourceApprovalStatus: 'IN_VERIFICATION', targetApprovalStatus: 'PENDING' })).toBe(true);
    expect(awaitsSecondApprover({ sourceApprovalStatus: 'APPROVED', targetApprovalStatus: 'IN_VERIFICATION' })).toBe(true);
    expect(awaitsSecondApprover({ sourceApprovalStatus: 'APPROVED', targetApprovalStatus: 'PENDING' })).toBe(false);
    expect(awaitsSecondApprover(undefined)).toBe(false);
  });
});
