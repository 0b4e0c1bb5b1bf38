import { describe, expect, it } from 'vitest';
import type { ApiConnection } from './client/corridor-api.ts';
import { NotSignedInError } from './errors.ts';
import { signedInApi } from './session.ts';
import { DEMO_PORTAL_CLIENT } from './commands/session/client-credentials.ts';
import { apiError, fakeBackend } from './testing/fake-api.ts';
import { memoryConfigStore } from './testing/memory-config-store.ts';
import { testContext, testDependencies } from './testing/test-context.ts';

const ROOT = 'http://backend.test';

function profileWith(expiresAt: string) {
  return memoryConfigStore({
    profiles: {
      default: { apiRoot: ROOT, username: '900000001', token: 'access-1', expiresAt, refreshToken: 'refresh-1', refreshExpiresAt: '2026-03-31T10:00:00.000Z' },
    },
  });
}

/** A backend whose live access token is `live`; every other bearer gets 401. Refreshes rotate refresh-N. */
function rotatingBackend(state: { live: string; refreshFails?: boolean; refuseAll?: boolean }) {
  let n = 1;
  return fakeBackend({
    refresh: (refreshToken) => {
      if (state.refreshFails) throw apiError(401, 'INVALID_GRANT', 'The refresh token is not valid; sign in again');
      expect(refreshToken).toBe(`refresh-${n}`);
      n += 1;
      if (!state.refuseAll) state.live = `access-${n}`;
      return { accessToken: `access-${n}`, expiresIn: 900, refreshToken: `refresh-${n}`, refreshExpiresIn: 2592000 };
    },
    request: () => ({ ok: true }),
    me: (connection: ApiConnection) => {
      if (connection.token !== state.live) throw apiError(401, 'UNAUTHORIZED', 'Sign-in is required');
      return { id: 'u1', digit9Id: '900000001', name: 'Admin', role: 'ADMIN', parentId: null, organisationType: 'INTERNAL', status: 'ACTIVE' };
    },
  });
}

describe('signed-in calls', () => {
  it('renews an access token past its expiry before the call, with the client credentials, and saves the rotated refresh token', async () => {
    const config = profileWith('2026-03-01T09:59:00.000Z');
    const backend = rotatingBackend({ live: 'access-2' });
    const deps = testDependencies({ config, backend });
    const { api } = await signedInApi(testContext(deps));
    expect((await api.currentUser()).digit9Id).toBe('900000001');
    expect(backend.refreshes).toEqual([{ connection: { apiRoot: ROOT, clientCredentials: DEMO_PORTAL_CLIENT }, refreshToken: 'refresh-1' }]);
    expect(config.current().profiles['default']).toMatchObject({
      token: 'access-2',
      expiresAt: '2026-03-01T10:15:00.000Z',
      refreshToken: 'refresh-2',
      refreshExpiresAt: '2026-03-31T10:00:00.000Z',
    });
  });

  it('renews once when a call answers 401, sends the call again, and keeps an unexpired token otherwise', async () => {
    const config = profileWith('2026-03-01T10:10:00.000Z');
    const backend = rotatingBackend({ live: 'access-2' });
    const deps = testDependencies({ config, backend });
    const { api } = await signedInApi(testContext(deps));
    expect((await api.currentUser()).id).toBe('u1');
    expect(backend.refreshes).toHaveLength(1);
    expect(config.current().profiles['default']?.refreshToken).toBe('refresh-2');
  });

  it('does not renew twice: a second 401 reaches the command', async () => {
    const config = profileWith('2026-03-01T10:10:00.000Z');
    const backend = rotatingBackend({ live: 'never', refuseAll: true });
    const deps = testDependencies({ config, backend });
    const { api } = await signedInApi(testContext(deps));
    await expect(api.currentUser()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(backend.refreshes).toHaveLength(1);
  });

  it('forgets a session the server has ended and asks for a new login', async () => {
    const config = profileWith('2026-03-01T09:00:00.000Z');
    const deps = testDependencies({ config, backend: rotatingBackend({ live: 'x', refreshFails: true }) });
    const failure = signedInApi(testContext(deps));
    await expect(failure).rejects.toThrow(NotSignedInError);
    await expect(failure).rejects.toThrow(/has ended \(INVALID_GRANT\): run corridor login/);
    expect(config.current().profiles['default']).toEqual({ apiRoot: ROOT, username: '900000001' });
  });

  it('passes a 401 through unchanged for a profile without a refresh token', async () => {
    const config = memoryConfigStore({ profiles: { default: { apiRoot: ROOT, token: 'old' } } });
    const backend = rotatingBackend({ live: 'other' });
    const deps = testDependencies({ config, backend });
    const { api } = await signedInApi(testContext(deps));
    await expect(api.currentUser()).rejects.toMatchObject({ status: 401 });
    expect(backend.refreshes).toEqual([]);
  });
});

describe('a token from CORRIDOR_TOKEN', () => {
  it("wins over the profile's token and root, is never renewed and never stored", async () => {
    const config = profileWith('2026-01-01T00:00:00.000Z');
    const backend = fakeBackend({ request: () => ({ ok: true }) });
    const deps = testDependencies({ backend, config, env: { CORRIDOR_TOKEN: ' ci-token ', CORRIDOR_API_ROOT: 'http://ci.test/' } });
    const { api, apiRoot } = await signedInApi(testContext(deps));
    await api.request('GET', '/x');
    expect(apiRoot).toBe('http://ci.test');
    expect(backend.connections).toEqual([{ apiRoot: 'http://ci.test', token: 'ci-token' }]);
    expect(backend.refreshes).toEqual([]);
    expect(config.writes).toBe(0);
  });

  it('works without any profile, and --api-root still wins', async () => {
    const backend = fakeBackend({ request: () => ({}) });
    const deps = testDependencies({ backend, env: { CORRIDOR_TOKEN: 'ci-token' } });
    const { apiRoot } = await signedInApi(testContext(deps, { apiRootOption: 'http://flag.test' }));
    expect(apiRoot).toBe('http://flag.test');
  });

  it('says the variable was refused on 401, without trying to renew', async () => {
    const backend = fakeBackend({
      request: () => {
        throw apiError(401, 'UNAUTHORIZED');
      },
    });
    const deps = testDependencies({ backend, config: profileWith('2099-01-01T00:00:00.000Z'), env: { CORRIDOR_TOKEN: 'old' } });
    const { api } = await signedInApi(testContext(deps));
    await expect(api.request('GET', '/x')).rejects.toThrow(
      new NotSignedInError('the token in CORRIDOR_TOKEN was refused (UNAUTHORIZED): set a valid token or unset CORRIDOR_TOKEN', {
        status: 401,
        code: 'UNAUTHORIZED',
        traceId: 'trace-1',
        invalidParameters: [],
      }),
    );
    expect(backend.refreshes).toEqual([]);
  });

  it('is ignored when empty', async () => {
    const deps = testDependencies({ env: { CORRIDOR_TOKEN: '' } });
    await expect(signedInApi(testContext(deps))).rejects.toThrow(NotSignedInError);
  });
});
