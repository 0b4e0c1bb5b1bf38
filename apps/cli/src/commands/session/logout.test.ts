import { describe, expect, it } from 'vitest';
import { apiError, fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { memoryConfigStore } from '../../testing/memory-config-store.ts';
import { DEMO_PORTAL_CLIENT } from './client-credentials.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { logout } from './logout.ts';

describe('logout', () => {
  it("removes the profile's token and keeps its root and username", async () => {
    const deps = testDependencies({ config: signedInConfig() });
    await logout(testContext(deps));
    expect(deps.config.current().profiles['default']).toEqual({ apiRoot: 'http://backend.test', username: '900000001' });
    expect(deps.terminal.err()).toBe('Signed out of profile default.\n');
  });

  it('says so when the profile was not signed in, without writing', async () => {
    const deps = testDependencies({ terminal: fakeTerminal() });
    await logout(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toEqual({ profile: 'default', signedOut: false, revoked: false });
    expect(deps.config.writes).toBe(0);
    expect(deps.backend.revocations).toEqual([]);
  });

  it('revokes the session on the server with the refresh token and the client credentials, then forgets both tokens', async () => {
    const config = memoryConfigStore({
      profiles: {
        default: {
          apiRoot: 'http://backend.test',
          username: '900000001',
          token: 'access-1',
          expiresAt: '2026-03-01T10:15:00.000Z',
          refreshToken: 'refresh-1',
          refreshExpiresAt: '2026-03-31T10:00:00.000Z',
        },
      },
    });
    const deps = testDependencies({ config });
    await logout(testContext(deps, { json: true }));
    expect(deps.backend.revocations).toEqual([{ connection: { apiRoot: 'http://backend.test', clientCredentials: DEMO_PORTAL_CLIENT }, token: 'refresh-1' }]);
    expect(config.current().profiles['default']).toEqual({ apiRoot: 'http://backend.test', username: '900000001' });
    expect(JSON.parse(deps.terminal.out())).toEqual({ profile: 'default', signedOut: true, revoked: true });
  });

  it('forgets the tokens with a warning when the server cannot end the session', async () => {
    const backend = fakeBackend({
      revoke: () => {
        throw apiError(0, 'NETWORK_ERROR', 'connection refused');
      },
    });
    const deps = testDependencies({ config: signedInConfig(), backend });
    await logout(testContext(deps));
    expect(deps.backend.revocations.map((r) => r.token)).toEqual(['token-abc']);
    expect(deps.config.current().profiles['default']).toEqual({ apiRoot: 'http://backend.test', username: '900000001' });
    expect(deps.terminal.err()).toContain('warning: the server did not end the session (NETWORK_ERROR - connection refused)');
  });
});
