import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { fakeSession, merchantUser } from '@/test/fake-session.ts';
import { GUARD_DEBOUNCE_MS } from '@corridor/domain';
import { guardArea } from './session-guards.ts';
import { trackSettled } from './session-settled.ts';

vi.mock('./api-client.ts', () => ({ api: {}, setApiErrorHandler: () => {} }));

function started(token?: string) {
  const { session } = fakeSession({ token });
  trackSettled(session);
  session.start();
  return session;
}

async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

/** The guard's outcome (a user or a redirect) and whether it has come yet. */
function watched(promise: Promise<unknown>) {
  let settled = false;
  const result = outcome(promise).then((r) => {
    settled = true;
    return r;
  });
  return { result, settled: () => settled };
}

describe('guards (spec 1, section 6)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('no current user: redirect to /login after the 100 ms debounce', async () => {
    const session = started();
    const { result, settled } = watched(guardArea(session, 'MERCHANT'));
    await vi.advanceTimersByTimeAsync(GUARD_DEBOUNCE_MS - 1);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to?: string } }).options.to).toBe('/login');
  });

  it('waits for the current user, then lets the right role in at once: only a redirect waits out the debounce', async () => {
    const session = started('jwt');
    const { result, settled } = watched(guardArea(session, 'MERCHANT'));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled()).toBe(true);
    await expect(result).resolves.toEqual(merchantUser);
  });

  it("a role mismatch goes to the user's own role home after the debounce", async () => {
    const session = started('jwt');
    const { result, settled } = watched(guardArea(session, 'SERVICE_PROVIDER'));
    await vi.advanceTimersByTimeAsync(GUARD_DEBOUNCE_MS - 1);
    expect(settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { href?: string } }).options.href).toBe('/merchant/wallet');
  });
});
