import type { CurrentUser } from '@corridor/api';
import { describe, expect, it } from 'vitest';
import { buildProgram, run } from './cli.ts';
import { commandTree } from './commands/completion/command-tree.ts';
import { apiError, fakeBackend } from './testing/fake-api.ts';
import { fakeTerminal } from './testing/fake-terminal.ts';
import { memoryConfigStore } from './testing/memory-config-store.ts';
import { signedInConfig, testDependencies } from './testing/test-context.ts';

const argv = (...args: string[]) => ['node', 'corridor', ...args];

const admin: CurrentUser = {
  id: 'u-9',
  digit9Id: '900000001',
  name: 'Operations Admin',
  role: 'ADMIN',
  parentId: null,
  organisationType: 'INTERNAL',
  status: 'ACTIVE',
};

describe('run', () => {
  it('exits 0 and prints help with the exit codes', async () => {
    const deps = testDependencies();
    expect(await run(argv('--help'), deps)).toBe(0);
    expect(deps.terminal.out()).toContain('Exit codes:');
    expect(deps.terminal.out()).toContain('8  network unreachable');
  });

  it('shows examples in the help of every command, walked from the program', async () => {
    const paths = commandTree(buildProgram(testDependencies())).map((spec) => spec.path);
    expect(paths).toEqual(expect.arrayContaining(['auth status', 'auth token', 'payments list', 'payments repush', 'rates import', 'repush', 'completion']));
    for (const path of paths) {
      const deps = testDependencies();
      expect(await run(argv(...path.split(' ').filter(Boolean), '--help'), deps), path).toBe(0);
      expect(deps.terminal.out(), path).toMatch(/Examples:\n {2}\$ (corridor |eval |source |curl |CORRIDOR_TOKEN=)/);
    }
  });

  it('exits 0 for `help` and `help <command>`, 2 for a group without its verb', async () => {
    const deps = testDependencies();
    expect(await run(argv('help'), deps)).toBe(0);
    expect(await run(argv('help', 'cache'), deps)).toBe(0);
    expect(deps.terminal.out()).toContain('Usage: corridor cache');
    expect(await run(argv('cache'), testDependencies())).toBe(2);
  });

  it('under --json writes a usage error as JSON on stdout, wherever --json is placed', async () => {
    for (const args of [
      ['--json', 'frobnicate'],
      ['whoami', '--bogus', '--json'],
    ]) {
      const deps = testDependencies();
      expect(await run(argv(...args), deps)).toBe(2);
      expect(JSON.parse(deps.terminal.out())).toEqual({
        error: { code: 'USAGE_ERROR', message: expect.any(String), invalidParameters: [], traceId: null, status: 0, exitCode: 2 },
      });
    }
    const deps = testDependencies();
    expect(await run(argv('frobnicate', '--', '--json'), deps)).toBe(2);
    expect(deps.terminal.out()).toBe('');
  });

  it('under --json writes a server error as JSON on stdout and the text on stderr', async () => {
    const backend = fakeBackend({
      request: () => {
        throw apiError(403, 'FORBIDDEN', 'Only an administrator may do this');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    expect(await run(argv('cache', 'list', '--json'), deps)).toBe(4);
    expect(JSON.parse(deps.terminal.out())).toMatchObject({ error: { code: 'FORBIDDEN', status: 403, exitCode: 4, traceId: 'trace-1' } });
    expect(deps.terminal.err()).toContain('error: HTTP 403 FORBIDDEN - Only an administrator may do this');
  });

  it('exits 2 on an unknown command or option', async () => {
    const deps = testDependencies();
    expect(await run(argv('frobnicate'), deps)).toBe(2);
    expect(await run(argv('whoami', '--bogus'), deps)).toBe(2);
    expect(deps.terminal.err()).toContain("unknown command 'frobnicate'");
  });

  it('under --json keeps the code and status of a refused login in the JSON error', async () => {
    const backend = fakeBackend({
      grant: () => {
        throw apiError(401, 'INVALID_CREDENTIALS', 'Wrong ID or password');
      },
    });
    const deps = testDependencies({ backend, terminal: fakeTerminal({ stdin: 'nope' }) });
    expect(await run(argv('--json', 'login', '--username', '900000001', '--password-stdin'), deps)).toBe(3);
    expect(JSON.parse(deps.terminal.out())).toEqual({
      error: {
        code: 'INVALID_CREDENTIALS',
        message: 'INVALID_CREDENTIALS - Wrong ID or password',
        invalidParameters: [],
        traceId: 'trace-1',
        status: 401,
        exitCode: 3,
      },
    });
    expect(deps.terminal.err()).toBe('error: INVALID_CREDENTIALS - Wrong ID or password\n');
  });

  it("says 'unknown command' and exits 2 for an unknown command with --help or after help, instead of the parent's help", async () => {
    for (const args of [
      ['bogus', '--help'],
      ['--profile', 'ops', 'bogus', '-h'],
      ['cache', 'bogus', '--help'],
      ['help', 'bogus'],
      ['help', 'cache', 'bogus'],
    ]) {
      const deps = testDependencies();
      expect(await run(argv(...args), deps), args.join(' ')).toBe(2);
      expect(deps.terminal.err(), args.join(' ')).toContain("error: unknown command 'bogus'");
      expect(deps.terminal.out(), args.join(' ')).toBe('');
    }
    const json = testDependencies();
    expect(await run(argv('--json', 'bogus', '--help'), json)).toBe(2);
    expect(JSON.parse(json.terminal.out())).toMatchObject({ error: { code: 'USAGE_ERROR', message: "unknown command 'bogus'", exitCode: 2 } });
    // Real commands still show their help, and a leaf's arguments are not commands.
    for (const args of [
      ['cache', 'list', '--help'],
      ['help', 'payments', 'list'],
      ['api', '--help'],
      ['--api-root', 'x', 'auth', 'status', '--help'],
    ]) {
      expect(await run(argv(...args), testDependencies()), args.join(' ')).toBe(0);
    }
  });

  it('has no --password option: a password on argv is a usage error and nothing is sent', async () => {
    const backend = fakeBackend({ grant: () => ({ accessToken: 't', expiresIn: 60 }) });
    const deps = testDependencies({ backend, terminal: fakeTerminal({ stdin: 'Corridor2026' }) });
    expect(await run(argv('login', '--username', '900000001', '--password', 'Corridor2026'), deps)).toBe(2);
    expect(await run(argv('login', '--username', '900000001', 'Corridor2026'), deps)).toBe(2);
    expect(backend.grants).toHaveLength(0);
    expect(deps.config.writes).toBe(0);
  });

  it('signs in with --password-stdin, honouring the global --profile and --api-root after the command', async () => {
    const backend = fakeBackend({ grant: (u) => ({ accessToken: `t-${u}`, expiresIn: 60 }) });
    const deps = testDependencies({ backend, terminal: fakeTerminal({ stdin: 'Corridor2026\n' }) });
    const code = await run(argv('login', '--profile', 'ops', '--api-root', 'http://ops.test', '--username', '900000001', '--password-stdin'), deps);
    expect(code).toBe(0);
    expect(deps.config.current().profiles['ops']).toMatchObject({ apiRoot: 'http://ops.test', token: 't-900000001' });
  });

  it('uses CORRIDOR_PROFILE, and CORRIDOR_API_ROOT for a profile without a root', async () => {
    const backend = fakeBackend({ me: () => admin });
    const config = memoryConfigStore({ profiles: { ops: { token: 'tok' }, default: { token: 'x', apiRoot: 'http://default.test' } } });
    const deps = testDependencies({ backend, config, env: { CORRIDOR_PROFILE: 'ops', CORRIDOR_API_ROOT: 'http://env.test' } });
    expect(await run(argv('whoami', '--json'), deps)).toBe(0);
    expect(backend.connections[0]).toEqual({ apiRoot: 'http://env.test', token: 'tok' });
    expect(JSON.parse(deps.terminal.out())).toMatchObject({ name: 'Operations Admin', apiRoot: 'http://env.test' });
  });

  it("keeps the profile's root over CORRIDOR_API_ROOT, so a token only goes where it was issued", async () => {
    const backend = fakeBackend({ me: () => admin });
    const deps = testDependencies({ backend, config: signedInConfig(), env: { CORRIDOR_API_ROOT: 'http://env.test' } });
    expect(await run(argv('whoami'), deps)).toBe(0);
    expect(backend.connections[0]?.apiRoot).toBe('http://backend.test');
    // --api-root naming another server is refused (exit 3) before anything is sent: the session stays.
    const override = testDependencies({ backend, config: signedInConfig() });
    expect(await run(argv('whoami', '--api-root', 'http://flag.test/'), override)).toBe(3);
    expect(override.terminal.err()).toContain('run corridor login --api-root http://flag.test');
    expect(backend.connections).toHaveLength(1);
    expect(override.config.current()).toEqual(signedInConfig().current());
    expect(await run(argv('whoami', '--api-root', 'http://backend.test/'), override)).toBe(0);
    expect(backend.connections[1]?.apiRoot).toBe('http://backend.test');
  });

  it('exits 3 when not signed in', async () => {
    const deps = testDependencies();
    expect(await run(argv('errors'), deps)).toBe(3);
    expect(deps.terminal.err()).toBe('error: not signed in (profile default): run corridor login\n');
  });

  it.each([
    [401, 'UNAUTHORIZED', 3],
    [403, 'FORBIDDEN', 4],
    [404, 'NOT_FOUND', 5],
    [400, 'VALIDATION_FAILED', 6],
    [500, 'INTERNAL_ERROR', 7],
  ])('maps HTTP %i %s to exit code %i', async (status, code, exit) => {
    const backend = fakeBackend({
      request: () => {
        throw apiError(status, code, 'from the server');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    expect(await run(argv('cache', 'list'), deps)).toBe(exit);
    expect(deps.terminal.err()).toContain(`error: HTTP ${status} ${code} - from the server`);
    expect(deps.terminal.err()).toContain('trace id: trace-1');
  });

  it('exits 8 when the backend is unreachable', async () => {
    const backend = fakeBackend({
      request: () => {
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    expect(await run(argv('api', 'GET', '/users/me'), deps)).toBe(8);
  });

  it('exits 2 for cache clear without --like', async () => {
    const deps = testDependencies({ config: signedInConfig() });
    expect(await run(argv('cache', 'clear'), deps)).toBe(2);
    expect(deps.terminal.err()).toContain('--like NAME is required');
  });

  it('passes repeatable -q and -p options to the api command', async () => {
    const backend = fakeBackend({ request: () => ({ ok: 1 }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    const code = await run(argv('api', 'GET', '/files/{filename}/url', '-p', 'filename=a.pdf', '-q', 'x=1', '-q', 'x=2'), deps);
    expect(code).toBe(0);
    expect(backend.requests[0]).toMatchObject({ path: '/files/a.pdf/url', options: { query: { x: ['1', '2'] } } });
  });

  it('prints tables on a terminal and plain lines in a pipe for the same command', async () => {
    const caches = [{ name: 'currencies', size: 1, hits: 0, misses: 0 }];
    const tty = testDependencies({ backend: fakeBackend({ request: () => caches }), config: signedInConfig(), terminal: fakeTerminal({ tty: true }) });
    const pipe = testDependencies({ backend: fakeBackend({ request: () => caches }), config: signedInConfig() });
    await run(argv('cache', 'list'), tty);
    await run(argv('cache', 'list'), pipe);
    expect(tty.terminal.out()).toContain('┌');
    expect(pipe.terminal.out()).toBe('currencies\t1\t0\t0\n');
  });
});
