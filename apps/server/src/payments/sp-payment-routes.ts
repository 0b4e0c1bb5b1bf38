import { rateBookOf } from '../rates/rate-service.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import {
  actOnPaymentDto,
  actOnPayments,
  cancelPayment,
  cancellationOf,
  createPayment,
  draftSummary,
  getPayment,
  listDrafts,
  listPayments,
  paymentSummary,
  payoutBanks,
  processPending,
} from './payment-service.ts';

const ACTION_OF = { PROCESSING: 'process', REJECTED: 'reject', COMPLETED: 'complete' } as const;

/** The payments of a TSP's merchants: approval (maker-checker), rejection, payments on a merchant's behalf. */
export function registerSpPaymentRoutes(r: CallRegistrar): void {
  r.serve('spPayments.list', async ({ tenant, db, query, services }) => listPayments(db, tenant, query, services.config.countLookahead));
  r.serve('spPayments.merchantPayments', async ({ tenant, db, query, services }) => listPayments(db, tenant, query, services.config.countLookahead));
  r.serve('spPayments.update', async ({ caller, tenant, db, body, services }) =>
    actOnPayments(db, { tenant, userId: caller.userId }, body.paymentIds, ACTION_OF[body.status], services.config.now(), body.reason),
  );
  r.serve('spPayments.create', async ({ caller, tenant, db, body, services }) =>
    createPayment(db, rateBookOf(services), { tenant, userId: caller.userId }, body, 'initiate', services.config.now()),
  );
  r.serve('spPayments.createDraft', async ({ caller, tenant, db, body, services }) =>
    createPayment(db, rateBookOf(services), { tenant, userId: caller.userId }, body, 'draft', services.config.now()),
  );
  r.serve('spPayments.renew', async ({ caller, tenant, db, body, services }) =>
    actOnPayments(db, { tenant, userId: caller.userId }, body.paymentIds, 'renew', services.config.now(), body.reason),
  );
  r.serve('spPayments.drafts', async ({ tenant, db, query, services }) => listDrafts(db, tenant, query, 'DRAFTED', services.config.countLookahead));
  r.serve('spPayments.pending', async ({ tenant, db, query, services }) => listDrafts(db, tenant, query, 'INITIATED', services.config.countLookahead));
  r.serve('spPayments.summary', async ({ tenant, db, query }) => paymentSummary(db, tenant, query));
  r.serve('spPayments.pendingSummary', async ({ tenant, db, query }) => draftSummary(db, tenant, query, 'INITIATED'));
  r.serve('spPayments.draftSummary', async ({ tenant, db, query }) => draftSummary(db, tenant, query, 'DRAFTED'));
  r.serve('spPayments.cancel', async ({ caller, tenant, db, body, services }) =>
    cancelPayment(db, { tenant, userId: caller.userId }, body, services.config.now()),
  );
  r.serve('spPayments.cancellationStatus', async ({ tenant, db, params }) => cancellationOf(db, tenant, params.transactionId));
  r.serve('spPayments.get', async ({ tenant, db, params }) => getPayment(db, tenant, params.id));
  r.serve('spPayments.processOne', async ({ caller, tenant, db, params, services }) =>
    actOnPaymentDto(db, { tenant, userId: caller.userId }, params.id, 'process', services.config.now()),
  );
  r.serve('spPayments.processPending', async ({ caller, tenant, db, query, services }) =>
    processPending(db, { tenant, userId: caller.userId }, query, services.config.now()),
  );
  r.serve('spPayments.processDraft', async ({ caller, tenant, db, params, query, services }) =>
    actOnPaymentDto(
      db,
      { tenant, userId: caller.userId },
      query.paymentId ?? params.id,
      'initiate',
      services.config.now(),
      query.paymentId ? 'paymentId' : 'id',
    ),
  );
  r.serve('spPayments.banks', async ({ db, query }) => payoutBanks(db, query));
}
