import { useTranslation } from 'react-i18next';
import { Printer } from 'lucide-react';
import { formatAmount, formatDate, formatRate, formatTimestamp, receiptActivityType, receiptSignatoryBlocks, receiptTotals } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { BidiText } from '@/components/ui/bidi-text.tsx';
import type { ReceiptApprovalView, ReceiptCancellationView, ReceiptDealView } from './deal-receipt-types.ts';

/**
 * Only the receipt reaches the printer, on one A4 portrait page (spec 2): everything else on the
 * page is hidden and the receipt is laid out from the page's top corner.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  body * { visibility: hidden !important; }
  .deal-receipt-root, .deal-receipt-root * { visibility: visible !important; }
  .deal-receipt-root { position: absolute !important; inset: 0 auto auto 0 !important; width: 100% !important; }
}`;

const ACTIVITY_KEY = { Cancelled: 'dealReceipt.activity.cancelled', 'Deal Receipt': 'dealReceipt.activity.deal', TopUp: 'dealReceipt.activity.topUp' } as const;
const SIGNATORY_KEY = { 'Approved by': 'dealReceipt.approvedBy', 'Rejected by': 'dealReceipt.rejectedBy', 'Cancelled by': 'dealReceipt.cancelledBy' } as const;

export interface DealReceiptProps {
  deal: ReceiptDealView;
  approvals?: ReceiptApprovalView[];
  cancellation?: ReceiptCancellationView | null;
  /** The issuing service provider, printed in the header. */
  issuerName?: string;
  dpOf?: (currency: string) => number;
  timeZone?: string;
}

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 break-inside-avoid">
      <dt className="text-xs text-neutral-500">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        <BidiText text={value} />
      </dd>
    </div>
  );
}

/**
 * The deal receipt (invoice) page (spec 2): header with the activity type, the deal's body, the
 * totals (computed by the domain's `receiptTotals`), the signature blocks and a 'Page 1 of 1' footer.
 */
