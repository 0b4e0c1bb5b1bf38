import { updatedAgo } from '@corridor/domain';
import { relativeTimeFormat } from '@/lib/intl-format.ts';

const UNIT = { seconds: 'second', minutes: 'minute', hours: 'hour', days: 'day' } as const;

/** "3 minutes ago" / "in 20 seconds" in the language's own wording (Arabic plurals included). */
export function relativeTime(at: number, now: number, language: string): string {
  const past = at <= now;
  const { key, count } = past ? updatedAgo(new Date(at), new Date(now)) : updatedAgo(new Date(now), new Date(at));
  return relativeTimeFormat(language).format(past ? -count : count, UNIT[key]);
}
