import { fromCallback, type EventObject } from 'xstate';
import type {
  DraftSubmission,
  FollowOutboxItemInput,
  PaymentDraft,
  PaymentDraftEvent,
  QueuedDraft,
  QueuedDraftItem,
  QuoteRequestBody,
  QuoteRole,
} from '@corridor/state-machines';
import { followOutboxItem } from '@/lib/outbox/outbox-follow.ts';
import { submitToOutbox, type OutboxItem } from '@/lib/outbox/outbox-store.ts';
import { paymentBody } from './payment-form-schema.ts';

/**
 * The form's send through the device's outbox: the draft is written to IndexedDB with its draftId
 * before anything else (online or not), and the outbox sends it, now or when the line is back.
 * Resolves once the write is committed; a quota error (a full disk) rejects, for the form to show.
 */
export async function enqueuePayment(role: QuoteRole, userId: string | null, { draft, intent }: DraftSubmission): Promise<QueuedDraft> {
  if (!userId) throw storageError(STORAGE_FAILED, 'no signed-in user');
  try {
    const item = await submitToOutbox({
      id: draft.draftId,
      userId,
      kind: intent === 'draft' ? 'draft' : 'payment',
      role,
      body: { ...paymentBody(draft), draftId: draft.draftId },
    });
    return { queued: true, at: item.updatedAt };
  } catch (error) {
    // Never swallowed: the user must know the payment is not kept anywhere.
    throw storageError(isQuotaError(error) ? STORAGE_FULL : STORAGE_FAILED, error instanceof Error ? error.message : String(error));
  }
}

/**
 * An outbox item as the drafting machine follows it: the server's payment once the item is sent (an
 * answer without an id names none), the refusal once rejected.
 */
function queuedDraftItemOf(item: OutboxItem): QueuedDraftItem {
  const payment = item.serverPayment as { id?: string; status?: string } | null;
  return {
    state: item.state,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    payment: payment?.id ? { id: payment.id, status: payment.status ?? '' } : null,
    lastError: item.lastError,
  };
}

/**
 * The drafting machine's `followOutboxItem`: while a draft is queued, its outbox item (whichever tab
 * sends it) goes to the machine on every change, through the outbox's change signal. No user: no
 * outbox to follow (the send could not have been queued either).
 */
export function followQueuedDraft(userIdOf: () => string | null) {
  return fromCallback<EventObject, FollowOutboxItemInput>(({ input, sendBack }) => {
    const userId = userIdOf();
    if (!userId) return;
    const send = (event: PaymentDraftEvent) => sendBack(event);
    return followOutboxItem(userId, input.draftId, (item) => send({ type: 'OUTBOX_ITEM', item: item && queuedDraftItemOf(item) }));
  });
}

/** The device refused to store the draft (status 0: no server was asked). */
export const STORAGE_FULL = 'STORAGE_FULL';
export const STORAGE_FAILED = 'STORAGE_FAILED';

function storageError(code: string, message: string) {
  return Object.assign(new Error(message), { status: 0, code, message, invalidParameters: [] });
}

/**
 * IndexedDB's quota error, as the browser or Dexie (which wraps it, keeping the name) reports it.
 * @internal used by its tests
 */
export function isQuotaError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { inner?: unknown }).inner, depth++) {
    if ((e as { name?: unknown }).name === 'QuotaExceededError') return true;
  }
  return false;
}

/**
 * What a cross-currency payment is quoted with: the send amount from the source wallet into the
 * receive currency, as a payout (the charges on the sender unless a TSP edits them).
 */
export function quoteRequestOf(draft: PaymentDraft): QuoteRequestBody {
  return {
    transactionCategory: 'PAYOUT',
    dealType: 'CASH',
    sourceWalletId: draft.walletId,
    sendAmount: { amount: draft.sendAmount.trim(), currency: draft.sendCurrency },
    targetCurrency: draft.receiveCurrency,
  };
}
