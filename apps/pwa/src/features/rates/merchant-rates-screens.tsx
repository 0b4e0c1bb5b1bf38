import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { merchantRate } from '@corridor/api';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { ListScreen, type ListRead } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { exchangeRateColumns, RateFigure, type ExchangeRateRow } from '@/components/rates/exchange-rate-columns.tsx';
import { localRows } from '@/components/rates/local-rows.ts';
import { RateAge } from '@/components/rates/rate-age.tsx';
import { RateCallError } from '@/components/rates/rate-call-error.tsx';
import { spreadBips } from '@/components/rates/spread.ts';
import { regionName } from '@/lib/region-name.ts';
import { EmptyRates } from './rate-feeds-screen.tsx';
import { useMerchantPairRates, useMerchantSettlementRates } from './use-rate-data.ts';

export type SettlementRateRow = z.output<typeof merchantRate>;

/** Columns of the merchant's settlement rates: wallet currency and country, rate (8 dp), reverse (5 dp), age. */
function settlementRateColumns(): ColumnDef<SettlementRateRow>[] {
  return [
    {
      id: 'currency',
      field: 'currencyCode',
      header: 'rates.columns.currency',
      sorting: true,
      search: true,
      cell: (r) => (
        <span className="font-medium" data-testid="settlement-rate-currency">
          {r.currencyCode}
        </span>
      ),
    },
    {
      id: 'country',
      field: 'countryCode',
      header: 'rates.columns.country',
      sorting: true,
      cell: (r) => (r.countryCode ? regionName(r.countryCode, r.countryCode) : '-'),
    },
    { id: 'rate', field: 'rate', header: 'rates.columns.rate', align: 'end', cell: (r) => <RateFigure value={r.rate} /> },
    { id: 'inverse', field: 'rate', header: 'rates.columns.inverse', align: 'end', cell: (r) => <RateFigure value={r.rate} inverse /> },
    { id: 'age', field: 'updatedAt', header: 'rates.columns.age', sorting: true, cell: (r) => <RateAge updatedAt={r.updatedAt} /> },
  ];
}

/** A merchant rate screen: its test id, where its title and subtitle are, its table's saved config. */
interface RateScreen {
  testId: string;
  texts: string;
  tableKey: string;
}

const SETTLEMENT: RateScreen = { testId: 'settlement-rates-screen', texts: 'rates.settlement', tableKey: 'merchant-settlement-rates' };

/**
 * A merchant's rate list: the whole list saved on the device, filtered, sorted and paged there, with the
 * call's refusal above it when nothing is saved to show.
 */
function MerchantRateList<TRow>({
  route,
  screen: { testId, texts, tableKey },
  rates,
  columns,
  getRowId,
}: {
  route: TableSearchRoute;
  screen: RateScreen;
  rates: ListRead<readonly TRow[]>;
  columns: readonly ColumnDef<TRow>[];
  getRowId: (row: TRow) => string;
}) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const shown = useMemo(() => localRows(rates.data ?? [], columns, state), [rates.data, columns, state]);
  return (
    <ListScreen
      testId={testId}
      title={t(`${texts}.title`)}
      description={t(`${texts}.subtitle`)}
      above={rates.data === undefined && <RateCallError error={rates.error} />}
      list={rates}
      rows={shown}
      columns={columns}
      serverSidePagination={false}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      getRowId={getRowId}
      empty={<EmptyRates failed={rates.error !== null || rates.offline} />}
    />
  );
}

/** merchant/rates/settlement-rates: the rates the merchant's wallets settle at, saved on the device with their age. */
export function SettlementRatesScreen({ route }: { route: TableSearchRoute }) {
  const rates = useMerchantSettlementRates();
  const columns = useMemo(() => settlementRateColumns(), []);
  return (
    <MerchantRateList
      route={route}
      screen={SETTLEMENT}
      rates={rates}
      columns={columns}
      getRowId={(r) => `${r.currencyCode}-${r.walletId ?? ''}-${r.countryCode ?? ''}`}
    />
  );
}

const MARKUP: RateScreen = { testId: 'merchant-markup-screen', texts: 'rates.merchantMarkup', tableKey: 'merchant-markup-rates' };

/** The merchant's pair rates with the spread its markup profile gives, in bips of the mid. */
function merchantMarkupColumns(t: Parameters<typeof exchangeRateColumns>[0]): ColumnDef<ExchangeRateRow>[] {
  const base = exchangeRateColumns(t, ['pair', 'dealType', 'provider', 'bid', 'mid', 'ask', 'inverse']);
  return [
    ...base,
    {
      id: 'spread',
      field: 'ask',
      header: 'rates.columns.spread',
      align: 'end',
      cell: (r) => (
        <span className="font-mono tabular-nums" dir="ltr">
          {spreadBips(r.bid, r.ask, r.mid)}
        </span>
      ),
    },
    ...exchangeRateColumns(t, ['age']),
  ];
}

/**
 * merchant/rates/merchant-markup: what the merchant's TSP quotes it per pair (bid and ask around the
 * mid after the markup layers of its profile) and the spread that makes, so the merchant sees its
 * markup before asking for a quote.
 */
export function MerchantMarkupScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const rates = useMerchantPairRates();
  const columns = useMemo(() => merchantMarkupColumns(t), [t]);
  return (
    <MerchantRateList
      route={route}
      screen={MARKUP}
      rates={rates}
      columns={columns}
      getRowId={(r) => `${r.sourceCurrency}${r.targetCurrency}-${r.dealType}-${r.rateProviderId}`}
    />
  );
}
