import { rateBookOf } from '../rates/rate-service.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { createPayment } from './payment-create-service.ts';
import { actOnPaymentDto, actOnPayments, cancelPayment, cancellationOf, getPayment, listDrafts, listPayments, payoutBanks } from './payment-service.ts';

/** A merchant's payments: drafts, initiation (the funds are held), cancellations, retries. */
export function registerMerchantPaymentRoutes(r: CallRegistrar): void {
  r.serve('merchantPayments.list', async ({ tenant, db, query, services }) => listPayments(db, tenant, query, services.config.countLookahead));
  r.serve('merchantPayments.create', async ({ db, body, services, actor, now }) => createPayment(db, rateBookOf(services), actor, body, 'initiate', now));
  r.serve('merchantPayments.createDraft', async ({ db, body, services, actor, now }) => createPayment(db, rateBookOf(services), actor, body, 'draft', now));
  r.serve('merchantPayments.drafts', async ({ tenant, db, query, services }) => listDrafts(db, tenant, query, 'DRAFTED', services.config.countLookahead));
  r.serve('merchantPayments.reject', async ({ db, body, actor, now }) => actOnPayments(db, actor, body.paymentIds, 'reject', now, body.reason));
  r.serve('merchantPayments.renew', async ({ db, body, actor, now }) => actOnPayments(db, actor, body.paymentIds, 'renew', now, body.reason));
  r.serve('merchantPayments.cancel', async ({ db, body, actor, now }) => cancelPayment(db, actor, body, now));
  r.serve('merchantPayments.cancellationStatus', async ({ tenant, db, params }) => cancellationOf(db, tenant, params.transactionId));
  r.serve('merchantPayments.get', async ({ tenant, db, params }) => getPayment(db, tenant, params.id));
  r.serve('merchantPayments.retry', async ({ db, query, actor, now }) => actOnPaymentDto(db, actor, query.paymentId, 'retry', now, 'paymentId'));
  r.serve('merchantPayments.processDraft', async ({ db, params, query, actor, now }) =>
    actOnPaymentDto(db, actor, query.paymentId ?? params.id, 'initiate', now, query.paymentId ? 'paymentId' : 'id'),
  );
  r.serve('merchantPayments.banks', async ({ db, query }) => payoutBanks(db, query));
}
