import { displayTimeZone } from '@corridor/domain';

/**
 * The zone dates are shown in (shell, section 3: "User settings: key PROFILE_TIME_ZONE, stored locally as
 * TIME_ZONE; the local zone is used when absent"): the signed-in user's, which the session stores at
 * sign-in (lib/session.ts), else the browser's. The date helpers use it whenever they are given no zone.
 */
export function userTimeZone(): string {
  return displayTimeZone();
}
