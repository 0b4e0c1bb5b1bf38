import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import { NOT_CONFIRMED_KEY } from '@corridor/domain';
import {
  SESSION_DELAYS,
  sessionMachine,
  type Credentials,
  type NavigateRequest,
} from './session.machine.ts';
import type { HttpErrorLike, NotificationRequest } from './api-errors.ts';

const merchantUser: CurrentUser = {
  id: 'u-1',
  digit9Id: '100000001',
  name: 'Grace Globex',
  role: 'MERCHANT_SERVICE',
  parentId: 'm-1',
  organisationType: 'MERCHANT',
  status: 'ACTIVE',
};
const spUser: CurrentUser = { ...merchantUser, id: 'u-2', role: 'SERVICE_PROVIDER', organisationType: 'SERVICE_PROVIDER' };

function httpError(status: number, code: string, extra: Partial<HttpErrorLike> = {}): HttpErrorLike {
  return { status, code, message: `${code} happened`, invalidParameters: [], traceId: 'trace-1', ...extra };
}

interface Harness {
  token: string | undefined;
  onLoginPage: boolean;
  fetchUser: () => Promise<CurrentUser>;
  requestToken: (c: Credentials) => Promise<string>;
  navigations: NavigateRequest[];
  notifications: NotificationRequest[];
  saved: CurrentUser[];
  cleared: number;
}

function start(h: Partial<Harness> = {}, storedUser: CurrentUser | null = null) {
  const harness: Harness = {
    token: undefined,
    onLoginPage: false,
    fetchUser: async () => merchantUser,
    requestToken: async () => 'jwt-token',
    navigations: [],
    notifications: [],
    saved: [],
    cleared: 0,
    ...h,
  };
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(() => harness.fetchUser()),
      requestToken: fromPromise(({ input }: { input: Credentials }) => harness.requestToken(input)),
    },
    guards: {
      hasToken: () => harness.token !== undefined,
      isOnLoginPage: () => harness.onLoginPage,
    },
    actions: {
      storeToken: (_, token) => {
        harness.token = token;
      },
      saveUser: (_, user) => {
        harness.saved.push(user);
      },
      clearSession: () => {
        harness.cleared += 1;
        harness.token = undefined;
      },
      navigate: (_, request) => {
        harness.navigations.push(request);
      },
      notify: (_, notification) => {
        harness.notifications.push(notification);
      },
    },
  });
  const actor = createActor(machine, { input: { storedUser } });
  actor.start();
  return { actor, harness };
}

/** Lets settled promises deliver their results to the actor under fake timers. */
async function flush() {
  await vi.advanceTimersByTimeAsync(0);
}

