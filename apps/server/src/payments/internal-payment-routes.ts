import type { CallRegistrar } from '../http/registrar.ts';
import { getPayment } from './payment-service.ts';

/** Operations read any payment, with its timeline. */
export function registerInternalPaymentRoutes(r: CallRegistrar): void {
  r.serve('internalPayments.byTsp', async ({ db, params }) => getPayment(db, null, params.id));
  r.serve('internalPayments.byMerchant', async ({ db, params }) => getPayment(db, null, params.id));
}
