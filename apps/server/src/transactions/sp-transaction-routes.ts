import { rateBookOf } from '../rates/rate-service.ts';
import type { Contract } from '@corridor/api';
import type { CallRegistrar, HandlerContext } from '../http/registrar.ts';
import { decideTransaction, listApprovals } from './transaction-approval-service.ts';
import { createTransaction } from './transaction-create-service.ts';
import {
  basicView,
  cancellationActivities,
  commentOn,
  decideCancellation,
  getTransaction,
  listCancellations,
  listTransactions,
  requestCancellation,
  transactionActivities,
  transactionDetails,
  transactionStatus,
  transactionSummary,
  updateTransactionDetails,
} from './transaction-service.ts';

type ApprovalContext = Pick<HandlerContext<Contract['spTransactions.sourceApproval']>, 'actor' | 'db' | 'params' | 'body' | 'services' | 'now'>;

/** One side's approval: the same decision under the TSP's own paths and the merchant-transaction paths. */
const approve = (side: 'SOURCE' | 'TARGET', { db, params, body, services, actor, now }: ApprovalContext) =>
  decideTransaction(db, rateBookOf(services), actor, params.transactionId, side, body, now);

/** A TSP's transactions: both approval sides, comments, details, cancellations, and the merchant-transaction paths. */
export function registerSpTransactionRoutes(r: CallRegistrar): void {
  r.serve('spTransactions.list', async ({ tenant, db, query, services }) => listTransactions(db, tenant, query, services.config.countLookahead));
  r.serve('spTransactions.create', async ({ db, body, services, actor, now }) => createTransaction(db, rateBookOf(services), actor, body, now));
  r.serve('spTransactions.get', async ({ tenant, db, params }) => getTransaction(db, tenant, params.transactionId));
  r.serve('spTransactions.status', async ({ tenant, db, params }) => transactionStatus(db, tenant, params.transactionId));
  r.serve('spTransactions.summary', async ({ tenant, db, query }) => transactionSummary(db, tenant, query));
  r.serve('spTransactions.basicView', async ({ tenant, db, query, services }) => basicView(db, tenant, query, services.config.countLookahead));
  r.serve('spTransactions.sourceApproval', (ctx) => approve('SOURCE', ctx));
  r.serve('spTransactions.targetApproval', (ctx) => approve('TARGET', ctx));
  r.serve('spTransactions.comment', async ({ db, params, body, actor, now }) => commentOn(db, actor, params.transactionId, body, now));
  r.serve('spTransactions.updateDetails', async ({ db, params, body, actor, now }) => updateTransactionDetails(db, actor, params.transactionId, body, now));
  r.serve('spTransactions.activities', async ({ tenant, db, params }) => transactionActivities(db, tenant, params.transactionId));
  r.serve('spTransactions.approvals', async ({ tenant, db, query, services }) => listApprovals(db, tenant, query, services.config.countLookahead));

  r.serve('spMerchantTransactions.list', async ({ tenant, db, query, services }) => listTransactions(db, tenant, query, services.config.countLookahead));
  r.serve('spMerchantTransactions.details', async ({ tenant, db, params }) => transactionDetails(db, tenant, params.transactionId));
  r.serve('spMerchantTransactions.get', async ({ tenant, db, params }) => getTransaction(db, tenant, params.transactionId));
  r.serve('spMerchantTransactions.status', async ({ tenant, db, params }) => transactionStatus(db, tenant, params.transactionId));
  r.serve('spMerchantTransactions.sourceApproval', (ctx) => approve('SOURCE', ctx));
  r.serve('spMerchantTransactions.targetApproval', (ctx) => approve('TARGET', ctx));
  r.serve('spMerchantTransactions.comment', async ({ db, params, body, actor, now }) => commentOn(db, actor, params.transactionId, body, now));
  r.serve('spMerchantTransactions.approvals', async ({ tenant, db, query, services }) => listApprovals(db, tenant, query, services.config.countLookahead));

  r.serve('cancellations.spList', async ({ tenant, db, query, services }) => listCancellations(db, tenant, query, services.config.countLookahead));
  r.serve('cancellations.spCancel', async ({ db, body, actor, now }) => requestCancellation(db, actor, body, now));
  r.serve('cancellations.spApprove', async ({ db, body, actor, now }) => decideCancellation(db, actor, body, now));
  r.serve('cancellations.spActivities', async ({ tenant, db, query, services }) => cancellationActivities(db, tenant, query, services.config.countLookahead));
}
