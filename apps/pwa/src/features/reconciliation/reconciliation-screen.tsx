import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { MISSING_VALUE, formatAmount, formatAmountShort, formatDate } from '@corridor/domain';
import { LazyTimeChart } from '@/components/charts/lazy-time-chart.tsx';
import type { ColumnDef, RowAction } from '@/components/data-table/column-def.ts';
import { ListScreen, ListTable } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { useTspWallets } from '@/components/wallets/use-tsp-wallets.ts';
import { notify } from '@/lib/notifications.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { defaultTableState, type TableState } from '@/lib/table-state-search.ts';
import { ExceptionDialog, type ExceptionAction } from './exception-dialog.tsx';
import { exceptionColumns, type ReconciliationException } from './reconciliation-columns.tsx';
import { chartPoints, dayQuery, daySummary, exceptionQuery, withDay } from './reconciliation-query.ts';
import { useReconciliationDays, useReconciliationExceptions } from './use-reconciliation.ts';

const TABLE_KEY = 'sp-reconciliation';

interface Day {
  walletId: string;
  walletAlias: string;
  currency: string;
  settlementDate: string;
  settlements: number;
  expectedAmount: string;
  settledAmount: string;
  excessAmount: string;
  openExceptions: number;
  isReconciled: boolean;
  status: string;
}

/**
 * service-provider/chart/excess-and-exceptions: the reconciliation of the TSP's incentive settlements. Per
 * settlement wallet and day, what the settled charges say is owed against what the ledger moved, drawn over time
 * and listed; below, the exceptions (excess, shortfall, unsettled) with their resolution. Resolving records a
 * reason; a resolution that moves money waits for a second user's approval. The filters live in the URL and
 * apply to the chart, the days and the exceptions alike; reads come from the device first, actions need the network.
 */
