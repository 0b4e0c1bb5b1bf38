import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ApiError } from '@corridor/api';
import { FormMessage } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { AccountingConfigFields } from './accounting-config-fields.tsx';
import {
  accountingConfigForm,
  accountingConfigSchema,
  type AccountingConfig,
  type AccountingConfigBody,
  type AccountingConfigForm,
} from './accounting-config-form.ts';

interface AccountingConfigDialogProps {
  wallet: { id: string; alias: string; currency: string };
  config: AccountingConfig | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** Edits one wallet's ledger code and currency pairs; Save posts the accounting config (create or update). */
export function AccountingConfigDialog(props: AccountingConfigDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('merchantSettings.dialog.close')} className="sm:max-w-2xl" data-testid="accounting-config-dialog">
        <DialogHeader>
          <DialogTitle>{t('merchantSettings.dialog.title', { wallet: props.wallet.alias })}</DialogTitle>
          <DialogDescription>{t('merchantSettings.dialog.description')}</DialogDescription>
        </DialogHeader>
        <AccountingConfigEditor {...props} />
      </DialogContent>
    </Dialog>
  );
}

function AccountingConfigEditor({ wallet, config, onOpenChange, onSaved }: AccountingConfigDialogProps) {
  const { t } = useTranslation();
  const form = useForm<AccountingConfigForm, unknown, AccountingConfigBody>({
    resolver: zodResolver(accountingConfigSchema(wallet.id)),
    defaultValues: accountingConfigForm(config, wallet.currency),
  });
  const save = form.handleSubmit(async (body) => {
    try {
      await api.call<'merchantAccounting.upsert'>('merchantAccounting.upsert', { body });
      notify({ type: 'success', i18nMessage: 'merchantSettings.saved', messageParams: { wallet: wallet.alias } });
      onSaved();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        const message = error.invalidParameters.map((p) => `${p.parameter}: ${p.message}`).join('; ') || error.message;
        form.setError('root.server', { message });
      }
    }
  });
  const serverError = form.formState.errors.root?.server?.message;
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void save(e)} noValidate>
        <AccountingConfigFields />
        {serverError && <FormMessage>{serverError}</FormMessage>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('merchantSettings.dialog.cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting} data-testid="accounting-config-save">
            {form.formState.isSubmitting && <Loader2 className="animate-spin" aria-hidden />}
            {t('merchantSettings.dialog.save')}
          </Button>
        </DialogFooter>
      </form>
    </FormProvider>
  );
}
