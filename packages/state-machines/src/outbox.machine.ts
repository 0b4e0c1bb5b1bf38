import { assign, fromPromise, setup, type StateValueFrom } from 'xstate';
import { isHttpErrorLike, isNetworkError, type HttpErrorLike } from './api-errors.ts';

/**
 * The outbox's back-off (ARCHITECTURE 4): the first retry after about a second, doubling up to a
 * minute, so a struggling server is not hammered and a short outage costs little.
 * @internal
 */
export const OUTBOX_DELAYS = {
  retryBase: 1_000,
  retryMax: 60_000,
} as const;

/**
 * How long to wait before retry number `attempt` (1 = the first retry): exponential, capped, with
 * "equal jitter" (half fixed, half random) so tabs of many branches coming back online at the same
 * moment do not retry in step, while the wait never drops below half the step.
 * `random` is in [0, 1).
 * @internal
 */
export function outboxBackoffMs(attempt: number, random: number): number {
  const step = Math.min(OUTBOX_DELAYS.retryMax, OUTBOX_DELAYS.retryBase * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (Math.min(Math.max(random, 0), 1) * step) / 2);
}

/** What one answer means for the queued item (ARCHITECTURE 4, "The outbox"). */
export type OutboxAnswerClass = 'retry' | 'rejected' | 'unauthorized' | 'requote';

/**
 * The class of a failed send: no answer or 5xx keeps the item and retries; 401 pauses the queue;
 * QUOTE_EXPIRED (the quote ran out while the draft waited offline) asks for a new price; any other
 * 4xx (409 DRAFT_ID_REUSED, 422 field errors) rejects that item only. 408 and 429 are the server
 * saying "not now", so they retry too.
 */
export function classifyOutboxFailure(error: unknown): OutboxAnswerClass {
  if (!isHttpErrorLike(error) || isNetworkError(error)) return 'retry';
  if (error.status === 401) return 'unauthorized';
  if (error.status >= 500 || error.status === 408 || error.status === 429) return 'retry';
  if (error.code === 'QUOTE_EXPIRED') return 'requote';
  return 'rejected';
}

/** What one drain step did: nothing left, one item settled (sent or rejected), or the queue must wait. */
export type DrainStepResult = { kind: 'empty' } | { kind: 'settled' } | { kind: 'retry'; error: HttpErrorLike | null } | { kind: 'unauthorized' };

export type OutboxWakeReason = 'start' | 'visible' | 'focus' | 'enqueue' | 'retry';

export type OutboxEvent =
  /** Something worth a look at the queue: the page became visible, gained focus, a new item, the user's retry. */
  | { type: 'WAKE'; reason: OutboxWakeReason }
  | { type: 'ONLINE' }
  | { type: 'OFFLINE' }
  /** The user signed in again after a 401. */
  | { type: 'RESUME' };

export interface OutboxContext {
  online: boolean;
  /** Failed attempts in a row (no answer, 5xx): drives the back-off. */
  failures: number;
  lastError: HttpErrorLike | null;
  /** When the waiting state will try again (epoch ms), for the sync health panel. */
  nextAttemptAt: number | null;
  /** The current back-off wait in ms. */
  backoffMs: number;
  /** Something was woken for while a step ran (a new item may have missed that step). */
  wokenWhileDraining: boolean;
  random: () => number;
  now: () => number;
}

export interface OutboxInput {
  online: boolean;
  random?: () => number;
  now?: () => number;
}

/**
 * The outbox sender (ARCHITECTURE 4): drains one item at a time, in order, while online; waits
 * with back-off after no answer or a 5xx; pauses the whole queue on 401 until `RESUME`. The step
 * itself (`drainStep`: pick the next item, send it, record the answer) is provided by the portal,
 * so the rules here are tested with fakes and fake timers. Only the tab holding the outbox lock
 * runs this machine.
 */
