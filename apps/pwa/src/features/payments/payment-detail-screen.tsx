import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentDetailsPanel } from '@/components/payment-details/payment-details-panel.tsx';
import { PaymentStatusTag } from '@/components/payment-details/payment-status-tag.tsx';
import { StatusTimeline } from '@/components/payment-details/status-timeline.tsx';
import { LongId } from '@/components/long-id.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { PaymentActionButtons } from './payment-action-buttons.tsx';
import type { PaymentViewer } from './payment-row-actions.ts';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { usePayment, usePaymentFees } from './use-payment-data.ts';
import { usePaymentActionFlow } from './use-payment-action-flow.tsx';

/** How often a payment with the bank is asked again: the bank answers on its own time, through the rail. */
const PROCESSING_REFRESH_MS = 3_000;

const BACK: Record<PaymentViewer, string> = {
  MERCHANT: '/merchant/transactions/payments',
  TSP: '/service-provider/transactions/payments/list/overview',
};

/**
 * One payment's page (its own URL), merchant's or TSP's: the shared details panel and status timeline,
 * the actions its status allows, and the age of what is shown when read offline.
 */
export function PaymentDetailScreen({ viewer, paymentId }: { viewer: PaymentViewer; paymentId: string }) {
  const { t } = useTranslation();
  const payment = usePayment(viewer, paymentId);
  const fees = usePaymentFees(viewer, payment.data?.quoteId);
  const dpOf = useViewerCurrencyDp(viewer);
  const flow = usePaymentActionFlow(viewer, () => void payment.refresh());
  const p = payment.data;
  // A payment with the bank changes without the user doing anything: its page follows it until the bank has answered.
  const processing = p?.status === 'PROCESSING';
  const { refresh } = payment;
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(), PROCESSING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  return (
    <div className="flex flex-col gap-4" data-testid="payment-detail-screen">
      <PageHeader
        back={BACK[viewer]}
        title={
          <span>
            {t('paymentList.details.title')} <LongId value={p?.paymentId ?? ''} />
          </span>
        }
        adornment={p ? <PaymentStatusTag status={p.status} /> : undefined}
        actions={p ? <PaymentActionButtons payment={p} viewer={viewer} busy={flow.busyId === p.id} onAction={flow.start} size="default" /> : undefined}
        description={<CachedAge updatedAt={payment.updatedAt} offline={payment.offline} refreshing={payment.refreshing} />}
      />
      {!p && payment.loading && <Skeleton className="h-64 w-full" />}
      {!p && !payment.loading && (
        <p className="rounded-lg border p-6 text-center text-sm text-muted-foreground" data-testid="payment-detail-missing">
          {payment.offline ? t('paymentList.details.notSaved') : t('paymentList.details.notFound')}
        </p>
      )}
      {p && (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex flex-col gap-4">
            <PaymentDetailsPanel payment={p} viewer={viewer} fees={fees} dpOf={dpOf} />
            <section className="rounded-lg border bg-card p-4 text-sm" aria-labelledby="payment-parties">
              <h2 id="payment-parties" className="mb-2 font-semibold">
                {t('paymentList.details.parties')}
              </h2>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">{t('paymentList.details.sender')}</dt>
                <dd>{p.sender.name}</dd>
                <dt className="text-muted-foreground">{t('paymentList.details.receiver')}</dt>
                <dd>
                  {p.receiver.name} · {p.receiver.countryCode}
                  {p.receiver.accountNumber && (
                    <>
                      {' · '}
                      <LongId value={p.receiver.accountNumber} />
                    </>
                  )}
                </dd>
                <dt className="text-muted-foreground">{t('paymentList.columns.reference')}</dt>
                <dd>
                  <LongId value={p.referenceNumber ?? '-'} />
                </dd>
                <dt className="text-muted-foreground">{t('paymentList.details.message')}</dt>
                <dd className="break-words">{p.message ?? '-'}</dd>
                {p.failureReason && (
                  <>
                    <dt className="text-muted-foreground">{t('paymentList.details.failureReason')}</dt>
                    <dd className="text-destructive" data-testid="payment-failure-reason">
                      {p.failureReason}
                    </dd>
                  </>
                )}
              </dl>
            </section>
          </div>
          <section className="rounded-lg border bg-card p-4" aria-labelledby="payment-timeline-title">
            <h2 id="payment-timeline-title" className="mb-3 text-sm font-semibold">
              {t('paymentList.timeline.title')}
            </h2>
            <StatusTimeline steps={p.timeline ?? []} formatTime={timestampText} />
          </section>
        </div>
      )}
      {flow.dialogs}
    </div>
  );
}
