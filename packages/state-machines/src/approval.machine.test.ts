import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type ApprovalState, APPROVAL_DELAYS, approvalMachine, approvalResults, detailsProblems, type DecisionInput } from './approval.machine.ts';
import type { HttpErrorLike } from './api-errors.ts';

const refusal = (status: number, code: string): HttpErrorLike => ({ status, code, message: code, invalidParameters: [] });

/** A fake server: answers each call from `answers` by id (ok when absent) and records what it was sent. */
function start(answers: Record<string, HttpErrorLike | Error> = {}) {
  const calls: DecisionInput[] = [];
  const actor = createActor(
    approvalMachine.provide({
      actors: {
        decide: fromPromise<unknown, DecisionInput>(async ({ input }) => {
          calls.push(input);
          const answer = answers[input.id];
          if (answer) throw answer;
          return { id: input.id };
        }),
      },
    }),
  );
  actor.start();
  return { actor, calls, answers };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('approval machine', () => {
  it('approves one item: idle -> confirming -> submitting -> done, then ready again after the settle delay', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'START', action: 'approve', ids: ['t-1'] });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CONFIRM', extra: { approvedAmount: '100' } });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toEqual([{ action: 'approve', id: 't-1', extra: { approvedAmount: '100' } }]);
    expect(approvalResults(actor.getSnapshot().context)).toEqual({ decided: ['t-1'], refused: [] });
    await vi.advanceTimersByTimeAsync(APPROVAL_DELAYS.settle - 1);
    expect(actor.getSnapshot().value).toBe('done');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.ids).toEqual([]);
  });

  it('ignores a START without ids and a CONFIRM before START', () => {
    const { actor } = start();
    actor.send({ type: 'START', action: 'approve', ids: [] });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('rejects only with a reason, sent trimmed', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'START', action: 'reject', ids: ['t-1'] });
    actor.send({ type: 'CONFIRM', reason: '   ' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.problems).toEqual(['reasonRequired']);
    actor.send({ type: 'CONFIRM', reason: '  Documents missing ' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toEqual([{ action: 'reject', id: 't-1', reason: 'Documents missing' }]);
  });

  it('cancels with a reason and a date inside the window (the item day to today), never outside', async () => {
    const { actor, calls } = start();
    const window = { from: '2026-11-20', to: '2026-11-23' };
    actor.send({ type: 'START', action: 'cancel', ids: ['t-1'], window });
    actor.send({ type: 'CONFIRM', reason: 'Duplicate' });
    expect(actor.getSnapshot().context.problems).toEqual(['dateRequired']);
    actor.send({ type: 'CONFIRM', reason: 'Duplicate', cancellationDate: '2026-11-19' });
    expect(actor.getSnapshot().context.problems).toEqual(['dateOutOfRange']);
    actor.send({ type: 'CONFIRM', reason: 'Duplicate', cancellationDate: '2026-11-24' });
    expect(actor.getSnapshot().context.problems).toEqual(['dateOutOfRange']);
    actor.send({ type: 'CONFIRM', reason: '', cancellationDate: '23/11/2026' });
    expect(actor.getSnapshot().context.problems).toEqual(['reasonRequired', 'dateOutOfRange']);
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRM', reason: 'Duplicate', cancellationDate: '2026-11-20' });
    await settle();
    expect(calls).toEqual([{ action: 'cancel', id: 't-1', reason: 'Duplicate', cancellationDate: '2026-11-20' }]);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it('DISMISS while confirming sends nothing and forgets the item', () => {
    const { actor, calls } = start();
    actor.send({ type: 'START', action: 'reject', ids: ['t-1'] });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.action).toBeNull();
    expect(calls).toEqual([]);
  });

  it("keeps the server's refusal (MAKER_CHECKER) and lets RETRY send it again", async () => {
    const { actor, calls, answers } = start({ 't-1': refusal(409, 'MAKER_CHECKER') });
    actor.send({ type: 'START', action: 'approve', ids: ['t-1'] });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.error?.code).toBe('MAKER_CHECKER');
    delete answers['t-1'];
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.map((c) => c.id)).toEqual(['t-1', 't-1']);
  });

  it('a CONFIRM after a refusal sends the round again with the new details', async () => {
    const { actor, calls, answers } = start({ 't-1': refusal(422, 'VALIDATION_ERROR') });
    actor.send({ type: 'START', action: 'reject', ids: ['t-1'] });
    actor.send({ type: 'CONFIRM', reason: 'x' });
    await settle();
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'CONFIRM', reason: '' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.problems).toEqual(['reasonRequired']);
    delete answers['t-1'];
    actor.send({ type: 'CONFIRM', reason: 'Turnover too low' });
    await settle();
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls.map((c) => c.reason)).toEqual(['x', 'Turnover too low']);
  });

  it('turns a thrown non-HTTP error into NETWORK_ERROR', async () => {
    const { actor } = start({ 't-1': new TypeError('Failed to fetch') });
    actor.send({ type: 'START', action: 'approve', ids: ['t-1'] });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.error).toEqual({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
  });

  it('bulk approval sends every id once, in order, keeping a per-id outcome; RETRY resends only the refused', async () => {
    const { actor, calls, answers } = start({ 't-2': refusal(409, 'INVALID_TRANSITION'), 't-4': refusal(409, 'MAKER_CHECKER') });
    actor.send({ type: 'START', action: 'approve', ids: ['t-1', 't-2', 't-3', 't-2', 't-4'] });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(calls.map((c) => c.id)).toEqual(['t-1', 't-2', 't-3', 't-4']);
    expect(actor.getSnapshot().value).toBe('refused');
    const results = approvalResults(actor.getSnapshot().context);
    expect(results.decided).toEqual(['t-1', 't-3']);
    expect(results.refused.map((o) => [o.id, !o.ok && o.error.code])).toEqual([
      ['t-2', 'INVALID_TRANSITION'],
      ['t-4', 'MAKER_CHECKER'],
    ]);
    delete answers['t-4'];
    actor.send({ type: 'RETRY' });
    await settle();
    expect(calls.map((c) => c.id)).toEqual(['t-1', 't-2', 't-3', 't-4', 't-2', 't-4']);
    expect(actor.getSnapshot().value).toBe('refused');
    expect(approvalResults(actor.getSnapshot().context)).toMatchObject({ decided: ['t-1', 't-3', 't-4'], refused: [{ id: 't-2' }] });
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('stops at a 401 (needsSignIn) and sends nothing more', async () => {
    const { actor, calls } = start({ 't-2': refusal(401, 'UNAUTHORIZED') });
    actor.send({ type: 'START', action: 'approve', ids: ['t-1', 't-2', 't-3'] });
    actor.send({ type: 'CONFIRM' });
    await settle();
    expect(actor.getSnapshot().value).toBe('needsSignIn');
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls.map((c) => c.id)).toEqual(['t-1', 't-2']);
  });

  it('a new START from done begins the next decision at once', async () => {
    const { actor } = start();
    actor.send({ type: 'START', action: 'approve', ids: ['t-1'] });
    actor.send({ type: 'CONFIRM' });
    await settle();
    actor.send({ type: 'START', action: 'reject', ids: ['t-9'] });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ action: 'reject', ids: ['t-9'], outcomes: {} });
    await vi.advanceTimersByTimeAsync(APPROVAL_DELAYS.settle * 2);
    expect(actor.getSnapshot().value).toBe('confirming');
  });
});

describe('detailsProblems (spec 1 section 5, extra-details modal)', () => {
  it('needs nothing to approve, a reason to reject, a reason and a date in the window to cancel', () => {
    expect(detailsProblems('approve', {}, null)).toEqual([]);
    expect(detailsProblems('reject', {}, null)).toEqual(['reasonRequired']);
    expect(detailsProblems('reject', { reason: 'x' }, null)).toEqual([]);
    expect(detailsProblems('cancel', {}, null)).toEqual(['reasonRequired', 'dateRequired']);
    const window = { from: '2026-11-01', to: '2026-11-23' };
    expect(detailsProblems('cancel', { reason: 'x', cancellationDate: '2026-11-01' }, window)).toEqual([]);
    expect(detailsProblems('cancel', { reason: 'x', cancellationDate: '2026-11-23' }, window)).toEqual([]);
    expect(detailsProblems('cancel', { reason: 'x', cancellationDate: '2026-10-31' }, window)).toEqual(['dateOutOfRange']);
  });
});

// The state a component reads is the machine's own union, never a string.
expectTypeOf<ApprovalState>().toEqualTypeOf<'idle' | 'confirming' | 'submitting' | 'deciding' | 'done' | 'refused' | 'needsSignIn'>();
