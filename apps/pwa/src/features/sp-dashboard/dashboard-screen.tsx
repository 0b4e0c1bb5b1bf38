import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { MISSING_VALUE, formatAmount, formatAmountShort, formatDate } from '@corridor/domain';
import { AppLink } from '@/components/app-link.tsx';
import { LazyTimeChart } from '@/components/charts/lazy-time-chart.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { LOCAL_CURRENCY, cashFlowPoints, currenciesByActivity, localTotal, profitByDay, rangeStart } from './dashboard-figures.ts';
import { useApprovalCounts, useBalances, useCashFlow, useDealProfit, useFailedPayouts } from './use-dashboard-data.ts';

const AUTHORIZATIONS = {
  topUps: '/service-provider/transaction-authorization/service-provider/top-ups/list/pending',
  transfers: '/service-provider/transaction-authorization/service-provider/transfers/list/pending',
  credit: '/service-provider/transaction-authorization/merchant/credit-request/list/pending',
} as const;

/** Read once per opening: the charts' range ends today. */
function useRangeStart(): string {
  const [start] = useState(() => rangeStart(new Date()));
  return start;
}

/**
 * service-provider/wallet/dashboard: the TSP at a glance. Balances by currency with their value in the ledger's
 * local currency, money in and out over the last 30 days, what waits for approval (each count links to its
 * authorization list), deal profit per day and the payouts the bank refused. Figures come from the ledger's
 * calls (positions, activity) and the existing lists; large amounts use the short M/B/T forms with the full
 * amount on hover. Everything is read from the device first and shows its age offline.
 */
