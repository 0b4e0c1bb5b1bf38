import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../cli.ts';
import type { Dependencies } from '../command-context.ts';
import { createContractCorridorApi } from '../client/contract-corridor-api.ts';
import { createFileConfigStore } from '../config/file-config-store.ts';
import { fakeTerminal } from '../testing/fake-terminal.ts';

/**
 * The CLI against the real reference server, started as its own process (apps do not import each
 * other) on a free port with a fresh PGlite folder.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const STARTUP_MS = 120_000;

let server: ChildProcess | undefined;
let workDir: string;
let apiRoot: string;
let serverLog = '';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitUntilAnswering(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) {
      throw new Error(`the server exited with ${server.exitCode}:\n${serverLog}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  throw new Error(`the server did not answer within ${STARTUP_MS} ms:\n${serverLog}`);
}

function cli(stdin = '') {
  const terminal = fakeTerminal({ stdin });
  const dependencies: Dependencies = {
    terminal,
    config: createFileConfigStore(join(workDir, 'config', 'config.json')),
    createApi: (connection) => createContractCorridorApi(connection),
    env: { CORRIDOR_API_ROOT: apiRoot },
    prompts: {
      password: () => Promise.reject(new Error('no prompt in tests')),
      text: () => Promise.reject(new Error('no prompt in tests')),
      confirm: () => Promise.reject(new Error('no prompt in tests')),
    },
    readFile: () => Promise.reject(new Error('no files in this test')),
    now: () => new Date(),
  };
  return { terminal, run: (...args: string[]) => run(['node', 'corridor', ...args], dependencies) };
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'corridor-cli-it-'));
  const port = await freePort();
  apiRoot = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(workDir, 'pglite'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so the server and the node process tsx starts are stopped together.
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  await waitUntilAnswering(`${apiRoot}/portal-config.json`, Date.now() + STARTUP_MS);
}, STARTUP_MS + 10_000);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  await rm(workDir, { recursive: true, force: true });
}, 20_000);

describe('corridor against the reference server', () => {
  it('refuses a wrong password with exit 3 and stores nothing', async () => {
    const c = cli('not-the-password\n');
    expect(await c.run('login', '--username', '900000002', '--password-stdin')).toBe(3);
    expect(c.terminal.err()).toContain('INVALID_CREDENTIALS');
  });

  it('signs in the admin, keeps the token in a 0600 file and shows who is signed in', async () => {
    const login = cli('Corridor2026\n');
    expect(await login.run('login', '--username', '900000001', '--password-stdin'), login.terminal.err()).toBe(0);
    expect((await stat(join(workDir, 'config', 'config.json'))).mode & 0o777).toBe(0o600);

    const me = cli();
    expect(await me.run('whoami', '--json')).toBe(0);
    expect(JSON.parse(me.terminal.out())).toMatchObject({ digit9Id: '900000001', role: 'ADMIN', organisationType: 'INTERNAL' });
  });

  it('lists the error codes of the server across pages', async () => {
    const all = cli();
    expect(await all.run('errors', '--json')).toBe(0);
    const codes = (JSON.parse(all.terminal.out()) as Array<{ code: string }>).map((c) => c.code);
    expect(codes).toContain('VALIDATION_FAILED');

    const paged = cli();
    expect(await paged.run('api', 'GET', '/v1/internal/errors', '-q', 'size=2', '--paginate')).toBe(0);
    expect((JSON.parse(paged.terminal.out()) as Array<{ code: string }>).map((c) => c.code)).toEqual(codes);
  });

  it('fills a path template, and maps a missing row to exit 5 and a bad query to exit 6', async () => {
    const found = cli();
    expect(await found.run('api', 'GET', '/v1/currencies/{code}', '-p', 'code=EUR')).toBe(0);
    expect(JSON.parse(found.terminal.out())).toMatchObject({ code: 'EUR' });

    expect(await cli().run('api', 'GET', '/v1/currencies/{code}', '-p', 'code=QQQ')).toBe(5);
    const invalid = cli();
    expect(await invalid.run('api', 'GET', '/v1/internal/errors', '-q', 'size=-4')).toBe(6);
    expect(invalid.terminal.err()).toContain('VALIDATION_FAILED');
  });

  it('fills, lists and clears the currencies cache', async () => {
    expect(await cli().run('api', 'GET', '/v1/currencies/{code}', '-p', 'code=USD')).toBe(0);
    const list = cli();
    expect(await list.run('cache', 'list', '--like', 'curr', '--json')).toBe(0);
    expect((JSON.parse(list.terminal.out()) as Array<{ name: string }>).map((c) => c.name)).toContain('currencies');

    const entries = cli();
    expect(await entries.run('cache', 'entries', 'currencies')).toBe(0);
    expect(entries.terminal.out()).toMatch(/^USD\t/m);

    const clear = cli();
    expect(await clear.run('cache', 'clear', '--like', 'curr', '--json')).toBe(0);
    expect(JSON.parse(clear.terminal.out())).toEqual({ cleared: expect.arrayContaining(['currencies']) as unknown });
  });

  it('counts the calls the server serves from its OpenAPI document', async () => {
    const calls = cli();
    expect(await calls.run('calls', '--served', '--json'), calls.terminal.err()).toBe(0);
    const answer = JSON.parse(calls.terminal.out()) as { total: number; served: number; calls: Array<{ id: string; served: boolean }> };
    expect(answer.served).toBeGreaterThan(0);
    expect(answer.served).toBeLessThanOrEqual(answer.total);
    expect(answer.calls.find((c) => c.id === 'users.me')?.served).toBe(true);
  });

  it('creates once when a script retries a creating call with the same --idempotency-key', async () => {
    expect(await cli('Corridor2026').run('login', '--profile', 'globex', '--username', '100000001', '--password-stdin')).toBe(0);
    const list = cli();
    expect(await list.run('api', 'GET', '/v1/merchant/wallets', '--profile', 'globex', '-q', 'size=1')).toBe(0);
    type Wallet = { id: string; spWalletId: string; serviceProviderId: string; currency: { code: string; countryCode: string | null } };
    const wallet = (JSON.parse(list.terminal.out()) as { content: Wallet[] }).content[0]!;
    const body = JSON.stringify({
      alias: 'Requested by a script',
      spWalletId: wallet.spWalletId,
      serviceProviderId: wallet.serviceProviderId,
      countryCode: wallet.currency.countryCode ?? 'AE',
      currencyCode: wallet.currency.code,
    });
    const create = async (...extra: string[]) => {
      const c = cli(body);
      expect(await c.run('api', 'POST', '/v1/merchant/wallets', '--profile', 'globex', '--input', '-', ...extra), c.terminal.err()).toBe(0);
      return c.terminal.out();
    };
    const first = await create('--idempotency-key', 'wallet-request-1');
    // The replay is the first answer. Not yet byte for byte: the server keeps the answer in a jsonb
    // column, which stores keys in its own order, so the replay's keys come back reordered (the CLI
    // prints what it gets in order; the binary test checks that identical answers print identical bytes).
    expect(JSON.parse(await create('--idempotency-key', 'wallet-request-1'))).toEqual(JSON.parse(first));
    expect((JSON.parse(await create()) as Wallet).id).not.toBe((JSON.parse(first) as Wallet).id);
  });

  it("lists, shows and cancels a merchant's payment; a second cancel is a conflict (exit 9) and scripts must say --yes", async () => {
    // The merchant signed in as profile globex above (sign-ins are rate limited per user).
    const list = cli();
    expect(await list.run('payments', 'list', '--profile', 'globex', '--status', 'INITIATED', '--json'), list.terminal.err()).toBe(0);
    type Row = { id: string; status: string };
    const rows = (JSON.parse(list.terminal.out()) as { content: Row[] }).content;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'INITIATED')).toBe(true);
    const id = rows[0]!.id;

    const shown = cli();
    expect(await shown.run('payments', 'get', id, '--profile', 'globex', '--json')).toBe(0);
    expect(JSON.parse(shown.terminal.out())).toMatchObject({ id, status: 'INITIATED', timeline: expect.any(Array) as unknown });

    const unconfirmed = cli();
    expect(await unconfirmed.run('payments', 'cancel', id, '--profile', 'globex', '--reason', 'Raised twice')).toBe(2);
    expect(unconfirmed.terminal.err()).toContain('Refused without --yes');

    const cancel = cli();
    expect(await cancel.run('payments', 'cancel', id, '--profile', 'globex', '--reason', 'Raised twice', '--yes', '--json'), cancel.terminal.err()).toBe(0);
    const after = cli();
    expect(await after.run('payments', 'get', id, '--profile', 'globex', '--json')).toBe(0);
    expect(JSON.parse(after.terminal.out())).toMatchObject({ status: 'CANCELLED' });

    const again = cli();
    expect(await again.run('payments', 'cancel', id, '--profile', 'globex', '--reason', 'Raised twice', '--yes', '--json')).toBe(9);
    expect(JSON.parse(again.terminal.out())).toMatchObject({ error: { code: 'INVALID_TRANSITION', exitCode: 9 } });
  });

  it('answers 403 with exit 4 for a merchant on an internal call, and 3 after logout', async () => {
    expect(await cli('Corridor2026').run('login', '--profile', 'merchant', '--username', '100000001', '--password-stdin')).toBe(0);
    expect(await cli().run('cache', 'list', '--profile', 'merchant')).toBe(4);
    expect(await cli().run('logout', '--profile', 'merchant')).toBe(0);
    expect(await cli().run('whoami', '--profile', 'merchant')).toBe(3);
  });

  it('renews a refused access token from the refresh token, and logout ends the session on the server', async () => {
    expect(await cli('Corridor2026').run('login', '--profile', 'ops', '--username', '900000001', '--password-stdin')).toBe(0);
    const path = join(workDir, 'config', 'config.json');
    const saved = JSON.parse(await readFile(path, 'utf8')) as { profiles: Record<string, Record<string, string>> };
    const first = { ...saved.profiles['ops'] };
    expect(first['refreshToken']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    saved.profiles['ops']!['token'] = 'an-access-token-the-server-refuses';
    await writeFile(path, JSON.stringify(saved), { mode: 0o600 });

    const me = cli();
    expect(await me.run('whoami', '--profile', 'ops'), me.terminal.err()).toBe(0);
    const renewed = (JSON.parse(await readFile(path, 'utf8')) as typeof saved).profiles['ops']!;
    expect(renewed['refreshToken']).not.toBe(first['refreshToken']);

    expect(await cli().run('logout', '--profile', 'ops')).toBe(0);
    const bearer = await fetch(`${apiRoot}/users/me`, { headers: { authorization: `Bearer ${renewed['token']}` } });
    expect(bearer.status).toBe(401);
    const basic = `Basic ${Buffer.from('corridor-portal:corridor-portal-demo-secret').toString('base64')}`;
    const refresh = await fetch(`${apiRoot}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: renewed['refreshToken']! }).toString(),
    });
    expect(refresh.status).toBe(401);
    expect(((await refresh.json()) as { code: string }).code).toBe('INVALID_GRANT');
  });
});
