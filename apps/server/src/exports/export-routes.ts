import { createReadStream } from 'node:fs';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import { pageAnswer } from '../http/paging.ts';
import { contentDisposition } from '../lib/file-names.ts';
import { exportOf, jobAnswer, listExports, queueExport } from './export-jobs.ts';

/** `bytes=N-` or `bytes=N-M` of a file of `size` bytes, or null for the whole file. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | null {
  const m = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!m) return null;
  const start = Number(m[1]);
  const end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  if (start >= size || end < start) throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'Range', message: `must start before byte ${size}` }]);
  return { start, end };
}

/** Statement exports as jobs: started, listed and polled by the reports screen and the CLI, downloaded when ready. */
export function registerExportRoutes(r: CallRegistrar): void {
  r.serve('reports.exportCreate', async ({ caller, tenant, db, body, now }) => {
    const job = await queueExport(
      db,
      tenant?.scope,
      {
        kind: body.kind === 'TRANSACTION_STATEMENT' ? 'transaction' : 'wallet',
        format: body.format,
        reportName: body.reportName,
        filters: {
          walletIds: body.walletIds,
          merchantIds: body.merchantIds,
          currencies: body.currencies,
          categories: body.categories,
          actions: body.actions,
          mode: body.mode,
          fromDate: body.fromDate,
          toDate: body.toDate,
        },
      },
      { orgId: caller.org, userId: caller.userId },
      now,
    );
    return jobAnswer(job);
  });
  r.serve('reports.exportList', async ({ caller, db, query }) => {
    const { rows, total } = await listExports(db, caller.org, caller.userId, query);
    return pageAnswer(rows.map(jobAnswer), query, total);
  });
  r.serve('reports.exportGet', async ({ caller, db, params }) => jobAnswer(await exportOf(db, caller.org, caller.userId, params.id)));
  r.serve('reports.exportDownload', async ({ caller, db, params, request, reply, services }) => {
    const job = await exportOf(db, caller.org, caller.userId, params.id);
    if (job.status !== 'READY' || !job.file_name) {
      throw new AppError('INVALID_STATE_TRANSITION', `The export is ${job.status}; its file is ${job.status === 'EXPIRED' ? 'gone' : 'not ready'}`);
    }
    const [file] = rowsOf<{ storage_key: string; size: number; mime: string; original_name: string }>(
      await db.execute(sql`select storage_key, size, mime, original_name from files where name = ${job.file_name}`),
    );
    if (!file) throw new AppError('NOT_FOUND', `No file for export ${job.id}`);
    const range = rangeOf(request.headers.range, Number(file.size));
    reply
      .type(file.mime)
      .header('content-disposition', contentDisposition(file.original_name))
      .header('x-content-type-options', 'nosniff')
      .header('accept-ranges', 'bytes');
    const path = services.files.pathOf(file.storage_key);
    if (!range) return createReadStream(path);
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
    return createReadStream(path, { start: range.start, end: range.end });
  });
}
