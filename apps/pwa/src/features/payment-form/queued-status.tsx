import { useTranslation } from 'react-i18next';
import { CloudUpload } from 'lucide-react';
import { relativeTime } from '@/components/sync-health/relative-time.ts';
import { useNow } from '@/lib/use-now.ts';

export interface QueuedStatusProps {
  /** When the draft was saved on the device (epoch ms). */
  savedAt: number;
  /** The outbox is paused until the user signs in again. */
  paused: boolean;
}

/** "Waiting to send" with the draft's age, while the device's outbox holds it. */
export function QueuedStatus({ savedAt, paused }: QueuedStatusProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(15_000);
  return (
    <p
      role="status"
      data-testid="payment-queued"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <CloudUpload className="mt-0.5 size-4 shrink-0" aria-hidden />
      {paused ? t('paymentForm.queuedPaused') : t('paymentForm.queued', { ago: relativeTime(savedAt, Math.max(now, savedAt), i18n.language) })}
    </p>
  );
}
