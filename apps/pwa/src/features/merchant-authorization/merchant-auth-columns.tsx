import type { TFunction } from 'i18next';
import { Ban, CalendarClock, CheckCircle2, Pause, Play, Unlock } from 'lucide-react';
import { MISSING_VALUE } from '@corridor/domain';
import { ACTIONS_COLUMN_ID, type ColumnDef, type RowAction } from '@/components/data-table/column-def.ts';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import { actionsFor, heldByFourEyes, type MerchantAction, type MerchantAuthRow } from './merchant-auth-actions.ts';

const H = 'merchantAuth.columns';

const ICONS = { approve: CheckCircle2, pause: Pause, block: Ban, renew: CalendarClock, unpause: Play, unblock: Unlock } as const;

export interface MerchantAuthColumnsOptions {
  userId: string | null;
  busy: boolean;
  /** Decisions need the network: offline the actions are shown disabled. */
  online: boolean;
  onDecide: (row: MerchantAuthRow, action: MerchantAction) => void;
}

/**
 * The authorization status as its tag: ACTIVE in the spec's green (spec 1, "Status tag colours"); the spec gives
 * PENDING_APPROVAL, PAUSED, BLOCKED and EXPIRED no colour, so they are outline tags with their own label.
 */
function AuthorizationStatusTag({ status, t }: { status: string | null; t: TFunction }) {
  if (status === null) return <span>{MISSING_VALUE}</span>;
  if (status === 'ACTIVE') return <StatusCell status={status} />;
  return (
    <Badge variant="outline" data-status={status} data-tone="none">
      {t(`merchantAuth.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function rowActions(t: TFunction, row: MerchantAuthRow, o: MerchantAuthColumnsOptions): RowAction[] {
  return actionsFor(row, o.userId).map((action) => ({
    id: action,
    label: t(`merchantAuth.actions.${action}`),
    icon: ICONS[action],
    variant: action === 'block' || action === 'pause' ? 'destructive' : 'default',
    disabled: o.busy || !o.online,
    testId: `merchant-auth-${action}`,
    onSelect: () => o.onDecide(row, action),
  }));
}

/** The columns of merchant authorization: the merchant, its status, who submitted it, its end, the last decision, the actions. */
export function merchantAuthColumns(t: TFunction, o: MerchantAuthColumnsOptions): ColumnDef<MerchantAuthRow>[] {
  return [
    {
      id: 'name',
      field: 'name',
      header: `${H}.merchant`,
      search: true,
      cell: (r) => (
        <span data-testid="merchant-auth-row" data-merchant={r.name} data-status={r.merchantProfileStatus ?? ''} className="flex flex-col">
          <span className="font-medium">{r.name}</span>
          <span className="text-xs text-muted-foreground">{r.currencies.join(' · ') || MISSING_VALUE}</span>
        </span>
      ),
    },
    {
      id: 'status',
      field: 'merchantProfileStatus',
      header: `${H}.status`,
      cell: (r) => <AuthorizationStatusTag status={r.merchantProfileStatus} t={t} />,
    },
    { id: 'submittedBy', header: `${H}.submittedBy`, cell: (r) => r.submittedBy?.name ?? MISSING_VALUE },
    { id: 'expiresAt', header: `${H}.expiresAt`, cell: (r) => (r.authorizationExpiresAt ? timestampText(r.authorizationExpiresAt) : MISSING_VALUE) },
    {
      id: 'lastDecision',
      header: `${H}.lastDecision`,
      cell: (r) => {
        const d = r.lastDecision;
        if (!d) return <span className="text-xs text-muted-foreground">{MISSING_VALUE}</span>;
        return (
          <span className="flex max-w-56 flex-col text-xs" data-testid="merchant-auth-last-decision" data-action={d.action}>
            <span className="font-medium">
              {t('merchantAuth.decidedBy', { action: t(`merchantAuth.done.${d.action}`, { defaultValue: d.action }), name: d.by.name })}
            </span>
            <span className="text-muted-foreground">{d.reason}</span>
            <span className="text-muted-foreground">{timestampText(d.at)}</span>
          </span>
        );
      },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: `${H}.actions`,
      align: 'end',
      rowName: (r) => r.name,
      rowActions: (r) => rowActions(t, r, o),
      cell: (r) =>
        heldByFourEyes(r, o.userId) ? (
          <span className="block max-w-32 text-end text-xs text-muted-foreground md:max-w-64" data-testid="merchant-auth-four-eyes">
            {t('merchantAuth.fourEyes')}
          </span>
        ) : null,
    },
  ];
}
