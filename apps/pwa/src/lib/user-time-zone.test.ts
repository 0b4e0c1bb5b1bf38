// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_TIME_ZONE_KEY, formatDate, formatTimestamp } from '@corridor/domain';
import { timestampText } from '@/components/wallets/format-time.ts';
import { applyUserTimeZone, restoreUserTimeZone, userTimeZone } from './user-time-zone.ts';

const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
// 22:30 UTC on 21 November: 22 November, 12:30, in Kiritimati (UTC+14).
const instant = '2026-11-21T22:30:00Z';

afterEach(() => {
  applyUserTimeZone(null);
  localStorage.clear();
});

describe("the user's time zone", () => {
  it('stores PROFILE_TIME_ZONE as TIME_ZONE and shows every date in it', () => {
    applyUserTimeZone('Pacific/Kiritimati');
    expect(localStorage.getItem(LOCAL_TIME_ZONE_KEY)).toBe('Pacific/Kiritimati');
    expect(userTimeZone()).toBe('Pacific/Kiritimati');
    expect(formatDate(instant)).toBe('22/11/2026');
    expect(timestampText(instant)).toBe('22/11/2026 12:30:00');
  });

  it('is the browser zone again when the user has none (or logs out)', () => {
    applyUserTimeZone('Pacific/Kiritimati');
    applyUserTimeZone(null);
    expect(localStorage.getItem(LOCAL_TIME_ZONE_KEY)).toBeNull();
    expect(userTimeZone()).toBe(host);
    expect(formatTimestamp(instant)).toBe(formatTimestamp(instant, host));
  });

  it('an offline start takes the zone the last session stored', () => {
    localStorage.setItem(LOCAL_TIME_ZONE_KEY, 'Pacific/Pago_Pago');
    restoreUserTimeZone();
    expect(timestampText(instant)).toBe('21/11/2026 11:30:00');
  });
});
