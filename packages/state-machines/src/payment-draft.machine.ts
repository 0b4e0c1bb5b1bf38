import { assign, fromCallback, fromPromise, setup, type EventObject, type StateValueFrom } from 'xstate';
import type { InvalidParameter } from '@corridor/api/light';
import { isHttpErrorLike, type HttpErrorLike } from './api-errors.ts';

/** The beneficiary as typed on the form when none is picked from the list. */
export interface DraftReceiver {
  name: string;
  countryCode: string;
  iban: string;
  bankCode: string;
}

/**
 * A payment being drafted: plain serialisable data (strings as typed), so it can be kept on the
 * device and sent again later. `draftId` is made on the device when the draft starts and goes with
 * every send: the server keeps it unique for ever, so a send repeated after a lost answer (or a
 * week offline) lands once.
 */
export interface PaymentDraft {
  draftId: string;
  /** The merchant the payment is for (a TSP paying on behalf of one of its merchants). */
  merchantId: string;
  walletId: string;
  sendAmount: string;
  sendCurrency: string;
  receiveCurrency: string;
  /** A beneficiary picked from the merchant's list; null when typed in `receiver`. */
  beneficiaryId: string | null;
  receiver: DraftReceiver;
  purpose: string;
  message: string;
  /** The firm quote the payment is priced with (cross-currency only); null until one is usable. */
  quoteId: string | null;
}

/** Initiate the payment (funds held) or store it as a draft. */
export type DraftIntent = 'initiate' | 'draft';

/** What the submit actor gets: the draft as it is and what the user asked for. */
export interface DraftSubmission {
  draft: PaymentDraft;
  intent: DraftIntent;
}

/** What the server answered for a sent draft: the payment's id. */
export interface SubmittedPayment {
  id: string;
  status: string;
}

/**
 * The send's answer when the draft went to the device's outbox instead: it is stored (with its
 * draftId) and the outbox owns sending it; the machine waits in `queued` for the outbox's word.
 */
export interface QueuedDraft {
  queued: true;
  /** When it was stored (epoch ms): the page shows its age. */
  at: number;
}

/**
 * The outbox's item of a queued draft, as the form follows it: the outbox owns the send, and what
 * happens to the item there (any tab may send it) is the draft's way back to the form.
 */
export interface QueuedDraftItem {
  /** Where the item is in the outbox. */
  state: 'queued' | 'sending' | 'sent' | 'rejected' | 'held';
  /** When the item was first stored (epoch ms): the form shows its age. */
  createdAt: number;
  /** The item's last change (epoch ms). */
  updatedAt: number;
  /** The server's payment once the item is sent; null before (or when the answer named none). */
  payment: SubmittedPayment | null;
  /** The server's refusal of the item's last send. */
  lastError: HttpErrorLike | null;
}

/**
 * The form's settling time: the draft is checked (and a quote asked for) once the user stopped
 * typing for a second (spec 1, section 5: "change may be debounced 1000 ms").
 * @internal test-only entry point
 */
export const PAYMENT_DRAFT_DELAYS = {
  settle: 1000,
} as const;

export interface PaymentDraftContext {
  draft: PaymentDraft;
  /** The server's or the form check's refusals, by field: shown on the form, the draft kept. */
  fieldErrors: InvalidParameter[];
  error: HttpErrorLike | null;
  /** A send the user asked for and that waits for the check or the quote. */
  intent: DraftIntent | null;
  /** Changed since the last check. */
  dirty: boolean;
  submitted: SubmittedPayment | null;
  /** When the draft went to the outbox (epoch ms); null when it did not. */
  queuedAt: number | null;
  /** The outbox's item of the draft as last read while queued; null before it was read. */
  outboxItem: QueuedDraftItem | null;
}

export interface PaymentDraftInput {
  /** A draft to carry on with (kept on the device); a fresh one when absent. */
  draft?: PaymentDraft;
  merchantId?: string;
  /** Makes the draft's id; crypto.randomUUID when not given. */
  newDraftId?: () => string;
}

export type PaymentDraftEvent =
  | { type: 'EDIT'; patch: Partial<Omit<PaymentDraft, 'draftId' | 'quoteId'>> }
  | { type: 'SUBMIT'; intent: DraftIntent }
  | { type: 'QUOTED'; quoteId: string }
  | { type: 'QUOTE_INVALID'; quoteId: string }
  | { type: 'SIGNED_IN' }
  /** The queued draft's outbox item as it is now (null: not there), from the `followOutboxItem` actor. */
  | { type: 'OUTBOX_ITEM'; item: QueuedDraftItem | null };

/** What the `followOutboxItem` actor follows: the queued draft's item. */
export interface FollowOutboxItemInput {
  draftId: string;
}

/** Fields whose change makes the quote price something else. */
const PRICED_FIELDS = ['walletId', 'sendAmount', 'sendCurrency', 'receiveCurrency', 'merchantId'] as const;