describe('session machine (spec 1, section 4 "Session")', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('"if no token cookie exists ... the user is force-logged-out": signed out at once, session cleared', () => {
    const { actor, harness } = start();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('"At start the current user is fetched" when a token exists', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    expect(actor.getSnapshot().value).toBe('fetchingUser');
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(merchantUser);
    expect(harness.saved).toEqual([merchantUser]);
  });

  it('a user who opens the login page with a valid cookie goes on to the role home', async () => {
    const { actor, harness } = start({ token: 'jwt', onLoginPage: true });
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(harness.navigations).toEqual([{ to: '/merchant/wallet', replace: true }]);
  });

  it('elsewhere the start-up fetch does not navigate', async () => {
    const { harness } = start({ token: 'jwt' });
    await flush();
    expect(harness.navigations).toEqual([]);
  });

  it('"if ... the fetch fails, the user is force-logged-out" (server refuses: 401)', async () => {
    const { actor, harness } = start({ token: 'jwt', fetchUser: () => Promise.reject(httpError(401, 'UNAUTHORIZED')) });
    await flush();
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('UNAUTHORIZED');
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(harness.cleared).toBe(1);
  });

  it('a network failure at start keeps the stored user (offline start)', async () => {
    const offline = httpError(0, 'NETWORK_ERROR');
    const { actor } = start({ token: 'jwt', fetchUser: () => Promise.reject(offline) }, merchantUser);
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(merchantUser);
  });

  it('a network failure at start without a stored user still logs out', async () => {
    const offline = httpError(0, 'NETWORK_ERROR');
    const { actor } = start({ token: 'jwt', fetchUser: () => Promise.reject(offline) });
    await flush();
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('login: token stored, loader.tryToLogin, user fetched, redirected to the role home', async () => {
    let release: (token: string) => void = () => {};
    const { actor, harness } = start({
      requestToken: (c) => {
        expect(c).toEqual({ digit9Id: '200000001', password: 'Corridor2026' });
        return new Promise<string>((resolve) => {
          release = resolve;
        });
      },
      fetchUser: async () => spUser,
    });
    actor.send({ type: 'LOGIN', credentials: { digit9Id: '200000001', password: 'Corridor2026' } });
    expect(actor.getSnapshot().matches({ loggingIn: 'requestingToken' })).toBe(true);
    release('token-abc');
    await flush();
    expect(harness.token).toBe('token-abc');
    expect(actor.getSnapshot().context.loaderMessage).toBe('loader.tryToLogin');
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(harness.navigations).toEqual([{ to: '/service-provider/wallet', replace: true }]);
  });

  it('a failed login stays signed out and keeps the error; the login page gets errors.login', async () => {
    const wrong = httpError(400, 'INVALID_CREDENTIALS', {
      invalidParameters: [{ parameter: 'password', message: 'wrong' }],
    });
    const { actor, harness } = start({ onLoginPage: true, requestToken: () => Promise.reject(wrong) });
    actor.send({ type: 'LOGIN', credentials: { digit9Id: '100000001', password: 'nope' } });
    await flush();
    // The client reports the same error to the session, as the portal wires it.
    actor.send({ type: 'HTTP_ERROR', error: wrong });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error?.code).toBe('INVALID_CREDENTIALS');
    expect(harness.notifications).toEqual([
      { type: 'error', i18nMessage: 'errors.login', closable: true, errorList: wrong.invalidParameters },
    ]);
  });

  it('"A 401 response goes to /logout"', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(harness.navigations.at(-1)).toEqual({ to: '/logout', replace: true });
  });

  it('a 401 on the login page does not log out', () => {
    const { actor, harness } = start({ onLoginPage: true });
    actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(harness.navigations).toEqual([]);
    expect(harness.notifications[0]?.i18nMessage).toBe('errors.login');
  });

  it('"A 403 sends the user to the forbidden page with the traceId", URL unchanged', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(403, 'FORBIDDEN', { traceId: 'abc-123' }) });
    expect(harness.navigations.at(-1)).toEqual({
      to: '/error/forbidden',
      search: { traceId: 'abc-123' },
      maskCurrentUrl: true,
    });
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('500 and 400 answers notify with the catalogue texts', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(500, 'INTERNAL') });
    actor.send({ type: 'HTTP_ERROR', error: httpError(404, 'NOT_FOUND') });
    expect(harness.notifications.map((n) => [n.i18nMessage, n.messageParams])).toEqual([
      ['errors.server', { code: 'INTERNAL' }],
      ['errors.request', { code: 'NOT_FOUND', message: 'NOT_FOUND happened' }],
    ]);
  });

  it('a change that gets no answer says it was not sent; a read without an answer stays silent', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(0, 'NETWORK_ERROR'), method: 'GET' });
    actor.send({ type: 'HTTP_ERROR', error: httpError(0, 'NETWORK_ERROR') });
    expect(harness.notifications).toEqual([]);
    actor.send({ type: 'HTTP_ERROR', error: httpError(0, 'TIMEOUT'), method: 'PUT' });
    expect(harness.notifications).toEqual([{ type: 'warning', i18nMessage: NOT_CONFIRMED_KEY, closable: true }]);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('the delays are the spec constants', () => {
    expect(SESSION_DELAYS).toEqual({ inactivity: 3_600_000, logoutDelay: 2000, passwordChangeLogout: 500 });
  });

  it('"Inactivity of 1 hour triggers logout; the timer resets on" activity', async () => {
    const { actor } = start({ token: 'jwt' });
    await flush();
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000);
    actor.send({ type: 'ACTIVITY' });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('"Logout (loader.logout) waits 2 s if a token exists", then clears and goes to /logout', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().context.loaderMessage).toBe('loader.logout');
    expect(harness.navigations.at(-1)?.to).toBe('/logout');
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay - 1);
    expect(harness.cleared).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('logout without a token does not wait', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    harness.token = undefined;
    actor.send({ type: 'LOGOUT' });
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('"Password change: ... success notification ... logout follows after 500 ms"', async () => {
    const { actor, harness } = start({ token: 'jwt' });
    await flush();
    actor.send({ type: 'PASSWORD_CHANGED' });
    expect(harness.notifications.at(-1)).toMatchObject({
      type: 'success',
      i18nMessage: 'pswdUpdateSuccessNotification',
    });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.passwordChangeLogout - 1);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });
});
