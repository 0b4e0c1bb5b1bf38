import { rateBookOf } from '../rates/rate-service.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { createPayment } from './payment-create-service.ts';
import {
  actOnPaymentDto,
  actOnPayments,
  cancelPayment,
  cancellationOf,
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
  r.serve('spPayments.update', async ({ db, body, actor, now }) => actOnPayments(db, actor, body.paymentIds, ACTION_OF[body.status], now, body.reason));
  r.serve('spPayments.create', async ({ db, body, services, actor, now }) => createPayment(db, rateBookOf(services), actor, body, 'initiate', now));
  r.serve('spPayments.createDraft', async ({ db, body, services, actor, now }) => createPayment(db, rateBookOf(services), actor, body, 'draft', now));
  r.serve('spPayments.renew', async ({ db, body, actor, now }) => actOnPayments(db, actor, body.paymentIds, 'renew', now, body.reason));
  r.serve('spPayments.drafts', async ({ tenant, db, query, services }) => listDrafts(db, tenant, query, 'DRAFTED', services.config.countLookahead));
  r.serve('spPayments.pending', async ({ tenant, db, query, services }) => listDrafts(db, tenant, query, 'INITIATED', services.config.countLookahead));
  r.serve('spPayments.summary', async ({ tenant, db, query }) => paymentSummary(db, tenant, query));
  r.serve('spPayments.pendingSummary', async ({ tenant, db, query }) => draftSummary(db, tenant, query, 'INITIATED'));
  r.serve('spPayments.draftSummary', async ({ tenant, db, query }) => draftSummary(db, tenant, query, 'DRAFTED'));
  r.serve('spPayments.cancel', async ({ db, body, actor, now }) => cancelPayment(db, actor, body, now));
  r.serve('spPayments.cancellationStatus', async ({ tenant, db, params }) => cancellationOf(db, tenant, params.transactionId));
  r.serve('spPayments.get', async ({ tenant, db, params }) => getPayment(db, tenant, params.id));
  r.serve('spPayments.processOne', async ({ db, params, actor, now }) => actOnPaymentDto(db, actor, params.id, 'process', now));
  r.serve('spPayments.processPending', async ({ db, query, actor, now }) => processPending(db, actor, query, now));
  r.serve('spPayments.processDraft', async ({ db, params, query, actor, now }) =>
    actOnPaymentDto(db, actor, query.paymentId ?? params.id, 'initiate', now, query.paymentId ? 'paymentId' : 'id'),
  );
  r.serve('spPayments.banks', async ({ db, query }) => payoutBanks(db, query));
}