export function ReconciliationScreen({ route }: { route: TableSearchRoute }) {
  const { t, i18n } = useTranslation();
  const online = useOnlineStatus();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const query = exceptionQuery(state);
  const days = useReconciliationDays(dayQuery(query));
  const list = useReconciliationExceptions(query);
  const wallets = useTspWallets();
  const dpOf = useViewerCurrencyDp('TSP');
  const [open, setOpen] = useState<{ row: ReconciliationException; action: ExceptionAction } | null>(null);
  const walletOptions = useMemo(
    () => (wallets.data?.content ?? []).filter((w) => !w.merchantService).map((w) => ({ value: w.id, name: `${w.alias} (${w.currency.code})` })),
    [wallets.data],
  );
  const actions = useMemo(
    () =>
      (row: ReconciliationException): RowAction[] => {
        const make = (action: ExceptionAction, icon: RowAction['icon'], variant?: RowAction['variant']): RowAction => ({
          id: action,
          label: t(`reconciliation.actions.${action}`),
          icon,
          disabled: !online,
          testId: `exception-${action}`,
          ...(variant ? { variant } : {}),
          onSelect: () => setOpen({ row, action }),
        });
        if (row.status === 'OPEN') return [make('resolve', CheckCircle2)];
        if (row.status === 'PENDING_APPROVAL') return [make('approve', ShieldCheck), make('reject', XCircle, 'outline')];
        return [];
      },
    [t, online],
  );
  const columns = useMemo(() => exceptionColumns({ t, dpOf, walletOptions, actions }), [t, dpOf, walletOptions, actions]);
  const allDays: Day[] = days.data ?? [];
  const currencies = [...new Set(allDays.map((d) => d.currency))].sort();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const currency = chosen !== undefined && currencies.includes(chosen) ? chosen : currencies[0];
  const points = currency === undefined ? [] : chartPoints(allDays, currency);
  const summary = daySummary(allDays);
  const title = t('reconciliation.title');
  return (
    <ListScreen
      testId="reconciliation-screen"
      title={title}
      description={t('reconciliation.subtitle')}
      above={
        <>
          <div className="grid gap-3 sm:grid-cols-3" data-testid="reconciliation-summary">
            <SummaryCard label={t('reconciliation.summary.reconciled')} value={String(summary.reconciled)} testId="summary-reconciled" />
            <SummaryCard label={t('reconciliation.summary.withExceptions')} value={String(summary.withExceptions)} testId="summary-exceptions" />
            <SummaryCard
              label={t('reconciliation.summary.excess')}
              value={summary.excess.length === 0 ? '0' : summary.excess.map((e) => `${formatAmount(e.amount, dpOf(e.currency))} ${e.currency}`).join(' · ')}
              testId="summary-excess"
            />
          </div>
          {currency !== undefined && (
            <Card>
              <CardContent className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <h2 className="text-sm font-semibold">{t('reconciliation.chart.title', { currency })}</h2>
                  {currencies.length > 1 && (
                    <label className="grid gap-1 text-sm">
                      <span>{t('reconciliation.chart.currency')}</span>
                      <NativeSelect
                        data-testid="reconciliation-chart-currency"
                        value={currency}
                        choices={currencies.map((c) => ({ value: c, label: c }))}
                        onChange={(e) => setChosen(e.target.value)}
                      />
                    </label>
                  )}
                </div>
                <LazyTimeChart
                  testId="reconciliation-chart"
                  label={t('reconciliation.chart.label', { currency, days: points.length })}
                  points={points}
                  rtl={i18n.dir() === 'rtl'}
                  formatValue={(v) => formatAmountShort(String(v), dpOf(currency))}
                  series={[
                    { key: 'expected', name: t('reconciliation.columns.expected'), color: 'var(--color-slate-400, #94a3b8)' },
                    { key: 'settled', name: t('reconciliation.columns.settled'), color: 'var(--color-sky-700, #0369a1)' },
                    { key: 'excess', name: t('reconciliation.columns.excess'), color: 'var(--destructive)' },
                  ]}
                />
              </CardContent>
            </Card>
          )}
          <DayTable days={allDays} read={days} dpOf={dpOf} onPick={(d) => onStateChange(withDay(state, d.walletId, d.settlementDate))} />
          <h2 className="text-base font-semibold">{t('reconciliation.exceptionsTitle')}</h2>
        </>
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      loading={list.loading}
      tableKey={TABLE_KEY}
      getRowId={(r) => r.id}
      failed={{ testId: 'reconciliation-error', message: t('reconciliation.loadFailed') }}
      empty={{ testId: 'reconciliation-empty', title: t('reconciliation.empty.title'), description: t('reconciliation.empty.description') }}
    >
      {open !== null && (
        <ExceptionDialog
          exception={open.row}
          action={open.action}
          dp={dpOf(open.row.currency)}
          onClose={() => setOpen(null)}
          onDone={(result) => {
            notify({ type: 'success', i18nMessage: `reconciliation.done.${result.status}` });
            setOpen(null);
            void list.refresh();
            void days.refresh();
          }}
        />
      )}
    </ListScreen>
  );
}

function SummaryCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums" dir="ltr" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/**
 * The days as a short list (paged on the device): expected against settled, the excess, and whether it reconciles.
 * Choosing a day (click or Enter) narrows the exceptions to that wallet and day.
 */
function DayTable({
  days,
  read,
  dpOf,
  onPick,
}: {
  days: Day[];
  read: { data: unknown; loading: boolean; error: unknown; updatedAt: Date | null; offline: boolean };
  dpOf: (currency: string) => number;
  onPick: (day: Day) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<TableState>(() => ({ ...defaultTableState(), pageSize: 5 }));
  const columns = useMemo<ColumnDef<Day>[]>(() => {
    const amount = (field: 'expectedAmount' | 'settledAmount' | 'excessAmount', header: string): ColumnDef<Day> => ({
      id: field,
      field,
      header: `reconciliation.columns.${header}`,
      kind: 'amount',
      align: 'end',
      amount: { dp: (r) => dpOf(r.currency), currency: (r) => r.currency },
    });
    return [
      {
        id: 'settlementDate',
        field: 'settlementDate',
        header: 'reconciliation.columns.settlementDate',
        kind: 'multi-line',
        lines: (r) => [formatDate(r.settlementDate)],
      },
      {
        id: 'wallet',
        field: 'walletAlias',
        header: 'reconciliation.columns.wallet',
        kind: 'multi-line',
        lines: (r) => [r.walletAlias, t('reconciliation.settlementCount', { count: r.settlements })],
      },
      amount('expectedAmount', 'expected'),
      amount('settledAmount', 'settled'),
      amount('excessAmount', 'excess'),
      {
        id: 'status',
        field: 'status',
        header: 'reconciliation.columns.status',
        cell: (r) => (
          <Badge
            variant={r.status === 'EXCEPTIONS' ? 'destructive' : r.status === 'SCHEDULED' ? 'outline' : 'secondary'}
            data-testid="day-status"
            data-status={r.status}
          >
            {t(`reconciliation.dayStatuses.${r.status}`, { defaultValue: MISSING_VALUE })}
          </Badge>
        ),
      },
    ];
  }, [t, dpOf]);
  return (
    <section className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" data-testid="reconciliation-days">
      <h2 className="text-base font-semibold">{t('reconciliation.daysTitle')}</h2>
      <ListTable
        list={read as never}
        rows={days}
        columns={columns}
        table={{ state, onStateChange: setState }}
        serverSidePagination={false}
        label={t('reconciliation.daysTitle')}
        getRowId={(r) => `${r.walletId}-${r.currency}-${r.settlementDate}`}
        onRowClick={onPick}
        empty={{ testId: 'reconciliation-days-empty', title: t('reconciliation.daysEmpty.title'), description: t('reconciliation.daysEmpty.description') }}
      />
    </section>
  );
}
