import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import type { CreditCurrency, CreditRequest, CreditWallet } from './credit-request-types.ts';
import { RequestCreditFields } from './request-credit-fields.tsx';
import { useRequestCreditForm } from './use-request-credit-form.ts';

interface RequestCreditProps {
  wallets: readonly CreditWallet[];
  currencies: readonly CreditCurrency[];
  /** Opened from a wallet: the wallet is chosen and cannot change. */
  fixedWalletId?: string;
  onCreated: (request: CreditRequest) => void;
}

/**
 * 'Request credit' (credit request POST). The form lives inside the dialog's content, so every
 * opening starts from a fresh form.
 */
export function RequestCreditDialog({ open, onOpenChange, ...props }: RequestCreditProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('merchantCredit.dialog.close')} data-testid="credit-request-dialog" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('merchantCredit.dialog.title')}</DialogTitle>
          <DialogDescription>{t('merchantCredit.dialog.description')}</DialogDescription>
        </DialogHeader>
        <RequestCreditForm {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RequestCreditForm({ onClose, ...props }: RequestCreditProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const { form, send, sending, dp } = useRequestCreditForm(props);
  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) onClose();
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <RequestCreditFields wallets={props.wallets} fixedWallet={props.fixedWalletId !== undefined} dp={dp} />
        <FormActions
          cancel={t('merchantCredit.dialog.cancel')}
          submit={t('merchantCredit.dialog.submit')}
          busy={sending}
          onCancel={onClose}
          testIds={{ submit: 'credit-request-submit' }}
        />
      </form>
    </FormProvider>
  );
}
