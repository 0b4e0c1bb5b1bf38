import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { REQUEST_TABS, tabForSlug } from '@corridor/domain';
import type { TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { CreditRequestTable } from './credit-request-table.tsx';
import { RequestCreditDialog } from './request-credit-dialog.tsx';
import { useCreditCurrencies, useCreditWallets } from './use-credit-data.ts';

/** 'overview' -> 'merchantCredit.tabs.overview', 'in-verification' -> '...inVerification'. */
function tabKey(slug: string): string {
  return `merchantCredit.tabs.${slug.replace(/-([a-z])/g, (_m: string, c: string) => c.toUpperCase())}`;
}

/** merchant/transactions/credit-request: the merchant's credit requests by status, and 'Request credit'. */
export function CreditRequestsScreen({ route, tab }: { route: TableSearchRoute; tab: string | undefined }) {
  const { t } = useTranslation();
  const current = tabForSlug(REQUEST_TABS, tab);
  const wallets = useCreditWallets();
  const currencies = useCreditCurrencies();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(0);
  const walletList = wallets.data?.content ?? [];

  return (
    <div className="flex flex-col gap-5" data-testid="credit-requests-screen">
      <PageHeader
        title={t('merchantCredit.title')}
        description={t('merchantCredit.subtitle')}
        actions={
          <Button data-testid="credit-request-new" onClick={() => setOpen(true)} disabled={walletList.length === 0}>
            <Plus aria-hidden />
            {t('merchantCredit.new')}
          </Button>
        }
      />
      <nav className="flex gap-1 overflow-x-auto border-b" aria-label={t('merchantCredit.statusTabs')}>
        {REQUEST_TABS.map((def) => (
          <Link
            key={def.slug}
            to="/merchant/transactions/credit-request"
            search={{ tab: def.slug }}
            data-testid={`credit-tab-${def.slug}`}
            aria-current={def.slug === current.slug ? 'page' : undefined}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              def.slug === current.slug
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
            )}
          >
            {t(tabKey(def.slug))}
          </Link>
        ))}
      </nav>
      <CreditRequestTable
        route={route}
        tabStatus={current.status}
        wallets={walletList}
        currencies={currencies.data ?? []}
        tableKey="merchant-credit-requests"
        refreshToken={created}
      />
      <RequestCreditDialog
        open={open}
        onOpenChange={setOpen}
        wallets={walletList}
        currencies={currencies.data ?? []}
        onCreated={() => setCreated((n) => n + 1)}
      />
    </div>
  );
}
