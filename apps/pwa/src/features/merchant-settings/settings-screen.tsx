import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { MERCHANT_SETTINGS_TABS, tabForSlug } from '@corridor/domain';
import { PageHeader } from '@/components/page-header.tsx';
import { cn } from '@/lib/cn.ts';
import { AccountingCodesSetup } from './accounting-codes-setup.tsx';

/** merchant/settings (spec 2 "Merchant settings: accounting codes setup"). */
export function SettingsScreen({ tab }: { tab: string | undefined }) {
  const { t } = useTranslation();
  const current = tabForSlug(MERCHANT_SETTINGS_TABS, tab);
  return (
    <div className="flex flex-col gap-5" data-testid="merchant-settings-screen">
      <PageHeader title={t('merchantSettings.title')} description={t('merchantSettings.subtitle')} />
      <nav className="flex gap-1 border-b" aria-label={t('merchantSettings.title')}>
        {MERCHANT_SETTINGS_TABS.map((def) => (
          <Link
            key={def.slug}
            to="/merchant/settings"
            search={{ tab: def.slug }}
            data-testid={`settings-tab-${def.slug}`}
            aria-current={def.slug === current.slug ? 'page' : undefined}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              def.slug === current.slug ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t('merchantSettings.tabs.accountingCodesSetup')}
          </Link>
        ))}
      </nav>
      {current.slug === 'accounting-codes-setup' && <AccountingCodesSetup />}
    </div>
  );
}
