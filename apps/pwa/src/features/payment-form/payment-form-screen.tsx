import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { decimalsOf } from '@corridor/domain';
import type { QuoteRole } from '@corridor/state-machines';
import { quoteBlock } from '@/components/fx-panel/quote-steps.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { notify } from '@/lib/notifications.ts';

import { BeneficiarySection } from './beneficiary-section.tsx';
import { DetailsSection } from './details-section.tsx';
import { PaymentActions } from './payment-actions.tsx';
import { quoteWaitOf } from './payment-form-schema.ts';
import { PaymentFx } from './payment-fx.tsx';
import { SourceSection } from './source-section.tsx';
import { useBeneficiaries, usePaymentCurrencies, usePaymentWallets } from './use-payment-data.ts';
import { usePaymentDraft, type PaymentDraftOptions } from './use-payment-draft.ts';

export interface PaymentFormScreenProps {
  role: QuoteRole;
  /** Where the list of payments is (the page's back link). */
  listPath: string;
  /** Opens the payment once the server has it. */
  onSubmitted: (payment: { id: string; status: string }) => void;
  submit?: PaymentDraftOptions['submit'];
}

/**
 * New payment (spec 1, sections 2, 4 and 5): source wallet and amount, beneficiary, purpose and
 * message, and for a cross-currency payment the FX panel with its quote. A merchant pays from its
 * own wallets; a TSP from one of its merchants' wallets, on that merchant's behalf.
 */
export function PaymentFormScreen({ role, listPath, onSubmitted, submit }: PaymentFormScreenProps) {
  const { t } = useTranslation();
  const currencies = usePaymentCurrencies(role).data ?? [];
  const dpOf = (code: string) => decimalsOf(currencies.find((c) => c.code === code) ?? null);
  const wallets = (usePaymentWallets(role).data?.content ?? []).filter((w) => w.status === 'ACTIVE');
  const draft = usePaymentDraft({ role, dpOf, ...(submit ? { submit } : {}) });
  const { form, quote, state, submitted, outboxItem, outboxPaused } = draft;
  const [walletId, sendAmount, sendCurrency, receiveCurrency] = form.watch(['walletId', 'sendAmount', 'sendCurrency', 'receiveCurrency']);
  // What the quote waits for, from the form as typed (watched whole: any field may be the one missing).
  const waitingFor = quoteWaitOf(form.watch(), dpOf);
  const merchantId = wallets.find((w) => w.id === walletId)?.merchantServiceId ?? '';
  const beneficiaries = useBeneficiaries(role, merchantId).data?.content ?? [];

  useEffect(() => {
    if (!submitted) return;
    notify({ type: 'success', i18nMessage: submitted.status === 'DRAFTED' ? 'paymentForm.drafted' : 'paymentForm.sent', messageParams: { id: submitted.id } });
    onSubmitted(submitted);
  }, [submitted, onSubmitted]);

  // Send is off while the quote cannot price the payment; its label names what to do instead.
  const blocked = quoteBlock(quote.view.status);
  const blockedBy = draft.crossCurrency && (blocked === 'expired' || blocked === 'feeEditing' || blocked === 'failed') ? blocked : null;
  return (
    <div className="mx-auto grid max-w-6xl gap-4 p-4" data-testid="payment-form">
      <PageHeader title={t('paymentForm.title')} description={t(role === 'TSP' ? 'paymentForm.subtitleTsp' : 'paymentForm.subtitle')} back={listPath} />
      <FormProvider {...form}>
        <form className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]" noValidate onSubmit={(e) => e.preventDefault()}>
          <div className="grid min-w-0 gap-4">
            <SourceSection wallets={wallets} currencies={currencies} dp={dpOf(sendCurrency)} showMerchant={role === 'TSP'} />
            <BeneficiarySection beneficiaries={beneficiaries} />
            <DetailsSection />
          </div>
          {/* Below the 56 px top bar (top-14) with the page's gap. */}
          <div className="grid min-w-0 gap-4 lg:sticky lg:top-18">
            {draft.crossCurrency && (
              <PaymentFx
                role={role}
                quote={quote}
                online={draft.online}
                send={{ amount: sendAmount, currency: sendCurrency }}
                target={receiveCurrency}
                dpOf={dpOf}
                waitingFor={waitingFor}
              />
            )}
            <PaymentActions
              state={state}
              error={draft.error}
              blockedBy={blockedBy}
              onSend={draft.send('initiate')}
              onSaveDraft={draft.send('draft')}
              queued={outboxItem ? { savedAt: outboxItem.createdAt, paused: outboxPaused } : null}
            />
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
