import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Dec } from '@corridor/domain';
import type { StatementLine } from '../../ledger/statement-service.ts';
import type { CsvChunk } from '../crlf-lines.ts';
import type { ExportAccount } from '../statement-source.ts';

/** The formats a statement exports to. */
export type ExportFormat = 'CSV' | 'XLSX' | 'PDF' | 'MT940' | 'CAMT053';

/** What an export writes: the statement's accounts with their figures, and its lines read as they are written. */
export interface ExportDocument {
  kind: 'wallet' | 'transaction';
  reportName: string;
  fromDate: string;
  toDate: string;
  generatedAt: Date;
  accounts: ExportAccount[];
  /** Every account's lines, oldest first. */
  lines(): AsyncIterable<StatementLine[]>;
  /** One account's lines, oldest first. */
  linesOf(account: ExportAccount): AsyncIterable<StatementLine[]>;
  /** A wallet statement's CSV lines as the database writes them (same bytes as writing `lines()`), where it can. */
  csvLines: AsyncIterable<CsvChunk> | null;
  /** Told how many more lines were written (the job's progress). */
  progress(lines: number): Promise<void>;
}

export type ExportWriter = (doc: ExportDocument, out: Writable) => Promise<void>;

/** The brand every export carries. */
export const BRAND = 'Corridor';

/** Writes a chunk, waiting while the reader is behind: what is written is never piled up in memory. */
export async function put(out: Writable, chunk: string | Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * A decimal text with the currency's decimals, exact: PostgreSQL's text of a numeric is padded with
 * zeros as it is (the common case, no arithmetic per cell); one with more decimals rounds in decimal.
 */
export function fixed(amount: string, dp: number): string {
  const dot = amount.indexOf('.');
  const decimals = dot < 0 ? 0 : amount.length - dot - 1;
  if (decimals > dp || amount.includes('e') || amount.includes('E')) return new Dec(amount).toFixed(dp);
  if (dp === 0) return amount;
  return (dot < 0 ? `${amount}.` : amount) + '0'.repeat(dp - decimals);
}

/** `yyyy-MM-dd` as `dd/MM/yyyy` (the portal's date form). */
export function ddmmyyyy(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** One row of a transaction statement: what one transaction credited and debited, per currency. */
export interface TransactionRow {
  transactionId: string;
  date: string;
  category: string;
  action: string;
  currency: string;
  credit: string;
  debit: string;
  lines: number;
}

/**
 * Folds date-ordered statement lines into transaction rows as they come. A transaction's lines are
 * posted at one instant, so the rows open at an instant are complete once a later instant starts:
 * only one instant's rows are ever held.
 */
export async function* transactionRows(batches: AsyncIterable<StatementLine[]>): AsyncGenerator<{ rows: TransactionRow[]; lines: number }> {
  type Acc = Omit<TransactionRow, 'credit' | 'debit'> & { credit: InstanceType<typeof Dec>; debit: InstanceType<typeof Dec> };
  let open = new Map<string, Acc>();
  let instant = '';
  const done = (acc: Acc): TransactionRow => ({ ...acc, credit: acc.credit.toFixed(), debit: acc.debit.toFixed() });
  for await (const batch of batches) {
    const rows: TransactionRow[] = [];
    for (const l of batch) {
      if (l.date !== instant) {
        for (const acc of open.values()) rows.push(done(acc));
        open = new Map();
        instant = l.date;
      }
      const key = `${l.transactionId ?? l.date}|${l.currency}`;
      let acc = open.get(key);
      if (!acc) {
        acc = {
          transactionId: l.transactionId ?? l.date,
          date: l.date,
          category: l.category,
          action: l.action,
          currency: l.currency,
          credit: new Dec(0),
          debit: new Dec(0),
          lines: 0,
        };
        open.set(key, acc);
      }
      if (l.mode === 'CREDIT') acc.credit = acc.credit.plus(l.amount);
      else acc.debit = acc.debit.plus(l.amount);
      acc.lines += 1;
    }
    yield { rows, lines: batch.length };
  }
  if (open.size > 0) yield { rows: [...open.values()].map(done), lines: 0 };
}
