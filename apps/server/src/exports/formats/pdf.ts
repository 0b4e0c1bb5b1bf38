import { join } from 'node:path';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { ASSETS_DIR } from '../../config.ts';
import type { StatementLine } from '../../ledger/statement-service.ts';
import { BRAND, ddmmyyyy, fixed, type ExportDocument } from './document.ts';

/** The portal's own faces (Inter, Noto Sans Arabic), as TrueType: pdfkit embeds only the glyphs used. */
const LATIN = join(ASSETS_DIR, 'fonts', 'inter-latin.ttf');
const ARABIC = join(ASSETS_DIR, 'fonts', 'noto-sans-arabic.ttf');
const HAS_ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

const MARGIN = 40;
const ROW = 13;
const COLUMNS: Array<{ title: string; width: number; align: 'left' | 'right' }> = [
  { title: 'Date', width: 62, align: 'left' },
  { title: 'Transaction', width: 88, align: 'left' },
  { title: 'Action', width: 80, align: 'left' },
  { title: 'Description', width: 105, align: 'left' },
  { title: 'Debit', width: 60, align: 'right' },
  { title: 'Credit', width: 60, align: 'right' },
  { title: 'Balance', width: 60, align: 'right' },
];

type Doc = InstanceType<typeof PDFDocument>;

/**
 * Text in a box: Latin as is; Arabic right to left with the Arabic face, laid out word by word from
 * the right edge (the font's shaping joins the letters and orders each word's glyphs).
 */
function textIn(pdf: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right', size: number): void {
  if (!HAS_ARABIC.test(text)) {
    pdf
      .font('latin')
      .fontSize(size)
      .text(text, x, y, { width, align, lineBreak: false, ellipsis: true, height: size + 2 });
    return;
  }
  pdf.font('arabic').fontSize(size);
  const space = pdf.widthOfString(' ');
  let right = x + width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = pdf.widthOfString(word);
    if (right - w < x) break;
    pdf.text(word, right - w, y, { lineBreak: false });
    right -= w + space;
  }
}

/** A statement as PDF: per wallet a header with the brand, period and opening and closing balance, its lines, and 'Page N of M' on every page. */
export async function writePdf(doc: ExportDocument, out: Writable): Promise<void> {
  const pdf = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: doc.reportName, Creator: BRAND } });
  pdf.registerFont('latin', LATIN);
  pdf.registerFont('arabic', ARABIC);
  pdf.pipe(out);
  const width = pdf.page.width - 2 * MARGIN;
  const bottom = pdf.page.height - MARGIN - 20;
  let y = MARGIN;

  const tableHead = () => {
    let x = MARGIN;
    pdf.rect(MARGIN, y - 2, width, ROW + 2).fill('#eef2f7');
    pdf.fillColor('#111111');
    for (const c of COLUMNS) {
      textIn(pdf, c.title, x + 2, y, c.width - 4, c.align, 8);
      x += c.width;
    }
    y += ROW + 2;
  };
  const newPage = () => {
    pdf.addPage();
    y = MARGIN;
    tableHead();
  };

  let first = true;
  for (const account of doc.accounts) {
    if (!first) pdf.addPage();
    first = false;
    y = MARGIN;
    pdf.fillColor('#0b3d91');
    textIn(pdf, BRAND, MARGIN, y, 200, 'left', 18);
    pdf.fillColor('#111111');
    textIn(pdf, doc.kind === 'wallet' ? 'Wallet statement' : 'Transaction statement', MARGIN + 200, y + 4, width - 200, 'right', 12);
    y += 28;
    textIn(pdf, doc.reportName, MARGIN, y, width, HAS_ARABIC.test(doc.reportName) ? 'right' : 'left', 11);
    y += 16;
    textIn(pdf, `Period ${ddmmyyyy(doc.fromDate)} - ${ddmmyyyy(doc.toDate)}`, MARGIN, y, width, 'left', 9);
    y += 13;
    textIn(pdf, `Account ${account.accountNumber} (${account.currency})`, MARGIN, y, width / 2, 'left', 9);
    textIn(pdf, account.alias, MARGIN + width / 2, y, width / 2, 'right', 9);
    y += 13;
    textIn(pdf, `Opening balance ${fixed(account.opening, account.dp)} ${account.currency}`, MARGIN, y, width / 2, 'left', 9);
    textIn(pdf, `Closing balance ${fixed(account.closing, account.dp)} ${account.currency}`, MARGIN + width / 2, y, width / 2, 'right', 9);
    y += 20;
    tableHead();
    const row = (l: StatementLine) => {
      if (y + ROW > bottom) newPage();
      const cells = [
        ddmmyyyy(l.date),
        l.transactionId ?? '',
        l.action,
        l.description ?? '',
        l.mode === 'DEBIT' ? fixed(l.amount, account.dp) : '',
        l.mode === 'CREDIT' ? fixed(l.amount, account.dp) : '',
        fixed(l.closingBalance, account.dp),
      ];
      let x = MARGIN;
      COLUMNS.forEach((c, i) => {
        textIn(pdf, cells[i] ?? '', x + 2, y, c.width - 4, c.align, 7);
        x += c.width;
      });
      y += ROW;
    };
    for await (const batch of doc.linesOf(account)) {
      for (const l of batch) row(l);
      await doc.progress(batch.length);
    }
  }
  if (doc.accounts.length === 0) {
    textIn(pdf, BRAND, MARGIN, y, 200, 'left', 18);
    textIn(pdf, 'No wallet in this statement', MARGIN, y + 30, width, 'left', 10);
  }
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    pdf.switchToPage(i);
    textIn(pdf, `Page ${i + 1} of ${range.count}`, MARGIN, pdf.page.height - MARGIN - 16, width, 'right', 8);
  }
  pdf.end();
  await new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
  });
}
