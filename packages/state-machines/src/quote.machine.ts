import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import type { CallInput, Contract, Quote } from '@corridor/api';
import { QUOTE_COUNTDOWN_TICK_MS, type EditableFeeKey } from '@corridor/domain';
import { isHttpErrorLike, type HttpErrorLike } from './api-errors.ts';

/** Who looks at the quote: only a TSP may edit its fees (spec 1, sections 4 and 6). */
export type QuoteRole = 'MERCHANT' | 'TSP';

/** What a quote is asked for with (`POST /merchant/v1/quote`, `/tsp/v1/quote`). */
export type QuoteRequestBody = NonNullable<CallInput<Contract['quotes.merchantCreate']>['body']>;

/** The TSP's fee values, decimal strings keyed OUR, BEN, REBATE, FX_PREMIUM (spec 1, section 4). */
export type QuoteFees = Partial<Record<EditableFeeKey, string>>;

/**
 * A quote as the server answered it, with the answer's `Date` header (null when the browser cannot
 * read it, e.g. a cross-origin answer that does not expose it).
 */
export interface QuoteAnswer {
  quote: Quote;
  serverDate: string | null;
}

export interface NegotiateInput {
  quoteId: string;
  fees?: QuoteFees;
}

/**
 * The countdown's timers: one tick a second (spec 1, section 4). A tick lands on the next whole
 * second of the time left, so the shown seconds change exactly when a second of server time passes
 * and the last tick lands on expireAt itself.
 * @internal test-only entry point
 */
export const QUOTE_DELAYS = {
  tick: QUOTE_COUNTDOWN_TICK_MS,
} as const;

/** What failed, so RETRY repeats exactly that call. */
type PendingCall = { kind: 'request' } | { kind: 'negotiate'; fees?: QuoteFees };

export interface QuoteContext {
  role: QuoteRole;
  /** The last request, kept for RETRY. */
  request: QuoteRequestBody | null;
  quote: Quote | null;
  /** Time left on the quote by server time, in ms; 0 once expired. */
  remainingMs: number;
  /** Server clock minus client clock, learned from each answer: serverNow = now() + offsetMs. */
  offsetMs: number;
  error: HttpErrorLike | null;
  /** Quotes that must not be used any more: expired, fee-edited or replaced by a negotiation. */
  invalidQuoteIds: string[];
  pending: PendingCall;
  /** The client's clock (epoch ms): answers are timed and the countdown read on it. */
  now: () => number;
}

export interface QuoteInput {
  role: QuoteRole;
  /** The client's clock; `Date.now` when not given (a test gives its own). */
  now?: () => number;
}

export type QuoteEvent =
  | { type: 'REQUEST'; request: QuoteRequestBody }
  | { type: 'NEGOTIATE' }
  | { type: 'EDIT_FEES' }
  | { type: 'SAVE_FEES'; fees: QuoteFees }
  | { type: 'CANCEL_EDIT' }
  | { type: 'RETRY' };

function asHttpError(error: unknown): HttpErrorLike {
  if (isHttpErrorLike(error)) return error;
  return { status: 0, code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) };
}

function parseTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The server clock minus the client clock, from an answer received at `receivedAt` (client time).
 * The `Date` header has one-second resolution and the quote's generatedAt is stamped just before
 * the answer leaves: both are lower bounds of the server's clock on arrival, so the later of the
 * two is the closer one. Erring low only ever makes the portal expire a quote late by the network
 * latency, which the server's own QUOTE_EXPIRED refusal covers. With neither, the last offset stays.
 * @internal test-only entry point
 */
export function clockOffsetMs(answer: QuoteAnswer, receivedAt: number, previousOffsetMs: number): number {
  const samples = [parseTime(answer.serverDate), parseTime(answer.quote.quote.generatedAt)].filter((ms): ms is number => ms !== null);
  if (samples.length === 0) return previousOffsetMs;
  return Math.max(...samples) - receivedAt;
}

/**
 * Time left on a quote by server time (the client's `clientNow` plus the offset), never negative.
 * @internal test-only entry point
 */
export function remainingOn(quote: Quote | null, offsetMs: number, clientNow: number): number {
  if (!quote) return 0;
  if (quote.quote.expired) return 0;
  const expireAt = parseTime(quote.expireAt);
  if (expireAt === null) return 0;
  return Math.max(0, expireAt - (clientNow + offsetMs));
}

/** Ms to the next whole second of the time left (a full second when it is a whole number already). */
function nextTickMs(remainingMs: number): number {
  const part = remainingMs % QUOTE_DELAYS.tick;
  return part === 0 ? QUOTE_DELAYS.tick : part;
}

const withInvalid = (ids: string[], id: string | undefined): string[] => (id && !ids.includes(id) ? [...ids, id] : ids);

/**
 * A quote on the foreign-exchange panel (spec 1, section 4 "Quote"): asked for, counted down each
 * second on the server's clock, expired at expireAt, renegotiated, and fee-edited by a TSP. The
 * calls and the "quote is invalid" report are provided by the portal.
 */
