import { z } from 'zod';
import { defineArea } from '../define.ts';
import { accepted } from '../schemas/common.ts';

const decimal = z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, 'a positive decimal amount, e.g. 1250.50');
const messageId = z.string().min(1).max(100);
const currency = z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code');

/**
 * What the bank posts on a remittance acknowledgement. The spec says "POST with no body"; Corridor's bank
 * sends this body, signed (`x-corridor-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`).
 * `messageId` is the bank's: a replay of one message changes nothing.
 */
const remittanceAckBody = z.object({
  messageId,
  /** The payment's reference (`paymentId`), which the bank keys payouts by. */
  paymentId: z.string().min(1).max(100),
  attempt: z.number().int().positive().optional(),
  outcome: z.enum(['ACCEPTED', 'SETTLED', 'REFUSED']),
  /** Why the bank refused (outcome REFUSED). */
  reason: z.string().max(500).optional(),
  amount: decimal.optional(),
  currency: currency.optional(),
  bankReference: z.string().max(100).optional(),
});

/** An incoming credit (ICN) or debit (IDN) on an account the bank keeps for a wallet, named by IBAN or wallet id. */
const bankNotificationBody = z
  .object({
    messageId,
    walletId: z.string().min(1).max(100).optional(),
    iban: z.string().min(1).max(34).optional(),
    amount: decimal,
    currency,
    bankReference: z.string().max(100).optional(),
    remitterName: z.string().max(140).optional(),
    narrative: z.string().max(140).optional(),
  })
  .refine((b) => b.walletId !== undefined || b.iban !== undefined, { path: ['walletId'], message: 'name the wallet by walletId or iban' });

export type RemittanceAckBody = z.infer<typeof remittanceAckBody>;
export type BankNotificationBody = z.infer<typeof bankNotificationBody>;

/** Bank callbacks (part B, 7.11): the bank's signed request carries the right, never a user's token. */
export const bankNotifications = defineArea('bankNotifications', {
  remittanceAck: {
    method: 'POST',
    path: '/api/dbs/v1/remittance/ack',
    root: 'merchantPayments',
    summary: 'The bank acknowledges a remittance (accepted, settled or refused with a reason).',
    body: remittanceAckBody,
    response: accepted,
  },
  incomingDebit: {
    method: 'POST',
    path: '/api/dbs/v1/notification/idn',
    root: 'merchantPayments',
    summary: 'Incoming debit notification from the bank.',
    body: bankNotificationBody,
    response: accepted,
  },
  incomingCredit: {
    method: 'POST',
    path: '/api/dbs/v1/notification/icn',
    root: 'merchantPayments',
    summary: 'Incoming credit notification from the bank.',
    body: bankNotificationBody,
    response: accepted,
  },
});
