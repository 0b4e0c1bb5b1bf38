import type { CallRegistrar } from '../http/registrar.ts';
import { rateBookOf } from '../rates/rate-service.ts';
import { creditTopUpByOperations } from './transaction-create-service.ts';
import { getTransaction, transactionDetails, transactionStatus } from './transaction-service.ts';

/** Operations read any transaction and post credit top-ups. */
export function registerInternalTransactionRoutes(r: CallRegistrar): void {
  r.serve('internalTransactions.tsp', async ({ db, params }) => getTransaction(db, null, params.transactionId));
  r.serve('internalTransactions.tspDetail', async ({ db, params }) => transactionDetails(db, null, params.transactionId));
  r.serve('internalTransactions.merchant', async ({ db, params }) => getTransaction(db, null, params.transactionId));
  r.serve('internalTransactions.merchantStatus', async ({ db, params }) => transactionStatus(db, null, params.transactionId));
  r.serve('internalTransactions.tspCreditTopUp', async ({ caller, db, body, services, now }) =>
    creditTopUpByOperations(db, rateBookOf(services), caller.userId, body, 'tsp', now),
  );
  r.serve('internalTransactions.merchantCreditTopUp', async ({ caller, db, body, services, now }) =>
    creditTopUpByOperations(db, rateBookOf(services), caller.userId, body, 'merchant', now),
  );
}
