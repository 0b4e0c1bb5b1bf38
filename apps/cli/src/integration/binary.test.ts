import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The `corridor` binary as a script runs it: `node apps/cli/bin/corridor.mjs` in its own process,
 * against a small HTTP backend in this test. Checks the documented exit codes and that under --json
 * stdout holds nothing but one JSON document, for answers and for errors alike.
 */
const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/corridor.mjs');

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const admin = {
  id: 'u-9',
  digit9Id: '900000001',
  name: 'Operations Admin',
  role: 'ADMIN',
  parentId: null,
  organisationType: 'INTERNAL',
  status: 'ACTIVE',
};

let server: Server;
let apiRoot: string;
let workDir: string;
const seen: Seen[] = [];

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-trace-id': 'trace-bin' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'corridor-cli-bin-'));
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const bearer = req.headers.authorization;
      if (bearer !== 'Bearer good-token') {
        send(res, 401, { code: 'UNAUTHORIZED', message: 'The token is not valid', invalidParameters: [], traceId: 'trace-bin' });
      } else if (req.url === '/users/me') {
        send(res, 200, admin);
      } else if (req.url?.startsWith('/v1/internal/errors')) {
        send(res, 500, { code: 'INTERNAL_ERROR', message: 'Something failed', invalidParameters: [], traceId: 'trace-bin' });
      } else if (req.url?.startsWith('/v1/internal/cache/get')) {
        send(res, 200, [{ name: 'currencies', size: 3, hits: 1, misses: 0 }]);
      } else {
        send(res, 200, { echoed: true });
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((done) => server.close(() => done()));
  await rm(workDir, { recursive: true, force: true });
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function corridor(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<Outcome> {
  const base: Record<string, string | undefined> = { ...process.env };
  // Nothing of the machine running the tests may leak in: its token, profile or config.
  for (const name of Object.keys(base)) if (name.startsWith('CORRIDOR_')) delete base[name];
  return new Promise((done, fail) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...base, CORRIDOR_CONFIG: join(workDir, 'config.json'), CORRIDOR_API_ROOT: apiRoot, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') {
          fail(error);
          return;
        }
        done({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
      },
    );
    child.stdin?.end(stdin ?? '');
  });
}

function onlyJson(stdout: string): unknown {
  expect(stdout.trim().length).toBeGreaterThan(0);
  return JSON.parse(stdout);
}

