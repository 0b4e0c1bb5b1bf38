import type { CallRegistrar } from '../http/registrar.ts';
import { takeBankNotification, takeRemittanceAck } from './bank-callback-service.ts';

/** The bank's callbacks: no user token; bank-signature.ts has checked the signature before the body was read. */
export function registerBankCallbackRoutes(r: CallRegistrar): void {
  r.serve('bankNotifications.remittanceAck', async ({ body, db, now }) => takeRemittanceAck(db, body, now));
  r.serve('bankNotifications.incomingCredit', async ({ body, db, now }) => takeBankNotification(db, 'ICN', body, now));
  r.serve('bankNotifications.incomingDebit', async ({ body, db, now }) => takeBankNotification(db, 'IDN', body, now));
}
