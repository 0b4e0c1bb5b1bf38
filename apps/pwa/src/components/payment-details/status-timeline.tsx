import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { isPaymentStatus } from '@corridor/domain';
import { cn } from '@/lib/cn.ts';
import { PAYMENT_STATUS_TONE, TONE_DOT } from './payment-status-tone.ts';
import { PaymentStatusTag } from './payment-status-tag.tsx';
import { formatDuration, timelineSteps, type TimelineStepInput } from './timeline-steps.ts';

const paymentTag = (step: TimelineStepInput) => <PaymentStatusTag status={step.status} />;

/**
 * Spec 1 "Status timeline": one step per status change with its tag, time, the colour of its status,
 * the time since the step before, and details (who, why) that open when there are any. Payments and
 * transactions share it: a transaction's page gives its own tag and each step's colour.
 */
export function StatusTimeline({
  steps,
  formatTime,
  renderTag = paymentTag,
}: {
  steps: readonly TimelineStepInput[];
  formatTime: (iso: string) => string;
  /** The step's status tag; a payment's status tag unless given. */
  renderTag?: (step: TimelineStepInput) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const shown = timelineSteps(steps);
  if (shown.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="status-timeline-empty">
        {t('paymentList.timeline.empty')}
      </p>
    );
  }
  return (
    <ol className="flex flex-col" data-testid="status-timeline" aria-label={t('paymentList.timeline.title')}>
      {shown.map((step, i) => {
        const tone = step.tone ?? (isPaymentStatus(step.status) ? PAYMENT_STATUS_TONE[step.status] : 'gray');
        return (
          <li key={`${step.at}-${i}`} className="relative flex gap-3 pb-4 last:pb-0" data-testid="status-timeline-step" data-status={step.status}>
            {i < shown.length - 1 && <span aria-hidden className="absolute start-[5px] top-4 h-full w-px bg-border" />}
            <span aria-hidden className={cn('relative mt-1.5 size-[11px] shrink-0 rounded-full ring-2 ring-background', TONE_DOT[tone])} />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {renderTag(step)}
                <time dateTime={step.at} className="text-xs tabular-nums text-muted-foreground">
                  <bdi dir="ltr">{formatTime(step.at)}</bdi>
                </time>
                {step.durationMs !== null && (
                  <span className="text-xs text-muted-foreground" data-testid="status-timeline-duration">
                    {t('paymentList.timeline.after', { duration: formatDuration(step.durationMs, i18n.language) })}
                  </span>
                )}
              </div>
              <StepDetails by={step.by?.name ?? null} reason={step.reason} action={step.action} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function StepDetails({ by, reason, action }: { by: string | null; reason: string | null; action: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (by === null && reason === null) return null;
  return (
    <div>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="status-timeline-toggle"
      >
        {t('paymentList.timeline.details')}
        <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs" data-testid="status-timeline-details">
          {action !== '' && (
            <>
              <dt className="text-muted-foreground">{t('paymentList.timeline.action')}</dt>
              <dd>{t(`paymentList.actions.${action}`, { defaultValue: action })}</dd>
            </>
          )}
          {by !== null && (
            <>
              <dt className="text-muted-foreground">{t('paymentList.timeline.by')}</dt>
              <dd>{by}</dd>
            </>
          )}
          {reason !== null && (
            <>
              <dt className="text-muted-foreground">{t('paymentList.timeline.reason')}</dt>
              <dd className="break-words">{reason}</dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}
