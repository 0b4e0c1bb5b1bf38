import { useTranslation } from 'react-i18next';
import { MISSING_VALUE, updatedAgo } from '@corridor/domain';
import { Badge } from '@/components/ui/badge.tsx';
import { useNow } from '@/lib/use-now.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import { formatDateTime, relativeTimeFormat } from '@/lib/intl-format.ts';

const AGO_UNIT = { seconds: 'second', minutes: 'minute', hours: 'hour', days: 'day' } as const;

/** Whole seconds between a rate's time and `now` (0 for a time in the future: clocks drift). */
function rateAgeSeconds(updatedAt: string, now: Date): number | null {
  const at = Date.parse(updatedAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.floor((now.getTime() - at) / 1000));
}

/**
 * A rate older than the TSP's staleness limit is not used for a firm quote (RATE_STALE): the screen
 * marks it so the desk sees which pairs cannot be quoted before a merchant asks.
 */
function isRateStale(updatedAt: string, now: Date, staleAfterSeconds: number | undefined): boolean {
  if (staleAfterSeconds === undefined) return false;
  const age = rateAgeSeconds(updatedAt, now);
  return age !== null && age > staleAfterSeconds;
}

/** A rate's age ("5 seconds ago") in the language's own wording, with a Stale tag past the limit. */
export function RateAge({ updatedAt, staleAfterSeconds }: { updatedAt: string | null | undefined; staleAfterSeconds?: number }) {
  const { t, i18n } = useTranslation();
  const now = new Date(useNow(5_000));
  if (!updatedAt || Number.isNaN(Date.parse(updatedAt))) return <span>{MISSING_VALUE}</span>;
  const { key, count } = updatedAgo(new Date(updatedAt), now);
  const ago = relativeTimeFormat(i18n.language).format(-count, AGO_UNIT[key]);
  const stale = isRateStale(updatedAt, now, staleAfterSeconds);
  return (
    <span
      className="inline-flex items-center gap-1.5 whitespace-nowrap"
      data-testid="rate-age"
      data-stale={stale ? 'true' : 'false'}
      title={formatDateTime(updatedAt, i18n.language, userTimeZone())}
    >
      {ago}
      {stale && <Badge variant="warning">{t('rates.stale')}</Badge>}
    </span>
  );
}
