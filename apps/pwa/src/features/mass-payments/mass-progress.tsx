import { useTranslation } from 'react-i18next';
import type { BatchProgress } from './mass-send.ts';

/** The batch's way through the outbox: sent, waiting and refused, as one bar and three figures. */
export function MassProgress({ progress, queueing }: { progress: BatchProgress; queueing: { done: number; total: number } | null }) {
  const { t } = useTranslation();
  const pct = (n: number) => (progress.total === 0 ? 0 : (n / progress.total) * 100);
  return (
    <section className="flex flex-col gap-2" aria-label={t('massPayments.progress.label')} data-testid="mass-progress">
      <div
        className="flex h-3 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.sent}
        aria-label={t('massPayments.progress.label')}
      >
        <div className="bg-emerald-600" style={{ width: `${pct(progress.sent)}%` }} />
        <div className="bg-destructive" style={{ width: `${pct(progress.refused)}%` }} />
      </div>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span data-testid="mass-sent" data-count={progress.sent}>
          {t('massPayments.progress.sent', { count: progress.sent, total: progress.total })}
        </span>
        <span data-testid="mass-waiting" data-count={progress.waiting}>
          {t('massPayments.progress.waiting', { count: progress.waiting })}
        </span>
        <span data-testid="mass-refused" data-count={progress.refused}>
          {t('massPayments.progress.refused', { count: progress.refused })}
        </span>
        {queueing && <span className="text-muted-foreground">{t('massPayments.progress.queueing', queueing)}</span>}
      </p>
    </section>
  );
}
