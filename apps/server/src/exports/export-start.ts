import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import { ExportWorker } from './export-jobs.ts';

/** Starts this process's export worker (EXPORT_WORKER=0 leaves the jobs to other processes); it stops when the app closes. */
export function startExportWorker(app: FastifyInstance, db: Db, storage: FileStorage, now: () => Date): ExportWorker | null {
  if (process.env.EXPORT_WORKER === '0') return null;
  const worker = new ExportWorker(db, storage, { workerId: `${hostname()}:${process.pid}`, now, log: app.log });
  worker.start();
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
