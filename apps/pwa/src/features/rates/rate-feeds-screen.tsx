import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { ListTable } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { exchangeRateColumns } from '@/components/rates/exchange-rate-columns.tsx';
import { localRows } from '@/components/rates/local-rows.ts';
import { RateCallError } from '@/components/rates/rate-call-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { RATE_FEED_VIEWS, useRateFeed, useRateGlobals, type RateFeedView } from './use-rate-data.ts';

const TABLE_KEY = 'sp-rate-feeds';

/**
 * service-provider/rate/rate-feeds: the rates the feed gives, as calibrated (IBR after layer 1 and the
 * volatile layer), platform and merchant rates, each with its provider and age; a rate older than the
 * staleness limit is tagged, since no firm quote is made on it.
 */
export function RateFeedsScreen({ route, view }: { route: TableSearchRoute; view: RateFeedView }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const feed = useRateFeed(view);
  const globals = useRateGlobals();
  const rows = useMemo(() => feed.data ?? [], [feed.data]);
  const providers = useMemo(() => [...new Set(rows.map((r) => r.rateProviderId))].sort().map((p) => ({ value: p, name: p })), [rows]);
  const columns = useMemo(
    () =>
      exchangeRateColumns(t, ['pair', 'dealType', 'rateType', 'provider', 'valueDate', 'bid', 'mid', 'ask', 'inverse', 'age'], {
        providers,
        staleAfterSeconds: globals.staleAfterSeconds,
      }),
    [t, providers, globals.staleAfterSeconds],
  );
  const shown = useMemo(() => localRows(rows, columns, state), [rows, columns, state]);
  return (
    <div className="flex flex-col gap-4" data-testid="rate-feeds-screen">
      <PageHeader title={t('rates.feeds.title')} description={t('rates.feeds.subtitle', { seconds: globals.staleAfterSeconds })} count={feed.data?.length} />
      <TabNav label={t('rates.feeds.title')}>
        {RATE_FEED_VIEWS.map((v) => (
          <Link
            key={v}
            to="/service-provider/rate/rate-feeds"
            search={{ view: v }}
            data-testid={`rate-view-${v}`}
            aria-current={v === view ? 'page' : undefined}
            className={tabLinkClass(v === view)}
          >
            {t(`rates.feeds.views.${v}`)}
          </Link>
        ))}
      </TabNav>
      {feed.data === undefined && <RateCallError error={feed.error} />}
      <ListTable
        list={feed}
        rows={shown}
        columns={columns}
        serverSidePagination={false}
        table={{ state, onStateChange }}
        tableKey={TABLE_KEY}
        label={t(`rates.feeds.views.${view}`)}
        getRowId={(r) =>
          `${r.sourceCurrency}${r.targetCurrency}-${r.dealType}-${r.rateProviderId}-${r.rateType}-${r.markupProfileId ?? ''}-${r.transactionCategory ?? ''}`
        }
        empty={<EmptyRates failed={feed.error !== null || feed.offline} />}
      />
    </div>
  );
}

/** The list's empty state: no rates configured yet, or (after a refused call) nothing saved to show. */
export function EmptyRates({ failed = false }: { failed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="py-10 text-center" data-testid="rates-empty">
      <p className="text-sm font-medium">{failed ? t('rates.empty.failedTitle') : t('rates.empty.title')}</p>
      <p className="text-sm text-muted-foreground">{failed ? t('rates.empty.failedDescription') : t('rates.empty.description')}</p>
    </div>
  );
}
