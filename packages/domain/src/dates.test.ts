import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUICK_DATE_OPTION,
  DURATION_CODES,
  QUICK_DATE_OPTIONS,
  daysInMonth,
  formatCommentDate,
  formatDate,
  formatLocalDefault,
  formatTimestamp,
  formatTimestampUtc,
  displayTimeZone,
  instantOfWallTime,
  isEndDateDisabled,
  isStartDateDisabled,
  isValidTimeZone,
  quickDateRange,
  resolveTimeZone,
  startOfDay,
  toCalendarDate,
  toInstant,
  toggleQuickDate,
  updatedAgo,
  validateDateRange,
  wallTimeOf,
} from './dates.ts';
import { LOCAL_TIME_ZONE_KEY } from './session.ts';

describe('formats — spec 9: "timestamps UTC dd/MM/YYYY, HH:mm:ss; timestamp dd/MM/YYYY HH:mm:ss; date dd/MM/YYYY; comments MMM d, y, h:mm:ss"', () => {
  const at = '2026-11-22T02:04:05Z';
  it('date dd/MM/yyyy in the user zone', () => {
    expect(formatDate(at, 'UTC')).toBe('22/11/2026');
    expect(formatDate('2026-11-21T22:30:00Z', 'Asia/Dubai')).toBe('22/11/2026');
    expect(formatDate('2026-11-22T02:00:00Z', 'America/New_York')).toBe('21/11/2026');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5)), 'UTC')).toBe('05/01/2026');
    expect(formatDate(Date.UTC(2026, 0, 5), 'UTC')).toBe('05/01/2026');
  });
  it('timestamp dd/MM/yyyy HH:mm:ss, 24-hour', () => {
    expect(formatTimestamp(at, 'UTC')).toBe('22/11/2026 02:04:05');
    expect(formatTimestamp('2026-11-22T23:59:59Z', 'UTC')).toBe('22/11/2026 23:59:59');
    expect(formatTimestamp('2026-11-22T00:00:00Z', 'UTC')).toBe('22/11/2026 00:00:00');
    expect(formatTimestamp(at, 'Asia/Kolkata')).toBe('22/11/2026 07:34:05');
  });
  it('UTC timestamps "dd/MM/YYYY, HH:mm:ss" whatever the offset of the input', () => {
    expect(formatTimestampUtc('2026-11-22T04:04:05+02:00')).toBe('22/11/2026, 02:04:05');
    expect(formatTimestampUtc('2026-11-22T04:04:05.123Z')).toBe('22/11/2026, 04:04:05');
    expect(formatTimestampUtc('2026-11-22 10:00:00+0530')).toBe('22/11/2026, 04:30:00');
    expect(formatTimestampUtc('2026-11-22T10:00:00.123456z')).toBe('22/11/2026, 10:00:00');
  });
  it('comments "MMM d, y, h:mm:ss" with a 12-hour clock', () => {
    expect(formatCommentDate('2026-11-22T14:05:09Z', 'UTC')).toBe('Nov 22, 2026, 2:05:09');
    expect(formatCommentDate('2026-01-02T00:05:09Z', 'UTC')).toBe('Jan 2, 2026, 12:05:09');
    expect(formatCommentDate('2026-07-04T12:00:00Z', 'UTC')).toBe('Jul 4, 2026, 12:00:00');
  });
  it('"local default dd/MM/yyyy HH:mm:ss" uses the host zone', () => {
    const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatLocalDefault(at)).toBe(formatTimestamp(at, host));
  });
  it('shows date-only and display strings as written, whatever the zone', () => {
    expect(formatDate('2026-03-01', 'America/Los_Angeles')).toBe('01/03/2026');
    expect(formatDate('01/03/2026', 'Asia/Tokyo')).toBe('01/03/2026');
    expect(formatTimestamp('01/03/2026 10:11:12', 'Asia/Tokyo')).toBe('01/03/2026 10:11:12');
    expect(formatTimestamp('2026-03-01T10:11', 'Asia/Tokyo')).toBe('01/03/2026 10:11:00');
  });
  it('spec 8: "an unsupported voucher/date input throws \'Invalid date format\'"', () => {
    for (const bad of ['', 'yesterday', '2026-13-01', '31/02/2026', '2026-02-30T00:00:00Z', '32/01/2026 10:00', Number.NaN, new Date('x')]) {
      expect(() => formatDate(bad, 'UTC')).toThrow('Invalid date format');
    }
    expect(() => formatDate(null as unknown as string)).toThrow('Invalid date format');
    expect(() => formatTimestampUtc(undefined as unknown as string)).toThrow('Invalid date format');
  });
});

