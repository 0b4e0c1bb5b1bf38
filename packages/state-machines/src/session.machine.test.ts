import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CurrentUser } from '@corridor/api';
import { NOT_CONFIRMED_KEY } from './error-reaction.ts';
import { roleHome } from './role-home.ts';
import {
  REVOKE_TIMEOUT_MS,
  SESSION_DELAYS,
  START_WAIT_MS,
  TOKEN_REFRESH_RETRY_MS,
  sessionMachine,
  tokenRefreshDelayMs,
  type Credentials,
  type NavigateRequest,
  type TokenGrant,
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
  /** The access token held in memory. */
  token: string | undefined;
  /** The browser holds a valid HttpOnly refresh cookie. */
  cookie: boolean;
  onLoginPage: boolean;
  fetchUser: () => Promise<CurrentUser>;
  requestToken: (c: Credentials) => Promise<TokenGrant>;
  /** The refresh grant; by default it answers while the cookie is valid and 401 INVALID_GRANT after. */
  refreshToken?: () => Promise<TokenGrant>;
  revokeSession: () => Promise<void>;
  refreshes: number;
  revokes: number;
  navigations: NavigateRequest[];
  notifications: NotificationRequest[];
  saved: CurrentUser[];
  cleared: number;
  /** Payments wait in the device's outbox. */
  unsent: number;
  resumed: number;
}

