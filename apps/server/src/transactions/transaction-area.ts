import type { CallRegistrar } from '../http/registrar.ts';
import { registerInternalTransactionRoutes } from './internal-transaction-routes.ts';
import { registerMerchantTransactionRoutes } from './merchant-transaction-routes.ts';
import { registerSpTransactionRoutes } from './sp-transaction-routes.ts';

/** Every transactions v2 call of merchants, TSPs and operations (one line in app.ts). */
export function registerTransactionRoutes(r: CallRegistrar): void {
  registerMerchantTransactionRoutes(r);
  registerSpTransactionRoutes(r);
  registerInternalTransactionRoutes(r);
}
