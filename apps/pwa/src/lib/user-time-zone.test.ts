// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_TIME_ZONE_KEY, formatDate, formatTimestamp } from '@corridor/domain';
import { timestampText } from '@/components/wallets/format-time.ts';
import { userTimeZone } from './user-time-zone.ts';

const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
// 22:30 UTC on 21 November: 22 November, 12:30, in Kiritimati (UTC+14).
const instant = '2026-11-21T22:30:00Z';

afterEach(() => localStorage.clear());

describe("the user's time zone", () => {
  it('shows every date in the PROFILE_TIME_ZONE the session stored as TIME_ZONE', () => {
    localStorage.setItem(LOCAL_TIME_ZONE_KEY, 'Pacific/Kiritimati');
    expect(userTimeZone()).toBe('Pacific/Kiritimati');
    expect(formatDate(instant)).toBe('22/11/2026');
    expect(timestampText(instant)).toBe('22/11/2026 12:30:00');
    localStorage.setItem(LOCAL_TIME_ZONE_KEY, 'Pacific/Pago_Pago');
    expect(timestampText(instant)).toBe('21/11/2026 11:30:00');
  });

  it('is the browser zone when the user has none (or has logged out)', () => {
    localStorage.setItem(LOCAL_TIME_ZONE_KEY, 'Pacific/Kiritimati');
    localStorage.removeItem(LOCAL_TIME_ZONE_KEY);
    expect(userTimeZone()).toBe(host);
    expect(formatTimestamp(instant)).toBe(formatTimestamp(instant, host));
  });
});
