import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';
import { formatAmount } from '@corridor/domain';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { api } from '@/lib/api-client.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { groupByMerchant } from './merchant-groups.ts';
import { merchantWalletColumns } from './merchant-wallet-columns.ts';
import { spWalletPath } from './sp-wallet-detail-tabs.ts';
import { SpWalletPage } from './sp-wallet-page.tsx';
import { useSpCurrencies } from './use-sp-currencies.ts';

/** Enough for every merchant wallet of a TSP in one answer (spec 9 constant 500). */
const GROUP_QUERY = { ...ALL_ROWS_PAGE, inclPosition: 'true' } as const;
const TABLE_KEY = 'sp-wallet-network';

/** The network tab: the merchants' wallets at this TSP, grouped by merchant, then listed. */
export function SpNetwork({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { currencies, dpOf } = useSpCurrencies();
  const all = useLocalFirst({
    key: cacheKey('spWallets.merchantWallets', GROUP_QUERY),
    store: 'wallets',
    fetch: () => api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query: GROUP_QUERY }),
  });
  const groups = useMemo(() => groupByMerchant(all.data?.content ?? []), [all.data]);
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const query = { ...tableQuery(state), inclPosition: 'true' as const };
  const page = useLocalFirst({
    key: cacheKey('spWallets.merchantWallets', query),
    store: 'wallets',
    fetch: () => api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query }),
  });
  const columns = useMemo(() => merchantWalletColumns(t, currencies, dpOf), [t, currencies, dpOf]);
  // A merchant's wallet opens on its page from its row, like the TSP's own wallets on the wallet list.
  const navigate = useNavigate();

  return (
    <SpWalletPage tab="network" count={groups.length}>
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">{t('spWallet.network.merchants')}</h2>
        <CachedAge updatedAt={all.updatedAt} offline={all.offline} refreshing={all.refreshing} />
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="sp-network-groups">
        {groups.map((g) => (
          <article key={g.merchantId} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="sp-network-group">
            <header className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Store className="size-4" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="truncate text-sm font-semibold">{g.label}</h3>
                <p className="text-xs text-muted-foreground">{t('spWallet.network.walletCount', { count: g.wallets.length, active: g.active })}</p>
              </div>
            </header>
            <ul className="flex flex-col gap-1 text-sm">
              {g.balances.map((b) => (
                <li key={b.currency} className="flex justify-between tabular-nums">
                  <span className="text-muted-foreground">{b.currency}</span>
                  <bdi className="font-medium">{formatAmount(b.amount, dpOf(b.currency))}</bdi>
                </li>
              ))}
            </ul>
          </article>
        ))}
        {!all.loading && groups.length === 0 && (
          <p className="col-span-full rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{t('spWallet.network.empty')}</p>
        )}
      </div>
      <DataTable
        columns={columns}
        data={page.data?.content ?? []}
        total={page.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={page.loading}
        tableKey={TABLE_KEY}
        updatedAt={page.updatedAt ?? undefined}
        offline={page.offline}
        label={t('spWallet.tabs.network')}
        onRowClick={(w) => void navigate({ to: spWalletPath('merchant'), params: { walletId: w.id } })}
        getRowId={(w) => w.id}
      />
    </SpWalletPage>
  );
}
