import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { CreditRequestForm } from './credit-request-form.ts';
import type { CreditWallet } from './credit-request-types.ts';

/** Only digits and one dot may be typed (spec 5 amount input). */
const AMOUNT_TYPING = /^\d*\.?\d*$/;

/** The Request credit fields: wallet, amount, currency (the wallet's), validity and remarks. */
export function RequestCreditFields({ wallets, fixedWallet, dp }: { wallets: readonly CreditWallet[]; fixedWallet: boolean; dp: number }) {
  const { t } = useTranslation();
  const { setValue, watch, formState } = useFormContext<CreditRequestForm>();
  const validFrom = watch('validFrom');
  const validTo = watch('validTo');
  return (
    <>
      <FormField<CreditRequestForm, 'walletId'>
        name="walletId"
        id="credit-wallet"
        label={t('merchantCredit.fields.wallet')}
        render={(field) => (
          <NativeSelect
            {...field}
            data-testid="credit-request-wallet"
            disabled={fixedWallet}
            placeholder={t('merchantCredit.fields.chooseWallet')}
            choices={wallets.map((w) => ({ value: w.id, label: `${w.alias} (${w.currency.code})` }))}
            onChange={(e) => {
              field.onChange(e.target.value);
              const wallet = wallets.find((w) => w.id === e.target.value);
              setValue('currency', wallet?.currency.code ?? '', { shouldValidate: formState.isSubmitted });
            }}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField<CreditRequestForm, 'amount'>
          name="amount"
          id="credit-amount"
          label={t('merchantCredit.fields.amount')}
          messageParams={{ dp }}
          render={(field) => (
            <Input
              {...field}
              data-testid="credit-request-amount"
              inputMode="decimal"
              placeholder="0.00"
              dir="ltr"
              onChange={(e) => AMOUNT_TYPING.test(e.target.value) && field.onChange(e.target.value)}
            />
          )}
        />
        <FormField<CreditRequestForm, 'currency'>
          name="currency"
          id="credit-currency"
          label={t('merchantCredit.fields.currency')}
          render={(field) => <Input {...field} data-testid="credit-request-currency" readOnly className="font-mono" />}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<CreditRequestForm, 'validFrom'>
          name="validFrom"
          id="credit-valid-from"
          label={t('merchantCredit.fields.validFrom')}
          render={(field) => <Input {...field} type="date" data-testid="credit-request-valid-from" max={validTo || undefined} />}
        />
        <FormField<CreditRequestForm, 'validTo'>
          name="validTo"
          id="credit-valid-to"
          label={t('merchantCredit.fields.validTo')}
          render={(field) => <Input {...field} type="date" data-testid="credit-request-valid-to" min={validFrom || undefined} />}
        />
      </div>
      <FormField<CreditRequestForm, 'remarks'>
        name="remarks"
        id="credit-remarks"
        label={t('merchantCredit.fields.remarks')}
        render={(field) => <textarea {...field} rows={3} data-testid="credit-request-remarks" className={TEXTAREA_CLASS} />}
      />
    </>
  );
}
