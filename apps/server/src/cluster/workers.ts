import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConfigError } from '../config.ts';

/** Most processes `CORRIDOR_WORKERS` may ask for: past the cores, more processes only contend. */
const MAX_WORKERS = 64;
/** A worker that dies is started again after this long, doubled for each death within a minute (at most 30 s). */
const RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * How many server processes to run on the one port (`CORRIDOR_WORKERS`): a whole number, or `auto` for one per
 * core. Null for one process (unset, empty or 1), the default. Anything else is refused at start, not guessed.
 */
export function workersOf(env: NodeJS.ProcessEnv): number | null {
  const raw = (env.CORRIDOR_WORKERS ?? '').trim();
  if (raw === '' || raw === '1') return null;
  if (raw === 'auto') return Math.max(availableParallelism(), 1) === 1 ? null : availableParallelism();
  if (!/^[1-9]\d*$/.test(raw) || Number(raw) > MAX_WORKERS) {
    throw new ConfigError(`CORRIDOR_WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or auto (one per core); got '${raw}'.`);
  }
  return Number(raw);
}

/** This process's worker number (1..N) under CORRIDOR_WORKERS, null in a single-process server. */
export function workerNumber(): number | null {
  if (!cluster.isWorker) return null;
  const n = Number(process.env.CORRIDOR_WORKER_NUMBER);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The primary process: it runs no server itself. It prepares the database once (what `prepare` does:
 * migrations and seed, which every worker would otherwise race to do), makes the secrets every worker must
 * share when the demo makes them at start (the bank's callback secret), forks the workers, starts a worker
 * again when one dies, and on SIGINT/SIGTERM stops them all and waits for them. The workers share the
 * listening socket through Node's cluster module; each has its own database pool and in-process jobs, whose
 * advisory locks make them run once across all workers.
 */
export async function runPrimary(count: number, prepare: () => Promise<void>): Promise<void> {
  await prepare();
  const env: Record<string, string> = {};
  if (!process.env.BANK_CALLBACK_SECRET) env.BANK_CALLBACK_SECRET = randomBytes(32).toString('base64url');
  let stopping = false;
  const deaths: number[] = [];
  const fork = (n: number) => {
    const worker = cluster.fork({ ...env, CORRIDOR_WORKER_NUMBER: String(n) });
    worker.on('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      deaths.push(now);
      while (deaths.length > 0 && (deaths[0] ?? now) < now - 60_000) deaths.shift();
      const delay = Math.min(RESTART_DELAY_MS * 2 ** (deaths.length - 1), MAX_RESTART_DELAY_MS);
      console.error(`Corridor worker ${n} stopped (${signal ?? `exit ${code}`}); starting it again in ${delay} ms.`);
      setTimeout(() => fork(n), delay).unref();
    });
  };
  for (let n = 1; n <= count; n += 1) fork(n);
  console.log(`Corridor server: ${count} worker processes on one port (CORRIDOR_WORKERS).`);
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      if (running.length === 0) resolve();
      let left = running.length;
      for (const worker of running) {
        worker.once('exit', () => {
          left -= 1;
          if (left === 0) resolve();
        });
        worker.process.kill(signal);
      }
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });
}
