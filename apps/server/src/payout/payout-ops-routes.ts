import type { CallRegistrar } from '../http/registrar.ts';
import { paymentDto } from '../payments/payment-service.ts';
import { failureLog, repushPayment, repushTransaction } from './payout-ops-service.ts';

/** Re-push (TSP and operations) and the failure log of the payout rail. */
export function registerPayoutOpsRoutes(r: CallRegistrar): void {
  r.serve('spPayments.repush', async ({ caller, tenant, db, params, services }) =>
    paymentDto(await repushPayment(db, { tenant, userId: caller.userId }, params.paymentId, services.config.now(), 'paymentId')),
  );
  r.serve('internalTransactions.rePush', async ({ caller, db, params, services }) =>
    repushTransaction(db, caller.userId, params.transactionId, services.config.now()),
  );
  r.serve('internalPayments.failureLog', async ({ db, query }) => failureLog(db, null, query));
}
