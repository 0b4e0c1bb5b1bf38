import { describe, expect, it } from 'vitest';
import { defaultReportRange, fromPortalDay, quickOptionOf, quickPortalRange, toPortalDay } from './report-range.ts';

describe('report ranges', () => {
  it('reads and writes dd/MM/yyyy, refusing days that do not exist', () => {
    expect(fromPortalDay('31/01/2026')).toBe('2026-01-31');
    expect(fromPortalDay('31/02/2026')).toBeNull();
    expect(fromPortalDay('2026-01-31')).toBeNull();
    expect(toPortalDay('2026-03-05')).toBe('05/03/2026');
  });

  it("turns spec 9's quick options into days of the user's time zone", () => {
    // 22:30 UTC on 15 March is already 16 March in Dubai (UTC+4).
    const now = new Date('2026-03-15T22:30:00Z');
    expect(quickPortalRange('1D', 'UTC', now)).toEqual({ from: '15/03/2026', to: '15/03/2026' });
    expect(quickPortalRange('1D', 'Asia/Dubai', now)).toEqual({ from: '16/03/2026', to: '16/03/2026' });
    expect(quickPortalRange('2D', 'UTC', now)).toEqual({ from: '14/03/2026', to: '15/03/2026' });
    expect(quickPortalRange('3D', 'UTC', now)).toEqual({ from: '13/03/2026', to: '15/03/2026' });
    expect(quickPortalRange('1W', 'UTC', now)).toEqual({ from: '09/03/2026', to: '15/03/2026' });
    expect(quickPortalRange('1M', 'UTC', now)).toEqual({ from: '15/02/2026', to: '15/03/2026' });
    expect(defaultReportRange('UTC', now)).toEqual({ from: '15/03/2026', to: '15/03/2026' });
  });

  it('knows which quick option a range is, and none for a typed one', () => {
    const now = new Date('2026-03-15T10:00:00Z');
    expect(quickOptionOf({ from: '09/03/2026', to: '15/03/2026' }, 'UTC', now)).toBe('1W');
    expect(quickOptionOf({ from: '10/03/2026', to: '15/03/2026' }, 'UTC', now)).toBeNull();
  });
});
