import type { ReactElement } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { settlementResult } from '@corridor/api';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField, TEXTAREA_CLASS, type FieldControlProps } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect, type SelectChoice } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useCreateForm } from '@/shared/form/use-create-form.ts';
import { MISC_SERVER_FIELDS, emptyMiscPaymentForm, miscPaymentFormSchema, type MiscPaymentBody, type MiscPaymentForm } from './misc-payment-form.ts';

type Posted = z.output<typeof settlementResult>;

/** A wallet the payment can move money in or out of. */
interface WalletChoice {
  id: string;
  alias: string;
  currency: string;
}

interface NewMiscPaymentProps {
  wallets: readonly WalletChoice[];
  fundingParties: readonly SelectChoice[];
  purposes: readonly SelectChoice[];
  dpOf: (currency: string) => number;
  onCreated: (posted: Posted) => void;
}

/** 'New miscellaneous payment' (POST payment/misc). The form lives in the content, so each opening starts fresh. */
export function NewMiscPaymentDialog({ open, onOpenChange, ...props }: NewMiscPaymentProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('spMiscPayments.dialog.close')} data-testid="misc-payment-dialog" className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('spMiscPayments.dialog.title')}</DialogTitle>
          <DialogDescription>{t('spMiscPayments.dialog.description')}</DialogDescription>
        </DialogHeader>
        <NewMiscPaymentForm {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function NewMiscPaymentForm({ wallets, fundingParties, purposes, dpOf, onCreated, onClose }: NewMiscPaymentProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const currencyOf = (id: string) => wallets.find((w) => w.id === id)?.currency;
  const { form, send, sending } = useCreateForm<MiscPaymentForm, MiscPaymentBody, Posted>({
    resolver: zodResolver(miscPaymentFormSchema(currencyOf, dpOf)),
    defaultValues: emptyMiscPaymentForm,
    serverFields: MISC_SERVER_FIELDS,
    // One key per payment the user means: a lost answer sent again posts nothing twice.
    create: (body, idempotencyKey) => api.call<'settlements.miscPayment'>('settlements.miscPayment', { body, idempotencyKey }),
    onCreated: (posted) => {
      notify({ type: 'success', i18nMessage: 'spMiscPayments.created', messageParams: { id: posted.settlementTransactionId } });
      onCreated(posted);
    },
  });
  const walletId = form.watch('spWalletId');
  const currency = currencyOf(walletId);
  const submit = form.handleSubmit(async (body) => {
    if (await send(body)) onClose();
  });
  const field = <N extends keyof MiscPaymentForm>(
    name: N,
    render: (f: FieldControlProps<MiscPaymentForm, N>) => ReactElement,
    params?: Record<string, unknown>,
  ) => (
    <FormField<MiscPaymentForm, N>
      name={name}
      id={`misc-${name}`}
      label={t(`spMiscPayments.fields.${name}`)}
      {...(params ? { messageParams: params } : {})}
      render={render}
    />
  );
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        {field('spWalletId', (f) => (
          <NativeSelect
            {...f}
            data-testid="misc-spWalletId"
            placeholder={t('spMiscPayments.fields.chooseWallet')}
            choices={wallets.map((w) => ({ value: w.id, label: `${w.alias} (${w.currency})` }))}
          />
        ))}
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          {field('direction', (f) => (
            <NativeSelect
              {...f}
              data-testid="misc-direction"
              choices={(['OUT', 'IN'] as const).map((d) => ({ value: d, label: t(`spMiscPayments.directions.${d}`) }))}
            />
          ))}
          {field(
            'amount',
            (f) => (
              <div className="flex items-center gap-2">
                <Input {...f} data-testid="misc-amount" dir="ltr" inputMode="decimal" autoComplete="off" placeholder="0.00" className="tabular-nums" />
                <span className="text-sm text-muted-foreground" data-testid="misc-currency">
                  {currency ?? '—'}
                </span>
              </div>
            ),
            { dp: currency ? dpOf(currency) : 8 },
          )}
        </div>
        {field('fundingPartyId', (f) => (
          <NativeSelect {...f} data-testid="misc-fundingPartyId" placeholder={t('spMiscPayments.fields.choose')} choices={fundingParties} />
        ))}
        {field('purpose', (f) => (
          <NativeSelect {...f} data-testid="misc-purpose" placeholder={t('spMiscPayments.fields.choose')} choices={purposes} />
        ))}
        {field('remarks', (f) => (
          <textarea {...f} data-testid="misc-remarks" className={TEXTAREA_CLASS} maxLength={255} />
        ))}
        <FormActions
          cancel={t('spMiscPayments.dialog.cancel')}
          submit={t('spMiscPayments.dialog.submit')}
          busy={sending}
          onCancel={onClose}
          testIds={{ submit: 'misc-submit' }}
        />
      </form>
    </FormProvider>
  );
}
