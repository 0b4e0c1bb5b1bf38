import { useTranslation } from 'react-i18next';
import { CloudOff, RefreshCw } from 'lucide-react';
import { updatedAgo } from '@corridor/domain';
import { cn } from '../cn.ts';
import { useNow } from '../use-now.ts';
import { userTimeZone } from '../user-time-zone.ts';
import { formatDateTime, relativeTimeFormat } from '../intl-format.ts';

const AGO_UNIT = { seconds: 'second', minutes: 'minute', hours: 'hour', days: 'day' } as const;

export interface CachedAgeProps {
  updatedAt: Date | null;
  offline: boolean;
  refreshing?: boolean;
  className?: string;
}

/**
 * How old a cached view is (spec 9 "'Updated ... ago' labels use seconds, minutes, hours, days"):
 * the unit comes from the domain, the wording from the language's own relative-time rules so
 * Arabic plurals are right too.
 */
export function CachedAge({ updatedAt, offline, refreshing = false, className }: CachedAgeProps) {
  const { t, i18n } = useTranslation();
  const now = new Date(useNow(15_000));
  let ago: string | null = null;
  if (updatedAt) {
    const { key, count } = updatedAgo(updatedAt, now);
    ago = relativeTimeFormat(i18n.language).format(-count, AGO_UNIT[key]);
  }
  const text = offline
    ? ago
      ? t('localFirst.offlineSince', { ago })
      : t('localFirst.offlineNothing')
    : ago
      ? t('localFirst.updatedAgo', { ago })
      : t('localFirst.loading');
  return (
    <span
      data-testid="cached-age"
      data-offline={offline ? 'true' : 'false'}
      title={updatedAt ? formatDateTime(updatedAt, i18n.language, userTimeZone()) : undefined}
      className={cn('inline-flex items-center gap-1.5 text-xs', offline ? 'text-amber-700 dark:text-amber-400' : 'text-muted-foreground', className)}
    >
      {offline ? <CloudOff className="size-3.5" aria-hidden /> : <RefreshCw className={cn('size-3.5', refreshing && 'animate-spin')} aria-hidden />}
      {text}
    </span>
  );
}
