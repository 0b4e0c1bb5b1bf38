import { describe, expect, it, vi } from 'vitest';
import { fakeSession, merchantUser } from '@/test/fake-session.ts';
import { createLazySession } from './lazy-session.ts';
import { isQuietStart, isSettled, type SessionActor, type SessionSnapshot } from './session-state.ts';

/** A load the test finishes by hand, as the machine's chunk arriving over the line. */
function deferredLoad(actor: SessionActor) {
  let finish: () => void = () => {};
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<SessionActor>((resolve) => {
      finish = () => resolve(actor);
    });
  };
  return { load, finish: () => finish(), calls: () => calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session before its machine has loaded', () => {
  it("is the machine's first state, with the stored user, and asks for the code once on start", () => {
    const { session: actor } = fakeSession();
    const deferred = deferredLoad(actor);
    const session = createLazySession(deferred.load, merchantUser);
    const snapshot = session.getSnapshot();
    expect(snapshot.matches('initializing')).toBe(true);
    expect(snapshot.matches('signedOut')).toBe(false);
    expect(snapshot.context.storedUser).toBe(merchantUser);
    expect(snapshot.context.user).toBeNull();
    expect(isSettled(snapshot)).toBe(false);
    expect(isQuietStart(createLazySession(deferred.load, null).getSnapshot())).toBe(true);
    expect(deferred.calls()).toBe(0);
    session.start();
    session.start();
    expect(deferred.calls()).toBe(1);
  });

  it('keeps what is sent meanwhile for the machine, whose states the subscribers then hear', async () => {
    const { session: actor } = fakeSession({ token: 'from-cookie', refreshGate: new Promise(() => {}) });
    const deferred = deferredLoad(actor);
    const session = createLazySession(deferred.load, null);
    const seen: SessionSnapshot[] = [];
    const subscription = session.subscribe((snapshot) => seen.push(snapshot));
    session.start();
    // Opening /logout while the start is under way still logs out (the machine takes LOGOUT in initializing).
    session.send({ type: 'LOGOUT' });
    await flush();
    expect(seen).toEqual([]);
    expect(session.getSnapshot().matches('initializing')).toBe(true);

    deferred.finish();
    await vi.waitFor(() => expect(session.getSnapshot().matches('initializing')).toBe(false));
    expect(session.getSnapshot().matches('loggingOut') || session.getSnapshot().matches('signedOut')).toBe(true);
    expect(session.getSnapshot()).toBe(actor.getSnapshot());
    expect(seen.at(-1)).toBe(actor.getSnapshot());
    expect(new Set(seen).size).toBe(seen.length);

    subscription.unsubscribe();
    const heard = seen.length;
    await vi.waitFor(() => expect(actor.getSnapshot().matches('signedOut')).toBe(true), { timeout: 4000 });
    expect(seen.length).toBe(heard);
  });

  it('passes a sign-in to the machine once it has loaded', async () => {
    const { session: actor, logins } = fakeSession();
    const deferred = deferredLoad(actor);
    const session = createLazySession(deferred.load, null);
    session.start();
    deferred.finish();
    await vi.waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    session.send({ type: 'LOGIN', credentials: { digit9Id: '100000001', password: 'secret' } });
    await vi.waitFor(() => expect(session.getSnapshot().matches('authenticated')).toBe(true));
    expect(logins).toEqual([{ digit9Id: '100000001', password: 'secret' }]);
  });
});