export const outboxMachine = setup({
  types: {
    context: {} as OutboxContext,
    events: {} as OutboxEvent,
    input: {} as OutboxInput,
  },
  actors: {
    drainStep: fromPromise<DrainStepResult>(async () => {
      throw new Error('drainStep must be provided by the portal');
    }),
  },
  actions: {
    /** Tell the user to sign in again; the queue stays paused until `RESUME`. */
    needsSignIn: () => {},
  },
  guards: {
    isOnline: ({ context }) => context.online,
  },
  delays: {
    backoff: ({ context }) => context.backoffMs,
  },
}).createMachine({
  id: 'outbox',
  context: ({ input }) => ({
    online: input.online,
    failures: 0,
    lastError: null,
    nextAttemptAt: null,
    backoffMs: 0,
    wokenWhileDraining: false,
    random: input.random ?? Math.random,
    now: input.now ?? Date.now,
  }),
  initial: 'starting',
  on: {
    OFFLINE: { target: '.offline', actions: assign({ online: false }) },
    ONLINE: { target: '.draining', actions: assign({ online: true }) },
  },
  states: {
    starting: {
      always: [{ guard: 'isOnline', target: 'draining' }, { target: 'offline' }],
    },
    idle: {
      on: { WAKE: 'draining' },
    },
    draining: {
      // A request is out: connectivity events only take note, so a second request for the same item
      // never starts while the first may still land; the step's own answer decides what comes next.
      // A wake-up while the step runs is remembered: the step may have found the queue empty just
      // before a new item was committed, and that item must not wait for the next trigger.
      entry: assign({ wokenWhileDraining: false }),
      on: {
        ONLINE: { actions: assign({ online: true }) },
        OFFLINE: { actions: assign({ online: false }) },
        WAKE: { actions: assign({ wokenWhileDraining: true }) },
      },
      invoke: {
        src: 'drainStep',
        onDone: [
          {
            guard: ({ context, event }) => event.output.kind === 'empty' && context.wokenWhileDraining,
            target: 'draining',
            reenter: true,
          },
          {
            guard: ({ event }) => event.output.kind === 'empty',
            target: 'idle',
            actions: assign({ failures: 0, lastError: null, nextAttemptAt: null }),
          },
          {
            guard: ({ event }) => event.output.kind === 'settled',
            target: 'draining',
            reenter: true,
            actions: assign({ failures: 0, lastError: null, nextAttemptAt: null }),
          },
          {
            guard: ({ event }) => event.output.kind === 'unauthorized',
            target: 'paused',
            actions: 'needsSignIn',
          },
          {
            target: 'retrying',
            actions: assign(({ context, event }) => ({
              failures: context.failures + 1,
              lastError: event.output.kind === 'retry' ? event.output.error : null,
            })),
          },
        ],
        // The step itself failed (IndexedDB refused): keep everything and try again later.
        onError: {
          target: 'retrying',
          actions: assign(({ context }) => ({ failures: context.failures + 1, lastError: null })),
        },
      },
    },
    retrying: {
      always: [{ guard: 'isOnline', target: 'waiting' }, { target: 'offline' }],
    },
    waiting: {
      // The wait is drawn once on entry, so the panel can show when the next attempt comes.
      entry: assign(({ context }) => {
        const backoffMs = outboxBackoffMs(context.failures, context.random());
        return { backoffMs, nextAttemptAt: context.now() + backoffMs };
      }),
      after: { backoff: 'draining' },
      on: {
        // Focus and visibility do not cut a back-off short; the network coming back or the user's retry do.
        WAKE: { guard: ({ event }) => event.reason === 'retry', target: 'draining' },
      },
    },
    paused: {
      on: {
        RESUME: [
          { guard: 'isOnline', target: 'draining', actions: assign({ failures: 0 }) },
          { target: 'offline', actions: assign({ failures: 0 }) },
        ],
        ONLINE: { actions: assign({ online: true }) },
        OFFLINE: { actions: assign({ online: false }) },
        WAKE: {},
      },
    },
    offline: {
      on: { WAKE: {} },
    },
  },
});

/** The outbox sender's state as the sync health views read it: `starting`, `draining`, `idle`, `retrying`, `waiting`, `paused` or `offline`. */
export type OutboxSenderState = StateValueFrom<typeof outboxMachine>;
