import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Receipt } from 'lucide-react';
import { MISSING_VALUE, formatAmount, formatDate, formatRate } from '@corridor/domain';
import { AppLink } from '@/components/app-link.tsx';
import { CommentsThread } from '@/components/comments/comments-thread.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { serviceChargeOf, type QuoteChargeLine } from '@/components/payment-details/quote-charges.ts';
import { StatusTimeline } from '@/components/payment-details/status-timeline.tsx';
import { TopUpDetails } from '@/components/top-up-details/top-up-details.tsx';
import { buttonVariants } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { timestampText } from '@/components/wallets/format-time.ts';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { api } from '@/lib/api-client.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { canRequestCancel } from './cancel-rules.ts';
import { CancelTransaction } from './cancel-transaction.tsx';
import { CancellationDecision } from './cancellation-decision.tsx';
import type { TransactionView } from './transaction-columns.tsx';
import { kindOfCategory, type TransactionKind, type TransactionViewer } from './transaction-kind.ts';
import { transactionPaths } from './transaction-paths.ts';
import { TransactionStatusTag } from './transaction-status-tag.tsx';
import { transactionTimelineSteps } from './transaction-timeline.ts';
import { topUpView } from './top-up-view.ts';
import { useTopUp, useTransactionActivities, useTransactionDetails } from './use-transaction-data.ts';

export interface TransactionDetailScreenProps {
  viewer: TransactionViewer;
  /** The list the page was opened from (its back link); the transaction's own category decides the layout. */
  kind: TransactionKind;
  transactionId: string;
}

/**
 * One transaction's page, merchant's or TSP's: a top-up's details page (general and wallet sections) or a
 * transfer's deal (both legs, rate, charges, approvals), the status timeline, the comments thread (the TSP
 * writes, the merchant reads: the server gives it no comment call) and a link to the printable receipt.
 */
