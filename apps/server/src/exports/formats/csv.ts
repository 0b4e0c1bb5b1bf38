import type { Writable } from 'node:stream';
import { fixed, put, transactionRows, type ExportDocument } from './document.ts';

/** A CSV cell; text that a spreadsheet would run as a formula is defused with a leading quote. */
function cell(value: string | null): string {
  const text = value ?? '';
  const safe = /^[=+@\t\r-]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const row = (cells: Array<string | null>) => cells.map(cell).join(',') + '\r\n';

const WALLET_CSV_HEADER = [
  'date',
  'walletId',
  'transactionId',
  'category',
  'action',
  'mode',
  'description',
  'currency',
  'amount',
  'openingBalance',
  'closingBalance',
];
const TRANSACTION_CSV_HEADER = ['transactionId', 'date', 'category', 'action', 'currency', 'totalCredit', 'totalDebit', 'lines'];

/** A statement as CSV, one line per statement line (or per transaction), written batch by batch. */
export async function writeCsv(doc: ExportDocument, out: Writable): Promise<void> {
  const dp = new Map(doc.accounts.map((a) => [a.currency, a.dp]));
  const dpOf = (currency: string) => dp.get(currency) ?? 2;
  if (doc.kind === 'wallet') {
    await put(out, row(WALLET_CSV_HEADER));
    for await (const batch of doc.lines()) {
      let text = '';
      for (const l of batch) {
        const d = dpOf(l.currency);
        text += row([
          l.date,
          l.walletId,
          l.transactionId,
          l.category,
          l.action,
          l.mode,
          l.description,
          l.currency,
          fixed(l.amount, d),
          fixed(l.openingBalance, d),
          fixed(l.closingBalance, d),
        ]);
      }
      await put(out, text);
      await doc.progress(batch.length);
    }
  } else {
    await put(out, row(TRANSACTION_CSV_HEADER));
    for await (const { rows, lines } of transactionRows(doc.lines())) {
      let text = '';
      for (const t of rows) {
        const d = dpOf(t.currency);
        text += row([t.transactionId, t.date, t.category, t.action, t.currency, fixed(t.credit, d), fixed(t.debit, d), String(t.lines)]);
      }
      if (text) await put(out, text);
      await doc.progress(lines);
    }
  }
  out.end();
}
