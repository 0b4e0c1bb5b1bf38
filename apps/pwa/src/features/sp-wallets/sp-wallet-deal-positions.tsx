import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { dealPosition } from '@corridor/api';
import { DEAL_POSITION_FIGURES, DEAL_TYPES } from '@corridor/domain';
import { ListTable } from '@/components/data-table/list-table.tsx';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { defaultTableState, type TableFilter, type TableState } from '@/lib/table-state-search.ts';

type DealPositionRow = z.output<typeof dealPosition>;
type DealTypeCode = DealPositionRow['dealType'];

const DEAL_TYPE_OPTIONS = DEAL_TYPES.map((d) => ({ value: d.value, name: d.value }));

interface PositionFilters {
  dealTypes: string[];
  from: string;
  to: string;
}

function filtersOf(filters: readonly TableFilter[]): PositionFilters {
  const dealType = filters.find((f) => f.key === 'dealType')?.value;
  const valueDate = filters.find((f) => f.key === 'valueDate')?.value;
  const range = valueDate && typeof valueDate === 'object' && !Array.isArray(valueDate) ? valueDate : { from: '', to: '' };
  return { dealTypes: Array.isArray(dealType) ? dealType : typeof dealType === 'string' ? [dealType] : [], from: range.from, to: range.to };
}

/**
 * What the server filters: the call takes one deal type and one value date, so a single choice goes to
 * the server; several deal types or a date range are narrowed on the rows that come back.
 * @internal used by its tests
 */
export function dealPositionQuery(f: PositionFilters): { dealType?: DealTypeCode; valueDate?: string } {
  return {
    ...(f.dealTypes.length === 1 ? { dealType: f.dealTypes[0] as DealTypeCode } : {}),
    ...(f.from !== '' && f.from === f.to ? { valueDate: f.from } : {}),
  };
}

const keep = (row: DealPositionRow, f: PositionFilters) =>
  (f.dealTypes.length === 0 || f.dealTypes.includes(row.dealType)) && (f.from === '' || row.valueDate >= f.from) && (f.to === '' || row.valueDate <= f.to);

/**
 * The deal position tab of a TSP wallet's page: one row per value date and deal type, every figure in
 * the wallet currency's decimals, filtered by deal type and value date.
 */
export function SpWalletDealPositions({ walletId, dpOf }: { walletId: string; dpOf: (code: string | undefined) => number }) {
  const { t } = useTranslation();
  // One wallet's positions are a short list (value dates x deal types): the table pages it itself.
  const [state, setState] = useState<TableState>(defaultTableState);
  const filters = filtersOf(state.filters);
  const query = dealPositionQuery(filters);
  const answer = useLocalFirst({
    key: cacheKey('dealPositions.byWallet', { walletId, ...query }),
    store: 'positions',
    fetch: () => api.call<'dealPositions.byWallet'>('dealPositions.byWallet', { path: { walletId }, query }),
  });
  const rows = (answer.data ?? []).filter((r) => keep(r, filters));
  const columns = useMemo<ColumnDef<DealPositionRow>[]>(
    () => [
      { id: 'valueDate', field: 'valueDate', header: 'spWallet.dealPosition.valueDate', filterType: 'date-range' },
      { id: 'dealType', field: 'dealType', header: 'spWallet.dealPosition.dealType', filterType: 'status', filterOptions: DEAL_TYPE_OPTIONS },
      { id: 'currency', field: 'currency', header: 'spWallet.columns.currency' },
      ...DEAL_POSITION_FIGURES.map((figure): ColumnDef<DealPositionRow> => ({
        id: figure,
        field: figure,
        header: `spWallet.dealPosition.${figure}`,
        kind: 'amount',
        align: 'end',
        amount: { dp: (r) => dpOf(r.currency) },
      })),
    ],
    [dpOf],
  );
  if (answer.error && !answer.data) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-6 text-center text-sm"
        role="alert"
        data-testid="sp-wallet-deal-positions-error"
      >
        <p className="text-destructive">{t('spWallet.dealPosition.error')}</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void answer.refresh()}>
          {t('spWallet.dealPosition.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div data-testid="sp-wallet-deal-positions">
      <ListTable
        list={answer}
        rows={rows}
        columns={columns}
        table={{ state, onStateChange: setState }}
        serverSidePagination={false}
        label={t('spWallet.detail.tabs.deal-position')}
        getRowId={(r) => `${r.valueDate}|${r.dealType}|${r.currency}`}
        empty={
          <span data-testid="sp-wallet-no-deal-positions">
            {t(state.filters.length > 0 ? 'spWallet.dealPosition.noneMatching' : 'spWallet.dealPosition.empty')}
          </span>
        }
      />
    </div>
  );
}
