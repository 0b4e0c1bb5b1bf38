import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { discard, retryItem, type OutboxItem } from '../../lib/outbox/outbox-store.ts';
import { storagePersisted } from '../../lib/local-first/persist-storage.ts';
import { useOutbox, type OutboxSummary } from '../../lib/outbox/use-outbox.ts';
import { relativeTime } from './relative-time.ts';
import { useNow } from '@/lib/use-now.ts';

interface SyncHealthViewProps {
  summary: OutboxSummary;
  /** Whether the browser promised to keep this device's data (null until known). */
  persisted?: boolean | null;
  now: number;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

/** One refused payment or top-up: what it is, the server's reasons, retry, and a discard that asks first. */
function FailureRow({ item, onRetry, onDiscard }: { item: OutboxItem } & Pick<SyncHealthViewProps, 'onRetry' | 'onDiscard'>) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <li data-testid="sync-failure" data-id={item.id} data-kind={item.kind} className="flex flex-col gap-1 rounded-md border p-2 text-sm">
      {/* The queue holds payments and top-ups alike: each says which it is. */}
      <span className="text-muted-foreground text-xs font-medium" data-testid="sync-failure-kind">
        {t(`syncHealth.kind.${item.kind}`)}
      </span>
      <span className="font-medium">{item.lastError?.message ?? t('syncHealth.state.rejected')}</span>
      {item.lastError?.invalidParameters.map((p) => (
        <span key={p.parameter} className="text-destructive text-xs">
          {p.parameter}: {p.message}
        </span>
      ))}
      <span className="flex flex-wrap items-center gap-2">
        {confirming ? (
          <>
            <span className="text-xs">{t(item.kind === 'topup' ? 'syncHealth.discardConfirmTopUp' : 'syncHealth.discardConfirm')}</span>
            <Button size="sm" variant="destructive" onClick={() => onDiscard(item.id)}>
              {t('syncHealth.discard')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              {t('syncHealth.keep')}
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => onRetry(item.id)}>
              {t('syncHealth.retry')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              {t('syncHealth.discard')}
            </Button>
          </>
        )}
      </span>
    </li>
  );
}

/**
 * Sync health (ARCHITECTURE 4): queue depth, oldest unsent, last send, failures with reasons.
 * @internal used by its tests
 */
export function SyncHealthView({ summary, now, onRetry, onDiscard, persisted = null }: SyncHealthViewProps) {
  const { t, i18n } = useTranslation();
  const when = (at: number | null) => (at === null ? t('syncHealth.never') : relativeTime(at, now, i18n.language));
  const sender = summary.sender;
  return (
    <section data-testid="sync-health" aria-labelledby="sync-health-title" className="flex flex-col gap-3">
      <h2 id="sync-health-title" className="text-base font-semibold">
        {t('syncHealth.title')}
      </h2>
      {sender?.state === 'paused' && <p role="alert">{t('syncHealth.paused')}</p>}
      {sender?.state === 'offline' && <p className="text-sm">{t('syncHealth.offline')}</p>}
      {sender?.state === 'waiting' && sender.nextAttemptAt !== null && (
        <p className="text-sm">{t('syncHealth.nextAttempt', { ago: relativeTime(sender.nextAttemptAt, now, i18n.language) })}</p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>{t('syncHealth.queueDepth')}</dt>
        <dd data-testid="sync-queue-depth">{summary.queueDepth}</dd>
        <dt>{t('syncHealth.oldestUnsent')}</dt>
        <dd data-testid="sync-oldest">{when(summary.oldestUnsentAt)}</dd>
        <dt>{t('syncHealth.lastSent')}</dt>
        <dd data-testid="sync-last-sent">{when(summary.lastSentAt)}</dd>
        {persisted !== null && (
          <>
            <dt>{t('syncHealth.storage')}</dt>
            <dd data-testid="sync-storage" data-persisted={persisted}>
              {t(persisted ? 'syncHealth.storageKept' : 'syncHealth.storageMayClear')}
            </dd>
          </>
        )}
      </dl>
      {summary.queueDepth === 0 && <p className="text-muted-foreground text-sm">{t('syncHealth.empty')}</p>}
      {summary.failures.length > 0 && (
        <>
          <h3 className="text-sm font-semibold">{t('syncHealth.failures')}</h3>
          <ul className="flex flex-col gap-2">
            {summary.failures.map((item) => (
              <FailureRow key={item.id} item={item} onRetry={onRetry} onDiscard={onDiscard} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The panel for the signed-in user, live from the outbox. */
export function SyncHealthPanel({ userId }: { userId: string }) {
  const summary = useOutbox(userId);
  const now = useNow(15_000);
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void storagePersisted().then((kept) => live && setPersisted(kept));
    return () => {
      live = false;
    };
  }, []);
  if (!summary) return null;
  return (
    <SyncHealthView
      summary={summary}
      now={now}
      persisted={persisted}
      onRetry={(id) => void retryItem(userId, id)}
      onDiscard={(id) => void discard(userId, id)}
    />
  );
}
