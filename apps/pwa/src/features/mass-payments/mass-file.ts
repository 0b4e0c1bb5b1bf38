import { MASS_COLUMNS } from '@corridor/domain';
import { rowsFromCells, type FileRow } from './mass-columns.ts';
import type { CheckedRow } from './mass-validate.ts';

export interface ReadFile {
  name: string;
  /** SHA-256 of the file's bytes, hex: the same file uploaded again is known by it. */
  hash: string;
  rows: FileRow[];
}

const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Splits a CSV text into its cells. A quoted field is one cell whatever it holds: `"12,50"` is one
 * amount cell (which the amount rule then refuses), never 12 and 50 in two columns. The parser
 * loads only when a file is read, so no other page pays for it.
 * @internal used by its tests
 */
export async function csvCells(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
}

/**
 * Reads a CSV or XLSX file into rows. The parsers load only here (the mass payments screen), so no
 * other page pays for them. Numbers of a spreadsheet stay the text the cell holds: an amount is
 * never a float on its way to the payment.
 */
export async function readMassFile(file: File): Promise<ReadFile> {
  const bytes = await file.arrayBuffer();
  const hash = hex(await crypto.subtle.digest('SHA-256', bytes));
  if (/\.xlsx$/i.test(file.name)) {
    const { readSheet } = await import('read-excel-file/browser');
    const cells = await readSheet<string>(new Blob([bytes]), { parseNumber: (text) => text });
    return { name: file.name, hash, rows: rowsFromCells(cells, true) };
  }
  return { name: file.name, hash, rows: rowsFromCells(await csvCells(new TextDecoder().decode(bytes))) };
}

const csvCell = (value: string) =>
  /[",\r\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${(/^[=+\-@]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"` : value;

/**
 * The error file: the refused rows as they were uploaded, with their line and their errors, so the
 * user fixes them in the same columns and uploads them again. A cell starting with = + - @ is quoted
 * and prefixed so a spreadsheet never runs it as a formula.
 */
export function errorCsv(rows: readonly CheckedRow[], describe: (row: CheckedRow) => string): string {
  const lines = [['line', ...MASS_COLUMNS, 'errors'].join(',')];
  for (const r of rows) {
    if (r.errors.length === 0) continue;
    lines.push([String(r.line), ...MASS_COLUMNS.map((c) => csvCell(r.row[c] ?? '')), csvCell(describe(r))].join(','));
  }
  return lines.join('\r\n');
}

/** Saves text as a file through the browser's download. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
