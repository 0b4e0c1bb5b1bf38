import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@corridor/domain';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { SpWalletPage } from './sp-wallet-page.tsx';
import type { WalletConfigRow } from './sp-wallet-types.ts';
import { useSpCurrencies } from './use-sp-currencies.ts';

const TABLE_KEY = 'sp-wallet-rules';
const WALLETS_QUERY = ALL_ROWS_PAGE;

/** The rules tab: wallet configs per transaction category (limits, auto-approval, covering model). */
export function SpRules({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const { dpOf } = useSpCurrencies();
  const query = tableQuery(state);
  const configs = useLocalFirst({
    key: cacheKey('spWallets.configs', query),
    fetch: () => api.call<'spWallets.configs'>('spWallets.configs', { query }),
  });
  const wallets = useLocalFirst({
    key: cacheKey('spWallets.list', WALLETS_QUERY),
    store: 'wallets',
    fetch: () => api.call<'spWallets.list'>('spWallets.list', { query: WALLETS_QUERY }),
  });
  const walletById = useMemo(() => new Map((wallets.data?.content ?? []).map((w) => [w.id, w])), [wallets.data]);
  const columns = useMemo<ColumnDef<WalletConfigRow>[]>(() => {
    const yesNo = (v: boolean) => t(v ? 'spWallet.rules.yes' : 'spWallet.rules.no');
    const limit = (v: string | null, row: WalletConfigRow) => {
      const currency = walletById.get(row.walletId)?.currency.code;
      return v === null ? '-' : `${formatAmount(v, dpOf(currency))}${currency ? ` ${currency}` : ''}`;
    };
    return [
      {
        id: 'wallet',
        field: 'walletId',
        header: 'spWallet.rules.wallet',
        filterKey: 'walletIds',
        filterType: 'status',
        filterOptions: [...walletById.values()].map((w) => ({ value: w.id, name: w.alias })),
        lines: (r) => [walletById.get(r.walletId)?.alias ?? r.walletId, walletById.get(r.walletId)?.currency.code],
        kind: 'multi-line',
      },
      {
        id: 'transactionCategory',
        field: 'transactionCategory',
        header: 'spWallet.rules.transactionCategory',
        sorting: true,
        search: true,
        filterKey: 'transactionCategories',
      },
      { id: 'coveringModel', field: 'coveringModel', header: 'spWallet.rules.coveringModel' },
      { id: 'enabled', field: 'enabled', header: 'spWallet.rules.enabled', cell: (r) => yesNo(r.enabled) },
      { id: 'minAmount', field: 'minAmount', header: 'spWallet.rules.minAmount', align: 'end', cell: (r) => limit(r.minAmount, r) },
      { id: 'maxAmount', field: 'maxAmount', header: 'spWallet.rules.maxAmount', align: 'end', cell: (r) => limit(r.maxAmount, r) },
      { id: 'dailyLimit', field: 'dailyLimit', header: 'spWallet.rules.dailyLimit', align: 'end', cell: (r) => limit(r.dailyLimit, r) },
      { id: 'autoApprove', field: 'autoApprove', header: 'spWallet.rules.autoApprove', cell: (r) => yesNo(r.autoApprove) },
    ];
  }, [t, walletById, dpOf]);
  return (
    <SpWalletPage tab="rules" count={configs.data?.totalElements}>
      <DataTable
        columns={columns}
        data={configs.data?.content ?? []}
        total={configs.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={configs.loading}
        tableKey={TABLE_KEY}
        updatedAt={configs.updatedAt ?? undefined}
        offline={configs.offline}
        label={t('spWallet.tabs.rules')}
        getRowId={(r) => r.id}
      />
    </SpWalletPage>
  );
}
