import { describe, expect, it } from 'vitest';
import { run } from '../../cli.ts';
import { AnsweredError, NotSignedInError } from '../../errors.ts';
import { fakeBackend } from '../../testing/fake-api.ts';
import { memoryConfigStore } from '../../testing/memory-config-store.ts';
import { FIXED_NOW, signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { authStatus } from './status.ts';
import { authToken } from './token.ts';

const argv = (...args: string[]) => ['node', 'corridor', ...args];
const minutes = (n: number) => new Date(FIXED_NOW.getTime() + n * 60_000).toISOString();

/** A profile signed in to backend.test whose access token expires in `access` minutes, its refresh token in `refresh`. */
function session(access: number, refresh: number) {
  return memoryConfigStore({
    profiles: {
      default: {
        apiRoot: 'http://backend.test',
        username: '900000001',
        token: 'access-secret',
        expiresAt: minutes(access),
        refreshToken: 'refresh-secret',
        refreshExpiresAt: minutes(refresh),
      },
    },
  });
}

describe('auth status', () => {
  it('prints the profile, server, user and expiries as stable JSON, without a secret and without calling the server', async () => {
    const deps = testDependencies({ config: session(10, 600) });
    await authStatus(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toEqual({
      profile: 'default',
      user: '900000001',
      configFile: '/memory/config.json',
      apiRoot: 'http://backend.test',
      signedIn: true,
      session: 'active',
      tokenSource: 'profile',
      accessTokenExpiresAt: minutes(10),
      refreshTokenExpiresAt: minutes(600),
    });
    expect(Object.keys(JSON.parse(deps.terminal.out()) as object)).toEqual([
      'profile',
      'apiRoot',
      'user',
      'signedIn',
      'session',
      'tokenSource',
      'accessTokenExpiresAt',
      'refreshTokenExpiresAt',
      'configFile',
    ]);
    expect(deps.terminal.out() + deps.terminal.err()).not.toMatch(/secret/);
    expect(deps.backend.connections).toEqual([]);
  });

  it('is signed in with an expired access token while the refresh token lasts, and says so in plain lines', async () => {
    const deps = testDependencies({ config: session(-1, 600) });
    await authStatus(testContext(deps));
    expect(deps.terminal.out()).toContain('signedIn\tyes\nsession\trenewable\n');
    expect(deps.terminal.out()).toContain(`accessTokenExpiresAt\t${minutes(-1)}\n`);
    expect(deps.terminal.out()).not.toMatch(/secret/);
  });

  it('prints the status and exits 3 when the session has expired or there is none', async () => {
    const expired = testDependencies({ config: session(-10, -1) });
    const failure = await authStatus(testContext(expired, { json: true })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AnsweredError);
    expect((failure as AnsweredError).exitCode).toBe(3);
    expect(JSON.parse(expired.terminal.out())).toMatchObject({ signedIn: false, session: 'expired' });
    expect(expired.terminal.err()).toBe('profile default is not signed in (its session has expired): run corridor login\n');

    const none = testDependencies({ env: { CORRIDOR_API_ROOT: 'http://env.test' } });
    expect(await run(argv('--json', 'auth', 'status', '--profile', 'ops'), none)).toBe(3);
    // One JSON document on stdout: the status, not an error after it.
    expect(JSON.parse(none.terminal.out())).toEqual({
      profile: 'ops',
      user: null,
      configFile: '/memory/config.json',
      apiRoot: 'http://env.test',
      signedIn: false,
      session: 'none',
      tokenSource: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
    });
    expect(none.terminal.err()).toBe('profile ops is not signed in (it holds no session): run corridor login --profile ops\n');
  });

  it('exits 0 through the program when signed in, and 3 for a server the profile is not signed in to', async () => {
    const deps = testDependencies({ config: session(10, 600) });
    expect(await run(argv('auth', 'status'), deps)).toBe(0);
    const other = testDependencies({ config: session(10, 600) });
    expect(await run(argv('auth', 'status', '--api-root', 'http://elsewhere.test'), other)).toBe(3);
    expect(other.terminal.err()).toContain('is signed in to http://backend.test, not http://elsewhere.test');
  });

  it('names CORRIDOR_TOKEN as the source when it is set', async () => {
    const deps = testDependencies({ env: { CORRIDOR_TOKEN: 'ci-secret', CORRIDOR_API_ROOT: 'http://ci.test' } });
    await authStatus(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toMatchObject({ signedIn: true, session: 'environment', tokenSource: 'CORRIDOR_TOKEN', apiRoot: 'http://ci.test' });
    expect(deps.terminal.out()).not.toContain('ci-secret');
  });
});

describe('auth token', () => {
  it('prints the access token and nothing else', async () => {
    const deps = testDependencies({ config: signedInConfig() });
    expect(await run(argv('auth', 'token'), deps)).toBe(0);
    expect(deps.terminal.out()).toBe('token-abc\n');
    expect(deps.terminal.err()).toBe('');
  });

  it('renews an expired access token first, stores the new pair and prints the new token', async () => {
    const backend = fakeBackend({ refresh: () => ({ accessToken: 'access-2', expiresIn: 900, refreshToken: 'refresh-2', refreshExpiresIn: 3600 }) });
    const deps = testDependencies({ backend, config: session(-1, 600) });
    await authToken(testContext(deps));
    expect(backend.refreshes.map((r) => [r.connection.apiRoot, r.refreshToken])).toEqual([['http://backend.test', 'refresh-secret']]);
    expect(deps.terminal.out()).toBe('access-2\n');
    expect(deps.config.current().profiles['default']).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('prints CORRIDOR_TOKEN when it is set, and JSON under --json', async () => {
    const deps = testDependencies({ env: { CORRIDOR_TOKEN: 'ci-token' } });
    await authToken(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toEqual({ token: 'ci-token', expiresAt: null });
  });

  it('exits 3 when not signed in, or when an expired token cannot be renewed, printing nothing on stdout', async () => {
    const none = testDependencies();
    expect(await run(argv('auth', 'token'), none)).toBe(3);
    expect(none.terminal.out()).toBe('');
    const stale = testDependencies({
      config: memoryConfigStore({ profiles: { default: { apiRoot: 'http://backend.test', token: 'old', expiresAt: minutes(-1) } } }),
    });
    await expect(authToken(testContext(stale))).rejects.toThrow(NotSignedInError);
    expect(stale.terminal.out()).toBe('');
  });
});
