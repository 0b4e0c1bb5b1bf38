import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ApiError } from '@corridor/api';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import {
  ACCOUNT_KEYS,
  REQUIRED_ACCOUNT,
  accountingConfigBodyOf,
  accountingConfigForm,
  validateAccountingConfig,
  type AccountKey,
  type AccountingConfig,
  type AccountingConfigErrors,
  type AccountingConfigForm,
} from './accounting-config-form.ts';

/** Edits one wallet's ledger code and currency pairs; Save posts the accounting config (create or update). */
export function AccountingConfigDialog({ wallet, config, open, onOpenChange, onSaved }: {
  wallet: { id: string; alias: string; currency: string };
  config: AccountingConfig | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AccountingConfigForm>(() => accountingConfigForm(config, wallet.currency));
  const [errors, setErrors] = useState<AccountingConfigErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const setAccount = (key: AccountKey, patch: Partial<AccountingConfigForm['accounts'][AccountKey]>) =>
    setForm((f) => ({ ...f, accounts: { ...f.accounts, [key]: { ...f.accounts[key], ...patch } } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccountingConfig(form);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.call<'merchantAccounting.upsert'>('merchantAccounting.upsert', { body: accountingConfigBodyOf(wallet.id, form) });
      notify({ type: 'success', i18nMessage: 'merchantSettings.saved', messageParams: { wallet: wallet.alias } });
      onSaved();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        setServerError(error.invalidParameters.map((p) => `${p.parameter}: ${p.message}`).join('; ') || error.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const err = (key: keyof AccountingConfigErrors) => (errors[key] ? t(`merchantSettings.errors.${errors[key]}`) : undefined);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('merchantSettings.dialog.close')} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="accounting-config-dialog">
        <DialogHeader>
          <DialogTitle>{t('merchantSettings.dialog.title', { wallet: wallet.alias })}</DialogTitle>
          <DialogDescription>{t('merchantSettings.dialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-[1fr_7rem]">
            <div className="grid gap-1.5">
              <Label htmlFor="ledger-code">{t('merchantSettings.fields.ledgerCode')}</Label>
              <Input id="ledger-code" data-testid="accounting-ledger-code" className="font-mono" value={form.ledgerCode} aria-invalid={err('ledgerCode') ? true : undefined} onChange={(e) => setForm((f) => ({ ...f, ledgerCode: e.target.value }))} />
              {err('ledgerCode') && <p className="text-xs text-destructive">{err('ledgerCode')}</p>}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="ledger-ccy">{t('merchantSettings.fields.ledgerCcy')}</Label>
              <Input id="ledger-ccy" data-testid="accounting-ledger-ccy" className="font-mono uppercase" maxLength={3} value={form.ledgerCcy} aria-invalid={err('ledgerCcy') ? true : undefined} onChange={(e) => setForm((f) => ({ ...f, ledgerCcy: e.target.value.toUpperCase() }))} />
              {err('ledgerCcy') && <p className="text-xs text-destructive">{err('ledgerCcy')}</p>}
            </div>
          </div>
          <table className="w-full text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th className="pb-2 text-start font-medium">{t('merchantSettings.fields.account')}</th>
                <th className="pb-2 text-start font-medium">{t('merchantSettings.fields.ledgerCode')}</th>
                <th className="w-24 pb-2 text-start font-medium">{t('merchantSettings.fields.ledgerCcy')}</th>
              </tr>
            </thead>
            <tbody>
              {ACCOUNT_KEYS.map((key) => {
                const codeError = err(`${key}.ledgerCode`);
                const ccyError = err(`${key}.ledgerCcy`);
                return (
                  <tr key={key} className="align-top" data-testid={`accounting-edit-${key}`}>
                    <td className="py-1 pe-3 pt-3">
                      {t(`merchantSettings.accounts.${key}`)}
                      {key === REQUIRED_ACCOUNT && <span className="text-destructive"> *</span>}
                    </td>
                    <td className="py-1 pe-2">
                      <Input aria-label={`${t(`merchantSettings.accounts.${key}`)} ${t('merchantSettings.fields.ledgerCode')}`} className="font-mono" value={form.accounts[key].ledgerCode} aria-invalid={codeError ? true : undefined} onChange={(e) => setAccount(key, { ledgerCode: e.target.value })} />
                      {codeError && <p className="text-xs text-destructive">{codeError}</p>}
                    </td>
                    <td className="py-1">
                      <Input aria-label={`${t(`merchantSettings.accounts.${key}`)} ${t('merchantSettings.fields.ledgerCcy')}`} className="font-mono uppercase" maxLength={3} value={form.accounts[key].ledgerCcy} aria-invalid={ccyError ? true : undefined} onChange={(e) => setAccount(key, { ledgerCcy: e.target.value.toUpperCase() })} />
                      {ccyError && <p className="text-xs text-destructive">{ccyError}</p>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {serverError && <p className="text-sm text-destructive" role="alert">{serverError}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('merchantSettings.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={saving} data-testid="accounting-config-save">
              {saving && <Loader2 className="animate-spin" aria-hidden />}
              {t('merchantSettings.dialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
