import { rateBookOf } from '../rates/rate-service.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { createTransaction } from './transaction-create-service.ts';
import {
  cancellationActivities,
  getTransaction,
  listCancellations,
  listTopUps,
  listTransactions,
  requestCancellation,
  transactionActivities,
  transactionDetails,
  transactionStatus,
} from './transaction-service.ts';

/** A merchant's transactions: top-up requests, transfers from quotes, their details, timelines and cancellation requests. */
export function registerMerchantTransactionRoutes(r: CallRegistrar): void {
  r.serve('merchantTransactions.list', async ({ tenant, db, query, services }) => listTransactions(db, tenant, query, services.config.countLookahead));
  r.serve('merchantTransactions.create', async ({ db, body, services, actor, now }) => createTransaction(db, rateBookOf(services), actor, body, now));
  r.serve('merchantTransactions.get', async ({ tenant, db, params }) => getTransaction(db, tenant, params.transactionId));
  r.serve('merchantTransactions.status', async ({ tenant, db, params }) => transactionStatus(db, tenant, params.transactionId));
  r.serve('merchantTransactions.details', async ({ tenant, db, params }) => transactionDetails(db, tenant, params.transactionId));
  r.serve('merchantTransactions.activities', async ({ tenant, db, params }) => transactionActivities(db, tenant, params.transactionId));
  r.serve('cancellations.merchantList', async ({ tenant, db, query, services }) => listCancellations(db, tenant, query, services.config.countLookahead));
  r.serve('cancellations.merchantCancel', async ({ db, body, actor, now }) => requestCancellation(db, actor, body, now));
  r.serve('cancellations.merchantActivities', async ({ tenant, db, query, services }) =>
    cancellationActivities(db, tenant, query, services.config.countLookahead),
  );
  r.serve('topUps.list', async ({ tenant, db, query, services }) => listTopUps(db, tenant, query, services.config.countLookahead));
}