/** A cross-currency payment is priced through a quote; a same-currency one is not. */
export function needsQuote(draft: PaymentDraft): boolean {
  return draft.sendCurrency !== '' && draft.receiveCurrency !== '' && draft.sendCurrency !== draft.receiveCurrency;
}

/** @internal used by its tests */
export function emptyDraft(draftId: string, merchantId = ''): PaymentDraft {
  return {
    draftId,
    merchantId,
    walletId: '',
    sendAmount: '',
    sendCurrency: '',
    receiveCurrency: '',
    beneficiaryId: null,
    receiver: { name: '', countryCode: '', iban: '', bankCode: '' },
    purpose: '',
    message: '',
    quoteId: null,
  };
}

function asHttpError(error: unknown): HttpErrorLike {
  if (isHttpErrorLike(error)) return error;
  return { status: 0, code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) };
}

function applyPatch(draft: PaymentDraft, patch: Partial<PaymentDraft>): PaymentDraft {
  const next = { ...draft, ...patch, receiver: { ...draft.receiver, ...patch.receiver } };
  const repriced = PRICED_FIELDS.some((f) => patch[f] !== undefined && patch[f] !== draft[f]);
  return repriced ? { ...next, quoteId: null } : next;
}

/**
 * The new-payment form's life (issue "payments", portal): editing, checked once the user settles,
 * priced through a quote when cross-currency, ready, sent, and then submitted, rejected by the
 * server (field errors kept for the form, the draft kept) or waiting for a sign-in (a 401 keeps
 * the draft and the send resumes after it). The check, the send and the quote request are
 * provided by the portal, so an offline queue can later add a state between submitting and
 * submitted without changing these.
 */
