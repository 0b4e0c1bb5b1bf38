import type { CallRegistrar } from '../http/registrar.ts';
import { registerInternalPaymentRoutes } from './internal-payment-routes.ts';
import { registerMerchantPaymentRoutes } from './merchant-payment-routes.ts';
import { registerSpPaymentRoutes } from './sp-payment-routes.ts';

/** Every payment call of merchants, TSPs and operations (one line in app.ts). */
export function registerPaymentRoutes(r: CallRegistrar): void {
  registerMerchantPaymentRoutes(r);
  registerSpPaymentRoutes(r);
  registerInternalPaymentRoutes(r);
}
