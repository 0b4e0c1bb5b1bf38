import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { SP_WALLET_TABS, type SpWalletTab } from './sp-wallet-types.ts';

const TAB_PATHS = {
  'wallet-list': '/service-provider/wallet/wallet-list',
  cashflow: '/service-provider/wallet/cashflow',
  network: '/service-provider/wallet/network',
  rules: '/service-provider/wallet/rules',
} as const satisfies Record<SpWalletTab, string>;

const TAB_LABELS: Record<SpWalletTab, string> = {
  'wallet-list': 'spWallet.tabs.walletList',
  cashflow: 'spWallet.tabs.cashflow',
  network: 'spWallet.tabs.network',
  rules: 'spWallet.tabs.rules',
};

/** The TSP's Wallet section: header and the tabs of the Wallet menu's sub-entries (spec 2). */
export function SpWalletPage({ tab, count, children }: { tab: SpWalletTab; count?: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="sp-wallet-page">
      <PageHeader title={t('spWallet.title')} count={count} description={t('spWallet.subtitle')} />
      <TabNav label={t('spWallet.title')}>
        {SP_WALLET_TABS.map((slug) => (
          <Link
            key={slug}
            to={TAB_PATHS[slug]}
            data-testid={`sp-wallet-tab-${slug}`}
            aria-current={slug === tab ? 'page' : undefined}
            className={tabLinkClass(slug === tab)}
          >
            {t(TAB_LABELS[slug])}
          </Link>
        ))}
      </TabNav>
      {children}
    </div>
  );
}
