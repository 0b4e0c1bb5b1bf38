import { api } from '../api-client.ts';
import type { OutboxTransport } from './outbox-drain.ts';

type PaymentBody = Parameters<typeof api.call<'merchantPayments.create'>>[1] extends infer I ? (I extends { body: infer B } ? B : never) : never;

/**
 * Sends an outbox item through the portal's api client (token read at send time, one renewal on
 * 401): 'payment' initiates it, 'draft' only stores it. The Idempotency-Key is the draftId, so a
 * request whose answer was lost lands once when it is sent again.
 */
export const sendOutboxItem: OutboxTransport = (item) => {
  const input = { body: item.body as unknown as PaymentBody, idempotencyKey: item.id };
  return item.kind === 'payment'
    ? api.call<'merchantPayments.create'>('merchantPayments.create', input)
    : api.call<'merchantPayments.createDraft'>('merchantPayments.createDraft', input);
};
