import { MASS_COLUMNS, type MassColumn } from '@corridor/domain';

/** @internal used by its tests */
export type MassRow = Partial<Record<MassColumn, string>>;
/** A row of the file with its line number as a spreadsheet shows it (the headers are line 1). */
export interface FileRow {
  line: number;
  row: MassRow;
  /**
   * Set when the row has more or fewer cells than the header: its values are not under the columns
   * their author meant (an unquoted "12,50" is two cells), so the row is refused whole.
   */
  cells?: { count: number; expected: number };
}

// The columns are the domain's MASS_COLUMNS, the ones of the template the server serves too. A header
// is matched without case, spaces, dashes or underscores: "Beneficiary ID", "beneficiary_id" and
// "beneficiaryId" are one.
const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');
const BY_SQUASHED = new Map<string, MassColumn>(MASS_COLUMNS.map((c) => [squash(c), c]));
// Names a bank's export commonly uses for the same fields.
for (const [alias, column] of [
  ['walletid', 'wallet'],
  ['walletaccount', 'wallet'],
  ['beneficiary', 'beneficiaryId'],
  ['name', 'receiverName'],
  ['country', 'receiverCountry'],
  ['account', 'accountNumber'],
  ['bank', 'bankCode'],
  ['purposeoftransaction', 'purpose'],
  ['referencenumber', 'reference'],
] as const) {
  BY_SQUASHED.set(alias, column);
}

/** The column a header names, or null for a column we do not read. */
function columnOf(header: string): MassColumn | null {
  return BY_SQUASHED.get(squash(header)) ?? null;
}

const isEmpty = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/**
 * The cells a row holds as the header counts them. A CSV row has the cells its commas make; a sheet
 * pads every row with empty cells to its widest, so there a cell counts only up to the last one
 * filled in, and never fewer than the header (an empty cell of a sheet is still a cell).
 */
function cellCount(line: readonly unknown[], width: number, padded: boolean): number {
  if (!padded) return line.length;
  let last = line.length - 1;
  while (last >= 0 && isEmpty(line[last])) last--;
  return Math.max(last + 1, width);
}

/**
 * Cells of a sheet (first line the headers) as rows keyed by column; blank lines are left out. A row
 * with more or fewer cells than the header is marked (see {@link FileRow.cells}); `padded` says the
 * cells come from a spreadsheet, whose rows are all as wide as its widest.
 */
export function rowsFromCells(cells: readonly (readonly unknown[])[], padded = false): FileRow[] {
  const [headers, ...lines] = cells;
  if (!headers) return [];
  const width = cellCount(headers, 0, padded);
  const columns = headers.slice(0, width).map((h) => columnOf(String(h ?? '')));
  const rows: FileRow[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] ?? [];
    if (line.every(isEmpty)) continue;
    const row: MassRow = {};
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      const value = line[i];
      if (!column || isEmpty(value)) continue;
      row[column] = String(value).trim();
    }
    const count = cellCount(line, width, padded);
    // A row filled in only under columns we do not read (a note, a total) is left out as before.
    if (count === width) {
      if (Object.keys(row).length > 0) rows.push({ line: n + 2, row });
    } else rows.push({ line: n + 2, row, cells: { count, expected: width } });
  }
  return rows;
}
