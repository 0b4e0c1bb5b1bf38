import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { ExportWorker } from './export-jobs.ts';

/** EXPORT_STALE_MS when set to a positive whole number of milliseconds. */
function staleMs(): { staleMs?: number } {
  const ms = Number(process.env.EXPORT_STALE_MS ?? '');
  return Number.isInteger(ms) && ms > 0 ? { staleMs: ms } : {};
}

/**
 * Starts this process's export worker (EXPORT_WORKER=0 leaves the jobs to other processes); it stops when the app closes.
 * EXPORT_STALE_MS: how long a running job's heartbeat may be silent before another process takes it over.
 */
export function startExportWorker(app: FastifyInstance, db: Db, storage: FileStorage, now: () => Date): ExportWorker | null {
  if (process.env.EXPORT_WORKER === '0') return null;
  const worker = new ExportWorker(db, storage, { workerId: `${hostname()}:${process.pid}`, now, log: app.log, ...staleMs() });
  worker.start();
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
