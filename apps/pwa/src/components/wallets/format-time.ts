import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import { userTimeZone } from '@/lib/user-time-zone.ts';

/** dd/MM/yyyy HH:mm:ss in the user's zone (spec 9), '-' when missing. */
export function timestampText(value: string | null | undefined): string {
  return value ? formatTimestamp(value, userTimeZone()) : MISSING_VALUE;
}
