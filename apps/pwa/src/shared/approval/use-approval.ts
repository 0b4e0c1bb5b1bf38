import { useEffect, useLayoutEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  approvalMachine,
  approvalResults,
  type ApprovalAction,
  type ApprovalContext,
  type ApprovalDetails,
  type ApprovalState,
  type CancellationWindow,
  type DecisionInput,
} from '@corridor/state-machines';

export interface ApprovalOptions {
  /** The call for one item (approve, reject or cancel), as the screen makes it. */
  decide: (decision: DecisionInput) => Promise<unknown>;
  /** Called once a round ends, with what was decided and what the server refused. */
  onSettled?: (results: ReturnType<typeof approvalResults>, context: ApprovalContext) => void;
}

/**
 * The approval machine for a screen: every approve, reject and cancel of the portal goes through
 * it, so busy states, per-item outcomes, the server's refusals and the 401 stop behave the same on
 * every screen. The latest `decide` and `onSettled` are used without restarting the machine.
 */
export function useApproval({ decide, onSettled }: ApprovalOptions) {
  const latest = useRef({ decide, onSettled });
  useLayoutEffect(() => {
    latest.current = { decide, onSettled };
  });
  const actor = useActorRef(
    approvalMachine.provide({
      actors: { decide: fromPromise(({ input }: { input: DecisionInput }) => latest.current.decide(input)) },
    }),
  );
  useEffect(() => {
    let previous = actor.getSnapshot().value;
    const { unsubscribe } = actor.subscribe((snapshot) => {
      const value = snapshot.value;
      if (value !== previous && (value === 'done' || value === 'refused')) latest.current.onSettled?.(approvalResults(snapshot.context), snapshot.context);
      previous = value;
    });
    return unsubscribe;
  }, [actor]);

  const state: ApprovalState = useSelector(actor, (s) => s.value);
  const problems = useSelector(actor, (s) => s.context.problems);
  const error = useSelector(actor, (s) => s.context.error);
  return {
    state,
    problems,
    error,
    busy: state === 'submitting',
    start: (action: ApprovalAction, ids: string[], window?: CancellationWindow) => actor.send({ type: 'START', action, ids, ...(window ? { window } : {}) }),
    confirm: (details: ApprovalDetails = {}) => actor.send({ type: 'CONFIRM', ...details }),
    dismiss: () => actor.send({ type: 'DISMISS' }),
    retry: () => actor.send({ type: 'RETRY' }),
  };
}
