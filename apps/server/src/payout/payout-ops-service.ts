import type { Db } from '../db/database.ts';
import { actOnPayment } from '../payments/payment-service.ts';
import type { PaymentCaller } from '../payments/payment-types.ts';

/**
 * Sends a PROCESSING payment to the bank again as a new attempt (a new payout_outbox row in the same
 * transaction as the event). The bank keys payouts by payment id, so a payment it already paid is not paid again.
 */
export async function repushPayment(db: Db, caller: PaymentCaller, id: string, now: Date, field: string) {
  return actOnPayment(db, caller, id, 'repush', now, { field, reason: 'Pushed to the bank again' });
}

/** The internal re-push answers the transaction's status record. */
export async function repushTransaction(db: Db, userId: string, transactionId: string, now: Date) {
  const row = await repushPayment(db, { tenant: null, userId }, transactionId, now, 'transactionId');
  return {
    transactionId: row.paymentId,
    txnStatus: 'PROCESSING' as const,
    sourceApprovalStatus: 'APPROVED' as const,
    targetApprovalStatus: null,
    updatedAt: (row.updatedAt ?? now).toISOString(),
  };
}
