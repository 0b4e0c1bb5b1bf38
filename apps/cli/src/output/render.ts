import Table from 'cli-table3';
import { cellText, plainField } from './cell.ts';
import type { OutputMode } from './output-mode.ts';

export interface Column<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** Stable JSON: two-space indentation and a final newline, keys in the order the data has them. */
export function renderJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Rows as a table (terminal) or as tab-separated lines without a header (pipe), so `cut -f2` works.
 * JSON mode is the caller's business: it prints the data, not the columns.
 */
export function renderRows<Row>(columns: ReadonlyArray<Column<Row>>, rows: readonly Row[], mode: OutputMode): string {
  if (mode === 'json') return renderJson(rows);
  if (mode === 'plain') {
    return rows.map((row) => `${columns.map((c) => plainField(c.value(row))).join('\t')}\n`).join('');
  }
  const table = new Table({ head: columns.map((c) => c.header), style: { head: [], border: [] } });
  for (const row of rows) table.push(columns.map((c) => cellText(c.value(row))));
  return `${table.toString()}\n`;
}

/** A single record as label/value lines. */
export function renderRecord(entries: ReadonlyArray<readonly [string, unknown]>, mode: OutputMode): string {
  if (mode === 'json') return renderJson(Object.fromEntries(entries));
  if (mode === 'plain') return entries.map(([label, value]) => `${label}\t${plainField(value)}\n`).join('');
  const table = new Table({ style: { head: [], border: [] } });
  for (const [label, value] of entries) table.push({ [label]: cellText(value) });
  return `${table.toString()}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The rows of a list answer: a bare array, or a page's `content`.
 */
function rowsOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && Array.isArray(value['content'])) return value['content'];
  return undefined;
}

/**
 * Any answer whose shape the command does not know in advance (internal tooling answers are not shown
 * by the spec): a list becomes rows with the union of its keys as columns, an object a record.
 */
export function renderData(value: unknown, mode: OutputMode): string {
  if (mode === 'json') return renderJson(value);
  const rows = rowsOf(value);
  if (rows) {
    if (rows.every(isRecord)) {
      const keys: string[] = [];
      for (const row of rows) for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
      const columns = keys.map((key) => ({ header: key, value: (row: Record<string, unknown>) => row[key] }));
      return renderRows(columns, rows, mode);
    }
    return rows.map((row) => `${plainField(row)}\n`).join('');
  }
  if (isRecord(value)) return renderRecord(Object.entries(value), mode);
  if (value === undefined) return '';
  return `${plainField(value)}\n`;
}