// Each run starts node and tsx (about 0.5 s alone, more on a busy machine).
describe('the corridor binary', { timeout: 60_000 }, () => {
  it('exits 0 for help in each spelling', async () => {
    for (const args of [['help'], ['--help'], ['help', 'api']]) {
      const outcome = await corridor(args);
      expect(outcome.code, args.join(' ')).toBe(0);
      expect(outcome.stdout, args.join(' ')).toContain('Usage: corridor');
      expect(outcome.stdout, args.join(' ')).toContain(args.includes('api') ? '--idempotency-key' : 'CORRIDOR_TOKEN');
    }
  });

  it('exits 2 on a usage error, with the error as JSON on stdout under --json', async () => {
    const outcome = await corridor(['--json', 'frobnicate']);
    expect(outcome.code).toBe(2);
    expect(onlyJson(outcome.stdout)).toEqual({
      error: expect.objectContaining({ code: 'USAGE_ERROR', exitCode: 2, message: expect.stringContaining('frobnicate') }),
    });
    expect((await corridor(['api', 'GET'])).code).toBe(2);
    expect((await corridor(['cache'])).code).toBe(2);
  });

  it('exits 2 for an unknown command asked for help, and 8 naming the URL and cause of an unreachable server', async () => {
    const unknown = await corridor(['bogus', '--help']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("error: unknown command 'bogus'");
    expect(unknown.stdout).toBe('');

    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const unreachable = await corridor(['--json', 'whoami'], { CORRIDOR_TOKEN: 'good-token', CORRIDOR_API_ROOT: `http://127.0.0.1:${port}` });
    expect(unreachable.code).toBe(8);
    expect(onlyJson(unreachable.stdout)).toEqual({
      error: expect.objectContaining({
        code: 'NETWORK_ERROR',
        message: `GET http://127.0.0.1:${port}/users/me: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:${port}`,
      }),
    });
  });

  it('api -i, --verbose and --jq over real HTTP: the head on stdout, the trace on stderr without the token', async () => {
    const outcome = await corridor(['api', '-X', 'POST', '/v1/some/creating/call', '-F', 'n=1', '-i', '--verbose', '--jq', '.echoed'], {
      CORRIDOR_TOKEN: 'good-token',
    });
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^HTTP\/1\.1 200 OK\n([\w-]+: .+\n)+\ntrue\n$/);
    expect(outcome.stdout).toContain('\nContent-Type: application/json\n');
    expect(outcome.stdout).toContain('\nX-Trace-Id: trace-bin\n');
    expect(outcome.stderr).toContain(`> POST ${apiRoot}/v1/some/creating/call\n`);
    expect(outcome.stderr).toContain('> Authorization: Bearer ***\n');
    expect(outcome.stderr).toContain('\n{"n":1}\n< HTTP/1.1 200 OK\n');
    expect(outcome.stderr).not.toContain('good-token');
  });

  it('stops quietly when the reader of its output closes the pipe early (| head)', async () => {
    const outcome = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = spawn(process.execPath, [bin, 'calls'], { env: { ...process.env, CORRIDOR_CONFIG: join(workDir, 'none.json') } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.once('data', () => child.stdout.destroy());
      child.on('close', (code) => done({ code, stderr }));
    });
    expect(outcome.stderr).not.toContain('EPIPE');
    expect(outcome.code).toBe(0);
  });

  it('exits 3 when not signed in, and when the token of CORRIDOR_TOKEN is refused', async () => {
    const none = await corridor(['whoami', '--json']);
    expect(none.code).toBe(3);
    expect(onlyJson(none.stdout)).toEqual({ error: expect.objectContaining({ code: 'NOT_SIGNED_IN', exitCode: 3 }) });
    expect(none.stderr).toContain('not signed in');

    const refused = await corridor(['whoami', '--json'], { CORRIDOR_TOKEN: 'stale-token' });
    expect(refused.code).toBe(3);
    // The server refused it: its code and status stay in the JSON error.
    expect(onlyJson(refused.stdout)).toEqual({ error: expect.objectContaining({ code: 'UNAUTHORIZED', status: 401, exitCode: 3, traceId: 'trace-bin' }) });
    expect(refused.stderr).toContain('CORRIDOR_TOKEN was refused');
  });

  it('exits 7 on a server error, with the server error body as JSON on stdout', async () => {
    const outcome = await corridor(['--json', 'api', 'GET', '/v1/internal/errors'], { CORRIDOR_TOKEN: 'good-token' });
    expect(outcome.code).toBe(7);
    expect(onlyJson(outcome.stdout)).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something failed',
        invalidParameters: [],
        traceId: 'trace-bin',
        status: 500,
        exitCode: 7,
      },
    });
  });

  it('exits 0 with only the JSON answer on stdout, signed in by CORRIDOR_TOKEN over the config file', async () => {
    await writeFile(join(workDir, 'config.json'), JSON.stringify({ profiles: { default: { apiRoot, token: 'file-token', username: '900000001' } } }), {
      mode: 0o600,
    });
    seen.length = 0;
    const outcome = await corridor(['whoami', '--json'], { CORRIDOR_TOKEN: 'good-token' });
    expect(outcome.code).toBe(0);
    expect(onlyJson(outcome.stdout)).toMatchObject({ digit9Id: '900000001', role: 'ADMIN', apiRoot });
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer good-token']);

    const cache = await corridor(['cache', 'list', '--json'], { CORRIDOR_TOKEN: 'good-token' });
    expect(cache.code).toBe(0);
    expect(onlyJson(cache.stdout)).toEqual([{ name: 'currencies', size: 3, hits: 1, misses: 0 }]);
    await rm(join(workDir, 'config.json'));
  });

  it('sends -H headers and --idempotency-key with api, the same key on a retry', async () => {
    seen.length = 0;
    const args = ['api', 'POST', '/v1/some/creating/call', '--input', '-', '-H', 'X-Request-Source: nightly-job', '--idempotency-key', 'batch-42'];
    const outputs: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const outcome = await corridor(args, { CORRIDOR_TOKEN: 'good-token' }, '{"amount":"10.00"}');
      expect(outcome.code).toBe(0);
      expect(onlyJson(outcome.stdout)).toEqual({ echoed: true });
      outputs.push(outcome.stdout);
    }
    // The replay prints the same bytes as the first answer: a script may compare them.
    expect(outputs[1]).toBe(outputs[0]);
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.headers['idempotency-key']).toBe('batch-42');
      expect(request.headers['x-request-source']).toBe('nightly-job');
      expect(request.body).toBe('{"amount":"10.00"}');
    }
  });
});
