import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followOutbox, OUTBOX_REREAD_GAP_MS } from './outbox-follow.ts';
import { notifyOutboxChanged } from './outbox-signal.ts';

/** A read that answers 1, 2, 3…; each answer waits until `finish()` when `held` is set. */
function reader(held = false) {
  const startedAt: number[] = [];
  const pending: Array<() => void> = [];
  const read = (userId: string) => {
    expect(userId).toBe('u-1');
    startedAt.push(Date.now());
    const n = startedAt.length;
    return held ? new Promise<number>((resolve) => pending.push(() => resolve(n))) : Promise.resolve(n);
  };
  return { read, startedAt, finish: () => pending.shift()?.() };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('followOutbox', () => {
  it('reads at once, then once per gap however many changes come, and shows the state after the last change', async () => {
    const { read, startedAt } = reader();
    const seen: number[] = [];
    const stop = followOutbox('u-1', read, (value) => seen.push(value));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    // A drain of a hundred items within the gap: one more read, when the gap is over.
    for (let i = 0; i < 100; i++) notifyOutboxChanged('u-1');
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS - 1);
    expect(startedAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([1, 2]);
    expect(startedAt[1]! - startedAt[0]!).toBe(OUTBOX_REREAD_GAP_MS);
    // Quiet: no more reads. A change long after the last read is read at once.
    await vi.advanceTimersByTimeAsync(10 * OUTBOX_REREAD_GAP_MS);
    expect(startedAt).toHaveLength(2);
    notifyOutboxChanged('u-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1, 2, 3]);
    stop();
  });

  it('never runs two reads at once: a change during a read gets one read after it', async () => {
    const { read, startedAt, finish } = reader(true);
    const seen: number[] = [];
    const stop = followOutbox('u-1', read, (value) => seen.push(value));
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS * 4);
    notifyOutboxChanged('u-1');
    notifyOutboxChanged('u-1');
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS * 4);
    expect(startedAt).toHaveLength(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1]);
    expect(startedAt).toHaveLength(2);
    finish();
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS * 4);
    expect(seen).toEqual([1, 2]);
    expect(startedAt).toHaveLength(2);
    stop();
  });

  it('ignores another user’s changes, and after stop neither reads nor answers', async () => {
    const { read, startedAt, finish } = reader(true);
    const seen: number[] = [];
    const stop = followOutbox('u-1', read, (value) => seen.push(value));
    finish();
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS);
    notifyOutboxChanged('u-2');
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS);
    expect(startedAt).toHaveLength(1);
    notifyOutboxChanged('u-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(startedAt).toHaveLength(2);
    stop();
    finish();
    notifyOutboxChanged('u-1');
    await vi.advanceTimersByTimeAsync(OUTBOX_REREAD_GAP_MS * 4);
    expect(seen).toEqual([1]);
    expect(startedAt).toHaveLength(2);
  });
});
