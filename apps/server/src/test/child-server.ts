import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/open.ts';
import { cloneTemplate } from './template-clone.ts';
import { DEMO_PASSWORD, PORTAL_BASIC } from './test-server.ts';

const serverDir = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/**
 * What a crash test's servers share: a PostgreSQL database cloned from the test template, open here too, and a data
 * folder of its own. `drop` removes both.
 * @internal used by the crash tests
 */
export async function crashSite(name: string): Promise<{ databaseUrl: string; database: Database; dataDir: string; drop: () => Promise<void> }> {
  const clone = await cloneTemplate(name);
  const databaseUrl = clone.url;
  const database = openPostgres(databaseUrl);
  const dataDir = await mkdtemp(join(tmpdir(), `corridor-${name}-`));
  return {
    databaseUrl,
    database,
    dataDir,
    drop: async () => {
      await database.close();
      await clone.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Corridor as its own process on PostgreSQL (`src/main.ts`), for the tests that kill it with SIGKILL: what a
 * crash leaves behind is only what PostgreSQL committed.
 * @internal used by the crash tests
 */
export class ChildServer {
  private child: ChildProcess | null = null;
  /** The secret this server checks bank callbacks with (the same across its restarts). */
  readonly bankCallbackSecret = randomBytes(32).toString('base64url');

  constructor(
    readonly port: number,
    private readonly env: { databaseUrl: string; dataDir: string; extra?: Record<string, string> },
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(extra: Record<string, string> = {}): Promise<void> {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: this.env.databaseUrl,
        JWT_SECRET: 'crash-test-secret-0123456789abcdef',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: join(this.env.dataDir, 'pglite'),
        FILES_DIR: join(this.env.dataDir, 'files'),
        PWA_DIST: '/nonexistent-corridor-pwa',
        // A fresh secret for each server: a secret written in the source is never one a server takes.
        BANK_CALLBACK_SECRET: this.bankCallbackSecret,
        ...this.env.extra,
        ...extra,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = proc;
    proc.once('error', () => undefined);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      try {
        const res = await fetch(`${this.url}/portal-config.json`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('server did not start in 60 s');
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  /** SIGTERM: the server's own shutdown (and, under CORRIDOR_WORKERS, its workers'), waited for. */
  async stop(): Promise<void> {
    const proc = this.child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  async kill(): Promise<void> {
    const proc = this.child;
    if (!proc || proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  /** A user's access token (password grant), by default a demo user's. */
  async signIn(digit9Id: string, password = DEMO_PASSWORD): Promise<string> {
    const res = await this.grant(digit9Id, password);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  /** The password grant's answer as it came. */
  grant(digit9Id: string, password: string): Promise<Response> {
    return fetch(`${this.url}/oauth/token`, {
      method: 'POST',
      headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: digit9Id, password }).toString(),
    });
  }

  async call(method: string, path: string, token: string, body?: unknown, key?: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
}