export const quoteMachine = setup({
  types: {
    context: {} as QuoteContext,
    events: {} as QuoteEvent,
    input: {} as QuoteInput,
  },
  actors: {
    requestQuote: fromPromise<QuoteAnswer, QuoteRequestBody>(async () => {
      throw new Error('requestQuote must be provided by the portal');
    }),
    negotiate: fromPromise<QuoteAnswer, NegotiateInput>(async () => {
      throw new Error('negotiate must be provided by the portal');
    }),
  },
  guards: {
    isTsp: ({ context }) => context.role === 'TSP',
  },
  actions: {
    /** Tells the page the quote may no longer be used (expired or under fee edit). */
    reportInvalid: (_, _quoteId: string) => {},
  },
  delays: {
    tick: ({ context }) => nextTickMs(context.remainingMs),
  },
}).createMachine({
  id: 'quote',
  initial: 'idle',
  context: ({ input }) => ({
    role: input.role,
    request: null,
    quote: null,
    remainingMs: 0,
    offsetMs: 0,
    error: null,
    invalidQuoteIds: [],
    pending: { kind: 'request' },
    now: input.now ?? Date.now,
  }),
  on: {
    REQUEST: {
      target: '.requesting',
      actions: assign({ request: ({ event }) => event.request, pending: { kind: 'request' } }),
    },
  },
  states: {
    idle: {},
    requesting: {
      entry: assign({ error: null }),
      invoke: {
        src: 'requestQuote',
        input: ({ context }) => {
          if (!context.request) throw new Error('requesting needs a request');
          return context.request;
        },
        onDone: {
          target: 'active',
          actions: assign(({ context, event }) => {
            const offsetMs = clockOffsetMs(event.output, context.now(), context.offsetMs);
            return {
              // A quote asked again replaces the one on screen, which is not to be used any more.
              invalidQuoteIds: withInvalid(context.invalidQuoteIds, context.quote?.id),
              quote: event.output.quote,
              offsetMs,
              remainingMs: remainingOn(event.output.quote, offsetMs, context.now()),
            };
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => asHttpError(event.error), pending: { kind: 'request' } }),
        },
      },
    },
    active: {
      always: { guard: ({ context }) => context.remainingMs <= 0, target: 'expired' },
      after: {
        tick: {
          target: 'active',
          reenter: true,
          actions: assign({ remainingMs: ({ context }) => remainingOn(context.quote, context.offsetMs, context.now()) }),
        },
      },
      on: {
        EDIT_FEES: { guard: 'isTsp', target: 'feeEditing' },
      },
    },
    expired: {
      entry: [
        assign({
          remainingMs: 0,
          invalidQuoteIds: ({ context }) => withInvalid(context.invalidQuoteIds, context.quote?.id),
        }),
        { type: 'reportInvalid', params: ({ context }) => context.quote?.id ?? '' },
      ],
      on: {
        // Spec 4: the negotiate button is enabled only once the quote has expired.
        NEGOTIATE: { target: 'negotiating', actions: assign({ pending: { kind: 'negotiate' } }) },
        EDIT_FEES: { guard: 'isTsp', target: 'feeEditing' },
      },
    },
    feeEditing: {
      // Spec 4: "Only a TSP can enter fee edit mode, which marks the quote invalid."
      entry: [
        assign({ invalidQuoteIds: ({ context }) => withInvalid(context.invalidQuoteIds, context.quote?.id) }),
        { type: 'reportInvalid', params: ({ context }) => context.quote?.id ?? '' },
      ],
      on: {
        SAVE_FEES: {
          target: 'negotiating',
          actions: assign({ pending: ({ event }) => ({ kind: 'negotiate', fees: event.fees }) }),
        },
        // The quote stays invalid once edited: leaving the edit asks for a fresh one at the
        // configured fees rather than bringing the withdrawn one back.
        CANCEL_EDIT: { target: 'negotiating', actions: assign({ pending: { kind: 'negotiate' } }) },
      },
    },
    negotiating: {
      entry: assign({ error: null }),
      invoke: {
        src: 'negotiate',
        input: ({ context }) => {
          if (!context.quote) throw new Error('negotiating needs a quote');
          const fees = context.pending.kind === 'negotiate' ? context.pending.fees : undefined;
          return fees ? { quoteId: context.quote.id, fees } : { quoteId: context.quote.id };
        },
        onDone: {
          target: 'active',
          actions: assign(({ context, event }) => {
            const offsetMs = clockOffsetMs(event.output, context.now(), context.offsetMs);
            return {
              // The server marks the replaced quote invalid; so does the portal.
              invalidQuoteIds: withInvalid(context.invalidQuoteIds, context.quote?.id),
              quote: event.output.quote,
              offsetMs,
              remainingMs: remainingOn(event.output.quote, offsetMs, context.now()),
            };
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => asHttpError(event.error) }),
        },
      },
    },
    failed: {
      on: {
        RETRY: [
          { guard: ({ context }) => context.pending.kind === 'negotiate' && context.quote !== null, target: 'negotiating' },
          { guard: ({ context }) => context.request !== null, target: 'requesting' },
        ],
      },
    },
  },
});

/** The quote machine's state as the FX panel reads it: `idle`, `requesting`, `active`, `expired`, `feeEditing`, `negotiating` or `failed`. */
export type QuoteState = StateValueFrom<typeof quoteMachine>;
