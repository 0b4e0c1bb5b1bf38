import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header.tsx';
import { cn } from '@/lib/cn.ts';
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
      <nav className="flex gap-1 overflow-x-auto border-b" aria-label={t('spWallet.title')}>
        {SP_WALLET_TABS.map((slug) => (
          <Link
            key={slug}
            to={TAB_PATHS[slug]}
            data-testid={`sp-wallet-tab-${slug}`}
            aria-current={slug === tab ? 'page' : undefined}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              slug === tab
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
            )}
          >
            {t(TAB_LABELS[slug])}
          </Link>
        ))}
      </nav>
      {children}
    </div>
  );
}
