import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { WALLET_STATUSES, WALLET_TYPES } from '@corridor/domain';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { cn } from '@/lib/cn.ts';
import { dpOf } from '@/components/wallets/currency-dp.ts';
import { EmptyWalletPlaceholder } from './empty-wallet-placeholder.tsx';
import { MiniWalletCard } from './mini-wallet-card.tsx';
import { totalsByCurrency } from './position-totals.ts';
import { WalletFilterBar, type WalletFilterOptions } from './wallet-filter-bar.tsx';
import { filtersOf, hasFilters } from './wallet-list-filters.ts';
import type { WalletListSearch } from './wallet-list-search.ts';
import { useMerchantWallets, useWalletBanks, useWalletCurrencies } from './wallet-queries.ts';
import { WalletSummaryCards } from '@/components/wallets/wallet-summary-cards.tsx';

/**
 * The merchant's wallet list (spec 2 merchant/wallet): the summary card row for one currency, a
 * mini card per wallet, the filters, and the empty-wallet placeholder. Read from the device
 * first, so it opens offline with the last wallets seen and says how old they are.
 */
export function WalletListScreen({ search, onSearchChange }: { search: WalletListSearch; onSearchChange: (next: Partial<WalletListSearch>) => void }) {
  const { t } = useTranslation();
  const wallets = useMerchantWallets(filtersOf(search));
  const currencies = useWalletCurrencies();
  const banks = useWalletBanks();
  const list = useMemo(() => wallets.data?.content ?? [], [wallets.data]);

  const options: WalletFilterOptions = useMemo(
    () => ({
      currencyCodes: (currencies.data ?? []).map((c) => ({ value: c.code, name: `${c.code} · ${c.name}` })),
      bankCodes: (banks.data ?? []).map((b) => ({ value: b.code, name: b.name })),
      statuses: WALLET_STATUSES.map((s) => ({ value: s.value, name: t(`merchantWallets.status.${s.value}`) })),
      types: WALLET_TYPES.map((w) => ({ value: w.value, name: t(`merchantWallets.type.${w.value}`) })),
    }),
    [currencies.data, banks.data, t],
  );

  const totals = useMemo(() => totalsByCurrency(list), [list]);
  const selected = totals.find((x) => x.currency === search.summary) ?? totals[0] ?? null;

  return (
    <div className="flex flex-col gap-6" data-testid="wallet-list-screen">
      <PageHeader
        title={t('merchantWallets.title')}
        count={wallets.data ? list.length : undefined}
        description={t('merchantWallets.subtitle')}
        actions={
          <div className="flex items-center gap-3">
            <CachedAge updatedAt={wallets.updatedAt} offline={wallets.offline} refreshing={wallets.refreshing} />
            <Button
              variant="outline"
              size="icon"
              aria-label={t('merchantWallets.refresh')}
              data-testid="wallet-refresh"
              disabled={wallets.refreshing}
              onClick={() => void wallets.refresh()}
            >
              <RefreshCw className={cn(wallets.refreshing && 'animate-spin')} />
            </Button>
          </div>
        }
      />

      <section className="flex flex-col gap-3" aria-label={t('merchantWallets.summary.title')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{t('merchantWallets.summary.title')}</h2>
          {totals.length > 1 && (
            <div className="inline-flex rounded-lg bg-muted p-0.5" role="group" aria-label={t('merchantWallets.summary.currency')}>
              {totals.map((x) => (
                <button
                  key={x.currency}
                  type="button"
                  data-testid={`wallet-summary-currency-${x.currency}`}
                  aria-pressed={x.currency === selected?.currency}
                  onClick={() => onSearchChange({ summary: x.currency })}
                  className={cn(
                    'rounded-md px-3 py-1 font-mono text-xs font-semibold transition',
                    x.currency === selected?.currency ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {x.currency}
                </button>
              ))}
            </div>
          )}
        </div>
        <WalletSummaryCards figures={selected} dp={dpOf(currencies.data, selected?.currency)} loading={wallets.loading} />
      </section>

      <WalletFilterBar search={search} options={options} onChange={onSearchChange} />

      {wallets.loading ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyWalletPlaceholder
          title={t(hasFilters(search) ? 'merchantWallets.empty.filteredTitle' : 'merchantWallets.empty.title')}
          description={t(
            wallets.offline && !wallets.data
              ? 'merchantWallets.empty.offline'
              : hasFilters(search)
                ? 'merchantWallets.empty.filteredDescription'
                : 'merchantWallets.empty.description',
          )}
          action={
            hasFilters(search)
              ? {
                  label: t('merchantWallets.filters.reset'),
                  onClick: () => onSearchChange({ currencyCodes: undefined, bankCodes: undefined, statuses: undefined, types: undefined }),
                }
              : { label: t('merchantWallets.empty.action'), to: '/merchant/transactions/credit-request' }
          }
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="wallet-list">
          {list.map((wallet) => (
            <MiniWalletCard key={wallet.id} wallet={wallet} dp={dpOf(currencies.data, wallet.currency.code)} />
          ))}
        </div>
      )}
    </div>
  );
}
