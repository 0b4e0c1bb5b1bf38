import { v7 as uuidv7 } from 'uuid';
import type { SQL } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { files } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { statementPage, type StatementLine, type StatementQuery } from './statement.ts';
import { ownMerchant, ownServiceProvider } from '../organisations/organisation-service.ts';
import { scopes } from '../wallets/wallet-scope.ts';

/** What an export call asks for (the statement export body of parts A and B). */
export interface ExportRequest {
  reportName: string;
  format: 'CSV' | 'XLSX' | 'PDF';
  walletIds?: string[] | undefined;
  merchantIds?: string[] | undefined;
  tspIds?: string[] | undefined;
  transactionIds?: string[] | undefined;
  categories?: string[] | undefined;
  actions?: string[] | undefined;
  currencies?: string[] | undefined;
  mode?: string | undefined;
  fromDate: string;
  toDate: string;
}

/** Exports are bounded: a statement is for reading, not a data dump. */
const MAX_EXPORT_ROWS = 50_000;

/** A CSV cell; text that a spreadsheet would run as a formula is defused with a leading quote. */
function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csv(header: string[], rows: Array<Array<string | null>>): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

function walletStatementCsv(lines: StatementLine[]): string {
  return csv(
    ['date', 'walletId', 'transactionId', 'category', 'action', 'mode', 'description', 'currency', 'amount', 'openingBalance', 'closingBalance'],
    lines.map((l) => [
      l.date,
      l.walletId,
      l.transactionId,
      l.category,
      l.action,
      l.mode,
      l.description,
      l.currency,
      l.amount,
      l.openingBalance,
      l.closingBalance,
    ]),
  );
}

/** One row per transaction and currency: what it credited and debited on the wallets in scope. */
function transactionStatementCsv(lines: StatementLine[]): { text: string; rows: number } {
  const byTx = new Map<
    string,
    { date: string; category: string; action: string; currency: string; credit: InstanceType<typeof Dec>; debit: InstanceType<typeof Dec>; lines: number }
  >();
  for (const l of [...lines].reverse()) {
    const key = `${l.transactionId ?? l.date}|${l.currency}`;
    const acc = byTx.get(key) ?? {
      date: l.date,
      category: l.category,
      action: l.action,
      currency: l.currency,
      credit: new Dec(0),
      debit: new Dec(0),
      lines: 0,
    };
    if (l.mode === 'CREDIT') acc.credit = acc.credit.plus(l.amount);
    else acc.debit = acc.debit.plus(l.amount);
    acc.lines += 1;
    byTx.set(key, acc);
  }
  const rows = [...byTx.entries()].map(([key, t]) => [
    key.split('|')[0] ?? '',
    t.date,
    t.category,
    t.action,
    t.currency,
    t.credit.toFixed(),
    t.debit.toFixed(),
    String(t.lines),
  ]);
  return { text: csv(['transactionId', 'date', 'category', 'action', 'currency', 'totalCredit', 'totalDebit', 'lines'], rows), rows: rows.length };
}

/**
 * Builds a statement export over the caller's scope, stores it as a file of `ownerOrgId` and answers
 * where to fetch it (`GET /files/{fileName}`, or a signed link from `/files/{fileName}/url`).
 */
export async function exportStatement(
  db: Db,
  scope: SQL | undefined,
  body: ExportRequest,
  kind: 'wallet' | 'transaction',
  owner: { orgId: string | null; userId: string },
  now: Date,
) {
  if (body.format !== 'CSV') {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'format', message: 'the reference server generates CSV statements' }]);
  }
  if (body.toDate < body.fromDate) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'toDate', message: 'must not be before fromDate' }]);
  }
  const query: StatementQuery = { ...body, page: 0, size: MAX_EXPORT_ROWS, sort: ['date,ASC'] };
  const page = await statementPage(db, scope, query);
  const built = kind === 'wallet' ? { text: walletStatementCsv(page.content), rows: page.content.length } : transactionStatementCsv(page.content);
  const content = Buffer.from(built.text, 'utf8');
  const safeName = body.reportName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'statement';
  const originalName = `${safeName}-${body.fromDate}-${body.toDate}.csv`;
  const name = `${uuidv7()}.csv`;
  await db.insert(files).values({
    id: uuidv7(),
    name,
    originalName,
    category: kind === 'wallet' ? 'WALLET_STATEMENT' : 'TRANSACTION_STATEMENT',
    forEntity: body.reportName,
    mime: 'text/csv',
    size: content.length,
    content,
    ownerOrgId: owner.orgId,
    ownerUserId: owner.userId,
    createdAt: now,
  });
  return { fileName: name, url: `/files/${name}`, rows: built.rows, format: 'CSV' as const, generatedAt: now.toISOString() };
}

/** Operations export one TSP's transactions; the file belongs to that TSP, which must exist. */
export async function exportForTsp(db: Db, body: ExportRequest & { tspId: string }, userId: string, now: Date) {
  const tsp = await ownServiceProvider(db, null, body.tspId, 'tspId');
  return exportStatement(db, scopes.spAll(tsp.id), body, 'transaction', { orgId: tsp.id, userId }, now);
}

/** Operations export one merchant's transactions; the file belongs to that merchant, which must exist. */
export async function exportForMerchant(db: Db, body: ExportRequest & { merchantId: string }, userId: string, now: Date) {
  const merchant = await ownMerchant(db, null, body.merchantId, 'merchantId');
  return exportStatement(db, scopes.merchant(merchant.id), body, 'transaction', { orgId: merchant.id, userId }, now);
}
