import { api } from '../api-client.ts';
import type { OutboxTransport } from './outbox-drain.ts';
import type { OutboxRequoter } from './outbox-requote.ts';
import type { OutboxItem } from './outbox-store.ts';

type PaymentBody = Parameters<typeof api.call<'merchantPayments.create'>>[1] extends infer I ? (I extends { body: infer B } ? B : never) : never;
type TransactionBody = Parameters<typeof api.call<'merchantTransactions.create'>>[1] extends infer I ? (I extends { body: infer B } ? B : never) : never;

const KEY_SUFFIX: Record<OutboxItem['kind'], string> = { payment: 'initiate', draft: 'draft', topup: 'topup' };

/**
 * The Idempotency-Key of an item: the draftId with the intent, as the form's direct send uses, so a
 * request whose answer was lost is answered with the first payment; a body the user changed after a
 * refusal is a new request and gets its own key (the draftId still lands it once). A top-up has only
 * its key to land it once: the server keeps every key's first answer with no expiry (idempotency_keys
 * is never purged, see apps/server/src/http/idempotency.ts), so a top-up that waited offline for days
 * and whose answer was lost is still answered with the first transaction, never made twice.
 */
function outboxIdempotencyKey(item: Pick<OutboxItem, 'id' | 'kind' | 'revision'>): string {
  const base = `${item.id}-${KEY_SUFFIX[item.kind]}`;
  return item.revision ? `${base}-r${item.revision}` : base;
}

/**
 * Sends an outbox item through the portal's api client (token read at send time, one renewal on
 * 401): 'payment' initiates it, 'draft' only stores it; a TSP's item goes through the TSP's calls;
 * 'topup' creates the merchant's top-up (the draftId is the outbox's own, not a transaction field).
 */
export const sendOutboxItem: OutboxTransport = (item) => {
  if (item.kind === 'topup') {
    const { draftId: _draftId, ...body } = item.body;
    return api.call<'merchantTransactions.create'>('merchantTransactions.create', {
      body: body as unknown as TransactionBody,
      idempotencyKey: outboxIdempotencyKey(item),
    });
  }
  const input = { body: item.body as unknown as PaymentBody, idempotencyKey: outboxIdempotencyKey(item) };
  if (item.role === 'TSP') {
    return item.kind === 'payment'
      ? api.call<'spPayments.create'>('spPayments.create', input)
      : api.call<'spPayments.createDraft'>('spPayments.createDraft', input);
  }
  return item.kind === 'payment'
    ? api.call<'merchantPayments.create'>('merchantPayments.create', input)
    : api.call<'merchantPayments.createDraft'>('merchantPayments.createDraft', input);
};

/**
 * A new price for an expired quote (spec 4): the merchant negotiates (`/merchant/v1/quote/negotiate`),
 * the TSP asks on its own quote call naming the quote; the old quote is read first so the user can
 * see both (a quote that can no longer be read shows the new price alone).
 */
export const requoteOutboxItem: OutboxRequoter = async ({ role, quoteId }) => {
  const path = { id: quoteId };
  const previous = await (
    role === 'TSP' ? api.call<'quotes.tspGet'>('quotes.tspGet', { path }) : api.call<'quotes.merchantGet'>('quotes.merchantGet', { path })
  ).catch(() => null);
  const next =
    role === 'TSP'
      ? await api.call<'quotes.tspCreate'>('quotes.tspCreate', { body: { quoteId } })
      : await api.call<'quotes.merchantNegotiate'>('quotes.merchantNegotiate', { body: { quoteId } });
  return { previous, next };
};
