import { describe, expect, it } from 'vitest';
import { checkDateRanges } from './resource-engine.ts';

describe('a list query’s date ranges', () => {
  it('names the end of each range that ends before it starts, by either naming', () => {
    const refused = () =>
      checkDateRanges({
        createdFromDate: '2026-12-01',
        createdToDate: '2026-01-01',
        fromDate: '2026-05-02',
        toDate: '2026-05-01',
        valueDateFrom: '2026-01-01',
      });
    expect(refused).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    try {
      refused();
    } catch (error) {
      expect((error as { invalidParameters: unknown }).invalidParameters).toEqual([
        { parameter: 'createdToDate', message: 'must not be before createdFromDate' },
        { parameter: 'toDate', message: 'must not be before fromDate' },
      ]);
    }
  });

  it('lets a one-day range, an open range and non-date values through', () => {
    expect(() => checkDateRanges({ fromDate: '2026-05-01', toDate: '2026-05-01' })).not.toThrow();
    expect(() => checkDateRanges({ valueDateFrom: '2026-05-01T10:00:00Z', valueDateTo: '2026-05-01T12:00:00Z' })).not.toThrow();
    expect(() => checkDateRanges({ createdFromDate: '2026-05-01' })).not.toThrow();
    expect(() => checkDateRanges({ slabValueFrom: '500', slabValueTo: '100' })).not.toThrow();
  });
});
