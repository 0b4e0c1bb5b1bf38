import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import { accountingConfigAccounts } from '@corridor/api';
import { MISSING_VALUE } from '@corridor/domain';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { EmptyWalletPlaceholder } from './empty-wallet-placeholder.tsx';
import { useWalletAccountingConfig } from './wallet-queries.ts';
import type { AccountingConfig } from './wallet-types.ts';

type AccountKey = keyof typeof accountingConfigAccounts;
const ACCOUNT_KEYS = Object.keys(accountingConfigAccounts) as AccountKey[];

function pairOf(config: AccountingConfig, key: AccountKey): { ledgerCode: string; ledgerCcy: string } | undefined {
  return config[key] ?? undefined;
}

/** Accounting code tab: the wallet's ledger code and currency per account (read-only; edited in settings). */
export function AccountingCodeTab({ walletId }: { walletId: string }) {
  const { t } = useTranslation();
  const config = useWalletAccountingConfig(walletId);
  if (config.loading) return <Skeleton className="h-64 rounded-xl" />;
  const data = config.data;
  if (!data) {
    return (
      <EmptyWalletPlaceholder
        icon={<BookOpen className="size-6" aria-hidden />}
        title={t('merchantWallets.accounting.emptyTitle')}
        description={t('merchantWallets.accounting.emptyDescription')}
        action={{ label: t('merchantWallets.accounting.setUp'), to: '/merchant/settings' }}
      />
    );
  }
  return (
    <section className="flex flex-col gap-3" data-testid="accounting-code-tab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {t('merchantWallets.accounting.ledger')}: <span className="font-mono font-medium text-foreground">{data.ledgerCode}</span> ·{' '}
          <span className="font-mono">{data.ledgerCcy}</span>
        </p>
        <div className="flex items-center gap-3">
          <CachedAge updatedAt={config.updatedAt} offline={config.offline} refreshing={config.refreshing} />
          <Link to="/merchant/settings" className="text-sm font-medium text-primary hover:underline">
            {t('merchantWallets.accounting.edit')}
          </Link>
        </div>
      </div>
      <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th className="px-4 py-2 text-start font-medium">{t('merchantWallets.accounting.account')}</th>
              <th className="px-4 py-2 text-start font-medium">{t('merchantWallets.accounting.ledgerCode')}</th>
              <th className="px-4 py-2 text-start font-medium">{t('merchantWallets.accounting.ledgerCcy')}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {ACCOUNT_KEYS.map((key) => {
              const pair = pairOf(data, key);
              return (
                <tr key={key} data-testid={`accounting-row-${key}`}>
                  <td className="px-4 py-2">{t(`merchantWallets.accounts.${key}`)}</td>
                  <td className="px-4 py-2 font-mono">{pair?.ledgerCode ?? MISSING_VALUE}</td>
                  <td className="px-4 py-2 font-mono">{pair?.ledgerCcy ?? MISSING_VALUE}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
