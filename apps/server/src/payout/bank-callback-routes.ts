import type { CallRegistrar } from '../http/registrar.ts';
import { takeBankNotification, takeRemittanceAck } from './bank-callback-service.ts';

/** The bank's callbacks: no user token; bank-signature.ts has checked the signature before the body was read. */
export function registerBankCallbackRoutes(r: CallRegistrar): void {
  r.serve('bankNotifications.remittanceAck', async ({ body, db, services }) => takeRemittanceAck(db, body, services.config.now()));
  r.serve('bankNotifications.incomingCredit', async ({ body, db, services }) => takeBankNotification(db, 'ICN', body, services.config.now()));
  r.serve('bankNotifications.incomingDebit', async ({ body, db, services }) => takeBankNotification(db, 'IDN', body, services.config.now()));
}
