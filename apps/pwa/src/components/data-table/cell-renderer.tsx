import type { ReactNode } from 'react';
import { AmountCell } from './amount-cell.tsx';
import { fieldValue, type ColumnDef } from './column-def.ts';
import { MultiLineCell } from './multi-line-cell.tsx';
import { RowActionsCell } from './row-actions.tsx';
import { StatusCell } from './status-cell.tsx';
import { TextCell } from './text-cell.tsx';

/** Default decimals of an amount column when the row's currency gives none. */
const DEFAULT_AMOUNT_DP = 2;

function amountValue(value: unknown): string | number | undefined {
  if (typeof value === 'string' || typeof value === 'number') return value;
  // Money values arrive as { amount, currency } (spec 3 "Money value").
  if (typeof value === 'object' && value !== null) {
    const amount = (value as { amount?: unknown }).amount;
    if (typeof amount === 'string' || typeof amount === 'number') return amount;
  }
  return undefined;
}

/** A cell's content: the row's actions, the column's renderer, or the cell kind's default look. */
export function renderCell<TRow>(column: ColumnDef<TRow>, row: TRow): ReactNode {
  // A row may say something in its actions column too (its decision, its remarks): under its actions or alone.
  if (column.rowActions) return <RowActionsCell actions={column.rowActions(row)} rowName={column.rowName?.(row)} note={column.cell?.(row)} />;
  if (column.cell) return column.cell(row);
  const value = fieldValue(row, column.field);
  switch (column.kind) {
    case 'status':
      return <StatusCell status={typeof value === 'string' ? value : undefined} />;
    case 'amount': {
      const options = column.amount;
      const dp = typeof options?.dp === 'function' ? options.dp(row) : (options?.dp ?? DEFAULT_AMOUNT_DP);
      const nested = typeof value === 'object' && value !== null ? (value as { currency?: unknown }).currency : undefined;
      const currency = options?.currency?.(row) ?? (typeof nested === 'string' ? nested : undefined);
      return <AmountCell amount={amountValue(value)} dp={dp} currency={currency} sign={options?.sign?.(row)} />;
    }
    case 'multi-line':
      return <MultiLineCell lines={column.lines ? column.lines(row) : [typeof value === 'string' ? value : undefined]} />;
    default:
      return <TextCell value={value} />;
  }
}
