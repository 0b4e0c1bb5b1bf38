import type { DraftSubmission, QuoteRequestBody, QuoteRole, SubmittedPayment, PaymentDraft } from '@corridor/state-machines';
import { api } from '@/lib/api-client.ts';
import { paymentBody, type PaymentBody } from './payment-form-schema.ts';

/** The part of a payment answer the form reads. */
type Payment = SubmittedPayment;

/** The four payment calls the form may send: each role's initiate and save-as-draft. */
export interface PaymentSendDeps {
  merchantCreate: (body: PaymentBody, key: string) => Promise<Payment>;
  merchantDraft: (body: PaymentBody, key: string) => Promise<Payment>;
  spCreate: (body: PaymentBody, key: string) => Promise<Payment>;
  spDraft: (body: PaymentBody, key: string) => Promise<Payment>;
}

const portalDeps: PaymentSendDeps = {
  merchantCreate: (body, idempotencyKey) => api.call<'merchantPayments.create'>('merchantPayments.create', { body, idempotencyKey }),
  merchantDraft: (body, idempotencyKey) => api.call<'merchantPayments.createDraft'>('merchantPayments.createDraft', { body, idempotencyKey }),
  spCreate: (body, idempotencyKey) => api.call<'spPayments.create'>('spPayments.create', { body, idempotencyKey }),
  spDraft: (body, idempotencyKey) => api.call<'spPayments.createDraft'>('spPayments.createDraft', { body, idempotencyKey }),
};

/**
 * The drafting machine's send for a role: `POST /m/api/v1/transactions/payments` (or `/draft`) for a
 * merchant, `/s/api/v1/...` for a TSP paying on a merchant's behalf. The idempotency key is the
 * draftId with the intent, so a resend of the same draft after a lost answer is answered with the
 * first payment; the draftId in the body keeps it unique for ever on the server as well.
 */
export function sendPayment(role: QuoteRole, deps: PaymentSendDeps = portalDeps) {
  return async ({ draft, intent }: DraftSubmission): Promise<SubmittedPayment> => {
    const body = paymentBody(draft);
    const key = `${draft.draftId}-${intent}`;
    const call = role === 'TSP' ? (intent === 'draft' ? deps.spDraft : deps.spCreate) : intent === 'draft' ? deps.merchantDraft : deps.merchantCreate;
    const payment = await call(body, key);
    return { id: payment.id, status: payment.status };
  };
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
