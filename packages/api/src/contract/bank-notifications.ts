import { defineArea } from '../define.ts';
import { accepted } from '../schemas/common.ts';

/** Bank callbacks (part B, 7.11): POST with no body; the bank's signed request carries the right. */
export const bankNotifications = defineArea('bankNotifications', {
  remittanceAck: {
    method: 'POST',
    path: '/api/dbs/v1/remittance/ack',
    root: 'merchantPayments',
    summary: 'The bank acknowledges a remittance.',
    response: accepted,
  },
  incomingDebit: {
    method: 'POST',
    path: '/api/dbs/v1/notification/idn',
    root: 'merchantPayments',
    summary: 'Incoming debit notification from the bank.',
    response: accepted,
  },
  incomingCredit: {
    method: 'POST',
    path: '/api/dbs/v1/notification/icn',
    root: 'merchantPayments',
    summary: 'Incoming credit notification from the bank.',
    response: accepted,
  },
});
