import { describe, expect, it, vi } from 'vitest';
import { compareCodes, dateTimeFormat, formatDateTime, numberFormat, relativeTimeFormat, warmFormatters } from './intl-format.ts';
import { userTimeZone } from './user-time-zone.ts';

describe('intl formatters made once', () => {
  it('hands back the same formatter for the same language and options, another for others', () => {
    expect(relativeTimeFormat('en')).toBe(relativeTimeFormat('en'));
    expect(relativeTimeFormat('ar')).not.toBe(relativeTimeFormat('en'));
    expect(numberFormat('en', { style: 'unit', unit: 'hour' })).toBe(numberFormat('en', { style: 'unit', unit: 'hour' }));
    expect(numberFormat('en', { style: 'unit', unit: 'day' })).not.toBe(numberFormat('en', { style: 'unit', unit: 'hour' }));
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).not.toBe(dateTimeFormat('en', { dateStyle: 'long' }));
    expect(relativeTimeFormat('ar').format(-3, 'minute')).toBe(new Intl.RelativeTimeFormat('ar', { numeric: 'always' }).format(-3, 'minute'));
  });

  it('writes a moment as toLocaleString does, in the zone asked', () => {
    const moment = new Date('2026-12-03T18:05:09.000Z');
    for (const [language, zone] of [
      ['en', 'Asia/Dubai'],
      ['ar', 'America/New_York'],
      ['en', 'UTC'],
    ] as const) {
      expect(formatDateTime(moment, language, zone)).toBe(moment.toLocaleString(language, { timeZone: zone }));
    }
    expect(formatDateTime('2026-12-03T18:05:09.000Z', 'en', 'UTC')).toBe(moment.toLocaleString('en', { timeZone: 'UTC' }));
  });

  it('makes ahead the formatters the first signed-in screen asks for: the screen then makes none', () => {
    // A language no other test here uses: the formatters are kept for the module's life.
    warmFormatters('fr-CA');
    const made = [vi.spyOn(Intl, 'RelativeTimeFormat'), vi.spyOn(Intl, 'NumberFormat'), vi.spyOn(Intl, 'DateTimeFormat')];
    try {
      expect(relativeTimeFormat('fr-CA').format(-3, 'minute')).toBe('il y a 3 minutes');
      expect(numberFormat('fr-CA').format(7)).toBe('7');
      expect(formatDateTime(0, 'fr-CA', userTimeZone())).toMatch(/19(69|70)/);
      for (const constructor of made) expect(constructor).not.toHaveBeenCalled();
    } finally {
      for (const constructor of made) constructor.mockRestore();
    }
  });

  it('orders codes and ISO dates by code point', () => {
    expect(['USD', 'AED', 'EUR', 'AUD'].sort(compareCodes)).toEqual(['AED', 'AUD', 'EUR', 'USD']);
    expect(['2026-11-27', '2026-01-02', '2025-12-31'].sort(compareCodes)).toEqual(['2025-12-31', '2026-01-02', '2026-11-27']);
    expect(compareCodes('USD', 'USD')).toBe(0);
  });
});
