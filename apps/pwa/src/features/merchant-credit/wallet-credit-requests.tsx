import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Button } from '@/components/ui/button.tsx';
import { CreditRequestTable } from './credit-request-table.tsx';
import { RequestCreditDialog } from './request-credit-dialog.tsx';
import { useCreditCurrencies, useCreditWallets } from './use-credit-data.ts';

/** A wallet's credit requests (wallet detail, credit tab), with 'Request credit' for that wallet. */
export function WalletCreditRequests({ route, walletId }: { route: TableSearchRoute; walletId: string }) {
  const { t } = useTranslation();
  const wallets = useCreditWallets();
  const currencies = useCreditCurrencies();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(0);
  const walletList = wallets.data?.content ?? [];
  return (
    <section className="flex flex-col gap-3" data-testid="wallet-credit-requests">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{t('merchantCredit.walletRequests')}</h2>
        <Button size="sm" data-testid="credit-request-new" onClick={() => setOpen(true)} disabled={!walletList.some((w) => w.id === walletId)}>
          <Plus aria-hidden />
          {t('merchantCredit.new')}
        </Button>
      </div>
      <CreditRequestTable
        route={route}
        tabStatus="OVERVIEW"
        walletId={walletId}
        wallets={walletList}
        currencies={currencies.data ?? []}
        tableKey={`merchant-wallet-credit-${walletId}`}
        refreshToken={created}
      />
      <RequestCreditDialog
        open={open}
        onOpenChange={setOpen}
        wallets={walletList}
        currencies={currencies.data ?? []}
        fixedWalletId={walletId}
        onCreated={() => setCreated((n) => n + 1)}
      />
    </section>
  );
}
