import { rateBookOf } from '../rates/rate-service.ts';
import type { Contract } from '@corridor/api';
import type { CallRegistrar, HandlerContext } from '../http/registrar.ts';
import {
  basicView,
  cancellationActivities,
  commentOn,
  createTransaction,
  decideCancellation,
  decideTransaction,
  getTransaction,
  listApprovals,
  listCancellations,
  listTransactions,
  requestCancellation,
  transactionActivities,
  transactionDetails,
  transactionStatus,
  transactionSummary,
  updateTransactionDetails,
} from './transaction-service.ts';

type ApprovalContext = Pick<HandlerContext<Contract['spTransactions.sourceApproval']>, 'caller' | 'tenant' | 'db' | 'params' | 'body' | 'services'>;

/** One side's approval: the same decision under the TSP's own paths and the merchant-transaction paths. */
const approve = (side: 'SOURCE' | 'TARGET', { caller, tenant, db, params, body, services }: ApprovalContext) =>
  decideTransaction(
    db,
    rateBookOf(services),
    { tenant, userId: caller.userId, userName: caller.name },
    params.transactionId,
    side,
    body,
    services.config.now(),
  );

/** A TSP's transactions: both approval sides, comments, details, cancellations, and the merchant-transaction paths. */
export function registerSpTransactionRoutes(r: CallRegistrar): void {
  r.serve('spTransactions.list', async ({ tenant, db, query, services }) => listTransactions(db, tenant, query, services.config.countLookahead));
  r.serve('spTransactions.create', async ({ caller, tenant, db, body, services }) =>
    createTransaction(db, rateBookOf(services), { tenant, userId: caller.userId, userName: caller.name }, body, services.config.now()),
  );
  r.serve('spTransactions.get', async ({ tenant, db, params }) => getTransaction(db, tenant, params.transactionId));
  r.serve('spTransactions.status', async ({ tenant, db, params }) => transactionStatus(db, tenant, params.transactionId));
  r.serve('spTransactions.summary', async ({ tenant, db, query }) => transactionSummary(db, tenant, query));
  r.serve('spTransactions.basicView', async ({ tenant, db, query, services }) => basicView(db, tenant, query, services.config.countLookahead));
  r.serve('spTransactions.sourceApproval', (ctx) => approve('SOURCE', ctx));
  r.serve('spTransactions.targetApproval', (ctx) => approve('TARGET', ctx));
  r.serve('spTransactions.comment', async ({ caller, tenant, db, params, body, services }) =>
    commentOn(db, { tenant, userId: caller.userId, userName: caller.name }, params.transactionId, body, services.config.now()),
  );
  r.serve('spTransactions.updateDetails', async ({ caller, tenant, db, params, body, services }) =>
    updateTransactionDetails(db, { tenant, userId: caller.userId, userName: caller.name }, params.transactionId, body, services.config.now()),
  );
  r.serve('spTransactions.activities', async ({ tenant, db, params }) => transactionActivities(db, tenant, params.transactionId));
  r.serve('spTransactions.approvals', async ({ tenant, db, query, services }) => listApprovals(db, tenant, query, services.config.countLookahead));

  r.serve('spMerchantTransactions.list', async ({ tenant, db, query, services }) => listTransactions(db, tenant, query, services.config.countLookahead));
  r.serve('spMerchantTransactions.details', async ({ tenant, db, params }) => transactionDetails(db, tenant, params.transactionId));
  r.serve('spMerchantTransactions.get', async ({ tenant, db, params }) => getTransaction(db, tenant, params.transactionId));
  r.serve('spMerchantTransactions.status', async ({ tenant, db, params }) => transactionStatus(db, tenant, params.transactionId));
  r.serve('spMerchantTransactions.sourceApproval', (ctx) => approve('SOURCE', ctx));
  r.serve('spMerchantTransactions.targetApproval', (ctx) => approve('TARGET', ctx));
  r.serve('spMerchantTransactions.comment', async ({ caller, tenant, db, params, body, services }) =>
    commentOn(db, { tenant, userId: caller.userId, userName: caller.name }, params.transactionId, body, services.config.now()),
  );
  r.serve('spMerchantTransactions.approvals', async ({ tenant, db, query, services }) => listApprovals(db, tenant, query, services.config.countLookahead));

  r.serve('cancellations.spList', async ({ tenant, db, query, services }) => listCancellations(db, tenant, query, services.config.countLookahead));
  r.serve('cancellations.spCancel', async ({ caller, tenant, db, body, services }) =>
    requestCancellation(db, { tenant, userId: caller.userId, userName: caller.name }, body, services.config.now()),
  );
  r.serve('cancellations.spApprove', async ({ caller, tenant, db, body, services }) =>
    decideCancellation(db, { tenant, userId: caller.userId, userName: caller.name }, body, services.config.now()),
  );
  r.serve('cancellations.spActivities', async ({ tenant, db, query, services }) => cancellationActivities(db, tenant, query, services.config.countLookahead));
}
