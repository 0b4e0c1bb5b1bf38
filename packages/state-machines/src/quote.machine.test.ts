import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Quote } from '@corridor/api';
import {
  type QuoteState,
  QUOTE_DELAYS,
  clockOffsetMs,
  quoteMachine,
  remainingOn,
  type NegotiateInput,
  type QuoteAnswer,
  type QuoteRequestBody,
  type QuoteRole,
} from './quote.machine.ts';

/** The client's clock; the server's is SKEW_MS ahead (a client clock five minutes slow). */
const CLIENT_START = Date.parse('2026-11-23T10:00:00.000Z');
const SKEW_MS = 5 * 60_000;

const request: QuoteRequestBody = {
  transactionCategory: 'TRANSFER',
  dealType: 'CASH',
  sourceWalletId: 'w-aed',
  sendAmount: { amount: '1000.00', currency: 'AED' },
  targetCurrency: 'USD',
};

function quoteOf(id: string, generatedAt: number, validityMs: number): Quote {
  const money = (amount: string, currency: string) => ({ amount, currency });
  return {
    id,
    serviceProviderId: 'sp-1',
    merchantId: 'm-1',
    transactionCategory: 'TRANSFER',
    dealType: 'CASH',
    sendAmount: money('1000.00', 'AED'),
    receiveAmount: money('272.25', 'USD'),
    valueDate: '2026-11-23',
    rates: { ibr: '0.27230000', layer1: '0.27228000', layer2: '0.27226000', volatile: '0.27225000' },
    exchangeRate: '0.27225000',
    inverseExchangeRate: '3.67309458',
    settlementWallet: null,
    sourceWallet: null,
    merchantCharges: [],
    correspondentCharges: [],
    quote: { generatedAt: new Date(generatedAt).toISOString(), expired: false },
    expireAt: new Date(generatedAt + validityMs).toISOString(),
  } as Quote;
}

/** The server's clock as an HTTP `Date` header (whole seconds). */
const serverDateHeader = () => new Date(Date.now() + SKEW_MS).toUTCString();

interface Harness {
  requests: QuoteRequestBody[];
  negotiations: NegotiateInput[];
  invalidReports: string[];
  requestQuote: (input: QuoteRequestBody) => Promise<QuoteAnswer>;
  negotiate: (input: NegotiateInput) => Promise<QuoteAnswer>;
}

let nextId = 0;
/** A server quoting with a validity of `validityMs` on its own (skewed) clock. */
function serverAnswer(validityMs: number): QuoteAnswer {
  nextId += 1;
  // The quote is stamped on a whole second here so the Date header and generatedAt agree.
  const serverNow = Math.floor((Date.now() + SKEW_MS) / 1000) * 1000;
  return { quote: quoteOf(`q-${nextId}`, serverNow, validityMs), serverDate: serverDateHeader() };
}

function start(role: QuoteRole, h: Partial<Harness> = {}, now?: () => number) {
  const harness: Harness = {
    requests: [],
    negotiations: [],
    invalidReports: [],
    requestQuote: async () => serverAnswer(30_000),
    negotiate: async () => serverAnswer(30_000),
    ...h,
  };
  const machine = quoteMachine.provide({
    actors: {
      requestQuote: fromPromise(({ input }: { input: QuoteRequestBody }) => {
        harness.requests.push(input);
        return harness.requestQuote(input);
      }),
      negotiate: fromPromise(({ input }: { input: NegotiateInput }) => {
        harness.negotiations.push(input);
        return harness.negotiate(input);
      }),
    },
    actions: {
      reportInvalid: (_, quoteId) => {
        harness.invalidReports.push(quoteId);
      },
    },
  });
  const actor = createActor(machine, { input: now ? { role, now } : { role } });
  actor.start();
  return { actor, harness };
}

