import { describe, expect, it, vi } from 'vitest';
import type { TokenGrant } from '@corridor/state-machines';
import { createAccessTokenStore, fetchWithTokenRenewal, type AccessTokenStoreOptions, type TokenChannel, type TokenMessage } from './access-token.ts';

/**
 * The server's side of the refresh cookie: each use rotates it, and a cookie used twice is theft,
 * which revokes the whole session (every later renewal fails).
 */
function fakeRefreshServer() {
  const server = { cookie: 1, issued: 0, revoked: false, calls: 0 };
  const grant = async (sentCookie: number): Promise<TokenGrant> => {
    server.calls += 1;
    // The answer comes later than the request: time for a second tab to send the same cookie.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (server.revoked || sentCookie !== server.cookie) {
      server.revoked = true;
      throw { status: 401, code: 'INVALID_GRANT', message: 'refresh token reused' };
    }
    server.cookie += 1;
    server.issued += 1;
    return { accessToken: `access-${server.issued}`, expiresIn: 900 };
  };
  // The browser's cookie jar, shared by the tabs: a request sends the cookie as it is when it leaves.
  const refreshGrant = () => grant(server.cookie);
  return { server, refreshGrant };
}

/** BroadcastChannel between tabs: a message reaches every other subscriber. */
function fakeBus() {
  const listeners = new Set<(m: TokenMessage) => void>();
  const channel = (): TokenChannel => {
    let own: ((m: TokenMessage) => void) | undefined;
    return {
      post: (message) => {
        for (const listener of listeners) if (listener !== own) listener(message);
      },
      subscribe(listener) {
        own = listener;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  };
  return { channel };
}

/** Web Locks between tabs: one holder at a time, in request order. */
function fakeLock(): NonNullable<AccessTokenStoreOptions['withLock']> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

describe('access token store (memory only, renewed through the refresh cookie)', () => {
  it('callers at the same time share one renewal (single flight)', async () => {
    const { server, refreshGrant } = fakeRefreshServer();
    const store = createAccessTokenStore({ refreshGrant });
    const answers = await Promise.all([store.refresh(), store.refresh(), store.refresh()]);
    expect(server.calls).toBe(1);
    expect(answers.map((a) => a.accessToken)).toEqual(['access-1', 'access-1', 'access-1']);
    expect(store.current()).toBe('access-1');
    // Once settled, the next renewal is a new request.
    await store.refresh('access-1');
    expect(server.calls).toBe(2);
    expect(store.current()).toBe('access-2');
  });

  it('hands out the held token while it lives and renews an expired one before use', async () => {
    let now = 1_000_000;
    const refreshGrant = vi.fn(async () => ({ accessToken: 'renewed', expiresIn: 900 }));
    const store = createAccessTokenStore({ refreshGrant, now: () => now });
    store.set({ accessToken: 'signed-in', expiresIn: 900 });
    now += 800_000;
    expect(await store.usable()).toBe('signed-in');
    expect(refreshGrant).not.toHaveBeenCalled();
    now += 100_000;
    expect(await store.usable()).toBe('renewed');
    expect(refreshGrant).toHaveBeenCalledTimes(1);
  });

  it('without a token (offline start) a call asks for one; signed out it does not', async () => {
    const refreshGrant = vi.fn(async () => ({ accessToken: 'back-online', expiresIn: 900 }));
    const store = createAccessTokenStore({ refreshGrant });
    expect(await store.usable()).toBe('back-online');
    store.clear();
    expect(await store.usable()).toBeUndefined();
    expect(refreshGrant).toHaveBeenCalledTimes(1);
  });

  it('a refused refresh cookie stops the renewals that calls would ask for', async () => {
    const refreshGrant = vi.fn(() => Promise.reject({ status: 401, code: 'INVALID_GRANT' }));
    const store = createAccessTokenStore({ refreshGrant });
    expect(await store.usable()).toBeUndefined();
    expect(await store.usable()).toBeUndefined();
    expect(refreshGrant).toHaveBeenCalledTimes(1);
    // A network failure is not a refusal: the next call asks again.
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const other = createAccessTokenStore({ refreshGrant: offline, retry: { delays: [] } });
    await expect(other.usable()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(other.usable()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(offline).toHaveBeenCalledTimes(2);
  });

  it('an expired token whose renewal is refused is not handed out', async () => {
    let now = 0;
    const store = createAccessTokenStore({
      refreshGrant: () => Promise.reject({ status: 401, code: 'INVALID_GRANT' }),
      now: () => now,
    });
    store.set({ accessToken: 'old', expiresIn: 900 });
    now = 900_000;
    expect(await store.usable()).toBeUndefined();
  });

  it('a token without a lifetime is handed out until a 401 says otherwise', async () => {
    let now = 0;
    const refreshGrant = vi.fn(async () => ({ accessToken: 'renewed', expiresIn: null }));
    const store = createAccessTokenStore({ refreshGrant, now: () => now });
    store.set({ accessToken: 'forever', expiresIn: null });
    now = 10 * 365 * 24 * 3600_000;
    expect(await store.usable()).toBe('forever');
    expect(refreshGrant).not.toHaveBeenCalled();
  });

  it("two tabs renewing at once send the cookie once: the second takes the first one's token", async () => {
    const { server, refreshGrant } = fakeRefreshServer();
    const bus = fakeBus();
    const lock = fakeLock();
    const tabA = createAccessTokenStore({ refreshGrant, withLock: lock, channel: bus.channel() });
    const tabB = createAccessTokenStore({ refreshGrant, withLock: lock, channel: bus.channel() });
    await tabA.refresh();
    expect(tabB.current()).toBe('access-1');
    // Both tabs' timers fire for the same token.
    const [a, b] = await Promise.all([tabA.refresh('access-1'), tabB.refresh('access-1')]);
    expect(server.revoked).toBe(false);
    expect(server.calls).toBe(2);
    expect(a.accessToken).toBe('access-2');
    expect(b.accessToken).toBe('access-2');
    expect(b.expiresIn).toBeGreaterThan(800);
    expect(tabB.current()).toBe('access-2');
  });

  it('without the lock the same race reuses the cookie and the server revokes the session', async () => {
    // Why the lock is there: this is what it prevents.
    const { server, refreshGrant } = fakeRefreshServer();
    const tabA = createAccessTokenStore({ refreshGrant });
    const tabB = createAccessTokenStore({ refreshGrant });
    const outcomes = await Promise.allSettled([tabA.refresh(), tabB.refresh()]);
    expect(outcomes.map((o) => o.status)).toContain('rejected');
    expect(server.revoked).toBe(true);
  });

  it("a signed-out tab does not take another tab's token; signing in again does", async () => {
    const bus = fakeBus();
    const tabA = createAccessTokenStore({
      refreshGrant: async () => ({ accessToken: 'from-a', expiresIn: 900 }),
      channel: bus.channel(),
    });
    const tabB = createAccessTokenStore({ refreshGrant: async () => ({ accessToken: 'b', expiresIn: 900 }), channel: bus.channel() });
    tabB.clear();
    await tabA.refresh();
    expect(tabB.current()).toBeUndefined();
    tabB.set({ accessToken: 'b-signed-in', expiresIn: 900 });
    await tabA.refresh('from-a');
    expect(tabB.current()).toBe('from-a');
    tabB.dispose();
  });

  it('logout forgets the token', () => {
    const store = createAccessTokenStore({ refreshGrant: async () => ({ accessToken: 'x', expiresIn: 900 }) });
    store.set({ accessToken: 'signed-in', expiresIn: 900 });
    store.clear();
    expect(store.current()).toBeUndefined();
  });
});

describe('a 401 renews the token once and sends the call again', () => {
  function backend(valid: () => string) {
    const seen: string[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const authorization = new Headers(init?.headers).get('Authorization') ?? '';
      seen.push(authorization);
      return new Response(authorization === `Bearer ${valid()}` ? '{"ok":true}' : '{"code":"UNAUTHORIZED"}', {
        status: authorization === `Bearer ${valid()}` ? 200 : 401,
      });
    });
    return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
  }

  it('a call with a dead token is sent again with the renewed one', async () => {
    const server = backend(() => 'fresh');
    const store = createAccessTokenStore({ refreshGrant: async () => ({ accessToken: 'fresh', expiresIn: 900 }) });
    const call = fetchWithTokenRenewal(server.fetch, store);
    const response = await call('/users/me', { method: 'GET', headers: { Authorization: 'Bearer dead' } });
    expect(response.status).toBe(200);
    expect(server.seen).toEqual(['Bearer dead', 'Bearer fresh']);
  });

  it('concurrent 401s share one renewal', async () => {
    const server = backend(() => 'fresh');
    const refreshGrant = vi.fn(async () => ({ accessToken: 'fresh', expiresIn: 900 }));
    const call = fetchWithTokenRenewal(server.fetch, createAccessTokenStore({ refreshGrant }));
    const answers = await Promise.all(['/a', '/b', '/c'].map((path) => call(path, { headers: { Authorization: 'Bearer dead' } })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
  });

  it('a second 401 is the answer (the session then logs out); no renewal loop', async () => {
    const server = backend(() => 'never-valid');
    const refreshGrant = vi.fn(async () => ({ accessToken: 'fresh', expiresIn: 900 }));
    const call = fetchWithTokenRenewal(server.fetch, createAccessTokenStore({ refreshGrant }));
    const response = await call('/users/me', { headers: { Authorization: 'Bearer dead' } });
    expect(response.status).toBe(401);
    expect(server.seen).toEqual(['Bearer dead', 'Bearer fresh']);
    expect(refreshGrant).toHaveBeenCalledTimes(1);
  });

  it('a refused renewal returns the first 401', async () => {
    const server = backend(() => 'fresh');
    const store = createAccessTokenStore({ refreshGrant: () => Promise.reject({ status: 401, code: 'INVALID_GRANT' }) });
    const response = await fetchWithTokenRenewal(server.fetch, store)('/users/me', { headers: { Authorization: 'Bearer dead' } });
    expect(response.status).toBe(401);
    expect(server.seen).toEqual(['Bearer dead']);
  });

  it('a call without a bearer token (client Basic) is not retried', async () => {
    const server = backend(() => 'fresh');
    const refreshGrant = vi.fn(async () => ({ accessToken: 'fresh', expiresIn: 900 }));
    const call = fetchWithTokenRenewal(server.fetch, createAccessTokenStore({ refreshGrant }));
    const response = await call('/oauth/token', { headers: { Authorization: 'Basic abc' } });
    expect(response.status).toBe(401);
    expect(refreshGrant).not.toHaveBeenCalled();
  });

  it('a renewal the line failed (no answer, 503) is no refusal: the call fails as unanswered instead of returning the 401', async () => {
    const server = backend(() => 'fresh');
    const refreshGrant = vi.fn(() => Promise.reject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'unavailable' }));
    const store = createAccessTokenStore({ refreshGrant, retry: { sleep: async () => {} } });
    const call = fetchWithTokenRenewal(server.fetch, store);
    await expect(call('/users/me', { headers: { Authorization: 'Bearer dead' } })).rejects.toThrow(TypeError);
    // Tried again at once, a few times, then given up for this call.
    expect(refreshGrant).toHaveBeenCalledTimes(4);
    expect(server.seen).toEqual(['Bearer dead']);
  });
});

describe('renewal on a bad line', () => {
  it('retries a renewal whose answer was lost or refused by the line, then holds the token', async () => {
    const answers = [
      () => Promise.reject({ status: 0, code: 'NETWORK_ERROR', message: 'lost' }),
      () => Promise.reject({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'proxy' }),
      async () => ({ accessToken: 'renewed', expiresIn: 900 }),
    ];
    const slept: number[] = [];
    const store = createAccessTokenStore({ refreshGrant: () => answers.shift()!(), retry: { sleep: async (ms) => void slept.push(ms), random: () => 0.5 } });
    await expect(store.refresh()).resolves.toEqual({ accessToken: 'renewed', expiresIn: 900 });
    expect(slept).toEqual([500, 1500]);
    expect(store.current()).toBe('renewed');
  });

  it('never retries a refused renewal (401, 400): once refused, calls get no token', async () => {
    for (const status of [401, 400]) {
      const refreshGrant = vi.fn(() => Promise.reject({ status, code: 'INVALID_GRANT', message: 'no' }));
      const store = createAccessTokenStore({ refreshGrant, retry: { sleep: async () => {} } });
      await expect(store.refresh()).rejects.toMatchObject({ status });
      expect(refreshGrant).toHaveBeenCalledTimes(1);
    }
    const refused = createAccessTokenStore({ refreshGrant: () => Promise.reject({ status: 401, code: 'INVALID_GRANT', message: 'no' }) });
    await expect(refused.usable()).resolves.toBeUndefined();
  });

  it('a call that needs a renewal the line keeps failing fails as unanswered, not as a call without a token', async () => {
    const store = createAccessTokenStore({
      refreshGrant: () => Promise.reject({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }),
      retry: { sleep: async () => {} },
    });
    await expect(store.usable()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    // The session is not cleared: once the line is back, the renewal goes out again.
    expect(store.current()).toBeUndefined();
  });
});
