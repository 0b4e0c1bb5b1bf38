import type { ReceiptDealView } from '@/components/deal-receipt/deal-receipt-types.ts';
import type { TransactionView } from './transaction-columns.tsx';
import { kindOfCategory } from './transaction-kind.ts';

/**
 * The approval status a receipt signs with: a refusal on either side wins (the receipt says who rejected),
 * otherwise the last side that decided (a transfer's target, a top-up's only side).
 */
function receiptApprovalStatus(tx: TransactionView): string | null {
  if (tx.sourceApprovalStatus === 'REJECTED' || tx.targetApprovalStatus === 'REJECTED') return 'REJECTED';
  return tx.targetApprovalStatus ?? tx.sourceApprovalStatus;
}

/** A transaction as the deal receipt prints it: a top-up on credit prints as a top-up, anything else as a deal. */
export function receiptDeal(tx: TransactionView): ReceiptDealView {
  return {
    id: tx.transactionId,
    category: kindOfCategory(tx.category) === 'TOP_UP' ? 'TOPUP' : 'TRANSFER',
    type: tx.type,
    txnStatus: tx.txnStatus,
    approvalStatus: receiptApprovalStatus(tx),
    targetSPId: tx.targetSPId,
    createdAt: tx.createdAt ?? '',
    createdBy: { name: tx.createdBy?.name ?? '-' },
    valueDate: tx.valueDate,
    remarks: tx.remarks,
    referenceNumber: tx.referenceNumber,
    sourceAmount: tx.sourceAmount,
    sourceCurrency: tx.sourceCurrency,
    targetAmount: tx.targetAmount,
    targetCurrency: tx.targetCurrency,
    exchangeRate: tx.exchangeRate,
    correspondentCharges: tx.correspondentCharges,
    // The same taxes, in the same order, as the call's flat list: each with its charge and that charge's currency.
    tax: [
      ...tx.merchantCharges.flatMap((c) => c.tax.map((x) => ({ ...x, on: 'MERCHANT' as const, currency: c.currency }))),
      ...tx.correspondentCharges.flatMap((c) => c.tax.map((x) => ({ ...x, on: 'CORRESPONDENT' as const, currency: c.currency }))),
    ],
  };
}
