import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { spWalletPath } from './sp-wallet-detail-tabs.ts';
import { SpWalletPage } from './sp-wallet-page.tsx';
import { SP_WALLET_LIST_TABLE_KEY, spWalletListCall } from './sp-wallet-list-query.ts';
import { useSpBanks, useSpCountries, useSpCurrencies } from './use-sp-currencies.ts';
import { walletListColumns } from './wallet-list-columns.tsx';

/** The wallet-list tab: the TSP's own wallets/accounts with the wallet filters (spec 2, 3). */
export function SpWalletList({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: SP_WALLET_LIST_TABLE_KEY });
  const { currencies, dpOf } = useSpCurrencies();
  const banks = useSpBanks();
  const countries = useSpCountries();
  const list = useLocalFirst({ ...spWalletListCall(state), store: 'wallets' });
  const columns = useMemo(() => walletListColumns(t, { currencies, banks, countries }, dpOf), [t, currencies, banks, countries, dpOf]);
  // A wallet opens on its own page (its URL can be shared and the back link returns here).
  const navigate = useNavigate();

  return (
    <SpWalletPage tab="wallet-list" count={list.data?.totalElements}>
      <ListTable
        list={list}
        columns={columns}
        table={{ state, onStateChange }}
        tableKey={SP_WALLET_LIST_TABLE_KEY}
        label={t('spWallet.tabs.walletList')}
        onRowClick={(w) => void navigate({ to: spWalletPath('own'), params: { walletId: w.id } })}
      />
    </SpWalletPage>
  );
}
