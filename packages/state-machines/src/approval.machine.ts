import { assign, fromPromise, raise, setup, type StateValueFrom } from 'xstate';
import { isHttpErrorLike, type HttpErrorLike } from './api-errors.ts';

/**
 * A decision a checker takes on one or several items (credit requests, top-ups, transfers,
 * cancellations): approve, reject with a reason, or cancel with a reason and a cancellation date.
 */
export type ApprovalAction = 'approve' | 'reject' | 'cancel';

/** The calendar days (yyyy-MM-dd, user's time zone) a cancellation date may take: the item's day to today. */
export interface CancellationWindow {
  from: string;
  to: string;
}

/** What the checker fills in before confirming (spec 1 section 5, extra-details modal). */
export interface ApprovalDetails {
  reason?: string;
  /** yyyy-MM-dd; cancel only. */
  cancellationDate?: string;
  /** Anything else the decision sends (a credit approval's granted limit and validity). */
  extra?: Record<string, string>;
}

/** One call the portal makes for one item; provided by the screen (`decide`). */
export interface DecisionInput {
  action: ApprovalAction;
  id: string;
  reason?: string;
  cancellationDate?: string;
  extra?: Record<string, string>;
}

/** How one item ended: decided, or refused by the server with its error kept. */
export type DecisionOutcome = { id: string; ok: true } | { id: string; ok: false; error: HttpErrorLike };

export type DetailsProblem = 'reasonRequired' | 'dateRequired' | 'dateOutOfRange';

export interface ApprovalContext {
  action: ApprovalAction | null;
  ids: string[];
  window: CancellationWindow | null;
  details: ApprovalDetails;
  /** Why the last CONFIRM was not accepted; empty once the details are valid. */
  problems: DetailsProblem[];
  /** Index into `pending` of the item being sent. */
  cursor: number;
  /** Items still to send this round (all on a first try, the refused ones on RETRY). */
  pending: string[];
  outcomes: Record<string, DecisionOutcome>;
  /** The last server refusal (INVALID_TRANSITION, MAKER_CHECKER, ...), for the single-item screens. */
  error: HttpErrorLike | null;
}

export type ApprovalEvent =
  | { type: 'START'; action: ApprovalAction; ids: string[]; window?: CancellationWindow }
  | ({ type: 'CONFIRM' } & ApprovalDetails)
  | { type: 'DISMISS' }
  | { type: 'RETRY' };

/**
 * The machine's timers: how long `done` shows before the machine is ready for the next decision.
 * @internal test-only entry point
 */