export function DealReceipt({ deal, approvals = [], cancellation = null, issuerName, dpOf = () => 2, timeZone }: DealReceiptProps) {
  const { t } = useTranslation();
  const activity = receiptActivityType(deal.category, deal.txnStatus);
  const totals = receiptTotals(deal);
  const blocks = receiptSignatoryBlocks({ txnStatus: deal.txnStatus, approvalStatus: deal.approvalStatus ?? null, approvals, cancellation });
  const money = (amount: string | null | undefined, currency: string) => (amount ? `${formatAmount(amount, dpOf(currency))} ${currency}` : '-');
  const date = (value: string | null) => (value ? formatDate(value, timeZone) : '-');
  return (
    <div className="deal-receipt-root flex flex-col gap-4" data-testid="deal-receipt">
      <style>{PRINT_CSS}</style>
      <div className="flex justify-end print:hidden">
        <Button onClick={() => window.print()} data-testid="deal-receipt-print">
          <Printer className="size-4" aria-hidden />
          {t('dealReceipt.print')}
        </Button>
      </div>
      <article
        aria-labelledby="deal-receipt-title"
        className="mx-auto w-full max-w-3xl bg-white p-4 text-sm text-neutral-900 shadow sm:p-10 print:max-w-none print:p-0 print:shadow-none"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-neutral-900 pb-4">
          <div>
            <p className="text-xs uppercase tracking-widest text-neutral-500">{issuerName ?? t('app.name')}</p>
            <h1 id="deal-receipt-title" className="mt-1 text-2xl font-bold" data-testid="deal-receipt-activity">
              {t(ACTIVITY_KEY[activity])}
            </h1>
          </div>
          <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-end">
            <dt className="text-neutral-500">{t('dealReceipt.receiptNo')}</dt>
            <dd className="font-mono font-semibold">
              <bdi dir="ltr">{deal.id}</bdi>
            </dd>
            <dt className="text-neutral-500">{t('dealReceipt.date')}</dt>
            <dd>{formatTimestamp(deal.createdAt, timeZone)}</dd>
          </dl>
        </header>
        <section aria-label={t('dealReceipt.details')} className="mt-6">
          <dl className="grid grid-cols-1 gap-4 min-[380px]:grid-cols-2 sm:grid-cols-3">
            <Field label={t('dealReceipt.referenceNumber')} value={deal.referenceNumber ?? '-'} />
            <Field label={t('dealReceipt.type')} value={t(`dealReceipt.types.${deal.type}`, { defaultValue: deal.type })} />
            <Field label={t('dealReceipt.valueDate')} value={date(deal.valueDate)} />
            <Field label={t('dealReceipt.createdBy')} value={deal.createdBy.name} />
            <Field label={t('dealReceipt.sourceAmount')} value={money(deal.sourceAmount, deal.sourceCurrency)} testId="deal-receipt-source" />
            <Field label={t('dealReceipt.targetAmount')} value={money(deal.targetAmount, deal.targetCurrency)} testId="deal-receipt-target" />
            <Field label={t('dealReceipt.exchangeRate')} value={deal.exchangeRate ? formatRate(deal.exchangeRate) : '-'} />
            {deal.correspondentCharges.map((charge, index) => (
              <Field
                key={`${charge.chargeMode}-${index}`}
                label={t('dealReceipt.charge', { mode: charge.chargeMode })}
                value={money(charge.amount, charge.currency ?? deal.sourceCurrency)}
              />
            ))}
            {deal.tax.map((tax, index) => (
              // Two taxes of one name (VAT on the fees, VAT on the correspondent's charge) say which charge they are on.
              <Field
                key={`tax-${index}`}
                label={
                  tax.on
                    ? t('dealReceipt.taxOn', { name: tax.name ?? t('dealReceipt.tax'), charge: t(`dealReceipt.taxCharge.${tax.on}`) })
                    : (tax.name ?? t('dealReceipt.tax'))
                }
                value={money(tax.amount, tax.currency ?? deal.sourceCurrency)}
              />
            ))}
          </dl>
          {deal.remarks && <p className="mt-4 text-neutral-700">{t('dealReceipt.remarks', { remarks: deal.remarks })}</p>}
        </section>
        <section aria-label={t('dealReceipt.totals')} className="mt-6 border-t border-neutral-300 pt-4">
          <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            <Field label={t('dealReceipt.totalTopUp')} value={money(totals.totalTopUp, deal.sourceCurrency)} testId="deal-receipt-total-topup" />
            <Field label={t('dealReceipt.totalCredit')} value={money(totals.totalCredit, deal.targetCurrency)} testId="deal-receipt-total-credit" />
            <Field label={t('dealReceipt.settlement')} value={money(totals.settlement, deal.sourceCurrency)} testId="deal-receipt-settlement" />
          </dl>
        </section>
        {blocks.length > 0 && (
          <section aria-label={t('dealReceipt.signatures')} className="mt-12 grid grid-cols-1 gap-8 break-inside-avoid sm:grid-cols-2">
            {blocks.map((block) => (
              <div key={block.label} data-testid="deal-receipt-signatory" data-approved={block.approved || undefined}>
                <p className="text-xs font-semibold uppercase tracking-wide">{t(SIGNATORY_KEY[block.label])}</p>
                <p className="mt-6 min-h-6 border-b border-neutral-900 pb-1">{block.name ?? ''}</p>
                <p className="mt-1 text-xs text-neutral-500">{block.at ? formatTimestamp(block.at, timeZone) : t('dealReceipt.signHere')}</p>
                {block.approved && <p className="mt-1 text-xs font-medium text-green-700">{t('dealReceipt.approvedWording')}</p>}
                {block.remarks && <p className="mt-1 text-xs">{t('dealReceipt.reason', { reason: block.remarks })}</p>}
              </div>
            ))}
          </section>
        )}
        <footer className="mt-10 border-t border-neutral-300 pt-2 text-center text-xs text-neutral-500" data-testid="deal-receipt-footer">
          {t('dealReceipt.pageOf', { page: 1, pages: 1 })}
        </footer>
      </article>
    </div>
  );
}