describe('zones', () => {
  it("spec 3: with the user's PROFILE_TIME_ZONE stored locally as TIME_ZONE, every helper given no zone uses it, far from UTC", () => {
    const host = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const stored = new Map<string, string>();
    const scope = globalThis as { localStorage?: unknown };
    const before = scope.localStorage;
    scope.localStorage = { getItem: (key: string) => stored.get(key) ?? null };
    // 22:30 UTC on 21 November is already 22 November, 12:30, in Kiritimati (UTC+14).
    const instant = '2026-11-21T22:30:00Z';
    try {
      stored.set(LOCAL_TIME_ZONE_KEY, 'Pacific/Kiritimati');
      expect(displayTimeZone()).toBe('Pacific/Kiritimati');
      expect(formatDate(instant)).toBe('22/11/2026');
      expect(formatTimestamp(instant)).toBe('22/11/2026 12:30:00');
      expect(formatLocalDefault(instant)).toBe('22/11/2026 12:30:00');
      expect(formatCommentDate(instant)).toBe('Nov 22, 2026, 12:30:00');
      expect(toCalendarDate(instant)).toBe('2026-11-22');
      expect(resolveTimeZone(null)).toBe('Pacific/Kiritimati');
      // An explicit zone still wins; UTC stays UTC.
      expect(formatTimestamp(instant, 'UTC')).toBe('21/11/2026 22:30:00');
      expect(formatTimestampUtc(instant)).toBe('21/11/2026, 22:30:00');
      stored.set(LOCAL_TIME_ZONE_KEY, 'Pacific/Pago_Pago');
      expect(formatTimestamp(instant)).toBe('21/11/2026 11:30:00');
      // An unknown zone, or none (logout), is the host's again.
      stored.set(LOCAL_TIME_ZONE_KEY, 'Mars/Olympus');
      expect(displayTimeZone()).toBe(host);
      stored.clear();
      expect(formatTimestamp(instant)).toBe(formatTimestamp(instant, host));
    } finally {
      scope.localStorage = before;
    }
  });
  it('spec 3: "the local zone is used when absent"', () => {
    expect(resolveTimeZone('Asia/Dubai')).toBe('Asia/Dubai');
    expect(resolveTimeZone(null)).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone('Mars/Olympus')).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(isValidTimeZone('')).toBe(false);
  });
  it('finds the instant of a wall time, and the start of a day, in a zone', () => {
    const wall = { year: 2026, month: 3, day: 1, hour: 0, minute: 0, second: 0 };
    expect(new Date(instantOfWallTime(wall, 'Asia/Dubai')).toISOString()).toBe('2026-02-28T20:00:00.000Z');
    expect(new Date(startOfDay('2026-11-22T10:00:00Z', 'America/New_York')).toISOString()).toBe('2026-11-22T05:00:00.000Z');
    expect(new Date(toInstant('22/11/2026', 'Asia/Kolkata')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(wallTimeOf(Date.UTC(2026, 0, 1, 23, 30), 'Asia/Dubai')).toEqual({ year: 2026, month: 1, day: 2, hour: 3, minute: 30, second: 0 });
    expect(toCalendarDate('2026-11-21T22:30:00Z', 'Asia/Dubai')).toBe('2026-11-22');
  });
  it('property: a wall time found in a zone reads back as the same wall time (outside DST gaps)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom('UTC', 'Asia/Kolkata', 'Europe/London', 'America/Sao_Paulo'),
        (ms, zone) => {
          const wall = wallTimeOf(ms, zone);
          expect(wallTimeOf(instantOfWallTime(wall, zone), zone)).toEqual(wall);
        },
      ),
    );
  });
  it('knows leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});

describe('quickDateRange — spec 9: "Quick date options: one day (default), two days (back 1 day), three days (back 2), one week (back 6), one month (back one calendar month); dates use the user\'s stored time zone"', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('goes back the spec number of days', () => {
    expect(quickDateRange('1D', 'UTC', now)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(quickDateRange('2D', 'UTC', now)).toEqual({ from: '2026-11-21', to: '2026-11-22' });
    expect(quickDateRange('3D', 'UTC', now)).toEqual({ from: '2026-11-20', to: '2026-11-22' });
    expect(quickDateRange('1W', 'UTC', now)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(quickDateRange('1M', 'UTC', now)).toEqual({ from: '2026-10-22', to: '2026-11-22' });
  });
  it('takes "today" in the user zone, across month and year ends', () => {
    expect(quickDateRange('1D', 'Pacific/Kiritimati', now)).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(quickDateRange('2D', 'America/Los_Angeles', new Date('2026-03-01T05:00:00Z'))).toEqual({ from: '2026-02-27', to: '2026-02-28' });
    expect(quickDateRange('1W', 'UTC', new Date('2026-01-03T00:00:00Z'))).toEqual({ from: '2025-12-28', to: '2026-01-03' });
  });
  it('clamps the day of a month back to the month end (31 Mar -> 28/29 Feb)', () => {
    expect(quickDateRange('1M', 'UTC', new Date('2026-03-31T10:00:00Z'))).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(quickDateRange('1M', 'UTC', new Date('2024-03-31T10:00:00Z'))).toEqual({ from: '2024-02-29', to: '2024-03-31' });
    expect(quickDateRange('1M', 'UTC', new Date('2026-01-15T10:00:00Z'))).toEqual({ from: '2025-12-15', to: '2026-01-15' });
    expect(quickDateRange('1M', 'UTC', new Date('2026-05-31T10:00:00Z'))).toEqual({ from: '2026-04-30', to: '2026-05-31' });
    expect(quickDateRange('1Y', 'UTC', new Date('2024-02-29T10:00:00Z'))).toEqual({ from: '2023-02-28', to: '2024-02-29' });
  });
  it('lists the options, "one day (default)", and the duration codes', () => {
    expect(QUICK_DATE_OPTIONS.map((o) => o.value)).toEqual(['1D', '2D', '3D', '1W', '1M']);
    expect(DEFAULT_QUICK_DATE_OPTION).toBe('1D');
    expect(DURATION_CODES).toEqual(['1D', '2D', '3D', '1W', '1M', '1Y']);
  });
  it('spec 4: "clicking the selected one again deselects it unless the field is required"', () => {
    expect(toggleQuickDate('1W', '1W', false)).toBeNull();
    expect(toggleQuickDate('1W', '1W', true)).toBe('1W');
    expect(toggleQuickDate('1W', '1M', false)).toBe('1M');
    expect(toggleQuickDate(null, '1D', false)).toBe('1D');
  });
});

describe('updatedAgo — spec 9: "\'Updated ... ago\' labels use seconds, minutes, hours, days"', () => {
  const t0 = new Date(Date.UTC(2026, 10, 22));
  const after = (ms: number) => new Date(t0.getTime() + ms);
  it('picks the largest whole unit', () => {
    expect(updatedAgo(t0, t0)).toEqual({ key: 'seconds', count: 0 });
    expect(updatedAgo(t0, after(59_999))).toEqual({ key: 'seconds', count: 59 });
    expect(updatedAgo(t0, after(60_000))).toEqual({ key: 'minutes', count: 1 });
    expect(updatedAgo(t0, after(3_599_999))).toEqual({ key: 'minutes', count: 59 });
    expect(updatedAgo(t0, after(3_600_000))).toEqual({ key: 'hours', count: 1 });
    expect(updatedAgo(t0, after(86_399_999))).toEqual({ key: 'hours', count: 23 });
    expect(updatedAgo(t0, after(86_400_000 * 3))).toEqual({ key: 'days', count: 3 });
  });
  it('counts a future time as 0 seconds and refuses invalid dates', () => {
    expect(updatedAgo(after(5000), t0)).toEqual({ key: 'seconds', count: 0 });
    expect(() => updatedAgo(new Date('x'), t0)).toThrow('Invalid date format');
  });
});

describe('date range — spec 5: "start date cannot be after end date; end date cannot be earlier than one day before the start date"', () => {
  it('disables start dates after the end date', () => {
    expect(isStartDateDisabled('2026-11-23', '2026-11-22')).toBe(true);
    expect(isStartDateDisabled('2026-11-22', '2026-11-22')).toBe(false);
    expect(isStartDateDisabled('2026-11-23', null)).toBe(false);
  });
  it('disables end dates earlier than one day before the start date', () => {
    expect(isEndDateDisabled('2026-11-20', '2026-11-22')).toBe(true);
    expect(isEndDateDisabled('2026-11-21', '2026-11-22')).toBe(false);
    expect(isEndDateDisabled('2026-11-25', '2026-11-22')).toBe(false);
    expect(isEndDateDisabled('2026-11-20', undefined)).toBe(false);
  });
  it('flags a whole range whose start is after its end', () => {
    expect(validateDateRange({ start: '22/11/2026', end: '21/11/2026' })).toBe('dateRange.startAfterEnd');
    expect(validateDateRange({ start: '21/11/2026', end: '22/11/2026' })).toBeNull();
    expect(validateDateRange({ start: '', end: '22/11/2026' })).toBeNull();
    expect(validateDateRange({ start: '21/11/2026', end: null })).toBeNull();
    expect(() => validateDateRange({ start: 'x', end: '22/11/2026' })).toThrow('Invalid date format');
  });
});
