import type { TFunction } from 'i18next';
import { MISSING_VALUE } from '@corridor/domain';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import type { RowSend } from './mass-send.ts';
import type { CheckedRow, RowError } from './mass-validate.ts';

/** One error as the user reads it: the column, then what is wrong. */
export function errorText(t: TFunction, e: RowError): string {
  const what = t(`massPayments.errors.${e.code}`, e.values ?? {});
  return e.column === 'row' ? what : `${t(`massPayments.columns.${e.column}`)}: ${what}`;
}

const payee = (r: CheckedRow) => r.valid?.receiver.name ?? r.row.receiverName ?? r.row.beneficiaryId ?? MISSING_VALUE;
const account = (r: CheckedRow) => r.valid?.receiver.iban ?? r.valid?.receiver.accountNumber ?? r.row.iban ?? r.row.accountNumber ?? '';

const SEND_LOOK: Record<RowSend, string> = {
  sent: 'text-emerald-700 dark:text-emerald-400',
  waiting: 'text-muted-foreground',
  refused: 'text-destructive',
};

/** A row's check, and once its payment is drafted, where the payment is: sent, waiting or refused. */
function ResultCell({ row, send, t }: { row: CheckedRow; send: RowSend | undefined; t: TFunction }) {
  if (send) {
    return (
      <span className={SEND_LOOK[send]} data-testid={`mass-row-${send}`}>
        {t(`massPayments.rowSend.${send}`)}
      </span>
    );
  }
  if (row.errors.length === 0) {
    return (
      <span className="text-emerald-700 dark:text-emerald-400" data-testid="mass-row-ok">
        {t('massPayments.valid')}
      </span>
    );
  }
  return (
    <ul className="flex flex-col gap-0.5 text-sm text-destructive" data-testid="mass-row-errors">
      {row.errors.map((e) => (
        <li key={`${e.column}-${e.code}`}>{errorText(t, e)}</li>
      ))}
    </ul>
  );
}

/** The file's rows: line, payee, amount and the result of the check, then of the sending (phone: one stacked column). */
export function massColumns(t: TFunction, wide: boolean, sends: ReadonlyMap<number, RowSend>): ColumnDef<CheckedRow>[] {
  const cell = (r: CheckedRow) => <ResultCell row={r} send={sends.get(r.line)} t={t} />;
  const result: ColumnDef<CheckedRow> = { id: 'result', header: 'massPayments.columns.result', cell };
  if (!wide) {
    return [
      {
        id: 'row',
        header: 'massPayments.columns.row',
        cell: (r) => (
          <span className="flex flex-col gap-1">
            <span className="flex justify-between gap-2">
              <span className="flex gap-2 font-medium">
                <span className="tabular-nums text-muted-foreground">{r.line}</span>
                <bdi>{payee(r)}</bdi>
              </span>
              <span dir="ltr" className="whitespace-nowrap tabular-nums">
                {r.row.amount ?? MISSING_VALUE} {r.valid?.currency ?? r.row.currency ?? ''}
              </span>
            </span>
            {cell(r)}
          </span>
        ),
      },
    ];
  }
  return [
    { id: 'line', header: 'massPayments.columns.line', cell: (r) => <span className="tabular-nums">{r.line}</span>, width: '4rem' },
    {
      id: 'payee',
      header: 'massPayments.columns.payee',
      cell: (r) => (
        <span className="flex flex-col">
          <span className="font-medium">{payee(r)}</span>
          <span dir="ltr" className="font-mono text-xs text-muted-foreground [unicode-bidi:isolate] rtl:text-end">
            {account(r)}
          </span>
        </span>
      ),
    },
    {
      id: 'amount',
      header: 'massPayments.columns.amount',
      align: 'end',
      cell: (r) => (
        <span dir="ltr" className="whitespace-nowrap tabular-nums">
          {r.row.amount ?? MISSING_VALUE} {r.valid?.currency ?? r.row.currency ?? ''}
        </span>
      ),
    },
    { id: 'reference', header: 'massPayments.columns.reference', cell: (r) => r.row.reference ?? MISSING_VALUE },
    result,
  ];
}
