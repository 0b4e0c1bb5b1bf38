import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Ban, CheckCircle2 } from 'lucide-react';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { ACTIONS_COLUMN_ID, type ColumnDef, type RowAction } from '@/components/data-table/column-def.ts';
import { api } from '@/lib/api-client.ts';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { merchantWalletColumns } from './merchant-wallet-columns.ts';
import type { Wallet } from '@/components/wallets/wallet-types.ts';
import { useSpCurrencies } from './use-sp-currencies.ts';
import { approvalStatuses } from './wallet-approval-tabs.ts';
import { WalletStatusDialog } from './wallet-status-dialog.tsx';
import { WALLET_APPROVAL_TABS } from '@corridor/domain';

const TABLE_KEY = 'sp-wallet-approval';

/** Wallet approval: merchants' wallets at this TSP by status; activate or block each, confirmed with a reason (PUT status). */
export function SpWalletApproval({ route, status }: { route: TableSearchRoute; status: string }) {
  const { t } = useTranslation();
  const { currencies, dpOf } = useSpCurrencies();
  const { state, onStateChange } = useTableSearch(route, { tableKey: `${TABLE_KEY}-${status}` });
  const tabStatuses = approvalStatuses(status);
  const query = { ...tableQuery(state), inclPosition: 'true' as const, ...(tabStatuses.length > 0 ? { statuses: tabStatuses } : {}) };
  const list = useLocalFirst({
    key: cacheKey('spWallets.merchantWallets', query),
    store: 'wallets',
    fetch: () => api.call<'spWallets.merchantWallets'>('spWallets.merchantWallets', { query }),
  });
  const [busy, setBusy] = useState<string | null>(null);
  // The wallet whose block or activation waits for the TSP's confirmation and reason.
  const [pending, setPending] = useState<Wallet | null>(null);
  const { refresh } = list;

  const change = async (wallet: Wallet, next: 'ACTIVE' | 'INACTIVE', reason: string) => {
    setBusy(wallet.id);
    try {
      await api.call<'spWallets.updateMerchantWallet'>('spWallets.updateMerchantWallet', {
        path: { id: wallet.id },
        body: { status: next, statusReason: reason },
      });
      setPending(null);
      notify({
        type: 'success',
        i18nTitle: next === 'ACTIVE' ? 'spWallet.approval.activated' : 'spWallet.approval.blocked',
        i18nMessage: next === 'ACTIVE' ? 'spWallet.approval.activatedMessage' : 'spWallet.approval.blockedMessage',
        messageParams: { alias: wallet.alias },
      });
      await refresh();
    } catch {
      // The error catalogue has already told the user (api-client onError); the dialog stays open to retry.
    } finally {
      setBusy(null);
    }
  };

  const columns = useMemo<ColumnDef<Wallet>[]>(() => {
    const base = merchantWalletColumns(t, currencies, dpOf);
    return [
      ...base,
      {
        id: ACTIONS_COLUMN_ID,
        header: 'spWallet.approval.action',
        align: 'end',
        rowName: (w) => w.alias,
        rowActions: (w): RowAction[] => {
          const active = w.status === 'ACTIVE';
          return [
            {
              id: active ? 'block' : 'activate',
              label: t(active ? 'spWallet.approval.block' : 'spWallet.approval.activate'),
              icon: active ? Ban : CheckCircle2,
              variant: active ? 'destructive' : 'default',
              disabled: busy === w.id,
              testId: active ? 'wallet-block' : 'wallet-activate',
              onSelect: () => setPending(w),
            },
          ];
        },
      },
    ];
  }, [t, currencies, dpOf, busy]);

  return (
    <ListScreen
      testId="sp-wallet-approval"
      title={t('spWallet.approval.title')}
      description={t('spWallet.approval.subtitle')}
      above={
        <TabNav label={t('spWallet.approval.title')}>
          {WALLET_APPROVAL_TABS.map((tab) => (
            <Link
              key={tab.slug}
              to="/service-provider/merchants/wallet-approval/list/$status"
              params={{ status: tab.slug }}
              data-testid={`wallet-approval-tab-${tab.slug}`}
              aria-current={tab.slug === status ? 'page' : undefined}
              className={tabLinkClass(tab.slug === status)}
            >
              {t(tab.labelKey)}
            </Link>
          ))}
        </TabNav>
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={`${TABLE_KEY}-${status}`}
    >
      <WalletStatusDialog
        wallet={pending}
        dp={dpOf(pending?.currency.code)}
        busy={pending !== null && busy === pending.id}
        onCancel={() => setPending(null)}
        onConfirm={(wallet, next, reason) => void change(wallet, next, reason)}
      />
    </ListScreen>
  );
}
