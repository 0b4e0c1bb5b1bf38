import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { HttpErrorLike } from './api-errors.ts';
import { type OutboxSenderState, OUTBOX_DELAYS, classifyOutboxFailure, outboxBackoffMs, outboxMachine, type DrainStepResult } from './outbox.machine.ts';

const error = (status: number, code = 'X'): HttpErrorLike => ({ status, code, message: code });

/** A queue of scripted step results; each step waits one microtask like a real IndexedDB + fetch step. */
function start(results: DrainStepResult[], options: { online?: boolean; random?: number } = {}) {
  const steps: number[] = [];
  let signIns = 0;
  const machine = outboxMachine.provide({
    actors: {
      drainStep: fromPromise<DrainStepResult>(async () => {
        steps.push(Date.now());
        return results.shift() ?? { kind: 'empty' };
      }),
    },
    actions: { needsSignIn: () => void signIns++ },
  });
  const actor = createActor(machine, {
    input: { online: options.online ?? true, random: () => options.random ?? 0.5, now: () => Date.now() },
  });
  actor.start();
  return { actor, steps, signIns: () => signIns, state: () => actor.getSnapshot().value };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('outbox back-off', () => {
  it('doubles from the base up to the cap, with the jitter inside [step/2, step]', () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      const step = Math.min(OUTBOX_DELAYS.retryMax, OUTBOX_DELAYS.retryBase * 2 ** (attempt - 1));
      expect(outboxBackoffMs(attempt, 0)).toBe(step / 2);
      expect(outboxBackoffMs(attempt, 0.999999)).toBeLessThanOrEqual(step);
      expect(outboxBackoffMs(attempt, 0.999999)).toBeGreaterThan(step * 0.99);
    }
    expect(outboxBackoffMs(2, 0.5)).toBeGreaterThan(outboxBackoffMs(1, 0.5));
    expect(outboxBackoffMs(40, 1)).toBe(OUTBOX_DELAYS.retryMax);
  });
});

describe('answer classes', () => {
  it('retries no answer, 5xx, 408 and 429; pauses on 401; rejects other 4xx', () => {
    expect(classifyOutboxFailure(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyOutboxFailure(error(0, 'NETWORK_ERROR'))).toBe('retry');
    expect(classifyOutboxFailure(error(503))).toBe('retry');
    expect(classifyOutboxFailure(error(500))).toBe('retry');
    expect(classifyOutboxFailure(error(429))).toBe('retry');
    expect(classifyOutboxFailure(error(401, 'UNAUTHORIZED'))).toBe('unauthorized');
    expect(classifyOutboxFailure(error(409, 'DRAFT_ID_REUSED'))).toBe('rejected');
    expect(classifyOutboxFailure(error(422, 'VALIDATION_FAILED'))).toBe('rejected');
    expect(classifyOutboxFailure(error(422, 'QUOTE_EXPIRED'))).toBe('requote');
    expect(classifyOutboxFailure(error(404, 'NOT_FOUND'))).toBe('rejected');
  });
});

describe('outbox machine', () => {
  it('drains on start until the queue is empty, one step at a time', async () => {
    const h = start([{ kind: 'settled' }, { kind: 'settled' }, { kind: 'empty' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(3);
    expect(h.state()).toBe('idle');
  });

  it('starts offline without sending and drains when the network comes back', async () => {
    const h = start([{ kind: 'settled' }, { kind: 'empty' }], { online: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.steps).toHaveLength(0);
    expect(h.state()).toBe('offline');
    h.actor.send({ type: 'WAKE', reason: 'focus' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(0);
    h.actor.send({ type: 'ONLINE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(2);
    expect(h.state()).toBe('idle');
  });

  it('wakes from idle on focus, visibility and a new item', async () => {
    const h = start([{ kind: 'empty' }, { kind: 'empty' }, { kind: 'empty' }, { kind: 'empty' }]);
    await vi.advanceTimersByTimeAsync(0);
    for (const reason of ['focus', 'visible', 'enqueue'] as const) {
      h.actor.send({ type: 'WAKE', reason });
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(h.steps).toHaveLength(4);
  });

  it('looks again when something was queued while a step found the queue empty', async () => {
    let release: (r: DrainStepResult) => void = () => {};
    let calls = 0;
    const machine = outboxMachine.provide({
      actors: {
        drainStep: fromPromise<DrainStepResult>(() => {
          calls++;
          return calls === 1 ? new Promise((resolve) => (release = resolve)) : Promise.resolve({ kind: 'empty' });
        }),
      },
    });
    const actor = createActor(machine, { input: { online: true } }).start();
    actor.send({ type: 'WAKE', reason: 'enqueue' });
    release({ kind: 'empty' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('backs off after no answer, growing with each failure, and resets after a success', async () => {
    const fail: DrainStepResult = { kind: 'retry', error: error(503, 'SERVICE_UNAVAILABLE') };
    const h = start([fail, fail, fail, { kind: 'settled' }, { kind: 'empty' }], { random: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.state()).toBe('waiting');
    expect(h.actor.getSnapshot().context.nextAttemptAt).toBe(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(h.steps).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.steps).toEqual([0, 500]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(h.steps).toEqual([0, 500, 1_500]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(h.steps).toEqual([0, 500, 1_500, 3_500, 3_500]);
    expect(h.state()).toBe('idle');
    expect(h.actor.getSnapshot().context.failures).toBe(0);
  });

  it('does not cut a back-off short on focus, but does for the user’s retry and the network coming back', async () => {
    const fail: DrainStepResult = { kind: 'retry', error: null };
    const h = start([fail, fail, { kind: 'empty' }], { random: 0.5 });
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'WAKE', reason: 'focus' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(1);
    h.actor.send({ type: 'WAKE', reason: 'retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(2);
    h.actor.send({ type: 'ONLINE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(3);
  });

  it('a failure while offline waits for the network, not the timer', async () => {
    let release: (r: DrainStepResult) => void = () => {};
    const machine = outboxMachine.provide({
      actors: { drainStep: fromPromise<DrainStepResult>(() => new Promise((resolve) => (release = resolve))) },
    });
    const actor = createActor(machine, { input: { online: true } }).start();
    actor.send({ type: 'OFFLINE' });
    expect(actor.getSnapshot().value).toBe('draining');
    release({ kind: 'retry', error: null });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(actor.getSnapshot().value).toBe('offline');
  });

  it('pauses the whole queue on 401, asks for sign-in, and resumes after it', async () => {
    const h = start([{ kind: 'unauthorized' }, { kind: 'settled' }, { kind: 'empty' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.state()).toBe('paused');
    expect(h.signIns()).toBe(1);
    h.actor.send({ type: 'WAKE', reason: 'focus' });
    h.actor.send({ type: 'ONLINE' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(h.steps).toHaveLength(1);
    h.actor.send({ type: 'RESUME' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.steps).toHaveLength(3);
    expect(h.state()).toBe('idle');
  });

  it('keeps trying when the step itself fails (storage error)', async () => {
    let calls = 0;
    const machine = outboxMachine.provide({
      actors: {
        drainStep: fromPromise<DrainStepResult>(async () => {
          calls++;
          if (calls === 1) throw new Error('QuotaExceededError');
          return { kind: 'empty' };
        }),
      },
    });
    const actor = createActor(machine, { input: { online: true, random: () => 0 } }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(OUTBOX_DELAYS.retryBase);
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

// The state a component reads is the machine's own union, never a string.
expectTypeOf<OutboxSenderState>().toEqualTypeOf<'starting' | 'draining' | 'idle' | 'retrying' | 'waiting' | 'paused' | 'offline'>();
