/**
 * The columns of a mass payment file, in the template's order. A header is matched without case,
 * spaces, dashes or underscores, so "Beneficiary ID", "beneficiary_id" and "beneficiaryId" are one.
 */
export const MASS_COLUMNS = [
  'wallet',
  'currency',
  'beneficiaryId',
  'receiverName',
  'receiverCountry',
  'iban',
  'accountNumber',
  'bankCode',
  'amount',
  'purpose',
  'message',
  'reference',
] as const;
export type MassColumn = (typeof MASS_COLUMNS)[number];
/** @internal used by its tests */
export type MassRow = Partial<Record<MassColumn, string>>;
/** A row of the file with its line number as a spreadsheet shows it (the headers are line 1). */
export interface FileRow {
  line: number;
  row: MassRow;
}

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

/** Cells of a sheet (first line the headers) as rows keyed by column; blank lines are left out. */
export function rowsFromCells(cells: readonly (readonly unknown[])[]): FileRow[] {
  const [headers, ...lines] = cells;
  if (!headers) return [];
  const columns = headers.map((h) => columnOf(String(h ?? '')));
  const rows: FileRow[] = [];
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n] ?? [];
    const row: MassRow = {};
    let blank = true;
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      const value = line[i];
      if (!column || value === null || value === undefined) continue;
      const text = String(value).trim();
      if (text === '') continue;
      row[column] = text;
      blank = false;
    }
    if (!blank) rows.push({ line: n + 2, row });
  }
  return rows;
}

/** The downloadable template: the headers and two example lines (a saved beneficiary, a new receiver). */
export function templateCsv(): string {
  return [
    MASS_COLUMNS.join(','),
    ',EUR,BENEFICIARY-ID,,,,,,125.50,SALARY,November salary,INV-1001',
    ',EUR,,Jane Doe,DE,DE89370400440532013000,,COBADEFFXXX,80.00,SUPPLIER,Invoice 42,INV-1002',
  ].join('\r\n');
}
