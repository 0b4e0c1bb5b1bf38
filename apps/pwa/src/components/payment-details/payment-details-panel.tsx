import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { MISSING_VALUE, formatAmount, formatDate } from '@corridor/domain';
import { LongId } from '@/components/long-id.tsx';
import { cn } from '@/lib/cn.ts';
import { receiveAmountOf, type PaymentFeeLine, type PaymentView } from './payment-view.ts';

export interface PaymentDetailsPanelProps {
  payment: PaymentView;
  viewer: 'MERCHANT' | 'TSP';
  /** The quote's charges (OUR, BEN, REBATE); null while unknown (no quote, or not loaded). */
  fees: readonly PaymentFeeLine[] | null;
  dpOf: (currency: string) => number;
}

/** An amount with its currency, isolated so a right-to-left page keeps "1,000.00 USD" in order. */
function Money({ amount, currency, dp, testId }: { amount: string | null; currency: string; dp: number; testId?: string }) {
  return (
    <bdi dir="ltr" className="tabular-nums" data-testid={testId}>
      {amount === null ? MISSING_VALUE : `${formatAmount(amount, dp)} ${currency}`}
    </bdi>
  );
}

function Row({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      {/* min-w-0: a long wallet number wraps inside the row rather than widening a phone's page. */}
      <dd className="min-w-0 text-end text-sm font-medium">{children}</dd>
    </div>
  );
}

/**
 * Spec 1 "Payment details panel": target and source amounts, value date, the settlement wallet with its
 * details behind a toggle, the Fee section (Our, Ben, Rebate) that opens, and the exchange rate. The title
 * line shows the TSP the target amount and the merchant what its beneficiary receives.
 */
export function PaymentDetailsPanel({ payment, viewer, fees, dpOf }: PaymentDetailsPanelProps) {
  const { t } = useTranslation();
  const [walletOpen, setWalletOpen] = useState(false);
  const [feesOpen, setFeesOpen] = useState(false);
  const target = payment.instrumentsDetails;
  const source = payment.sender;
  const titleAmount = viewer === 'TSP' ? target.receiveAmount : receiveAmountOf(payment, fees);
  const line = (type: PaymentFeeLine['feeType']) => fees?.filter((f) => f.feeType === type) ?? [];
  const feeRows: { type: PaymentFeeLine['feeType']; label: string }[] = [
    { type: 'OUR', label: t('paymentList.details.ourCharge') },
    { type: 'BEN', label: t('paymentList.details.benCharge') },
    { type: 'REBATE', label: t(viewer === 'MERCHANT' ? 'paymentList.details.rebateReceivables' : 'paymentList.details.rebatePayables') },
  ];
  const toggleClass =
    'inline-flex items-center gap-1 rounded text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

  return (
    <section className="rounded-lg border bg-card p-4" data-testid="payment-details-panel" aria-labelledby="payment-details-title">
      <h2 id="payment-details-title" className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-3">
        <span className="text-sm font-medium text-muted-foreground">
          {t(viewer === 'TSP' ? 'paymentList.details.targetAmount' : 'paymentList.details.receiveAmount')}
        </span>
        <span className="text-xl font-semibold">
          <Money amount={titleAmount} currency={target.receiveAmountCcyCode} dp={dpOf(target.receiveAmountCcyCode)} testId="payment-details-title-amount" />
        </span>
      </h2>
      <dl className="divide-y">
        <Row label={t('paymentList.details.targetAmount')} testId="payment-details-target">
          <Money amount={target.receiveAmount} currency={target.receiveAmountCcyCode} dp={dpOf(target.receiveAmountCcyCode)} />
          <div className="mt-1 flex flex-col items-end gap-1 text-xs font-normal text-muted-foreground">
            <span>
              {t('paymentList.details.settlementWallet')}: <LongId value={payment.correspondentDetails.walletId ?? MISSING_VALUE} />
            </span>
            <button
              type="button"
              className={toggleClass}
              aria-expanded={walletOpen}
              onClick={() => setWalletOpen((o) => !o)}
              data-testid="payment-details-wallet-toggle"
            >
              {t(walletOpen ? 'paymentList.details.hideWallet' : 'paymentList.details.showWallet')}
              <ChevronDown className={cn('size-3.5 transition-transform', walletOpen && 'rotate-180')} aria-hidden />
            </button>
            {walletOpen && (
              <span className="text-foreground" data-testid="payment-details-wallet">
                {t('paymentList.details.sourceWallet')}: <LongId value={payment.walletId} /> · {source.sendingCurrencyCode} · {source.sendingCountryCode}
              </span>
            )}
          </div>
        </Row>
        <Row label={t('paymentList.details.sourceAmount')} testId="payment-details-source">
          <Money amount={source.sendingAmount} currency={source.sendingCurrencyCode} dp={dpOf(source.sendingCurrencyCode)} />
        </Row>
        <Row label={t('paymentList.details.valueDate')} testId="payment-details-value-date">
          <bdi dir="ltr">{payment.valueDate ? formatDate(`${payment.valueDate}T00:00:00Z`, 'UTC') : MISSING_VALUE}</bdi>
        </Row>
        <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-4 py-1.5">
          <dt>
            <button
              type="button"
              className={cn(toggleClass, 'text-sm text-muted-foreground')}
              aria-expanded={feesOpen}
              onClick={() => setFeesOpen((o) => !o)}
              data-testid="payment-details-fee-toggle"
            >
              {t('paymentList.details.fee')}
              <ChevronDown className={cn('size-3.5 transition-transform', feesOpen && 'rotate-180')} aria-hidden />
            </button>
          </dt>
          <dd className="text-end text-sm font-medium" data-testid="payment-details-fee-total">
            <Money amount={payment.fee} currency={source.sendingCurrencyCode} dp={dpOf(source.sendingCurrencyCode)} />
          </dd>
          {feesOpen && (
            <dd className="col-span-2">
              <dl className="mt-1 flex flex-col gap-0.5 ps-4" data-testid="payment-details-fees">
                {feeRows.map(({ type, label }) => {
                  const lines = line(type);
                  return (
                    <div key={type} className="flex items-baseline justify-between gap-4 text-xs" data-testid={`payment-details-fee-${type}`}>
                      <dt className="text-muted-foreground">{label}</dt>
                      <dd>
                        {lines.length === 0
                          ? MISSING_VALUE
                          : lines.map((l, i) => <Money key={i} amount={l.amount} currency={l.currency} dp={dpOf(l.currency)} />)}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </dd>
          )}
        </div>
        <Row label={t('paymentList.details.exchangeRate')} testId="payment-details-rate">
          <bdi dir="ltr" className="tabular-nums">
            {payment.exchangeRate ? `1 ${source.sendingCurrencyCode} = ${payment.exchangeRate} ${target.receiveAmountCcyCode}` : MISSING_VALUE}
          </bdi>
        </Row>
      </dl>
    </section>
  );
}
