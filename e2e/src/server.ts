import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
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

/** A payout of exactly this amount is refused by the test bank: a browser test drives a bank refusal with it. */
export const REFUSED_AMOUNT = '13.13';
/** The refusal reason the test bank gives. */
export const REFUSAL_REASON = 'Beneficiary account closed';
/** How long the test bank takes to answer: short, so a browser test waits little for the rail. */
const BANK_DELAY_MS = 300;

/**
 * The correspondent bank of the browser tests, in the test process: it takes the rail's payout
 * instructions (POST /bank/payouts, as BANK_URL expects) and answers each through the signed
 * remittance ack after a short delay. It settles every payout but one of REFUSED_AMOUNT, so the
 * browser tests decide which payment fails instead of drawing it at random.
 */
async function startTestBank(corridorUrl: () => string, secret: string): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const answered = new Set<string>();
  const deliver = async (body: Record<string, unknown>, tryNo: number): Promise<void> => {
    const raw = JSON.stringify(body);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex');
    try {
      const res = await fetch(`${corridorUrl()}/api/dbs/v1/remittance/ack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-corridor-signature': `t=${t},v1=${v1}` },
        body: raw,
      });
      if (res.status >= 500 || res.status === 401 || res.status === 429) throw new Error(String(res.status));
    } catch {
      if (tryNo < 10) setTimeout(() => void deliver(body, tryNo + 1), 200 * tryNo).unref();
    }
  };
  const server: Server = createHttpServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/bank/payouts') {
        res.writeHead(404).end();
        return;
      }
      const i = JSON.parse(raw) as { paymentId: string; attempt: number; amount: string; currency: string };
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"status":"ACCEPTED"}');
      // A payment is paid once whatever the attempt; its outcome follows its amount.
      const refused = i.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') === REFUSED_AMOUNT;
      const body = {
        messageId: `BNK-${i.paymentId}-${i.attempt}`,
        paymentId: i.paymentId,
        attempt: i.attempt,
        ...(refused && !answered.has(i.paymentId) ? { outcome: 'REFUSED', reason: REFUSAL_REASON } : { outcome: 'SETTLED' }),
        amount: i.amount,
        currency: i.currency,
        bankReference: `BNK-${i.paymentId}`,
      };
      // The refusal is for the first attempt only: a retry or requeue of the same payment then goes through.
      answered.add(i.paymentId);
      setTimeout(() => void deliver(body, 1), BANK_DELAY_MS).unref();
    });
  });
  await new Promise<void>((res) => server.listen(port, '127.0.0.1', res));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((res) => server.close(() => res())) };
}

/**
 * Starts the real server as a process, on a free port, with a fresh embedded database, its payout
 * rail sending to the test bank.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const pwaDist = join(repoRoot, 'apps/pwa/dist');
  if (!existsSync(join(pwaDist, 'index.html'))) {
    throw new Error(`The portal is not built (${pwaDist}); run the portal build first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'corridor-e2e-'));
  // The server as `start` runs it: its bundle, built afresh from the sources (well under a second; safe to run
  // in two test processes at once), so the browser tests cover what users start and never a stale build.
  // run.sh builds it once before its two test processes start (E2E_SERVER_BUILT): on a fresh clone the
  // build also seeds the demo template (~8 s), which both would otherwise make at once.
  if (process.env.E2E_SERVER_BUILT !== '1') execFileSync(process.execPath, [join(repoRoot, 'apps/server/scripts/build.mjs')], { stdio: 'inherit' });
  // The server has no callback secret of its own to share: each run makes one, given to both the server
  // (BANK_CALLBACK_SECRET) and the test bank that signs with it.
  const bankCallbackSecret = randomBytes(32).toString('base64url');
  const bank = await startTestBank(() => `http://127.0.0.1:${port}`, bankCallbackSecret);
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'pglite'),
      PWA_DIST: pwaDist,
      DATABASE_URL: '',
      RAIL_ENABLED: '1',
      BANK_SIMULATOR: '0',
      BANK_URL: bank.url,
      BANK_CALLBACK_SECRET: bankCallbackSecret,
      // Every browser test signs in from 127.0.0.1, several times a minute as the same users: the sign-in
      // limits meant for people (60 an address, 20 an ID a minute) refused some of them with 429 on a busy
      // run. The limits themselves are tested in the server's tests.
      RATE_LIMIT_PER_ADDRESS: '100000',
      RATE_LIMIT_PER_ID: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: a kill reaches the server and anything it started.
    detached: true,
  });
  const killAll = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
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
      killAll('SIGKILL');
      await bank.close();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start within 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        killAll('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) killAll('SIGKILL');
      }
      await bank.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
