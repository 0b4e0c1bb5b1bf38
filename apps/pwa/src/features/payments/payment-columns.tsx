import { useTranslation } from 'react-i18next';
import { MISSING_VALUE } from '@corridor/domain';
import type { ColumnDef, FilterOption, RowAction } from '@/components/data-table/column-def.ts';
import { LongId } from '@/components/long-id.tsx';
import { MultiLineCell } from '@/components/data-table/multi-line-cell.tsx';
import { PaymentStatusTag } from '@/components/payment-details/payment-status-tag.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import type { OutboxState } from '@/lib/outbox/outbox-store.ts';
import type { PaymentRow } from './outbox-rows.ts';
import type { PaymentViewer } from './payment-row-actions.ts';

export interface PaymentColumnOptions {
  viewer: PaymentViewer;
  dpOf: (currency: string) => number;
  /** The status filter's choices: only in the overview, where no tab pins the status. */
  statusOptions?: readonly FilterOption[];
  /** The TSP's merchants, as the merchant column's filter and names. */
  merchantOptions?: readonly FilterOption[];
  /** The row's actions: buttons, or one menu button on a phone (the data table's actions column). */
  actions: (row: PaymentRow) => readonly RowAction[];
}

/** Where a payment made on this device stands in its outbox (waiting to send, sending, sent). */
function OutboxStateTag({ state }: { state: OutboxState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="secondary" data-testid="payment-row-outbox-state" data-outbox-state={state}>
      {t(`syncHealth.state.${state}`)}
    </Badge>
  );
}

const H = 'paymentList.columns';

/**
 * The columns of a payment list (merchant and TSP): payment id and reference searchable, the receiver with
 * its country (searched by country codes), amounts in their currencies' decimals, the status tag (FAILED red),
 * the creation date with the spec's date-range filter and quick options, and the row's actions.
 */
export function paymentColumns(o: PaymentColumnOptions): ColumnDef<PaymentRow>[] {
  const merchantName = (id: string) => o.merchantOptions?.find((m) => m.value === id)?.name ?? id;
  const columns: (ColumnDef<PaymentRow> | null)[] = [
    {
      id: 'paymentId',
      field: 'paymentId',
      header: `${H}.paymentId`,
      search: true,
      sorting: true,
      cell: (p) => (
        <span
          data-testid="payment-row"
          data-payment-id={p.paymentId}
          data-draft-id={p.draftId ?? undefined}
          data-status={p.status}
          data-outbox-state={p.outboxState}
        >
          {p.paymentId ? <LongId value={p.paymentId} className="font-medium whitespace-nowrap" /> : MISSING_VALUE}
        </span>
      ),
    },
    {
      id: 'reference',
      field: 'referenceNumber',
      header: `${H}.reference`,
      search: true,
      filterKey: 'referenceNumber',
      cell: (p) => <bdi dir="ltr">{p.referenceNumber ?? MISSING_VALUE}</bdi>,
    },
    o.viewer === 'TSP'
      ? {
          id: 'merchant',
          field: 'merchantId',
          header: `${H}.merchant`,
          cell: (p) => merchantName(p.merchantId),
          ...(o.merchantOptions && o.merchantOptions.length > 0
            ? { filterType: 'status' as const, filterKey: 'merchantIds', filterOptions: o.merchantOptions }
            : {}),
        }
      : null,
    {
      id: 'receiver',
      field: 'receiver.name',
      header: `${H}.receiver`,
      search: true,
      filterKey: 'receiverCountryCodes',
      kind: 'multi-line',
      lines: (p) => [p.receiver.name, p.receiver.countryCode],
    },
    {
      id: 'sendAmount',
      field: 'sender.sendingAmount',
      sortKey: 'sendingAmount',
      header: `${H}.sendAmount`,
      kind: 'amount',
      sorting: true,
      align: 'end',
      amount: { dp: (p) => o.dpOf(p.sender.sendingCurrencyCode), currency: (p) => p.sender.sendingCurrencyCode },
    },
    {
      id: 'receiveAmount',
      field: 'instrumentsDetails.receiveAmount',
      header: `${H}.receiveAmount`,
      kind: 'amount',
      align: 'end',
      amount: { dp: (p) => o.dpOf(p.instrumentsDetails.receiveAmountCcyCode), currency: (p) => p.instrumentsDetails.receiveAmountCcyCode },
    },
    {
      id: 'status',
      field: 'status',
      header: `${H}.status`,
      sorting: true,
      // A row from the device's outbox says where it stands there; once sent, with the server's status.
      cell: (p) =>
        p.outboxState ? (
          <span className="flex flex-wrap gap-1">
            {p.outboxState === 'sent' && <PaymentStatusTag status={p.status} />}
            <OutboxStateTag state={p.outboxState} />
          </span>
        ) : (
          <PaymentStatusTag status={p.status} />
        ),
      ...(o.statusOptions ? { filterType: 'status' as const, filterKey: 'status', filterOptions: o.statusOptions } : {}),
    },
    {
      id: 'createdAt',
      field: 'createdAt',
      header: `${H}.createdAt`,
      sorting: true,
      filterType: 'date-range',
      filterKey: 'createdAt',
      cell: (p) => <MultiLineCell lines={[timestampText(p.createdAt)]} />,
    },
    { id: 'actions', header: `${H}.actions`, align: 'end', rowActions: o.actions, rowName: (p) => p.paymentId },
  ];
  return columns.filter((c): c is ColumnDef<PaymentRow> => c !== null);
}
