import { classifyOutboxFailure, isHttpErrorLike, type DrainStepResult } from '@corridor/state-machines';
import { priceOf, samePrice, type OutboxRequoter } from './outbox-requote.ts';
import { replaceIfUnchanged, settleAndClaimNext, type OutboxError, type OutboxItem } from './outbox-store.ts';

/**
 * Sends one item and answers with the server's payment; throws the client's error otherwise. The
 * token is read at send time by the portal's api client, and the Idempotency-Key is the draftId.
 */
export type OutboxTransport = (item: OutboxItem) => Promise<unknown>;

function outboxError(error: unknown): OutboxError {
  if (isHttpErrorLike(error)) {
    return { status: error.status, code: error.code, message: error.message, invalidParameters: error.invalidParameters ?? [] };
  }
  return { status: 0, code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error), invalidParameters: [] };
}

/**
 * Handed from one drain step to the next by the sender: the item the last answer's transaction
 * claimed. A sender that stops with one claimed leaves it 'sending', as a closed tab does, and the
 * next sender queues it again (`requeueInterrupted`).
 */
export interface DrainCarry {
  claimed: OutboxItem | null;
}

/** A later `updatedAt` even when the clock did not move, so compare-and-set sees every change. */
const later = (item: OutboxItem, now: number) => Math.max(now, item.updatedAt + 1);

/**
 * One step of the drain: the next queued item is claimed ('sending'), sent, and its answer recorded
 * (ARCHITECTURE 4): 2xx (including the server's "same draft again" answer) → sent with the server's
 * payment; no answer or 5xx → queued again, one attempt more; 401 → queued again and the queue pauses;
 * QUOTE_EXPIRED → a new price is asked (see `requoted`); any other 4xx → rejected with the server's
 * message and field errors, and the queue goes on.
 */
export async function drainStep(
  userId: string,
  transport: OutboxTransport,
  now: () => number = Date.now,
  requoter?: OutboxRequoter,
  carry?: DrainCarry,
): Promise<DrainStepResult> {
  // The previous step's answer already claimed this one (same transaction), or it is claimed now:
  // the lowest queued seq, found and marked 'sending' in one transaction, so nobody else takes it.
  const sending = carry?.claimed ?? (await settleAndClaimNext(userId, null, now()));
  if (carry) carry.claimed = null;
  if (!sending) return { kind: 'empty' };
  let payment: unknown;
  try {
    payment = await transport(sending);
  } catch (error) {
    const cls = classifyOutboxFailure(error);
    const lastError = outboxError(error);
    const quoteId = sending.body.quoteId;
    if (cls === 'requote' && requoter && typeof quoteId === 'string') return requoted(sending, quoteId, lastError, requoter, now);
    if (cls === 'rejected' || cls === 'requote') {
      await replaceIfUnchanged(sending, { ...sending, state: 'rejected', lastError, updatedAt: later(sending, now()) });
      return { kind: 'settled' };
    }
    const attempts = cls === 'retry' ? sending.attempts + 1 : sending.attempts;
    await replaceIfUnchanged(sending, { ...sending, state: 'queued', attempts, lastError, updatedAt: later(sending, now()) });
    return cls === 'unauthorized' ? { kind: 'unauthorized' } : { kind: 'retry', error: lastError };
  }
  const sent: OutboxItem = {
    ...sending,
    state: 'sent',
    serverPayment: payment ?? null,
    lastError: null,
    nextAttemptAt: null,
    updatedAt: later(sending, now()),
  };
  // A 'settled' step is always followed by the next one (the machine goes straight back to
  // draining), so the next item is claimed in the transaction that records this answer.
  if (carry) carry.claimed = await settleAndClaimNext(userId, { item: sending, next: sent }, now());
  else await replaceIfUnchanged(sending, sent);
  return { kind: 'settled' };
}

/**
 * A draft whose quote expired while it waited (offline, or queued behind others) is priced again
 * through the spec's negotiation. The same price (amounts, rate, charges) goes out at once on the new
 * quote; a different one is held for the user to confirm, old and new side by side: nothing is sent
 * on a price the user never saw. A failed re-quote is handled like a failed send.
 */
async function requoted(sending: OutboxItem, quoteId: string, expired: OutboxError, requoter: OutboxRequoter, now: () => number): Promise<DrainStepResult> {
  let answer: Awaited<ReturnType<OutboxRequoter>>;
  try {
    answer = await requoter({ ...(sending.role ? { role: sending.role } : {}), quoteId });
  } catch (error) {
    const cls = classifyOutboxFailure(error);
    const lastError = outboxError(error);
    if (cls === 'rejected' || cls === 'requote') {
      await replaceIfUnchanged(sending, { ...sending, state: 'rejected', lastError, updatedAt: later(sending, now()) });
      return { kind: 'settled' };
    }
    await replaceIfUnchanged(sending, { ...sending, state: 'queued', attempts: sending.attempts + 1, lastError, updatedAt: later(sending, now()) });
    return cls === 'unauthorized' ? { kind: 'unauthorized' } : { kind: 'retry', error: lastError };
  }
  const next = priceOf(answer.next);
  const previous = answer.previous ? priceOf(answer.previous) : null;
  const updatedAt = later(sending, now());
  if (previous && samePrice({ ...previous, quoteId: next.quoteId }, next)) {
    await replaceIfUnchanged(sending, {
      ...sending,
      body: { ...sending.body, quoteId: next.quoteId },
      revision: (sending.revision ?? 0) + 1,
      state: 'queued',
      lastError: null,
      updatedAt,
    });
  } else {
    await replaceIfUnchanged(sending, { ...sending, state: 'held', requote: { previous, next }, lastError: expired, updatedAt });
  }
  return { kind: 'settled' };
}