function start(h: Partial<Harness> = {}, storedUser: CurrentUser | null = null) {
  const harness: Harness = {
    token: undefined,
    cookie: false,
    onLoginPage: false,
    fetchUser: async () => merchantUser,
    requestToken: async () => ({ accessToken: 'jwt-token', expiresIn: 900 }),
    revokeSession: async () => {},
    refreshes: 0,
    revokes: 0,
    navigations: [],
    notifications: [],
    saved: [],
    cleared: 0,
    unsent: 0,
    resumed: 0,
    ...h,
  };
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise(() => harness.fetchUser()),
      requestToken: fromPromise(({ input }: { input: Credentials }) => harness.requestToken(input)),
      refreshToken: fromPromise(async () => {
        harness.refreshes += 1;
        if (harness.refreshToken) return harness.refreshToken();
        if (!harness.cookie) throw httpError(401, 'INVALID_GRANT');
        return { accessToken: `jwt-${harness.refreshes}`, expiresIn: 900 };
      }),
      revokeSession: fromPromise(async () => {
        harness.revokes += 1;
        await harness.revokeSession();
      }),
    },
    guards: {
      hasToken: () => harness.token !== undefined,
      isOnLoginPage: () => harness.onLoginPage,
      hasUnsentWork: () => harness.unsent > 0,
    },
    actions: {
      storeToken: (_, grant) => {
        harness.token = grant.accessToken;
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
      resumeOutbox: () => {
        harness.resumed += 1;
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

  it('"if no token cookie exists ... the user is force-logged-out": the refresh grant is refused, signed out, session cleared', async () => {
    const { actor, harness } = start();
    expect(actor.getSnapshot().value).toBe('initializing');
    await flush();
    expect(harness.refreshes).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().context.user).toBeNull();
    // Nothing to revoke and nothing to wait for: straight to the login page's state.
    expect(harness.revokes).toBe(0);
    expect(harness.navigations).toEqual([]);
  });

  it('"At start the current user is fetched" after the refresh cookie gave an access token', async () => {
    let fetchedWith: string | undefined;
    const { actor, harness } = start({
      cookie: true,
      fetchUser: async () => {
        fetchedWith = harness.token;
        return merchantUser;
      },
    });
    expect(actor.getSnapshot().value).toBe('initializing');
    await flush();
    expect(fetchedWith).toBe('jwt-1');
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(merchantUser);
    expect(actor.getSnapshot().context.token).toEqual({ expiresIn: 900 });
    expect(harness.saved).toEqual([merchantUser]);
  });

  it('a logout asked while the start is under way (opening /logout) is not lost', async () => {
    const { actor, harness } = start({ cookie: true, refreshToken: () => new Promise<TokenGrant>(() => {}) });
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    await flush();
    expect(harness.revokes).toBe(1);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a refresh grant refused as malformed (400) at start logs out (as a failed current-user fetch does)', async () => {
    const { actor, harness } = start({ cookie: true, refreshToken: () => Promise.reject(httpError(400, 'INVALID_REQUEST')) }, merchantUser);
    await flush();
    expect(actor.getSnapshot().context.error?.code).toBe('INVALID_REQUEST');
    expect(harness.navigations).toEqual([{ to: '/logout', replace: true }]);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('a refresh grant or current-user fetch answered 5xx by the line at start keeps the stored user, then renews', async () => {
    let unavailable = true;
    const { actor, harness } = start(
      {
        cookie: true,
        refreshToken: async () => {
          if (unavailable) throw httpError(503, 'SERVICE_UNAVAILABLE');
          return { accessToken: 'jwt-back', expiresIn: 900 };
        },
      },
      merchantUser,
    );
    await flush();
    expect(actor.getSnapshot().matches({ authenticated: { token: 'retrying' } })).toBe(true);
    expect(harness.cleared).toBe(0);
    unavailable = false;
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(harness.token).toBe('jwt-back');

    const second = start({ cookie: true, fetchUser: () => Promise.reject(httpError(502, 'BAD_GATEWAY')) }, merchantUser);
    await flush();
    expect(second.actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(second.harness.cleared).toBe(0);
  });

  it('a refresh grant without an answer starts offline on the stored user, and renews once the server answers', async () => {
    const offline = httpError(0, 'NETWORK_ERROR');
    let online = false;
    const { actor, harness } = start(
      {
        cookie: true,
        refreshToken: async () => {
          if (!online) throw offline;
          return { accessToken: 'jwt-back', expiresIn: 900 };
        },
      },
      merchantUser,
    );
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(merchantUser);
    expect(actor.getSnapshot().matches({ authenticated: { token: 'retrying' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(harness.refreshes).toBe(2);
    expect(harness.token).toBeUndefined();
    online = true;
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(harness.token).toBe('jwt-back');
    expect(actor.getSnapshot().matches({ authenticated: { token: 'scheduled' } })).toBe(true);
  });

  describe('a start on a line that holds its answers up (the device thinks it is online)', () => {
    /** One renewal on the wire, answered when the test says: the portal's token store runs one at a time, so every ask gets it. */
    function heldRenewal() {
      let answer: (grant: TokenGrant) => void = () => {};
      let refuse: (error: HttpErrorLike) => void = () => {};
      const pending = new Promise<TokenGrant>((resolve, reject) => {
        answer = resolve;
        refuse = reject;
      });
      return { refreshToken: () => pending, answer: (grant: TokenGrant) => answer(grant), refuse: (error: HttpErrorLike) => refuse(error) };
    }

    it('shows the stored user after START_WAIT_MS, and takes the token when the same renewal answers', async () => {
      const renewal = heldRenewal();
      const { actor, harness } = start({ cookie: true, refreshToken: renewal.refreshToken }, merchantUser);
      await vi.advanceTimersByTimeAsync(START_WAIT_MS - 1);
      expect(actor.getSnapshot().matches('initializing')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches({ authenticated: { token: 'refreshing' } })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(merchantUser);
      expect(harness.token).toBeUndefined();
      renewal.answer({ accessToken: 'jwt-late', expiresIn: 900 });
      await flush();
      expect(harness.token).toBe('jwt-late');
      expect(actor.getSnapshot().matches({ authenticated: { token: 'scheduled' } })).toBe(true);
      expect(harness.cleared).toBe(0);
    });

    it('a refusal that comes after the screen showed still ends the session', async () => {
      const renewal = heldRenewal();
      const { actor, harness } = start({ cookie: true, refreshToken: renewal.refreshToken }, merchantUser);
      await vi.advanceTimersByTimeAsync(START_WAIT_MS);
      expect(actor.getSnapshot().matches('authenticated')).toBe(true);
      expect(harness.cleared).toBe(0);
      renewal.refuse(httpError(401, 'INVALID_GRANT'));
      await flush();
      // No token held: the logout does not wait, it revokes, wipes and signs out.
      expect(harness.cleared).toBe(1);
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    });

    it('without a stored user the start waits for its answer: there is nothing to show', async () => {
      const renewal = heldRenewal();
      const { actor } = start({ cookie: true, refreshToken: renewal.refreshToken });
      await vi.advanceTimersByTimeAsync(START_WAIT_MS * 4);
      expect(actor.getSnapshot().matches('initializing')).toBe(true);
      renewal.answer({ accessToken: 'jwt-slow', expiresIn: 900 });
      await flush();
      expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    });

    it('opened on the login page, the start on the stored user goes on to the role home, as one with answers does', async () => {
      const renewal = heldRenewal();
      const { actor, harness } = start({ cookie: true, onLoginPage: true, refreshToken: renewal.refreshToken }, spUser);
      await vi.advanceTimersByTimeAsync(START_WAIT_MS);
      expect(actor.getSnapshot().matches('authenticated')).toBe(true);
      expect(harness.navigations).toEqual([{ to: roleHome(spUser.role), replace: true }]);
      // The same for a start the line answered with no answer at all or a 5xx, on the renewal or on the user.
      const offline = start({ cookie: true, onLoginPage: true, refreshToken: () => Promise.reject(httpError(0, 'NETWORK_ERROR')) }, merchantUser);
      await flush();
      expect(offline.harness.navigations).toEqual([{ to: roleHome(merchantUser.role), replace: true }]);
      const noUser = start({ cookie: true, onLoginPage: true, fetchUser: () => Promise.reject(httpError(502, 'BAD_GATEWAY')) }, merchantUser);
      await flush();
      expect(noUser.actor.getSnapshot().matches('authenticated')).toBe(true);
      expect(noUser.harness.navigations).toEqual([{ to: roleHome(merchantUser.role), replace: true }]);
      // Elsewhere than the login page the screen stays where it was opened.
      const elsewhere = start({ cookie: true, refreshToken: heldRenewal().refreshToken }, merchantUser);
      await vi.advanceTimersByTimeAsync(START_WAIT_MS);
      expect(elsewhere.actor.getSnapshot().matches('authenticated')).toBe(true);
      expect(elsewhere.harness.navigations).toEqual([]);
    });

    it('a current user held up after the token came: the stored user is shown, the token kept and scheduled', async () => {
      const { actor, harness } = start({ cookie: true, fetchUser: () => new Promise<CurrentUser>(() => {}) }, spUser);
      await flush();
      expect(actor.getSnapshot().matches('fetchingUser')).toBe(true);
      await vi.advanceTimersByTimeAsync(START_WAIT_MS);
      expect(actor.getSnapshot().matches({ authenticated: { token: 'scheduled' } })).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(spUser);
      expect(harness.token).toBe('jwt-1');
    });
  });

  it('the access token is renewed a minute before it expires, and idle logout still comes after one hour', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    expect(harness.token).toBe('jwt-1');
    await vi.advanceTimersByTimeAsync(tokenRefreshDelayMs(900) - 1);
    expect(harness.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.refreshes).toBe(2);
    expect(harness.token).toBe('jwt-2');
    // Renewals are not activity: without the user, the hour still ends the session.
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - tokenRefreshDelayMs(900) - 1);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(harness.refreshes).toBe(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('a renewal refused by the server (refresh cookie revoked or reused) logs out', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    harness.cookie = false;
    await vi.advanceTimersByTimeAsync(tokenRefreshDelayMs(900));
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('INVALID_GRANT');
    expect(harness.navigations.at(-1)).toEqual({ to: '/logout', replace: true });
  });

  it('a renewal without an answer keeps the session and tries again', async () => {
    let answer: () => Promise<TokenGrant> = async () => ({ accessToken: 'jwt-start', expiresIn: 900 });
    const { actor, harness } = start({ cookie: true, refreshToken: () => answer() });
    await flush();
    answer = () => Promise.reject(httpError(0, 'NETWORK_ERROR'));
    await vi.advanceTimersByTimeAsync(tokenRefreshDelayMs(900));
    expect(actor.getSnapshot().matches({ authenticated: { token: 'retrying' } })).toBe(true);
    answer = async () => ({ accessToken: 'jwt-later', expiresIn: 900 });
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(harness.token).toBe('jwt-later');
    expect(actor.getSnapshot().matches({ authenticated: { token: 'scheduled' } })).toBe(true);
  });

  it('a renewal answered 503 or 429 by the line keeps the session and tries again; only a 401 ends it', async () => {
    let answer: () => Promise<TokenGrant> = async () => ({ accessToken: 'jwt-start', expiresIn: 900 });
    const { actor, harness } = start({ cookie: true, refreshToken: () => answer() });
    await flush();
    answer = () => Promise.reject(httpError(503, 'SERVICE_UNAVAILABLE'));
    await vi.advanceTimersByTimeAsync(tokenRefreshDelayMs(900));
    expect(actor.getSnapshot().matches({ authenticated: { token: 'retrying' } })).toBe(true);
    answer = () => Promise.reject(httpError(429, 'TOO_MANY_REQUESTS'));
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(actor.getSnapshot().matches({ authenticated: { token: 'retrying' } })).toBe(true);
    expect(harness.cleared).toBe(0);
    answer = () => Promise.reject(httpError(401, 'INVALID_GRANT'));
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_RETRY_MS);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('a token answer without a lifetime schedules no renewal', async () => {
    const { actor, harness } = start({ cookie: true, refreshToken: async () => ({ accessToken: 'jwt', expiresIn: null }) });
    await flush();
    expect(actor.getSnapshot().matches({ authenticated: { token: 'unscheduled' } })).toBe(true);
    actor.send({ type: 'ACTIVITY' });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1);
    expect(harness.refreshes).toBe(1);
  });

  it('the renewal time: a minute before expiry, half the life of a short token, within the timer range', () => {
    expect(tokenRefreshDelayMs(900)).toBe(840_000);
    expect(tokenRefreshDelayMs(60)).toBe(30_000);
    expect(tokenRefreshDelayMs(0)).toBe(0);
    // 30 days is past setTimeout's range, which would fire at once.
    expect(tokenRefreshDelayMs(30 * 24 * 3600)).toBe(2_147_483_647);
  });

  it('a user who opens the login page with a valid cookie goes on to the role home', async () => {
    const { actor, harness } = start({ cookie: true, onLoginPage: true });
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(harness.navigations).toEqual([{ to: '/merchant/wallet', replace: true }]);
  });

  it('elsewhere the start-up fetch does not navigate', async () => {
    const { harness } = start({ cookie: true });
    await flush();
    expect(harness.navigations).toEqual([]);
  });

  it('"if ... the fetch fails, the user is force-logged-out" (server refuses: 401)', async () => {
    const { actor, harness } = start({ cookie: true, fetchUser: () => Promise.reject(httpError(401, 'UNAUTHORIZED')) });
    await flush();
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('UNAUTHORIZED');
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(harness.cleared).toBe(1);
  });

  it('a network failure at start keeps the stored user (offline start)', async () => {
    const offline = httpError(0, 'NETWORK_ERROR');
    const { actor } = start({ cookie: true, fetchUser: () => Promise.reject(offline) }, merchantUser);
    await flush();
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(merchantUser);
  });

  it('a network failure at start without a stored user still logs out', async () => {
    const offline = httpError(0, 'NETWORK_ERROR');
    const { actor } = start({ cookie: true, fetchUser: () => Promise.reject(offline) });
    await flush();
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('login: token stored, loader.tryToLogin, user fetched, redirected to the role home', async () => {
    let release: (grant: TokenGrant) => void = () => {};
    const { actor, harness } = start({
      requestToken: (c) => {
        expect(c).toEqual({ digit9Id: '200000001', password: 'Corridor2026' });
        return new Promise<TokenGrant>((resolve) => {
          release = resolve;
        });
      },
      fetchUser: async () => spUser,
    });
    await flush();
    actor.send({ type: 'LOGIN', credentials: { digit9Id: '200000001', password: 'Corridor2026' } });
    expect(actor.getSnapshot().matches({ loggingIn: 'requestingToken' })).toBe(true);
    release({ accessToken: 'token-abc', expiresIn: 900 });
    await flush();
    expect(harness.token).toBe('token-abc');
    expect(actor.getSnapshot().context.token).toEqual({ expiresIn: 900 });
    expect(actor.getSnapshot().context.loaderMessage).toBe('loader.tryToLogin');
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    expect(harness.navigations).toEqual([{ to: '/service-provider/wallet', replace: true }]);
  });

  it('a failed login stays signed out and keeps the error; the login page gets errors.login', async () => {
    const wrong = httpError(400, 'INVALID_CREDENTIALS', {
      invalidParameters: [{ parameter: 'password', message: 'wrong' }],
    });
    const { actor, harness } = start({ onLoginPage: true, requestToken: () => Promise.reject(wrong) });
    await flush();
    actor.send({ type: 'LOGIN', credentials: { digit9Id: '100000001', password: 'nope' } });
    await flush();
    // The client reports the same error to the session, as the portal wires it.
    actor.send({ type: 'HTTP_ERROR', error: wrong });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error?.code).toBe('INVALID_CREDENTIALS');
    expect(harness.notifications).toEqual([{ type: 'error', i18nMessage: 'errors.login', closable: true, errorList: wrong.invalidParameters }]);
  });

  it('"A 401 response goes to /logout"', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    expect(harness.navigations.at(-1)).toEqual({ to: '/logout', replace: true });
  });

  describe('a lost session with payments waiting on the device', () => {
    it('a 401 keeps the session and its data and asks the same user to sign in again; the outbox resumes after', async () => {
      const { actor, harness } = start({ cookie: true, unsent: 3 });
      await flush();
      actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
      expect(actor.getSnapshot().matches({ authenticated: { reauth: 'needed' } })).toBe(true);
      expect(harness.cleared).toBe(0);
      expect(harness.navigations).toEqual([]);
      expect(actor.getSnapshot().context.user?.id).toBe(merchantUser.id);
      // A second 401 from a call still under way asks nothing more.
      actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
      expect(actor.getSnapshot().matches({ authenticated: { reauth: { needed: 'waiting' } } })).toBe(true);
      actor.send({ type: 'LOGIN', credentials: { digit9Id: 'globex', password: 'secret' } });
      await flush();
      expect(actor.getSnapshot().matches({ authenticated: { reauth: 'fine' } })).toBe(true);
      expect(harness.resumed).toBe(1);
      expect(harness.cleared).toBe(0);
      expect(harness.token).toBe('jwt-token');
    });

    it('a wrong password or another user keeps asking; nothing is cleared and nothing resumes', async () => {
      const wrong = httpError(400, 'INVALID_CREDENTIALS');
      let answer: () => Promise<TokenGrant> = () => Promise.reject(wrong);
      const { actor, harness } = start({ cookie: true, unsent: 1, requestToken: () => answer() });
      await flush();
      actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
      actor.send({ type: 'LOGIN', credentials: { digit9Id: 'globex', password: 'wrong' } });
      await flush();
      expect(actor.getSnapshot().matches({ authenticated: { reauth: { needed: 'waiting' } } })).toBe(true);
      expect(actor.getSnapshot().context.error?.code).toBe('INVALID_CREDENTIALS');
      answer = async () => ({ accessToken: 'other', expiresIn: 900 });
      harness.fetchUser = async () => spUser;
      actor.send({ type: 'LOGIN', credentials: { digit9Id: 'other', password: 'secret' } });
      await flush();
      expect(actor.getSnapshot().context.error?.code).toBe('ANOTHER_USER');
      expect(actor.getSnapshot().context.user?.id).toBe(merchantUser.id);
      expect(harness.resumed).toBe(0);
      expect(harness.cleared).toBe(0);
    });

    it('a refused token renewal asks to sign in again instead of logging out; the user may still log out', async () => {
      const { actor, harness } = start({ cookie: true, unsent: 2 });
      await flush();
      harness.cookie = false;
      await vi.advanceTimersByTimeAsync(900_000);
      expect(actor.getSnapshot().matches({ authenticated: { reauth: 'needed' } })).toBe(true);
      expect(harness.cleared).toBe(0);
      actor.send({ type: 'LOGOUT' });
      expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    });

    it('without unsent payments a 401 still logs out', async () => {
      const { actor } = start({ cookie: true, unsent: 0 });
      await flush();
      actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
      expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    });
  });

  it('a 401 on the login page does not log out', async () => {
    const { actor, harness } = start({ onLoginPage: true });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(401, 'UNAUTHORIZED') });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(harness.navigations).toEqual([]);
    expect(harness.notifications[0]?.i18nMessage).toBe('errors.login');
  });

  it('"A 403 sends the user to the forbidden page with the traceId", URL unchanged', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(403, 'FORBIDDEN', { traceId: 'abc-123' }) });
    expect(harness.navigations.at(-1)).toEqual({
      to: '/error/forbidden',
      search: { traceId: 'abc-123' },
      maskCurrentUrl: true,
    });
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
  });

  it('a maker-checker refusal (403) is notified and leaves the user on the screen', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(403, 'MAKER_CHECKER'), method: 'PUT' });
    expect(harness.navigations).toEqual([]);
    expect(harness.notifications.at(-1)?.messageParams).toMatchObject({ code: 'MAKER_CHECKER' });
  });

  it('500 and 400 answers notify with the catalogue texts', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    actor.send({ type: 'HTTP_ERROR', error: httpError(500, 'INTERNAL') });
    actor.send({ type: 'HTTP_ERROR', error: httpError(404, 'NOT_FOUND') });
    expect(harness.notifications.map((n) => [n.i18nMessage, n.messageParams])).toEqual([
      ['errors.server', { code: 'INTERNAL' }],
      ['errors.request', { code: 'NOT_FOUND', message: 'NOT_FOUND happened' }],
    ]);
  });

  it('a change that gets no answer says it was not sent; a read without an answer stays silent', async () => {
    const { actor, harness } = start({ cookie: true });
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
    const { actor } = start({ cookie: true });
    await flush();
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000);
    actor.send({ type: 'ACTIVITY' });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity - 1000);
    expect(actor.getSnapshot().matches('authenticated')).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
  });

  it('"Logout (loader.logout) waits 2 s if a token exists", then clears and goes to /logout', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().context.loaderMessage).toBe('loader.logout');
    expect(harness.navigations.at(-1)?.to).toBe('/logout');
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay - 1);
    expect(harness.cleared).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.revokes).toBe(1);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('logout without a token does not wait (the refresh cookie is still revoked)', async () => {
    const { actor, harness } = start({ cookie: true });
    await flush();
    harness.token = undefined;
    actor.send({ type: 'LOGOUT' });
    await flush();
    expect(harness.revokes).toBe(1);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('logout revokes the session on the server before wiping local data', async () => {
    const order: string[] = [];
    const { actor, harness } = start({
      cookie: true,
      revokeSession: async () => {
        order.push(`revoke while cleared=${harness.cleared}`);
      },
    });
    await flush();
    actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay);
    expect(order).toEqual(['revoke while cleared=0']);
    expect(harness.cleared).toBe(1);
  });

  it('an offline logout still wipes local data; the failed revocation is not retried', async () => {
    const { actor, harness } = start({ cookie: true, revokeSession: () => Promise.reject(httpError(0, 'NETWORK_ERROR')) });
    await flush();
    actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.inactivity);
    expect(harness.revokes).toBe(1);
  });

  it('a revocation that hangs does not hold the logout longer than its time-out', async () => {
    const { actor, harness } = start({ cookie: true, revokeSession: () => new Promise<void>(() => {}) });
    await flush();
    actor.send({ type: 'LOGOUT' });
    await vi.advanceTimersByTimeAsync(SESSION_DELAYS.logoutDelay + REVOKE_TIMEOUT_MS - 1);
    expect(harness.cleared).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(harness.cleared).toBe(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('"Password change: ... success notification ... logout follows after 500 ms"', async () => {
    const { actor, harness } = start({ cookie: true });
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
