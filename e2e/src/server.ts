import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** Starts the real server as a process, on a free port, with a fresh embedded database. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const pwaDist = join(repoRoot, 'apps/pwa/dist');
  if (!existsSync(join(pwaDist, 'index.html'))) {
    throw new Error(`The portal is not built (${pwaDist}); run the portal build first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'corridor-e2e-'));
  const tsx = join(repoRoot, 'node_modules/.bin/tsx');
  const child: ChildProcess = spawn(tsx, [join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'pglite'),
      PWA_DIST: pwaDist,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: the first start applies every migration and seeds, on a machine others share.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/portal-config.json`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