export const paymentDraftMachine = setup({
  types: {
    context: {} as PaymentDraftContext,
    events: {} as PaymentDraftEvent,
    input: {} as PaymentDraftInput,
  },
  actors: {
    /** The form's check of the draft: the refusals by field, none when it can go. */
    validateDraft: fromPromise<InvalidParameter[], PaymentDraft>(async () => {
      throw new Error('validateDraft must be provided by the portal');
    }),
    submitDraft: fromPromise<SubmittedPayment | QueuedDraft, DraftSubmission>(async () => {
      throw new Error('submitDraft must be provided by the portal');
    }),
    /**
     * Follows the queued draft's outbox item: sends `OUTBOX_ITEM` with the item now and after every
     * change of it, until the machine leaves `queued` (which stops the actor).
     */
    followOutboxItem: fromCallback<EventObject, FollowOutboxItemInput>(() => {
      throw new Error('followOutboxItem must be provided by the portal');
    }),
  },
  actions: {
    /** Asks the page's quote machine for a quote on the draft; it answers with QUOTED. */
    requestQuote: (_, _draft: PaymentDraft) => {},
  },
  guards: {
    wantsDraft: ({ context }) => context.intent === 'draft',
    wantsSend: ({ context }) => context.intent === 'initiate',
    unpriced: ({ context }) => needsQuote(context.draft) && context.draft.quoteId === null,
    /** The outbox holds the server's payment for the draft. */
    outboxSent: ({ event }) => event.type === 'OUTBOX_ITEM' && event.item?.state === 'sent' && event.item.payment !== null,
    /**
     * The server refused the draft as queued now: a refusal older than the queueing is the one the
     * user fixed before sending again, not an answer to this send.
     */
    outboxRejected: ({ context, event }) =>
      event.type === 'OUTBOX_ITEM' &&
      event.item?.state === 'rejected' &&
      event.item.lastError !== null &&
      context.queuedAt !== null &&
      event.item.updatedAt > context.queuedAt,
  },
  delays: PAYMENT_DRAFT_DELAYS,
}).createMachine({
  id: 'paymentDraft',
  initial: 'editing',
  context: ({ input }) => ({
    draft: input.draft ?? emptyDraft((input.newDraftId ?? (() => crypto.randomUUID()))(), input.merchantId),
    fieldErrors: [],
    error: null,
    intent: null,
    dirty: false,
    submitted: null,
    queuedAt: null,
    outboxItem: null,
  }),
  on: {
    EDIT: {
      target: '.editing',
      actions: assign(({ context, event }) => ({
        draft: applyPatch(context.draft, event.patch),
        // A refusal of a field goes once the field changes; the others stay on screen.
        fieldErrors: context.fieldErrors.filter((e) => !(e.parameter.split('.')[0]! in event.patch)),
        intent: null,
        dirty: true,
      })),
    },
  },
  states: {
    editing: {
      after: { settle: { guard: ({ context }) => context.dirty, target: 'validating' } },
      on: {
        SUBMIT: { target: 'validating', actions: assign({ intent: ({ event }) => event.intent }) },
      },
    },
    validating: {
      entry: assign({ dirty: false }),
      invoke: {
        src: 'validateDraft',
        input: ({ context }) => context.draft,
        onDone: [
          { guard: ({ event }) => event.output.length > 0, target: 'editing', actions: assign({ fieldErrors: ({ event }) => event.output, intent: null }) },
          { guard: 'wantsDraft', target: 'submitting', actions: assign({ fieldErrors: [] }) },
          {
            guard: 'unpriced',
            target: 'quoting',
            actions: [assign({ fieldErrors: [] }), { type: 'requestQuote', params: ({ context }) => context.draft }],
          },
          { guard: 'wantsSend', target: 'submitting', actions: assign({ fieldErrors: [] }) },
          { target: 'ready', actions: assign({ fieldErrors: [] }) },
        ],
        onError: { target: 'editing', actions: assign({ error: ({ event }) => asHttpError(event.error), intent: null }) },
      },
    },
    quoting: {
      on: {
        QUOTED: [
          {
            guard: 'wantsSend',
            target: 'submitting',
            actions: assign({ draft: ({ context, event }) => ({ ...context.draft, quoteId: event.quoteId }) }),
          },
          { target: 'ready', actions: assign({ draft: ({ context, event }) => ({ ...context.draft, quoteId: event.quoteId }) }) },
        ],
        SUBMIT: [
          { guard: ({ event }) => event.intent === 'draft', target: 'submitting', actions: assign({ intent: 'draft' }) },
          // The send waits for the quote and goes as soon as one is usable.
          { actions: assign({ intent: 'initiate' }) },
        ],
      },
    },
    ready: {
      on: {
        SUBMIT: { target: 'submitting', actions: assign({ intent: ({ event }) => event.intent }) },
        // Expired, replaced or under a TSP's fee edit: the payment waits for the next usable quote.
        QUOTE_INVALID: {
          guard: ({ context, event }) => context.draft.quoteId === event.quoteId,
          target: 'quoting',
          actions: assign({ draft: ({ context }) => ({ ...context.draft, quoteId: null }) }),
        },
      },
    },
    submitting: {
      entry: assign({ error: null }),
      // The draft sent is the draft shown: no change while the server has it.
      on: { EDIT: { actions: [] } },
      invoke: {
        src: 'submitDraft',
        input: ({ context }) => ({ draft: context.draft, intent: context.intent ?? 'initiate' }),
        onDone: [
          {
            guard: ({ event }) => 'queued' in event.output,
            target: 'queued',
            actions: assign({ queuedAt: ({ event }) => ('queued' in event.output ? event.output.at : null), intent: null }),
          },
          {
            target: 'submitted',
            actions: assign({ submitted: ({ event }) => ('queued' in event.output ? null : event.output), intent: null }),
          },
        ],
        onError: [
          {
            guard: ({ event }) => asHttpError(event.error).status === 401,
            target: 'needsSignIn',
            actions: assign({ error: ({ event }) => asHttpError(event.error) }),
          },
          {
            // The server refused the quote (expired meanwhile): the send waits for a new one.
            guard: ({ event }) => asHttpError(event.error).code === 'QUOTE_EXPIRED',
            target: 'quoting',
            actions: assign({
              error: ({ event }) => asHttpError(event.error),
              draft: ({ context }) => ({ ...context.draft, quoteId: null }),
              intent: null,
            }),
          },
          {
            target: 'rejected',
            actions: assign(({ event }) => {
              const error = asHttpError(event.error);
              return { error, fieldErrors: error.invalidParameters ?? [], intent: null };
            }),
          },
        ],
      },
    },
    queued: {
      // Stored on the device; the outbox sends it (now or when the line is back) and owns retries,
      // sign-ins and re-quotes. The draft shown is the draft queued: no change meanwhile. Its item
      // in the outbox, followed while here, brings the server's answer back.
      invoke: { src: 'followOutboxItem', input: ({ context }) => ({ draftId: context.draft.draftId }) },
      on: {
        EDIT: { actions: [] },
        OUTBOX_ITEM: [
          {
            guard: 'outboxSent',
            target: 'submitted',
            actions: assign(({ event }) => ({ outboxItem: event.item, submitted: event.item?.payment ?? null })),
          },
          {
            guard: 'outboxRejected',
            target: 'rejected',
            actions: assign(({ event }) => {
              const error = event.item?.lastError ?? null;
              return { outboxItem: event.item, error, fieldErrors: error?.invalidParameters ?? [] };
            }),
          },
          { actions: assign({ outboxItem: ({ event }) => event.item }) },
        ],
      },
    },
    rejected: {
      on: {
        // The same draft (same draftId) sent again: the server answers it once.
        SUBMIT: { target: 'validating', actions: assign({ intent: ({ event }) => event.intent }) },
      },
    },
    needsSignIn: {
      on: { SIGNED_IN: 'submitting' },
    },
    submitted: { type: 'final' },
  },
});

/** The drafting machine's state as a component reads it: `editing`, `validating`, `quoting`, `ready`, `submitting`, `queued`, `rejected`, `needsSignIn` or `submitted`. */
export type PaymentDraftState = StateValueFrom<typeof paymentDraftMachine>;