export const APPROVAL_DELAYS = {
  settle: 1500,
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What is missing or wrong in the details of a decision (spec 1 section 5): a rejection and a
 * cancellation need a reason; a cancellation needs a date between the item's day and today. An
 * approval needs nothing.
 * @internal test-only entry point (the machine applies it on CONFIRM)
 */
export function detailsProblems(action: ApprovalAction, details: ApprovalDetails, window: CancellationWindow | null): DetailsProblem[] {
  const problems: DetailsProblem[] = [];
  if (action === 'approve') return problems;
  if (!details.reason || details.reason.trim() === '') problems.push('reasonRequired');
  if (action === 'cancel') {
    const date = details.cancellationDate ?? '';
    if (date === '') problems.push('dateRequired');
    else if (!ISO_DAY.test(date) || (window !== null && (date < window.from || date > window.to))) problems.push('dateOutOfRange');
  }
  return problems;
}

function asHttpError(error: unknown): HttpErrorLike {
  if (isHttpErrorLike(error)) return error;
  return { status: 0, code: 'NETWORK_ERROR', message: error instanceof Error ? error.message : String(error) };
}

function decisionFor(context: ApprovalContext): DecisionInput {
  const { details } = context;
  const reason = details.reason?.trim();
  return {
    action: context.action ?? 'approve',
    id: context.pending[context.cursor] ?? '',
    ...(reason ? { reason } : {}),
    ...(context.action === 'cancel' && details.cancellationDate ? { cancellationDate: details.cancellationDate } : {}),
    ...(details.extra ? { extra: details.extra } : {}),
  };
}

const refused = (context: ApprovalContext) => Object.values(context.outcomes).filter((o): o is Extract<DecisionOutcome, { ok: false }> => !o.ok);

const blank = { action: null, ids: [], window: null, details: {}, problems: [], cursor: 0, pending: [], outcomes: {}, error: null } satisfies ApprovalContext;

/**
 * Approve, reject and cancel, for one item or several (bulk approve of selected rows): the checker
 * confirms with the details the action needs, each item is sent in turn through the provided
 * `decide` call, and every item keeps its own outcome. A 401 stops everything (the session is
 * over: `needsSignIn`); any other refusal is kept per item and the rest still go, so one
 * maker-checker refusal in a bulk approval does not hold back the others. RETRY resends only the
 * refused ones.
 */
export const approvalMachine = setup({
  types: {
    context: {} as ApprovalContext,
    events: {} as ApprovalEvent,
  },
  actors: {
    decide: fromPromise<unknown, DecisionInput>(async () => {
      throw new Error('decide must be provided by the portal');
    }),
  },
  guards: {
    detailsValid: ({ context, event }) =>
      event.type === 'CONFIRM' && context.action !== null && detailsProblems(context.action, event, context.window).length === 0,
    hasIds: ({ event }) => event.type === 'START' && event.ids.length > 0,
    moreAfterThis: ({ context }) => context.cursor + 1 < context.pending.length,
    sessionOver: ({ event }) => 'error' in event && asHttpError(event.error).status === 401,
    anyRefused: ({ context }) => refused(context).length > 0,
  },
  actions: {
    recordDecided: assign(({ context }) => {
      const id = context.pending[context.cursor] ?? '';
      return { cursor: context.cursor + 1, outcomes: { ...context.outcomes, [id]: { id, ok: true } } };
    }),
    recordRefused: assign(({ context, event }) => {
      const id = context.pending[context.cursor] ?? '';
      const error = asHttpError('error' in event ? event.error : event);
      return { cursor: context.cursor + 1, error, outcomes: { ...context.outcomes, [id]: { id, ok: false, error } } };
    }),
  },
  delays: {
    settle: APPROVAL_DELAYS.settle,
  },
}).createMachine({
  id: 'approval',
  initial: 'idle',
  context: blank,
  states: {
    idle: {
      on: {
        START: {
          guard: 'hasIds',
          target: 'confirming',
          actions: assign(({ event }) => ({ ...blank, action: event.action, ids: [...new Set(event.ids)], window: event.window ?? null })),
        },
      },
    },
    confirming: {
      on: {
        CONFIRM: [
          {
            guard: 'detailsValid',
            target: 'submitting',
            actions: assign(({ context, event }) => ({
              details: {
                ...(event.reason !== undefined ? { reason: event.reason } : {}),
                ...(event.cancellationDate !== undefined ? { cancellationDate: event.cancellationDate } : {}),
                ...(event.extra !== undefined ? { extra: event.extra } : {}),
              },
              problems: [],
              cursor: 0,
              pending: context.ids,
              outcomes: {},
              error: null,
            })),
          },
          {
            actions: assign(({ context, event }) => ({ problems: context.action ? detailsProblems(context.action, event, context.window) : [] })),
          },
        ],
        DISMISS: { target: 'idle', actions: assign(() => blank) },
      },
    },
    submitting: {
      invoke: {
        src: 'decide',
        input: ({ context }) => decisionFor(context),
        onDone: [
          { guard: 'moreAfterThis', target: 'submitting', reenter: true, actions: 'recordDecided' },
          { target: 'deciding', actions: 'recordDecided' },
        ],
        onError: [
          // The session is over: nothing more is sent, the portal signs in again.
          { guard: 'sessionOver', target: 'needsSignIn', actions: 'recordRefused' },
          { guard: 'moreAfterThis', target: 'submitting', reenter: true, actions: 'recordRefused' },
          { target: 'deciding', actions: 'recordRefused' },
        ],
      },
    },
    deciding: {
      always: [{ guard: 'anyRefused', target: 'refused' }, { target: 'done' }],
    },
    done: {
      after: { settle: { target: 'idle', actions: assign(() => blank) } },
      on: {
        START: {
          guard: 'hasIds',
          target: 'confirming',
          actions: assign(({ event }) => ({ ...blank, action: event.action, ids: [...new Set(event.ids)], window: event.window ?? null })),
        },
      },
    },
    refused: {
      on: {
        // The checker changed the details and confirms again: the whole round goes again with them.
        CONFIRM: { target: 'confirming', actions: raise(({ event }) => event) },
        RETRY: {
          target: 'submitting',
          actions: assign(({ context }) => ({ pending: refused(context).map((o) => o.id), cursor: 0, error: null })),
        },
        DISMISS: { target: 'idle', actions: assign(() => blank) },
      },
    },
    needsSignIn: {
      type: 'final',
    },
  },
});

/** The ids a finished round decided, and those the server refused (with why). */
export function approvalResults(context: ApprovalContext): { decided: string[]; refused: DecisionOutcome[] } {
  const all = Object.values(context.outcomes);
  return { decided: all.filter((o) => o.ok).map((o) => o.id), refused: all.filter((o) => !o.ok) };
}

/** The approval machine's state as a screen reads it: `idle`, `confirming`, `submitting`, `deciding`, `done`, `refused` or `needsSignIn`. */
export type ApprovalState = StateValueFrom<typeof approvalMachine>;
