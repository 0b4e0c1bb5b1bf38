import { LOCAL_TIME_ZONE_KEY, MISSING_VALUE, formatTimestamp, resolveTimeZone } from '@corridor/domain';

/** The user's zone (spec 3: stored as TIME_ZONE, the local zone when absent). */
function userTimeZone(): string {
  return resolveTimeZone(typeof localStorage === 'undefined' ? null : localStorage.getItem(LOCAL_TIME_ZONE_KEY));
}

/** dd/MM/yyyy HH:mm:ss in the user's zone (spec 9), '-' when missing. */
export function timestampText(value: string | null | undefined): string {
  return value ? formatTimestamp(value, userTimeZone()) : MISSING_VALUE;
}
