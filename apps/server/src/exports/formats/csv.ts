import type { Writable } from 'node:stream';
import { fixed, put, transactionRows, type ExportDocument } from './document.ts';

const QUOTED = /[",\n\r]/;
/** First characters a spreadsheet reads as a formula: = + @ tab CR -. */
const FORMULA = new Set([61, 43, 64, 9, 13, 45]);

/** A CSV cell; text that a spreadsheet would run as a formula is defused with a leading quote. */
function cell(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = FORMULA.has(value.charCodeAt(0)) && !/^-?\d/.test(value) ? `'${value}` : value;
  return QUOTED.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
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
    if (doc.csvLines) {
      for await (const { text, lines } of doc.csvLines) {
        await put(out, text);
        if (lines > 0) await doc.progress(lines);
      }
      out.end();
      return;
    }
    for await (const batch of doc.lines()) {
      let text = '';
      for (const l of batch) {
        const d = dpOf(l.currency);
        // The date (an ISO instant), the mode and the figures (decimal text) never need quoting or defusing.
        text +=
          `${l.date},${cell(l.walletId)},${cell(l.transactionId)},${cell(l.category)},${cell(l.action)},${l.mode},${cell(l.description)},` +
          `${cell(l.currency)},${fixed(l.amount, d)},${fixed(l.openingBalance, d)},${fixed(l.closingBalance, d)}\r\n`;
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