export function TransactionDetailScreen({ viewer, kind, transactionId }: TransactionDetailScreenProps) {
  const { t } = useTranslation();
  const paths = transactionPaths(viewer, kind);
  const details = useTransactionDetails(viewer, transactionId);
  const activities = useTransactionActivities(viewer, transactionId);
  const d = details.data;
  const isTopUp = d !== undefined && kindOfCategory(d.category) === 'TOP_UP';
  const topUp = useTopUp(transactionId, isTopUp);
  const dpOf = useViewerCurrencyDp(viewer);
  const user = useCurrentUser();
  const userId = user?.id ?? '';
  const tspId = user?.parentId ?? null;
  const [busy, setBusy] = useState(false);
  const { refresh } = details;
  const { refresh: refreshActivities } = activities;
  // The merchant asks to cancel; its TSPs decide on their own screens.
  const cancellable = viewer === 'MERCHANT' && d !== undefined && canRequestCancel(d.category, d.status, d.cancellation);

  // Only the TSP has a comment call; each change is sent, then the thread read again.
  const comment = async (body: { content?: string; commentId?: string; deleted?: boolean }) => {
    setBusy(true);
    try {
      await api.call<'spTransactions.comment'>('spTransactions.comment', { path: { transactionId }, body });
      await refresh();
    } catch {
      // Shown by the portal's error notification.
    } finally {
      setBusy(false);
    }
  };
  const commentCalls =
    viewer === 'TSP'
      ? {
          onAdd: (content: string) => comment({ content }),
          onEdit: (commentId: string, content: string) => comment({ commentId, content }),
          onDelete: (commentId: string) => comment({ commentId, deleted: true }),
        }
      : {};

  const timeline = (
    <section className="rounded-lg border bg-card p-4" aria-labelledby="transaction-timeline-title">
      <h2 id="transaction-timeline-title" className="mb-3 text-sm font-semibold">
        {t('paymentList.timeline.title')}
      </h2>
      <StatusTimeline
        steps={transactionTimelineSteps(activities.data ?? [])}
        formatTime={timestampText}
        renderTag={(step) => <TransactionStatusTag status={step.status} {...(step.tone ? { tone: step.tone } : {})} />}
      />
    </section>
  );

  return (
    <div className="flex flex-col gap-4" data-testid="transaction-detail-screen" data-viewer={viewer}>
      <PageHeader
        back={paths.list}
        title={
          <span>
            {t(isTopUp || (d === undefined && kind === 'TOP_UP') ? 'transactionList.details.topUpTitle' : 'transactionList.details.transferTitle')}{' '}
            <bdi dir="ltr">{d?.transactionId ?? transactionId}</bdi>
          </span>
        }
        adornment={d ? <TransactionStatusTag status={d.status} /> : undefined}
        actions={
          d ? (
            <>
              {cancellable && (
                <CancelTransaction
                  transaction={{ transactionId: d.transactionId, createdAt: d.createdAt ?? new Date().toISOString() }}
                  onRequested={() => {
                    void refresh();
                    void refreshActivities();
                  }}
                />
              )}
              <AppLink href={paths.receipt(d.transactionId)} className={buttonVariants({ variant: 'outline' })} data-testid="transaction-receipt-link">
                <Receipt className="size-4" aria-hidden />
                {t('transactionList.details.receipt')}
              </AppLink>
            </>
          ) : undefined
        }
        description={<CachedAge updatedAt={details.updatedAt} offline={details.offline} refreshing={details.refreshing} />}
      />
      {!d && details.loading && <Skeleton className="h-64 w-full" />}
      {!d && !details.loading && (
        <p className="rounded-lg border p-6 text-center text-sm text-muted-foreground" data-testid="transaction-detail-missing">
          {details.offline ? t('transactionList.details.notSaved') : t('transactionList.details.notFound')}
        </p>
      )}
      {d && isTopUp && <TopUpDetails topUp={topUp ?? topUpView(d)} dpOf={dpOf} />}
      {d && (
        // A top-up's details page takes the full width (it has its own two sections); a transfer's deal sits beside its timeline.
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="flex min-w-0 flex-col gap-4">
            {isTopUp ? timeline : <DealPanel deal={d} dpOf={dpOf} />}
            {d.cancellation && (
              <CancellationPanel cancellation={d.cancellation}>
                {/* Either side's TSP decides it, as the server allows, unless its user asked for it (four eyes: the server refuses them too). */}
                {viewer === 'TSP' &&
                  d.cancellation.status === 'REQUESTED' &&
                  tspId !== null &&
                  [d.serviceProviderId, d.targetSPId].includes(tspId) &&
                  d.cancellation.createdBy?.id !== userId && (
                    <CancellationDecision
                      cancellation={d.cancellation}
                      onDecided={() => {
                        void refresh();
                        void refreshActivities();
                      }}
                    />
                  )}
              </CancellationPanel>
            )}
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            {!isTopUp && timeline}
            <div className="rounded-lg border bg-card p-4">
              <CommentsThread comments={d.comments} currentUserId={userId} busy={busy} {...commentCalls} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

interface CancellationView {
  status: string;
  reason: string;
  cancellationDate: string | null;
  createdBy?: { name: string } | null | undefined;
  cancelledBy: { name: string } | null;
  cancelledOn: string | null;
}

/** The transaction's cancellation: its state, the reason and date asked for, who asked, and who decided when. */
function CancellationPanel({ cancellation, children }: { cancellation: CancellationView; children?: ReactNode }) {
  const { t } = useTranslation();
  const decided = cancellation.status !== 'REQUESTED';
  return (
    <section className="rounded-lg border bg-card p-4 text-sm" aria-labelledby="transaction-cancellation" data-testid="transaction-cancellation">
      <h2 id="transaction-cancellation" className="mb-2 font-semibold">
        {t('transactionList.details.cancellation')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">{t('transactionList.columns.status')}</dt>
        <dd>{t(`transactionList.cancellationStatus.${cancellation.status}`)}</dd>
        <dt className="text-muted-foreground">{t('transactionList.details.reason')}</dt>
        <dd className="break-words">{cancellation.reason}</dd>
        <dt className="text-muted-foreground">{t('transactionList.details.cancellationDate')}</dt>
        <dd>
          <bdi dir="ltr">{cancellation.cancellationDate ? formatDate(cancellation.cancellationDate) : MISSING_VALUE}</bdi>
        </dd>
        <dt className="text-muted-foreground">{t('transactionForms.cancellationDecision.requestedBy')}</dt>
        <dd>{cancellation.createdBy?.name ?? MISSING_VALUE}</dd>
        {decided && (
          <>
            <dt className="text-muted-foreground">{t('transactionForms.cancellationDecision.decidedBy')}</dt>
            <dd data-testid="cancellation-decided-by">{cancellation.cancelledBy?.name ?? MISSING_VALUE}</dd>
          </>
        )}
        {cancellation.cancelledOn && (
          <>
            <dt className="text-muted-foreground">{t('transactionForms.cancellationDecision.cancelledOn')}</dt>
            <dd>
              <bdi dir="ltr">{timestampText(cancellation.cancelledOn)}</bdi>
            </dd>
          </>
        )}
      </dl>
      {children}
    </section>
  );
}

/** A transfer's deal: both legs in their currencies' decimals, the rate, value date, charges and each side's approval. */
function DealPanel({ deal, dpOf }: { deal: TransactionView; dpOf: (currency: string) => number }) {
  const { t } = useTranslation();
  const money = (amount: string, currency: string) => `${formatAmount(amount, dpOf(currency))} ${currency}`;
  // The correspondent's lines, then the TSP's own: its OUR/BEN fee beside a correspondent's of that mode is its service
  // fee, labelled as the FX panel labels it when the deal was quoted (the same rule, `serviceChargeOf`).
  const line = (party: QuoteChargeLine['party']) => (c: TransactionView['merchantCharges'][number]) => ({
    feeType: c.chargeMode,
    amount: c.amount,
    currency: c.currency,
    party,
  });
  const charges: QuoteChargeLine[] = [...deal.correspondentCharges.map(line('CORRESPONDENT')), ...deal.merchantCharges.map(line('MERCHANT'))];
  const service = serviceChargeOf(charges);
  const approval = (status: string | null) => (status ? t(`transactionList.approvalStatus.${status}`) : MISSING_VALUE);
  const rows: [string, string, string][] = [
    ['sourceAmount', t('transactionList.columns.sourceAmount'), money(deal.sourceAmount, deal.sourceCurrency)],
    ['targetAmount', t('transactionList.columns.targetAmount'), money(deal.targetAmount, deal.targetCurrency)],
    ['exchangeRate', t('transactionList.columns.exchangeRate'), deal.exchangeRate ? formatRate(deal.exchangeRate) : MISSING_VALUE],
    ['valueDate', t('transactionList.columns.valueDate'), deal.valueDate ? formatDate(deal.valueDate) : MISSING_VALUE],
    ['referenceNumber', t('transactionList.columns.reference'), deal.referenceNumber ?? MISSING_VALUE],
    ['sourceApprovalStatus', t('transactionList.details.sourceApproval'), approval(deal.sourceApprovalStatus)],
    ['targetApprovalStatus', t('transactionList.details.targetApproval'), approval(deal.targetApprovalStatus)],
    ['createdBy', t('transactionList.details.createdBy'), deal.createdBy?.name ?? MISSING_VALUE],
    ['remarks', t('transactionList.details.remarks'), deal.remarks ?? MISSING_VALUE],
  ];
  return (
    <section className="rounded-lg border bg-card p-4 text-sm" aria-labelledby="transaction-deal" data-testid="transaction-deal">
      <h2 id="transaction-deal" className="mb-2 font-semibold">
        {t('transactionList.details.deal')}
      </h2>
      <dl className="divide-y">
        {rows.map(([field, label, value]) => (
          <div key={field} className="flex flex-col gap-0.5 py-2 sm:grid sm:grid-cols-[minmax(10rem,1fr)_2fr] sm:gap-4">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-words font-medium" data-field={field}>
              <bdi dir="ltr">{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {charges.length > 0 && (
        <>
          <h3 className="mb-1 mt-3 font-semibold">{t('transactionList.details.charges')}</h3>
          <ul className="flex flex-col gap-1" data-testid="transaction-charges">
            {charges.map((c, i) => (
              <li key={`${c.feeType}-${i}`} className="flex justify-between gap-4">
                <span>{c === service ? t('fxPanel.feeService') : t(`transactionList.chargeMode.${c.feeType}`)}</span>
                <bdi dir="ltr" className="tabular-nums">
                  {money(c.amount, c.currency)}
                </bdi>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
