import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { formatAmount, MISSING_VALUE } from '@corridor/domain';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { CurrencyBadge } from './currency-badge.tsx';
import type { Wallet } from './wallet-types.ts';

/** The mini wallet details card (spec 2): alias, currency code, bank and balance; opens the wallet. */
export function MiniWalletCard({ wallet, dp }: { wallet: Wallet; dp: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/merchant/wallet/$walletId"
      params={{ walletId: wallet.id }}
      data-testid="wallet-card"
      data-wallet-id={wallet.id}
      data-currency={wallet.currency.code}
      className="group flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs transition hover:border-primary/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="truncate font-medium" data-testid="wallet-card-alias" title={wallet.alias}>
            {wallet.alias}
          </p>
          <p className="truncate text-xs text-muted-foreground" data-testid="wallet-card-bank">
            {wallet.bank?.name ?? MISSING_VALUE}
          </p>
        </div>
        <CurrencyBadge code={wallet.currency.code} />
      </div>
      <div className="flex items-end justify-between gap-2">
        <div>
          <p className="text-xs text-muted-foreground">{t('merchantWallets.summary.balance')}</p>
          <p className="text-xl font-semibold tabular-nums" dir="ltr" data-testid="wallet-card-balance">
            {formatAmount(wallet.position?.balance.amount, dp)}
            <span className="ms-1 text-xs font-normal text-muted-foreground">{wallet.currency.code}</span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusCell status={wallet.status} />
          <ChevronRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 rtl:rotate-180" aria-hidden />
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        {t(`merchantWallets.type.${wallet.type}`)} · <bdi dir="ltr">{wallet.walletAccountNumber ?? MISSING_VALUE}</bdi>
      </p>
    </Link>
  );
}
