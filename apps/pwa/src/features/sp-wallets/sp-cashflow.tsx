import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUMMARY_CARD_GUTTER, SUMMARY_GRID_COLUMNS, SUMMARY_TABLE_CATEGORY, formatAmount, formatSummaryAmount, summaryCardSpan } from '@corridor/domain';
import { ListTable } from '@/components/data-table/list-table.tsx';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { defaultTableState, type TableState } from '@/lib/table-state-search.ts';
import { SpWalletPage } from './sp-wallet-page.tsx';
import type { PositionSummaryRow } from './sp-wallet-types.ts';
import { useSpCurrencies } from './use-sp-currencies.ts';

const QUERY = { groupBy: 'currency' } as const;

/** Position figures shown per currency (spec 3 "Wallet position"). */
const FIGURES = ['balance', 'reserve', 'openPosition', 'pendingAuthorization'] as const;

/** The cashflow tab: the TSP's positions summed by currency (balance, reserve, open position, pending authorization). */
export function SpCashflow() {
  const { t } = useTranslation();
  const { dpOf } = useSpCurrencies();
  const summary = useLocalFirst({
    key: cacheKey('spWallets.positionSummary', QUERY),
    store: 'positions',
    fetch: () => api.call<'spWallets.positionSummary'>('spWallets.positionSummary', { query: QUERY }),
  });
  // The summary is one short list: the table pages it itself (serverSidePagination false).
  const [state, setState] = useState<TableState>(defaultTableState);
  const rows = summary.data ?? [];
  // Spec 2 summary cards: the span of each card follows how many there are.
  const span = summaryCardSpan(rows.length);
  const columns = useMemo<ColumnDef<PositionSummaryRow>[]>(
    () => [
      {
        id: 'currency',
        field: 'currency',
        header: 'spWallet.columns.currency',
        lines: (r) => [r.currency, t('spWallet.cashflow.walletCount', { count: r.walletCount })],
        kind: 'multi-line',
      },
      ...FIGURES.map((figure): ColumnDef<PositionSummaryRow> => ({
        id: figure,
        field: figure,
        header: `spWallet.summary.${figure}`,
        kind: 'amount',
        align: 'end',
        amount: { dp: (r) => dpOf(r.currency) },
      })),
      {
        id: 'creditLimit',
        field: 'creditLimit',
        header: 'spWallet.summary.creditLimit',
        kind: 'amount',
        align: 'end',
        amount: { dp: (r) => dpOf(r.currency) },
      },
    ],
    [t, dpOf],
  );
  return (
    <SpWalletPage tab="cashflow" count={rows.length}>
      <div
        className="grid"
        style={{ gridTemplateColumns: `repeat(${SUMMARY_GRID_COLUMNS}, minmax(0, 1fr))`, gap: SUMMARY_CARD_GUTTER }}
        data-testid="sp-cashflow-cards"
      >
        {rows.map((r) => (
          <div
            key={r.currency}
            style={{ gridColumn: `span ${span} / span ${span}` }}
            className="rounded-xl border bg-card p-4 shadow-xs"
            data-testid="sp-cashflow-card"
          >
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold">{r.currency}</span>
              <span className="text-xs text-muted-foreground">{t('spWallet.cashflow.walletCount', { count: r.walletCount })}</span>
            </div>
            <p className="mt-2 text-2xl font-semibold tabular-nums" dir="ltr" title={formatAmount(r.balance, dpOf(r.currency))}>
              {formatSummaryAmount(r.balance, dpOf(r.currency))}
            </p>
            <p className="text-xs text-muted-foreground">{t('spWallet.summary.balance')}</p>
          </div>
        ))}
      </div>
      <ListTable
        list={summary}
        rows={rows}
        columns={columns}
        table={{ state, onStateChange: setState }}
        serverSidePagination={false}
        tableCategory={SUMMARY_TABLE_CATEGORY}
        label={t('spWallet.tabs.cashflow')}
        getRowId={(r) => r.currency}
      />
    </SpWalletPage>
  );
}
