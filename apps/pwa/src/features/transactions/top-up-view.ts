import type { TopUpDetailsView } from '@/components/top-up-details/top-up-details.tsx';
import type { TransactionView } from './transaction-columns.tsx';

/**
 * A top-up's details page from the transaction alone, until (or when offline, unless) the top-ups call has
 * answered: what the transaction does not carry (merchant name, authorizer, balance) shows as missing.
 */
export function topUpView(tx: TransactionView): TopUpDetailsView {
  return {
    merchantName: null,
    transactionId: tx.transactionId,
    transferRefNumber: tx.referenceNumber,
    collectionMode: tx.collectionMode,
    bank: null,
    currency: tx.targetCurrency,
    amount: tx.targetAmount,
    account: null,
    dateOfRequest: tx.createdAt ?? null,
    sourceOfIncome: null,
    purposeOfTransaction: null,
    createdBy: tx.createdBy?.name ?? null,
    authorizedBy: null,
    remarks: tx.remarks,
    country: null,
    walletBalance: null,
  };
}
