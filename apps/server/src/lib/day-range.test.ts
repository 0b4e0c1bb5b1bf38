import { describe, expect, it } from 'vitest';
import { dayAfter, dayEndOf, dayStartOf } from './day-range.ts';

describe('the ends of a date filter', () => {
  it('spans a yyyy-MM-dd day in UTC', () => {
    expect(dayStartOf('2026-03-09').toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(dayEndOf('2026-03-09').toISOString()).toBe('2026-03-09T23:59:59.999Z');
    expect(dayAfter('2026-03-09').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(dayAfter('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('takes a full timestamp as it is', () => {
    const at = '2026-03-09T10:15:00.000Z';
    expect(dayStartOf(at).toISOString()).toBe(at);
    expect(dayEndOf(at).toISOString()).toBe(at);
    expect(dayAfter(at).toISOString()).toBe(at);
  });
});