async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('quote machine (spec 1, section 4 "Quote")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(CLIENT_START);
    nextId = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a quote with the request and counts down one second at a time', async () => {
    const { actor, harness } = start('MERCHANT');
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'REQUEST', request });
    expect(actor.getSnapshot().value).toBe('requesting');
    await flush();
    expect(harness.requests).toEqual([request]);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.quote?.id).toBe('q-1');
    expect(actor.getSnapshot().context.remainingMs).toBe(30_000);

    await vi.advanceTimersByTimeAsync(QUOTE_DELAYS.tick);
    expect(actor.getSnapshot().context.remainingMs).toBe(29_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().context.remainingMs).toBe(29_000);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context.remainingMs).toBe(28_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(actor.getSnapshot().context.remainingMs).toBe(18_000);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('learns the server clock from the Date header: a client five minutes slow still expires the quote exactly at expireAt by server time', async () => {
    const { actor, harness } = start('MERCHANT');
    actor.send({ type: 'REQUEST', request });
    await flush();
    const { quote, offsetMs } = actor.getSnapshot().context;
    expect(offsetMs).toBe(SKEW_MS);
    const expireAt = Date.parse(quote!.expireAt);
    // By the client's own clock the quote would have 5 min 30 s left; by the server's, 30 s.
    expect(expireAt - Date.now()).toBe(SKEW_MS + 30_000);
    expect(actor.getSnapshot().context.remainingMs).toBe(30_000);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(actor.getSnapshot().value).toBe('active');
    expect(Date.now() + SKEW_MS).toBe(expireAt - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(Date.now() + SKEW_MS).toBe(expireAt);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
    // "At zero the quote is reported invalid."
    expect(harness.invalidReports).toEqual(['q-1']);
    expect(actor.getSnapshot().context.invalidQuoteIds).toEqual(['q-1']);
  });

  it('a client clock ahead of the server is corrected too (the quote does not expire early)', async () => {
    const { actor } = start('MERCHANT', {
      requestQuote: async () => {
        const serverNow = Date.now() - 120_000;
        return { quote: quoteOf('q-behind', serverNow, 10_000), serverDate: new Date(serverNow).toUTCString() };
      },
    });
    actor.send({ type: 'REQUEST', request });
    await flush();
    expect(actor.getSnapshot().context.offsetMs).toBe(-120_000);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(actor.getSnapshot().value).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('a quote the server already reports as expired is expired at once', async () => {
    const { actor, harness } = start('MERCHANT', {
      requestQuote: async () => {
        const answer = serverAnswer(30_000);
        return { ...answer, quote: { ...answer.quote, quote: { ...answer.quote.quote, expired: true } } };
      },
    });
    actor.send({ type: 'REQUEST', request });
    await flush();
    expect(actor.getSnapshot().value).toBe('expired');
    expect(harness.invalidReports).toEqual(['q-1']);
  });

  it('a merchant cannot enter fee editing, neither while active nor once expired', async () => {
    const { actor, harness } = start('MERCHANT');
    actor.send({ type: 'REQUEST', request });
    await flush();
    actor.send({ type: 'EDIT_FEES' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().can({ type: 'EDIT_FEES' })).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    actor.send({ type: 'EDIT_FEES' });
    expect(actor.getSnapshot().value).toBe('expired');
    // A merchant cannot send fee values either: SAVE_FEES means nothing outside fee editing.
    actor.send({ type: 'SAVE_FEES', fees: { OUR: '1' } });
    expect(actor.getSnapshot().value).toBe('expired');
    expect(harness.negotiations).toEqual([]);
  });

  it('a merchant can only negotiate once the quote has expired, and then gets a new quote; the old one is invalid', async () => {
    const { actor, harness } = start('MERCHANT');
    actor.send({ type: 'REQUEST', request });
    await flush();
    actor.send({ type: 'NEGOTIATE' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(harness.negotiations).toEqual([]);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'NEGOTIATE' });
    expect(actor.getSnapshot().value).toBe('negotiating');
    await flush();
    expect(harness.negotiations).toEqual([{ quoteId: 'q-1' }]);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.quote?.id).toBe('q-2');
    expect(actor.getSnapshot().context.remainingMs).toBe(30_000);
    expect(actor.getSnapshot().context.invalidQuoteIds).toEqual(['q-1']);
    // The new quote counts down on its own.
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(29_000);
  });

  it('a TSP entering fee editing marks the quote invalid; saving negotiates with the fees and returns to an active new quote', async () => {
    const { actor, harness } = start('TSP');
    actor.send({ type: 'REQUEST', request });
    await flush();
    actor.send({ type: 'EDIT_FEES' });
    expect(actor.getSnapshot().value).toBe('feeEditing');
    expect(harness.invalidReports).toEqual(['q-1']);
    expect(actor.getSnapshot().context.invalidQuoteIds).toEqual(['q-1']);
    // The countdown stops while fees are edited: the edited quote is not the one to use.
    const left = actor.getSnapshot().context.remainingMs;
    await vi.advanceTimersByTimeAsync(3000);
    expect(actor.getSnapshot().context.remainingMs).toBe(left);

    actor.send({ type: 'SAVE_FEES', fees: { OUR: '12.50', REBATE: '3' } });
    expect(actor.getSnapshot().value).toBe('negotiating');
    await flush();
    expect(harness.negotiations).toEqual([{ quoteId: 'q-1', fees: { OUR: '12.50', REBATE: '3' } }]);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.quote?.id).toBe('q-2');
    expect(actor.getSnapshot().context.invalidQuoteIds).toEqual(['q-1']);
  });

  it('cancelling a fee edit does not bring the withdrawn quote back: a fresh one is asked at the configured fees', async () => {
    const { actor, harness } = start('TSP');
    actor.send({ type: 'REQUEST', request });
    await flush();
    actor.send({ type: 'EDIT_FEES' });
    actor.send({ type: 'CANCEL_EDIT' });
    await flush();
    expect(harness.negotiations).toEqual([{ quoteId: 'q-1' }]);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.quote?.id).toBe('q-2');
  });

  it('a failed request goes to failed with the error; RETRY asks again with the same request', async () => {
    let fail = true;
    const { actor, harness } = start('MERCHANT', {
      requestQuote: async () => {
        if (fail) throw { status: 400, code: 'RATE_STALE', message: 'The rate is too old', invalidParameters: [] };
        return serverAnswer(30_000);
      },
    });
    actor.send({ type: 'REQUEST', request });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('RATE_STALE');
    fail = false;
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().value).toBe('requesting');
    await flush();
    expect(harness.requests).toEqual([request, request]);
    expect(actor.getSnapshot().value).toBe('active');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failed fee save keeps the fees: RETRY negotiates again with them; a network failure reads as NETWORK_ERROR', async () => {
    let fail = true;
    const { actor, harness } = start('TSP', {
      negotiate: async () => {
        if (fail) throw new TypeError('Failed to fetch');
        return serverAnswer(30_000);
      },
    });
    actor.send({ type: 'REQUEST', request });
    await flush();
    actor.send({ type: 'EDIT_FEES' });
    actor.send({ type: 'SAVE_FEES', fees: { BEN: '5' } });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error?.code).toBe('NETWORK_ERROR');
    fail = false;
    actor.send({ type: 'RETRY' });
    await flush();
    expect(harness.negotiations).toEqual([
      { quoteId: 'q-1', fees: { BEN: '5' } },
      { quoteId: 'q-1', fees: { BEN: '5' } },
    ]);
    expect(actor.getSnapshot().value).toBe('active');
  });

  it('a new REQUEST replaces the quote on screen, which becomes invalid', async () => {
    const { actor } = start('MERCHANT');
    actor.send({ type: 'REQUEST', request });
    await flush();
    actor.send({ type: 'REQUEST', request: { ...request, sendAmount: { amount: '2000.00', currency: 'AED' } } });
    await flush();
    expect(actor.getSnapshot().context.quote?.id).toBe('q-2');
    expect(actor.getSnapshot().context.invalidQuoteIds).toEqual(['q-1']);
  });
});

