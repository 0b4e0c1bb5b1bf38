import { PassThrough } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import type { FileStorage, StoredContent } from '../lib/file-storage.ts';
import type { ExportDocument, ExportFormat, ExportWriter } from './formats/document.ts';
import { writeCamt053 } from './formats/camt053.ts';
import { writeCsv } from './formats/csv.ts';
import { writeMt940 } from './formats/mt940.ts';
import { writePdf } from './formats/pdf.ts';
import { writeXlsx } from './formats/xlsx.ts';
import { exportAccounts, statementBatches, statementCsv, type ExportAccount, type ExportFilters } from './statement-source.ts';

const WRITERS: Record<ExportFormat, ExportWriter> = { CSV: writeCsv, XLSX: writeXlsx, PDF: writePdf, MT940: writeMt940, CAMT053: writeCamt053 };

/** File name extension and media type of each format. */
export const FORMAT_FILES: Record<ExportFormat, { ext: string; mime: string }> = {
  CSV: { ext: 'csv', mime: 'text/csv' },
  XLSX: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  PDF: { ext: 'pdf', mime: 'application/pdf' },
  MT940: { ext: 'sta', mime: 'text/plain' },
  CAMT053: { ext: 'xml', mime: 'application/xml' },
};

export interface ExportSpec {
  kind: 'wallet' | 'transaction';
  format: ExportFormat;
  reportName: string;
  filters: ExportFilters & { fromDate: string; toDate: string };
}

/** Writes an export's file to storage as its lines are read: nothing of it is held whole (a PDF keeps its pages until numbered). */
export async function renderExport(
  db: Db,
  storage: FileStorage,
  scope: SQL | undefined,
  spec: ExportSpec,
  now: Date,
  onProgress: (lines: number) => Promise<void> = async () => undefined,
  known?: ExportAccount[],
  key?: string,
): Promise<{ stored: StoredContent; lines: number; accounts: ExportAccount[] }> {
  const accounts = known ?? (await exportAccounts(db, scope, spec.filters));
  let lines = 0;
  const doc: ExportDocument = {
    kind: spec.kind,
    reportName: spec.reportName,
    fromDate: spec.filters.fromDate,
    toDate: spec.filters.toDate,
    generatedAt: now,
    accounts,
    lines: () => statementBatches(db, accounts, spec.filters),
    linesOf: (account) => statementBatches(db, [account], spec.filters),
    csvLines: spec.format === 'CSV' && spec.kind === 'wallet' ? statementCsv(db, accounts, spec.filters) : null,
    progress: async (n) => {
      lines += n;
      await onProgress(lines);
    },
  };
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  let failure: unknown = null;
  // A writer's failure is reported as `failure` below; the stream's own error event only stops the file's write.
  out.on('error', () => undefined);
  const writing = WRITERS[spec.format](doc, out).catch((error: unknown) => {
    failure = error;
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  let stored: StoredContent;
  try {
    stored = await storage.write(out, key);
  } catch (error) {
    await writing;
    throw failure ?? error;
  }
  await writing;
  if (failure) {
    await storage.remove(stored.key);
    throw failure;
  }
  return { stored, lines, accounts };
}
