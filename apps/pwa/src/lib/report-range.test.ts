import { describe, expect, it } from 'vitest';
import { fromPortalDay, quickRange, toPortalDay } from './report-range.ts';

describe('report ranges', () => {
  it('reads and writes dd/MM/yyyy, refusing days that do not exist', () => {
    expect(fromPortalDay('31/01/2026')).toBe('2026-01-31');
    expect(fromPortalDay('31/02/2026')).toBeNull();
    expect(fromPortalDay('2026-01-31')).toBeNull();
    expect(toPortalDay('2026-03-05')).toBe('05/03/2026');
  });

  it('turns the quick options into days', () => {
    const today = new Date('2026-03-15T10:00:00Z');
    expect(quickRange('last7', today)).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(quickRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(quickRange('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