describe('quote machine on the clock it is given', () => {
  /** The device's clock as the machine is given it, moved by the test alone. */
  let clock = CLIENT_START;
  const now = () => clock;
  /** The server's answer at the given client time: SKEW_MS ahead, a whole second, valid 30 s. */
  const answerAt = (id: string): QuoteAnswer => {
    const serverNow = Math.floor((clock + SKEW_MS) / 1000) * 1000;
    return { quote: quoteOf(id, serverNow, 30_000), serverDate: new Date(serverNow).toUTCString() };
  };

  beforeEach(() => {
    vi.useFakeTimers();
    // The host's clock is years away: only the given clock may count.
    vi.setSystemTime(Date.parse('2001-01-01T00:00:00.000Z'));
    clock = CLIENT_START;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times the answer and counts down on the given clock, whatever the host clock says', async () => {
    const { actor } = start('MERCHANT', { requestQuote: async () => answerAt('q-own') }, now);
    actor.send({ type: 'REQUEST', request });
    await flush();
    expect(actor.getSnapshot().context.offsetMs).toBe(SKEW_MS);
    expect(actor.getSnapshot().context.remainingMs).toBe(30_000);
    clock += QUOTE_DELAYS.tick;
    await vi.advanceTimersByTimeAsync(QUOTE_DELAYS.tick);
    expect(actor.getSnapshot().context.remainingMs).toBe(29_000);
  });

  it('a clock that jumps between two ticks shows at the next tick: the time left is read, not counted', async () => {
    const { actor, harness } = start('MERCHANT', { requestQuote: async () => answerAt('q-jump') }, now);
    actor.send({ type: 'REQUEST', request });
    await flush();
    // The device's clock is corrected 10 s forward while one second of timers passes.
    clock += 10_000 + QUOTE_DELAYS.tick;
    await vi.advanceTimersByTimeAsync(QUOTE_DELAYS.tick);
    expect(actor.getSnapshot().context.remainingMs).toBe(19_000);
    expect(actor.getSnapshot().value).toBe('active');
    // Past expireAt on the given clock: expired at the next tick, reported invalid.
    clock += 19_000;
    await vi.advanceTimersByTimeAsync(QUOTE_DELAYS.tick);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(harness.invalidReports).toEqual(['q-jump']);
  });

  it('a negotiation is timed on the given clock too', async () => {
    const { actor } = start('TSP', { requestQuote: async () => answerAt('q-1'), negotiate: async () => answerAt('q-2') }, now);
    actor.send({ type: 'REQUEST', request });
    await flush();
    clock += 60_000;
    actor.send({ type: 'EDIT_FEES' });
    actor.send({ type: 'SAVE_FEES', fees: { OUR: '1' } });
    await flush();
    expect(actor.getSnapshot().context.quote?.id).toBe('q-2');
    expect(actor.getSnapshot().context.offsetMs).toBe(SKEW_MS);
    expect(actor.getSnapshot().context.remainingMs).toBe(30_000);
  });
});

