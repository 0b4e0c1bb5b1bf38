import { rateBookOf } from '../rates/rate-service.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import {
  actOnPaymentDto,
  actOnPayments,
  cancelPayment,
  cancellationOf,
  createPayment,
  getPayment,
  listDrafts,
  listPayments,
  payoutBanks,
} from './payment-service.ts';

/** A merchant's payments: drafts, initiation (the funds are held), cancellations, retries. */
export function registerMerchantPaymentRoutes(r: CallRegistrar): void {
  r.serve('merchantPayments.list', async ({ tenant, db, query, services }) => listPayments(db, tenant, query, services.config.countLookahead));
  r.serve('merchantPayments.create', async ({ caller, tenant, db, body, services }) =>
    createPayment(db, rateBookOf(services), { tenant, userId: caller.userId }, body, 'initiate', services.config.now()),
  );
  r.serve('merchantPayments.createDraft', async ({ caller, tenant, db, body, services }) =>
    createPayment(db, rateBookOf(services), { tenant, userId: caller.userId }, body, 'draft', services.config.now()),
  );
  r.serve('merchantPayments.drafts', async ({ tenant, db, query, services }) => listDrafts(db, tenant, query, 'DRAFTED', services.config.countLookahead));
  r.serve('merchantPayments.reject', async ({ caller, tenant, db, body, services }) =>
    actOnPayments(db, { tenant, userId: caller.userId }, body.paymentIds, 'reject', services.config.now(), body.reason),
  );
  r.serve('merchantPayments.renew', async ({ caller, tenant, db, body, services }) =>
    actOnPayments(db, { tenant, userId: caller.userId }, body.paymentIds, 'renew', services.config.now(), body.reason),
  );
  r.serve('merchantPayments.cancel', async ({ caller, tenant, db, body, services }) =>
    cancelPayment(db, { tenant, userId: caller.userId }, body, services.config.now()),
  );
  r.serve('merchantPayments.cancellationStatus', async ({ tenant, db, params }) => cancellationOf(db, tenant, params.transactionId));
  r.serve('merchantPayments.get', async ({ tenant, db, params }) => getPayment(db, tenant, params.id));
  r.serve('merchantPayments.retry', async ({ caller, tenant, db, query, services }) =>
    actOnPaymentDto(db, { tenant, userId: caller.userId }, query.paymentId, 'retry', services.config.now(), 'paymentId'),
  );
  r.serve('merchantPayments.processDraft', async ({ caller, tenant, db, params, query, services }) =>
    actOnPaymentDto(
      db,
      { tenant, userId: caller.userId },
      query.paymentId ?? params.id,
      'initiate',
      services.config.now(),
      query.paymentId ? 'paymentId' : 'id',
    ),
  );
  r.serve('merchantPayments.banks', async ({ db, query }) => payoutBanks(db, query));
}
