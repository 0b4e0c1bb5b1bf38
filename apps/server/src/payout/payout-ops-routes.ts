import type { CallRegistrar } from '../http/registrar.ts';
import { paymentDto } from '../payments/payment-service.ts';
import { failureLog } from '../payments/payment-failure-service.ts';
import { repushPayment, repushTransaction } from './payout-ops-service.ts';

/** Re-push (TSP and operations) and the failure log of the payout rail. */
export function registerPayoutOpsRoutes(r: CallRegistrar): void {
  r.serve('spPayments.repush', async ({ db, params, actor, now }) => paymentDto(await repushPayment(db, actor, params.paymentId, now, 'paymentId')));
  r.serve('internalTransactions.rePush', async ({ caller, db, params, now }) => repushTransaction(db, caller.userId, params.transactionId, now));
  r.serve('internalPayments.failureLog', async ({ db, query }) => failureLog(db, null, query));
}
