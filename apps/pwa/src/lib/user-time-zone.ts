import { LOCAL_TIME_ZONE_KEY, displayTimeZone, isValidTimeZone, setDisplayTimeZone } from '@corridor/domain';

/*
 * The user's time zone (shell, section 3: "User settings: key PROFILE_TIME_ZONE, stored locally as
 * TIME_ZONE; the local zone is used when absent"). The signed-in user's setting is stored here and made
 * the date helpers' default (setDisplayTimeZone), so every date on every screen is shown in it, offline
 * starts too; logout removes it.
 */

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** Applies the signed-in user's PROFILE_TIME_ZONE (null or unknown: the browser's zone). */
export function applyUserTimeZone(timeZone: string | null | undefined): void {
  const store = storage();
  if (isValidTimeZone(timeZone)) store?.setItem(LOCAL_TIME_ZONE_KEY, timeZone);
  else store?.removeItem(LOCAL_TIME_ZONE_KEY);
  setDisplayTimeZone(timeZone);
}

/** At start: the zone stored by the last session, until the user's own arrives. */
export function restoreUserTimeZone(): void {
  setDisplayTimeZone(storage()?.getItem(LOCAL_TIME_ZONE_KEY));
}

/** The zone dates are shown in: the user's, else the browser's. */
export function userTimeZone(): string {
  return displayTimeZone();
}
