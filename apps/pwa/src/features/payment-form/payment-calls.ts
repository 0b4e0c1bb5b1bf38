import type { DraftSubmission, QueuedDraft, QuoteRequestBody, QuoteRole, PaymentDraft } from '@corridor/state-machines';
import { submitToOutbox } from '@/lib/outbox/outbox-store.ts';
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
