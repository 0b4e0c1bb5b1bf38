import type { TFunction } from 'i18next';
import { Check, X } from 'lucide-react';
import { MISSING_VALUE, statusLabelKey } from '@corridor/domain';
import type { ColumnDef, FilterOption, RowAction } from '@/components/data-table/column-def.ts';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import { decidingSide, mayDecide, tspSides, type AuthDecision, type AuthKind, type AuthRow, type AuthSide } from './auth-rows.ts';

export interface AuthColumnsOptions {
  kind: AuthKind;
  /** The signed-in TSP's organisation: which side of each row is its own. */
  tspId: string | null;
  walletName: (id: string | null) => string;
  dpOf: (currency: string) => number;
  currencies: readonly string[];
  /** The server's last refusal of a row (MAKER_CHECKER...), by row id. */
  refusalOf: (id: string) => { code: string; message: string } | undefined;
  /** The last decision on a transaction (by its transactionId), once one was taken. */
  decisionOf: (transactionId: string) => AuthDecision | undefined;
  /** The signed-in user: a transaction they created or last decided is another approver's to decide. */
  userId: string | null;
  busy: boolean;
  onDecide: (row: AuthRow, action: 'approve' | 'reject') => void;
}

const H = 'spAuth.columns';

/** The side of the row this TSP approves now, else the side(s) it stands on, as the row's "your side" tag. */
function sideText(t: TFunction, row: AuthRow, tspId: string | null): string {
  const now = decidingSide(row, tspId);
  if (now) return t(`spAuth.side.${now === 'SOURCE' ? 'source' : 'target'}`);
  const sides = tspSides(row, tspId);
  if (sides.length === 0) return MISSING_VALUE;
  return sides.map((s: AuthSide) => t(`spAuth.side.${s === 'SOURCE' ? 'source' : 'target'}`)).join(' · ');
}

/** Approve and Reject where this TSP decides now (and this user may: another approver's otherwise). */
function decisionActions(t: TFunction, row: AuthRow, o: AuthColumnsOptions): RowAction[] {
  const side = decidingSide(row, o.tspId);
  if (!side || !mayDecide(row, o.decisionOf(row.transactionId), o.userId)) return [];
  const approve = side === 'SOURCE' && o.kind === 'transfers' ? 'spAuth.approveSource' : side === 'TARGET' ? 'spAuth.approveTarget' : 'spAuth.approve';
  return [
    { id: 'approve', label: t(approve), icon: Check, disabled: o.busy, testId: 'auth-approve', onSelect: () => o.onDecide(row, 'approve') },
    {
      id: 'reject',
      label: t('spAuth.reject'),
      icon: X,
      variant: 'destructive',
      disabled: o.busy,
      testId: 'auth-reject',
      onSelect: () => o.onDecide(row, 'reject'),
    },
  ];
}

/**
 * What the row says in the decision column, beside or instead of its actions: the server's refusal (maker-checker)
 * under Approve and Reject, that another approver decides, or the last decision with its remarks. Narrower on a
 * phone, where the column stays in view beside a table of 358 px.
 */
function decisionNote(t: TFunction, row: AuthRow, o: AuthColumnsOptions) {
  const side = decidingSide(row, o.tspId);
  if (!side) {
    const last = o.decisionOf(row.transactionId);
    const decision = last?.data[0];
    if (!last || !decision) return <span className="text-xs text-muted-foreground">{MISSING_VALUE}</span>;
    return (
      <span className="flex max-w-32 flex-col items-end text-xs md:min-w-48 md:max-w-64" data-testid="auth-last-decision" data-decision={decision.status}>
        <span className="font-medium">{t('spAuth.decidedBy', { status: t(statusLabelKey(decision.status)), name: last.createdBy.name })}</span>
        {decision.remarks && <span className="text-end text-muted-foreground">{decision.remarks}</span>}
      </span>
    );
  }
  if (!mayDecide(row, o.decisionOf(row.transactionId), o.userId)) {
    return (
      <span className="block max-w-32 text-end text-xs text-muted-foreground md:max-w-64" data-testid="auth-four-eyes">
        {t('spAuth.makerChecker')}
      </span>
    );
  }
  const refusal = o.refusalOf(row.id);
  if (!refusal) return null;
  return (
    <span role="alert" className="max-w-32 text-end text-xs text-destructive md:max-w-64" data-testid="auth-refusal" data-code={refusal.code}>
      {refusal.code === 'MAKER_CHECKER' ? t('spAuth.makerChecker') : refusal.message}
    </span>
  );
}

