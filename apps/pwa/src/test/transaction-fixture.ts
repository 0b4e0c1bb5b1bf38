import type { TransactionView } from '@/features/transactions/transaction-columns.tsx';

/** A transaction as the contract gives it, changed where a test says. */
export function transactionFixture(over: Partial<TransactionView> = {}): TransactionView {
  return {
    id: 'row-1',
    transactionId: 'TXN-0001',
    category: 'TRANSFER',
    type: 'FX_DEAL',
    status: 'PROCESSING',
    txnStatus: 'PROCESSING',
    sourceApprovalStatus: 'APPROVED',
    targetApprovalStatus: 'PENDING',
    referenceNumber: 'REF-9',
    merchantId: 'm-1',
    serviceProviderId: 'sp-1',
    targetSPId: 'sp-1',
    sourceWalletId: 'w-1',
    targetWalletId: 'w-2',
    fundingPartyId: null,
    correspondentId: null,
    collectionMode: null,
    quoteId: 'q-1',
    sourceAmount: '1000',
    sourceCurrency: 'USD',
    targetAmount: '920.5',
    targetCurrency: 'EUR',
    exchangeRate: '0.9205',
    correspondentCharges: [{ chargeMode: 'BEN', amount: '2.5', currency: 'EUR', tax: [] }],
    merchantCharges: [{ chargeMode: 'OUR', amount: '12.5', currency: 'USD', tax: [] }],
    tax: [],
    valueDate: '2026-11-24',
    remarks: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: null,
    createdBy: { id: 'u-1', name: 'Mira Maker' },
    ...over,
  };
}
