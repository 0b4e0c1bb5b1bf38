import type { TFunction } from 'i18next';
import { Check, X } from 'lucide-react';
import { MISSING_VALUE, statusLabelKey } from '@corridor/domain';
import type { ColumnDef, FilterOption } from '@/components/data-table/column-def.ts';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import { Button } from '@/components/ui/button.tsx';
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

/** Approve and Reject where this TSP decides now; the server's refusal (maker-checker) under them. */
function decisionCell(t: TFunction, row: AuthRow, o: AuthColumnsOptions) {
  const side = decidingSide(row, o.tspId);
  const refusal = o.refusalOf(row.id);
  if (!side) {
    const last = o.decisionOf(row.transactionId);
    const decision = last?.data[0];
    if (!last || !decision) return <span className="text-xs text-muted-foreground">{MISSING_VALUE}</span>;
    return (
      <span className="flex min-w-48 max-w-64 flex-col items-end text-xs" data-testid="auth-last-decision" data-decision={decision.status}>
        <span className="font-medium">{t('spAuth.decidedBy', { status: t(statusLabelKey(decision.status)), name: last.createdBy.name })}</span>
        {decision.remarks && <span className="text-end text-muted-foreground">{decision.remarks}</span>}
      </span>
    );
  }
  if (!mayDecide(row, o.decisionOf(row.transactionId), o.userId)) {
    return (
      <span className="block max-w-64 text-end text-xs text-muted-foreground" data-testid="auth-four-eyes">
        {t('spAuth.makerChecker')}
      </span>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <span className="inline-flex gap-2">
        <Button
          size="sm"
          disabled={o.busy}
          onClick={(e) => {
            // The row opens the transaction's page; a decision stays on the list.
            e.stopPropagation();
            o.onDecide(row, 'approve');
          }}
          data-testid="auth-approve"
        >
          <Check className="size-4" aria-hidden />
          {t(side === 'SOURCE' && o.kind === 'transfers' ? 'spAuth.approveSource' : side === 'TARGET' ? 'spAuth.approveTarget' : 'spAuth.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={o.busy}
          onClick={(e) => {
            e.stopPropagation();
            o.onDecide(row, 'reject');
          }}
          data-testid="auth-reject"
        >
          <X className="size-4" aria-hidden />
          {t('spAuth.reject')}
        </Button>
      </span>
      {refusal && (
        <span role="alert" className="max-w-64 text-end text-xs text-destructive" data-testid="auth-refusal" data-code={refusal.code}>
          {refusal.code === 'MAKER_CHECKER' ? t('spAuth.makerChecker') : refusal.message}
        </span>
      )}
    </div>
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
    { id: 'actions', header: `${H}.actions`, align: 'end', cell: (r) => decisionCell(t, r, o) },
  ];
  return columns.filter((c): c is ColumnDef<AuthRow> => c !== null);
}