/**
 * The columns of an authorization list: the transaction, its amounts, its wallets, both sides' approvals, this
 * TSP's side, the decision. The amounts come right after the transaction: with the decision kept in view at the
 * table's end, the columns after the first few scroll, and an approver decides on the amount first.
 */
export function authColumns(t: TFunction, o: AuthColumnsOptions): ColumnDef<AuthRow>[] {
  const currencyOptions: FilterOption[] = o.currencies.map((c) => ({ value: c, name: c }));
  const transfers = o.kind === 'transfers';
  const columns: (ColumnDef<AuthRow> | null)[] = [
    {
      id: 'transactionId',
      field: 'transactionId',
      header: `${H}.transactionId`,
      search: true,
      sorting: true,
      cell: (r) => (
        <span data-testid="auth-row" data-transaction-id={r.transactionId} data-status={r.status} className="flex flex-col">
          <bdi dir="ltr" className="font-medium">
            {r.transactionId}
          </bdi>
          <bdi dir="ltr" className="text-xs text-muted-foreground">
            {r.referenceNumber ?? MISSING_VALUE}
          </bdi>
        </span>
      ),
    },
    transfers
      ? {
          id: 'sourceAmount',
          field: 'sourceAmount',
          header: `${H}.sourceAmount`,
          sorting: true,
          kind: 'amount',
          align: 'end',
          filterType: 'status',
          filterKey: 'sourceCurrencyCodes',
          filterOptions: currencyOptions,
          amount: { dp: (r) => o.dpOf(r.sourceCurrency), currency: (r) => r.sourceCurrency },
        }
      : null,
    {
      id: 'targetAmount',
      field: 'targetAmount',
      header: transfers ? `${H}.targetAmount` : `${H}.amount`,
      sorting: true,
      kind: 'amount',
      align: 'end',
      filterType: 'status',
      filterKey: 'targetCurrencyCodes',
      filterOptions: currencyOptions,
      amount: { dp: (r) => o.dpOf(r.targetCurrency), currency: (r) => r.targetCurrency },
    },
    transfers
      ? {
          id: 'sourceWallet',
          field: 'sourceWalletId',
          header: `${H}.sourceWallet`,
          kind: 'multi-line',
          lines: (r) => [o.walletName(r.sourceWalletId)],
        }
      : null,
    {
      id: 'targetWallet',
      field: 'targetWalletId',
      header: transfers ? `${H}.targetWallet` : `${H}.wallet`,
      kind: 'multi-line',
      lines: (r) => [o.walletName(r.targetWalletId)],
    },
    { id: 'status', field: 'status', header: `${H}.status`, cell: (r) => <StatusCell status={r.status} /> },
    { id: 'sourceApproval', header: transfers ? `${H}.sourceApproval` : `${H}.approval`, cell: (r) => <StatusCell status={r.sourceApprovalStatus} /> },
    transfers ? { id: 'targetApproval', header: `${H}.targetApproval`, cell: (r) => <StatusCell status={r.targetApprovalStatus} /> } : null,
    {
      id: 'side',
      header: `${H}.side`,
      cell: (r) => (
        <span data-testid="auth-side" data-side={decidingSide(r, o.tspId) ?? ''}>
          {sideText(t, r, o.tspId)}
        </span>
      ),
    },
    { id: 'createdAt', field: 'createdAt', header: `${H}.createdAt`, sorting: true, cell: (r) => timestampText(r.createdAt) },
    {
      id: 'actions',
      header: `${H}.actions`,
      align: 'end',
      rowActions: (r) => decisionActions(t, r, o),
      rowName: (r) => r.transactionId,
      cell: (r) => decisionNote(t, r, o),
    },
  ];
  return columns.filter((c): c is ColumnDef<AuthRow> => c !== null);
}