export function DashboardScreen() {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const dpOf = useViewerCurrencyDp('TSP');
  const from = useRangeStart();
  const balances = useBalances();
  const flow = useCashFlow(from);
  const approvals = useApprovalCounts();
  const profit = useDealProfit(from);
  const failed = useFailedPayouts();
  const rows = balances.data ?? [];
  const lc = localTotal(rows);
  const lcDp = dpOf(LOCAL_CURRENCY);
  const flowRows = flow.data ?? [];
  const flowCurrencies = currenciesByActivity(flowRows);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const flowCurrency = chosen !== undefined && flowCurrencies.includes(chosen) ? chosen : flowCurrencies[0];
  const flowPoints = flowCurrency === undefined ? [] : cashFlowPoints(flowRows, flowCurrency);
  const profitDays = profitByDay(profit.list.data?.content ?? []);
  const short = (amount: string, currency: string) => formatAmountShort(amount, dpOf(currency));
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard-screen">
      <PageHeader
        title={t('dashboard.title')}
        description={t('dashboard.subtitle')}
        actions={<CachedAge updatedAt={balances.updatedAt} offline={balances.offline} />}
      />

      <Section title={t('dashboard.balances.title')} testId="dashboard-balances">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure
            label={t('dashboard.balances.total', { currency: LOCAL_CURRENCY })}
            value={`${formatAmountShort(lc.total, lcDp)} ${LOCAL_CURRENCY}`}
            full={`${formatAmount(lc.total, lcDp)} ${LOCAL_CURRENCY}`}
            testId="dashboard-total-lc"
          />
          {rows.map((r) => (
            <Figure
              key={r.currency}
              label={t('dashboard.balances.currency', { currency: r.currency, count: r.walletCount })}
              value={`${short(r.balance, r.currency)} ${r.currency}`}
              full={`${formatAmount(r.balance, dpOf(r.currency))} ${r.currency}`}
              sub={
                r.balanceUSDEQ === null
                  ? t('dashboard.balances.noValue')
                  : t('dashboard.balances.worth', { amount: `${formatAmountShort(r.balanceUSDEQ, lcDp)} ${LOCAL_CURRENCY}` })
              }
              testId={`dashboard-balance-${r.currency}`}
              data={{ 'data-balance': r.balance, 'data-lc': r.balanceUSDEQ ?? '' }}
            />
          ))}
        </div>
        {lc.unvalued > 0 && <p className="text-xs text-muted-foreground">{t('dashboard.balances.unvalued', { count: lc.unvalued })}</p>}
      </Section>

      <Section title={t('dashboard.approvals.title')} testId="dashboard-approvals">
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ['topUps', approvals.topUps.data?.totalElements],
              ['transfers', approvals.transfers.data?.totalElements],
              ['credit', approvals.credit.data?.totalElements],
            ] as const
          ).map(([name, count]) => (
            <AppLink
              key={name}
              href={AUTHORIZATIONS[name]}
              data-testid={`dashboard-approvals-${name}`}
              className="flex items-center justify-between rounded-xl border bg-card p-4 shadow-xs hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="grid gap-0.5">
                <span className="text-xs text-muted-foreground">{t(`dashboard.approvals.${name}`)}</span>
                <span className="text-2xl font-semibold tabular-nums" data-testid={`dashboard-approvals-${name}-count`}>
                  {count ?? MISSING_VALUE}
                </span>
              </span>
              <ArrowRight className="size-4 text-muted-foreground rtl:rotate-180" aria-hidden />
            </AppLink>
          ))}
        </div>
      </Section>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title={t('dashboard.cashFlow.title')}
          testId="dashboard-cash-flow"
          aside={
            flowCurrencies.length > 1 && flowCurrency !== undefined ? (
              <label className="flex items-center gap-2 text-sm">
                <span>{t('dashboard.cashFlow.currency')}</span>
                <NativeSelect
                  data-testid="dashboard-cash-flow-currency"
                  value={flowCurrency}
                  choices={flowCurrencies.map((c) => ({ value: c, label: c }))}
                  onChange={(e) => setChosen(e.target.value)}
                />
              </label>
            ) : null
          }
        >
          {flowCurrency === undefined ? (
            <p className="text-sm text-muted-foreground">{t('dashboard.cashFlow.empty')}</p>
          ) : (
            <LazyTimeChart
              testId="dashboard-cash-flow-chart"
              label={t('dashboard.cashFlow.label', { currency: flowCurrency, days: flowPoints.length })}
              points={flowPoints}
              rtl={rtl}
              formatValue={(v) => formatAmountShort(String(v), dpOf(flowCurrency))}
              series={[
                { key: 'in', name: t('dashboard.cashFlow.in'), color: 'var(--color-emerald-700, #047857)' },
                { key: 'out', name: t('dashboard.cashFlow.out'), color: 'var(--destructive)' },
              ]}
            />
          )}
        </Section>

        <Section title={t('dashboard.profit.title')} testId="dashboard-profit">
          <div className="flex flex-wrap gap-4 text-sm">
            <span>
              {t('dashboard.profit.total', { currency: LOCAL_CURRENCY })}{' '}
              <bdi
                className="font-semibold tabular-nums"
                data-testid="dashboard-profit-total"
                title={`${formatAmount(profitDays.total, lcDp)} ${LOCAL_CURRENCY}`}
              >
                {formatAmountShort(profitDays.total, lcDp)} {LOCAL_CURRENCY}
              </bdi>
            </span>
            {(profit.summary.data ?? []).map((s) => (
              <span key={s.currency} className="text-muted-foreground" data-testid="dashboard-profit-currency">
                <bdi className="tabular-nums">
                  {short(s.profit, s.currency)} {s.currency}
                </bdi>{' '}
                {t('dashboard.profit.deals', { count: s.count })}
              </span>
            ))}
          </div>
          {profitDays.points.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('dashboard.profit.empty')}</p>
          ) : (
            <LazyTimeChart
              testId="dashboard-profit-chart"
              label={t('dashboard.profit.label', { currency: LOCAL_CURRENCY, days: profitDays.points.length })}
              points={profitDays.points}
              rtl={rtl}
              formatValue={(v) => formatAmountShort(String(v), lcDp)}
              series={[{ key: 'profit', name: t('dashboard.profit.series'), color: 'var(--color-sky-700, #0369a1)' }]}
            />
          )}
        </Section>
      </div>

      <Section title={t('dashboard.failed.title', { count: failed.data?.totalElements ?? 0 })} testId="dashboard-failed">
        {(failed.data?.content ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="dashboard-failed-empty">
            {t('dashboard.failed.empty')}
          </p>
        ) : (
          <ul className="divide-y">
            {(failed.data?.content ?? []).map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="dashboard-failed-row">
                <span className="flex items-center gap-2">
                  <AlertTriangle className="size-4 text-destructive" aria-hidden />
                  <AppLink href={`/service-provider/transactions/payments/${p.paymentId}`} className="font-medium underline-offset-4 hover:underline">
                    <bdi>{p.paymentId}</bdi>
                  </AppLink>
                  <span className="text-muted-foreground">{p.receiver.name}</span>
                </span>
                <span className="flex items-center gap-3">
                  <bdi className="tabular-nums">
                    {formatAmount(p.sender.sendingAmount, dpOf(p.sender.sendingCurrencyCode))} {p.sender.sendingCurrencyCode}
                  </bdi>
                  <span className="text-xs text-muted-foreground">{p.updatedAt ? formatDate(p.updatedAt) : MISSING_VALUE}</span>
                </span>
                {p.failureReason !== null && <span className="w-full text-xs text-muted-foreground">{p.failureReason}</span>}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Section({ title, testId, aside, children }: { title: string; testId: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">{title}</h2>
          {aside}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({
  label,
  value,
  full,
  sub,
  testId,
  data,
}: {
  label: string;
  value: string;
  full: string;
  sub?: string;
  testId: string;
  data?: Record<`data-${string}`, string>;
}) {
  return (
    <div className="rounded-xl border bg-background p-4" data-testid={testId} {...data}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums" dir="ltr" title={full}>
        {value}
      </p>
      {sub !== undefined && <p className="text-xs text-muted-foreground">{sub}</p>}
    </div>
  );
}
