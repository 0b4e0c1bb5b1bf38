import { mkdtemp, rm, stat, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileConfigStore } from '../../config/file-config-store.ts';
import { NotSignedInError, UsageError } from '../../errors.ts';
import { apiError, fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { memoryConfigStore } from '../../testing/memory-config-store.ts';
import { testContext, testDependencies } from '../../testing/test-context.ts';
import { DEMO_PORTAL_CLIENT } from './client-credentials.ts';
import { login } from './login.ts';

const grantingBackend = () =>
  fakeBackend({
    grant: (username, password) => {
      if (password !== 'Corridor2026') throw apiError(400, 'INVALID_CREDENTIALS', 'Wrong ID or password');
      return { accessToken: `token-for-${username}`, expiresIn: 900, refreshToken: `refresh-for-${username}`, refreshExpiresIn: 2592000 };
    },
  });

describe('login', () => {
  it('stores the access and refresh tokens in a 0600 config file, with the root and username of the profile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'corridor-login-'));
    try {
      const location = join(dir, 'corridor', 'config.json');
      const deps = testDependencies({
        backend: grantingBackend(),
        terminal: fakeTerminal({ stdin: 'Corridor2026\n' }),
      });
      const context = { ...testContext(deps, { apiRootOption: 'http://backend.test/' }), config: createFileConfigStore(location) };
      await login(context, { username: '100000001', passwordStdin: true });

      expect((await stat(location)).mode & 0o777).toBe(0o600);
      const saved = JSON.parse(await readFile(location, 'utf8')) as unknown;
      expect(saved).toEqual({
        profiles: {
          default: {
            apiRoot: 'http://backend.test',
            username: '100000001',
            token: 'token-for-100000001',
            expiresAt: '2026-03-01T10:15:00.000Z',
            refreshToken: 'refresh-for-100000001',
            refreshExpiresAt: '2026-03-31T10:00:00.000Z',
          },
        },
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses the password grant with the demo portal client and strips only the final line break', async () => {
    const deps = testDependencies({ backend: grantingBackend(), terminal: fakeTerminal({ stdin: 'Corridor2026\n' }) });
    await login(testContext(deps), { username: '100000001', passwordStdin: true });
    expect(deps.backend.grants).toEqual([
      {
        connection: { apiRoot: 'http://127.0.0.1:8080', clientCredentials: DEMO_PORTAL_CLIENT },
        username: '100000001',
        password: 'Corridor2026',
      },
    ]);
    expect(deps.terminal.out()).toBe('');
    expect(deps.terminal.err()).toContain('Signed in to http://127.0.0.1:8080 as 100000001');
    expect(deps.terminal.err()).not.toContain('token-for');
  });

  it('asks for the password on a hidden prompt on a terminal and does not read stdin', async () => {
    const deps = testDependencies({
      backend: grantingBackend(),
      terminal: fakeTerminal({ tty: true }),
      answers: { password: 'Corridor2026' },
    });
    await login(testContext(deps), { username: '900000001' });
    expect(deps.prompted).toEqual(['password:Password']);
    expect(deps.terminal.stdinReads).toBe(0);
    expect(deps.config.current().profiles['default']?.token).toBe('token-for-900000001');
  });

  it('asks for the ID on a terminal when --username is absent', async () => {
    const deps = testDependencies({
      backend: grantingBackend(),
      terminal: fakeTerminal({ tty: true }),
      answers: { password: 'Corridor2026', text: '200000001' },
    });
    await login(testContext(deps), {});
    expect(deps.prompted).toEqual(['text:ID (digit9Id)', 'password:Password']);
    expect(deps.backend.grants[0]?.username).toBe('200000001');
  });

  it('refuses to run without a terminal unless --password-stdin is given', async () => {
    const deps = testDependencies({ backend: grantingBackend(), terminal: fakeTerminal({ tty: false, stdin: 'Corridor2026' }) });
    await expect(login(testContext(deps), { username: '100000001' })).rejects.toThrow(/--password-stdin/);
    expect(deps.backend.grants).toHaveLength(0);
    expect(deps.terminal.stdinReads).toBe(0);
  });

  it('refuses an ID that is not 9 digits before sending anything', async () => {
    const deps = testDependencies({ backend: grantingBackend(), terminal: fakeTerminal({ stdin: 'x' }) });
    await expect(login(testContext(deps), { username: '12345', passwordStdin: true })).rejects.toThrow(UsageError);
    expect(deps.backend.grants).toHaveLength(0);
  });

  it('turns a wrong password into "not signed in" and stores nothing', async () => {
    const deps = testDependencies({ backend: grantingBackend(), terminal: fakeTerminal({ stdin: 'wrong\n' }) });
    const failure = login(testContext(deps), { username: '100000001', passwordStdin: true });
    await expect(failure).rejects.toThrow(NotSignedInError);
    await expect(failure).rejects.toThrow('INVALID_CREDENTIALS - Wrong ID or password');
    expect(deps.config.writes).toBe(0);
  });

  it('takes the client from options or the environment instead of the demo client', async () => {
    const deps = testDependencies({
      backend: grantingBackend(),
      terminal: fakeTerminal({ stdin: 'Corridor2026' }),
      env: { CORRIDOR_CLIENT_ID: 'ops-cli', CORRIDOR_CLIENT_SECRET: 'from-env' },
    });
    await login(testContext(deps), { username: '100000001', passwordStdin: true });
    expect(deps.backend.grants[0]?.connection.clientCredentials).toEqual({ id: 'ops-cli', secret: 'from-env' });
  });

  it('writes into the named profile only and prints JSON without the token', async () => {
    const config = memoryConfigStore({ profiles: { default: { token: 'keep-me', apiRoot: 'http://a' } } });
    const deps = testDependencies({ backend: grantingBackend(), config, terminal: fakeTerminal({ stdin: 'Corridor2026' }) });
    await login(testContext(deps, { profileName: 'staging', json: true, apiRootOption: 'http://b' }), {
      username: '100000002',
      passwordStdin: true,
    });
    expect(config.current().profiles['default']).toEqual({ token: 'keep-me', apiRoot: 'http://a' });
    expect(config.current().profiles['staging']?.token).toBe('token-for-100000002');
    expect(JSON.parse(deps.terminal.out())).toEqual({
      profile: 'staging',
      apiRoot: 'http://b',
      username: '100000002',
      expiresAt: '2026-03-31T10:00:00.000Z',
    });
    expect(deps.terminal.out()).not.toContain('refresh-for');
  });
});
