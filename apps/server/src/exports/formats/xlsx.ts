import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { fixed, transactionRows, type ExportDocument } from './document.ts';

/** Excel's number format for a currency's decimals. */
const numFmt = (dp: number) => (dp > 0 ? `#,##0.${'0'.repeat(dp)}` : '#,##0');

/**
 * A spreadsheet cell's number from the exact decimal text with the currency's decimals: a spreadsheet
 * keeps numbers as doubles, which hold any amount of up to 15 significant digits exactly as displayed.
 */
const num = (amount: string, dp: number) => Number(fixed(amount, dp));

/**
 * A statement as an XLSX workbook written by exceljs' streaming writer (rows are committed as they
 * come, never held): a Summary sheet with each wallet's opening and closing balance, then the lines.
 */
export async function writeXlsx(doc: ExportDocument, out: Writable): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Corridor';
  book.created = doc.generatedAt;
  const dp = new Map(doc.accounts.map((a) => [a.currency, a.dp]));
  const dpOf = (currency: string) => dp.get(currency) ?? 2;

  const summary = book.addWorksheet('Summary');
  summary.addRow(['Corridor', doc.kind === 'wallet' ? 'Wallet statement' : 'Transaction statement', doc.reportName]).commit();
  summary.addRow(['From', doc.fromDate, 'To', doc.toDate]).commit();
  summary.addRow(['walletId', 'alias', 'account', 'currency', 'openingBalance', 'closingBalance', 'lines']).commit();
  for (const a of doc.accounts) {
    const r = summary.addRow([a.id, a.alias, a.accountNumber, a.currency, num(a.opening, a.dp), num(a.closing, a.dp), a.lines]);
    r.getCell(5).numFmt = numFmt(a.dp);
    r.getCell(6).numFmt = numFmt(a.dp);
    r.commit();
  }
  summary.commit();

  const sheet = book.addWorksheet(doc.kind === 'wallet' ? 'Statement' : 'Transactions');
  if (doc.kind === 'wallet') {
    sheet
      .addRow(['date', 'walletId', 'transactionId', 'category', 'action', 'mode', 'description', 'currency', 'amount', 'openingBalance', 'closingBalance'])
      .commit();
    for await (const batch of doc.lines()) {
      for (const l of batch) {
        const d = dpOf(l.currency);
        const r = sheet.addRow([
          l.date,
          l.walletId,
          l.transactionId,
          l.category,
          l.action,
          l.mode,
          l.description,
          l.currency,
          num(l.amount, d),
          num(l.openingBalance, d),
          num(l.closingBalance, d),
        ]);
        for (const c of [9, 10, 11]) r.getCell(c).numFmt = numFmt(d);
        r.commit();
      }
      await doc.progress(batch.length);
    }
  } else {
    sheet.addRow(['transactionId', 'date', 'category', 'action', 'currency', 'totalCredit', 'totalDebit', 'lines']).commit();
    for await (const { rows, lines } of transactionRows(doc.lines())) {
      for (const t of rows) {
        const d = dpOf(t.currency);
        const r = sheet.addRow([t.transactionId, t.date, t.category, t.action, t.currency, num(t.credit, d), num(t.debit, d), t.lines]);
        r.getCell(6).numFmt = numFmt(d);
        r.getCell(7).numFmt = numFmt(d);
        r.commit();
      }
      await doc.progress(lines);
    }
  }
  sheet.commit();
  await book.commit();
}