describe('remainingOn', () => {
  const generatedAt = Date.parse('2026-11-23T10:05:00.000Z');
  const quote = quoteOf('q', generatedAt, 30_000);

  it('is the time to expireAt by server time (client time plus the offset), never negative', () => {
    expect(remainingOn(quote, SKEW_MS, generatedAt - SKEW_MS)).toBe(30_000);
    expect(remainingOn(quote, SKEW_MS, generatedAt - SKEW_MS + 29_500)).toBe(500);
    expect(remainingOn(quote, SKEW_MS, generatedAt - SKEW_MS + 31_000)).toBe(0);
    expect(remainingOn(quote, 0, generatedAt)).toBe(30_000);
  });

  it('is zero for no quote, a quote the server says expired, and an unreadable expireAt', () => {
    expect(remainingOn(null, 0, generatedAt)).toBe(0);
    expect(remainingOn({ ...quote, quote: { ...quote.quote, expired: true } }, 0, generatedAt)).toBe(0);
    expect(remainingOn({ ...quote, expireAt: 'soon' }, 0, generatedAt)).toBe(0);
  });
});

describe('clockOffsetMs', () => {
  const received = Date.parse('2026-11-23T10:00:00.400Z');
  const quote = quoteOf('q', Date.parse('2026-11-23T10:05:00.250Z'), 30_000);

  it('takes the later of the Date header and generatedAt, both lower bounds of the server clock', () => {
    expect(clockOffsetMs({ quote, serverDate: 'Mon, 23 Nov 2026 10:05:00 GMT' }, received, 0)).toBe(SKEW_MS - 150);
    expect(clockOffsetMs({ quote, serverDate: 'Mon, 23 Nov 2026 10:05:01 GMT' }, received, 0)).toBe(SKEW_MS + 600);
  });

  it('keeps the previous offset when the answer tells nothing of the server clock', () => {
    const undated = { ...quote, quote: { ...quote.quote, generatedAt: 'not a date' } };
    expect(clockOffsetMs({ quote: undated, serverDate: null }, received, 1234)).toBe(1234);
  });
});

// The state a component reads is the machine's own union, never a string.
expectTypeOf<QuoteState>().toEqualTypeOf<'idle' | 'requesting' | 'active' | 'expired' | 'feeEditing' | 'negotiating' | 'failed'>();
