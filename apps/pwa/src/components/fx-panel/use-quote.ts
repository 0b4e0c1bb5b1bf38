import { useEffect, useLayoutEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import {
  isNetworkError,
  quoteMachine,
  type NegotiateInput,
  type QuoteAnswer,
  type QuoteFees,
  type QuoteRequestBody,
  type QuoteRole,
} from '@corridor/state-machines';
import type { QuotePanelView } from './fx-panel.tsx';

/** The calls behind a quote; each answer carries the server's `Date` header for the clock offset. */
export interface QuoteCalls {
  requestQuote: (request: QuoteRequestBody) => Promise<QuoteAnswer>;
  negotiate: (input: NegotiateInput) => Promise<QuoteAnswer>;
  /** The quote may no longer be used (expired or under fee edit): the page disables its submit. */
  onInvalid?: (quoteId: string) => void;
}

type QuoteSnapshot = SnapshotFrom<typeof quoteMachine>;

/** The panel's view of the machine's snapshot. */
function quoteView(snapshot: QuoteSnapshot): QuotePanelView {
  const { quote, remainingMs, error } = snapshot.context;
  return { status: snapshot.value, quote, remainingMs, error };
}

/**
 * Runs one quote machine for a screen (merchant or TSP), with the page's calls. The returned
 * handlers are the panel's callbacks; `request` asks for a quote (or a new one after a change).
 * `online` (the browser's network status): a quote that failed for want of a network is asked
 * again as soon as the device is back online, so the indicative price gives way to a firm one.
 */
export function useQuote(role: QuoteRole, calls: QuoteCalls, online = true) {
  // The machine is made once; the calls it runs are always the page's latest.
  const latest = useRef(calls);
  useLayoutEffect(() => {
    latest.current = calls;
  });
  const actor = useActorRef(
    quoteMachine.provide({
      actors: {
        requestQuote: fromPromise(({ input }: { input: QuoteRequestBody }) => latest.current.requestQuote(input)),
        negotiate: fromPromise(({ input }: { input: NegotiateInput }) => latest.current.negotiate(input)),
      },
      actions: {
        reportInvalid: (_, quoteId) => {
          if (quoteId) latest.current.onInvalid?.(quoteId);
        },
      },
    }),
    { input: { role } },
  );
  useEffect(() => {
    const snapshot = actor.getSnapshot();
    if (online && snapshot.matches('failed') && isNetworkError(snapshot.context.error)) actor.send({ type: 'RETRY' });
  }, [online, actor]);
  const view = useSelector(actor, quoteView, (a, b) => a.status === b.status && a.quote === b.quote && a.remainingMs === b.remainingMs && a.error === b.error);
  return {
    view,
    /** The quote is usable now: active and not replaced, expired or under edit. */
    usable: view.status === 'active',
    request: (request: QuoteRequestBody) => actor.send({ type: 'REQUEST', request }),
    onNegotiate: () => actor.send({ type: 'NEGOTIATE' }),
    onEditFees: () => actor.send({ type: 'EDIT_FEES' }),
    onSaveFees: (fees: QuoteFees) => actor.send({ type: 'SAVE_FEES', fees }),
    onCancelEdit: () => actor.send({ type: 'CANCEL_EDIT' }),
    onRetry: () => actor.send({ type: 'RETRY' }),
  };
}
