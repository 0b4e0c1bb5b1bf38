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

/** `corridor statements export` and `corridor reports` against the reference server, started as its own process. */
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
    readFile: (path) => readFile(path, 'utf8'),
    now: () => new Date(),
    sleep: (ms) => new Promise((done) => setTimeout(done, Math.min(ms, 100))),
  };
  return { terminal, run: (...args: string[]) => run(['node', 'corridor', ...args], dependencies) };
}

const today = new Date().toISOString().slice(0, 10);
const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'corridor-cli-statements-'));
  const port = await freePort();
  apiRoot = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(workDir, 'pglite'), FILES_DIR: join(workDir, 'files'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverLog += chunk.toString()));
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${serverLog}`);
    try {
      await fetch(`${apiRoot}/portal-config.json`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not answer:\n${serverLog}`);
      await new Promise((done) => setTimeout(done, 250));
    }
  }
  const login = cli('Corridor2026\n');
  expect(await login.run('login', '--username', '100000001', '--password-stdin'), login.terminal.err()).toBe(0);
}, STARTUP_MS + 30_000);

afterAll(async () => {
  if (server?.pid !== undefined && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  await rm(workDir, { recursive: true, force: true });
}, 20_000);

describe('corridor statements export and reports against the reference server', () => {
  it('exports a camt.053 statement to a file, nothing on stderr under --json, and lists it with its parameters', async () => {
    const file = join(workDir, 'statement.xml');
    const c = cli();
    expect(await c.run('--json', 'statements', 'export', '--from', from, '--to', today, '--format', 'camt053', '-o', file), c.terminal.err()).toBe(0);
    expect(c.terminal.err()).toBe('');
    const answer = JSON.parse(c.terminal.out()) as { id: string; status: string; bytes: number; linesDone: number };
    expect(answer).toMatchObject({ status: 'READY' });
    expect(answer.linesDone).toBeGreaterThan(0);
    const xml = await readFile(file, 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:camt.053.001.02');
    expect((await stat(file)).size).toBe(answer.bytes);

    const list = cli();
    expect(await list.run('--json', 'reports', 'list')).toBe(0);
    const jobs = JSON.parse(list.terminal.out()) as Array<{ id: string; parameters: { fromDate: string; toDate: string } }>;
    expect(jobs.find((j) => j.id === answer.id)?.parameters).toMatchObject({ fromDate: from, toDate: today });
  });

  it('writes to stdout with -o -, and resumes a broken download from its .part file', async () => {
    const c = cli();
    expect(await c.run('statements', 'export', '--from', from, '--to', today, '--format', 'csv', '-o', '-')).toBe(0);
    const csv = c.terminal.out();
    expect(csv.split('\r\n')[0]).toBe('date,walletId,transactionId,category,action,mode,description,currency,amount,openingBalance,closingBalance');
    expect(c.terminal.err()).toBe('');

    const list = cli();
    await list.run('--json', 'reports', 'list', '--status', 'ready');
    const [latest] = JSON.parse(list.terminal.out()) as Array<{ id: string; format: string }>;
    expect(latest?.format).toBe('CSV');
    const target = join(workDir, 'resumed.csv');
    await writeFile(`${target}.part`, csv.slice(0, 200));
    const get = cli();
    expect(await get.run('reports', 'get', latest?.id ?? '', '-o', target), get.terminal.err()).toBe(0);
    expect(await readFile(target, 'utf8')).toBe(csv);
  });

  it('refuses a format it does not know with exit 2 naming it, and an unknown export with exit 5', async () => {
    const bad = cli();
    expect(await bad.run('statements', 'export', '--from', from, '--to', today, '--format', 'docx', '-o', 'x')).toBe(2);
    expect(bad.terminal.err()).toContain('--format docx is not one of CSV, XLSX, PDF, MT940, CAMT053');
    const date = cli();
    expect(await date.run('statements', 'export', '--from', '31/02/2026', '--to', today, '-o', 'x')).toBe(2);
    expect(date.terminal.err()).toContain('--from 31/02/2026');
    const missing = cli();
    expect(await missing.run('reports', 'get', '0193c3c2-0000-7000-8000-000000000000')).toBe(5);
  });
});
