import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { MESSAGE_MAX, type PaymentFormValues } from './payment-form-schema.ts';
import { SECTION_CLASS } from './form-controls.ts';

type Values = PaymentFormValues;

/** Purpose of the payment and the message to the beneficiary (up to 140 characters, counted as typed). */
export function DetailsSection() {
  const { t } = useTranslation();
  const length = useFormContext<Values>().watch('message').length;
  return (
    <section className={SECTION_CLASS} aria-labelledby="payment-details-title">
      <h2 id="payment-details-title" className="font-semibold">
        {t('paymentForm.sections.details')}
      </h2>
      <FormField<Values, 'purpose'>
        name="purpose"
        id="payment-purpose"
        label={t('paymentForm.fields.purpose')}
        render={(field) => <Input {...field} data-testid="payment-purpose" maxLength={100} />}
      />
      <FormField<Values, 'message'>
        name="message"
        id="payment-message"
        label={t('paymentForm.fields.message')}
        messageParams={{ max: MESSAGE_MAX }}
        render={(field) => <textarea {...field} rows={3} data-testid="payment-message" className={TEXTAREA_CLASS} />}
      />
      <p className="-mt-2 text-end text-xs text-muted-foreground tabular-nums" data-testid="payment-message-count">
        <span dir="ltr">{t('paymentForm.fields.messageCount', { count: length, max: MESSAGE_MAX })}</span>
      </p>
    </section>
  );
}
