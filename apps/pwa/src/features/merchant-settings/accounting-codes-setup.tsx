import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import { MISSING_VALUE } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { ACCOUNT_KEYS, accountsSet, type AccountingConfig } from './accounting-config-form.ts';
import { AccountingConfigDialog } from './accounting-config-dialog.tsx';
import { useAccountingConfigs, useSettingsWallets } from './use-settings-data.ts';

interface Editing {
  wallet: { id: string; alias: string; currency: string };
  config: AccountingConfig | null;
}

/** 'Accounting codes setup' (merchant settings): each wallet's ledger code and currency pairs, editable. */
export function AccountingCodesSetup() {
  const { t } = useTranslation();
  const wallets = useSettingsWallets();
  const configs = useAccountingConfigs();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = wallets.data?.content ?? [];
  const byWallet = new Map((configs.data?.content ?? []).map((c) => [c.walletId, c]));

  return (
    <section className="flex flex-col gap-3" data-testid="accounting-codes-setup">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('merchantSettings.accountingIntro')}</p>
        <CachedAge updatedAt={configs.updatedAt} offline={configs.offline} refreshing={configs.refreshing} />
      </div>
      <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              <th className="px-4 py-2.5 text-start font-medium">{t('merchantSettings.columns.wallet')}</th>
              <th className="px-4 py-2.5 text-start font-medium">{t('merchantSettings.columns.currency')}</th>
              <th className="px-4 py-2.5 text-start font-medium">{t('merchantSettings.fields.ledgerCode')}</th>
              <th className="px-4 py-2.5 text-start font-medium">{t('merchantSettings.fields.ledgerCcy')}</th>
              <th className="px-4 py-2.5 text-start font-medium">{t('merchantSettings.columns.accounts')}</th>
              <th className="px-4 py-2.5" />
            </tr>
          </thead>
          <tbody className="divide-y">
            {(wallets.loading || configs.loading) &&
              [0, 1, 2].map((i) => (
                <tr key={i}>
                  <td colSpan={6} className="px-4 py-3">
                    <Skeleton className="h-5 w-full" />
                  </td>
                </tr>
              ))}
            {!wallets.loading && list.length === 0 && (
              <tr>
                <td colSpan={6} className="px-4 py-8 text-center text-muted-foreground">
                  {t('merchantSettings.noWallets')}
                </td>
              </tr>
            )}
            {!wallets.loading &&
              list.map((w) => {
                const config = byWallet.get(w.id) ?? null;
                return (
                  <tr key={w.id} data-testid="accounting-config-row" data-wallet-id={w.id} className="hover:bg-muted/30">
                    <td className="px-4 py-2.5 font-medium">{w.alias}</td>
                    <td className="px-4 py-2.5 font-mono">{w.currency.code}</td>
                    <td className="px-4 py-2.5 font-mono" data-testid="accounting-config-ledger-code">
                      {config?.ledgerCode ?? MISSING_VALUE}
                    </td>
                    <td className="px-4 py-2.5 font-mono">{config?.ledgerCcy ?? MISSING_VALUE}</td>
                    <td className="px-4 py-2.5 text-muted-foreground">
                      {t('merchantSettings.accountsSet', { set: accountsSet(config), total: ACCOUNT_KEYS.length })}
                    </td>
                    <td className="px-4 py-2.5 text-end">
                      <Button
                        variant="outline"
                        size="sm"
                        data-testid="accounting-config-edit"
                        disabled={configs.loading}
                        onClick={() => setEditing({ wallet: { id: w.id, alias: w.alias, currency: w.currency.code }, config })}
                      >
                        <Pencil aria-hidden />
                        {t(config ? 'merchantSettings.edit' : 'merchantSettings.setUp')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
      {editing && (
        <AccountingConfigDialog
          key={editing.wallet.id}
          wallet={editing.wallet}
          config={editing.config}
          open
          onOpenChange={(next) => {
            if (!next) setEditing(null);
          }}
          onSaved={() => void configs.refresh()}
        />
      )}
    </section>
  );
}
