import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import type { Wallet, WalletCurrency } from '@/components/wallets/wallet-types.ts';
import { AMOUNT_TYPING, type PaymentFormValues } from './payment-form-schema.ts';
import { SECTION_CLASS } from './form-controls.ts';

type Values = PaymentFormValues;

/**
 * Source wallet, amount-with-currency (spec 5: digits and one dot, decimals by currency, placeholder
 * 0.00; the currency is the wallet's) and the currency the beneficiary receives.
 */
export function SourceSection({
  wallets,
  currencies,
  dp,
  showMerchant,
}: {
  wallets: Wallet[];
  currencies: WalletCurrency[];
  dp: number;
  showMerchant: boolean;
}) {
  const { t } = useTranslation();
  const { setValue, watch } = useFormContext<Values>();
  const sendCurrency = watch('sendCurrency');
  return (
    <section className={SECTION_CLASS} aria-labelledby="payment-source-title">
      <h2 id="payment-source-title" className="font-semibold">
        {t('paymentForm.sections.source')}
      </h2>
      <FormField<Values, 'walletId'>
        name="walletId"
        id="payment-wallet"
        label={t('paymentForm.fields.wallet')}
        render={(field) => (
          <NativeSelect
            {...field}
            data-testid="payment-wallet"
            placeholder={t('paymentForm.fields.chooseWallet')}
            choices={wallets.map((w) => ({
              value: w.id,
              label: `${showMerchant && w.merchantService ? `${w.merchantService.name} · ` : ''}${w.alias} (${w.currency.code})`,
            }))}
            onChange={(e) => {
              field.onChange(e.target.value);
              const wallet = wallets.find((w) => w.id === e.target.value);
              setValue('sendCurrency', wallet?.currency.code ?? '');
            }}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField<Values, 'sendAmount'>
          name="sendAmount"
          id="payment-amount"
          label={t('paymentForm.fields.amount')}
          messageParams={{ dp }}
          render={(field) => (
            <div className="flex items-center gap-2" dir="ltr">
              <Input
                {...field}
                data-testid="payment-amount"
                inputMode="decimal"
                placeholder="0.00"
                className="text-end tabular-nums"
                onChange={(e) => AMOUNT_TYPING.test(e.target.value) && field.onChange(e.target.value)}
              />
              <span className="w-12 font-mono text-sm text-muted-foreground" data-testid="payment-send-currency">
                {sendCurrency || '---'}
              </span>
            </div>
          )}
        />
        <FormField<Values, 'receiveCurrency'>
          name="receiveCurrency"
          id="payment-receive-currency"
          label={t('paymentForm.fields.receiveCurrency')}
          render={(field) => (
            <NativeSelect
              {...field}
              data-testid="payment-receive-currency"
              placeholder={t('paymentForm.fields.chooseCurrency')}
              choices={currencies.map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }))}
            />
          )}
        />
      </div>
    </section>
  );
}
