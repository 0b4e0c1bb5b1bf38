import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration, timelineSteps } from './timeline-steps.ts';

const step = (status: string, at: string) => ({ status, action: status.toLowerCase(), at, by: null, reason: null });

describe('timelineSteps', () => {
  it('orders the steps oldest first and gives each the time since the one before', () => {
    const steps = timelineSteps([
      step('PROCESSING', '2026-11-20T10:05:30Z'),
      step('DRAFTED', '2026-11-20T09:00:00Z'),
      step('INITIATED', '2026-11-20T10:00:00Z'),
    ]);
    expect(steps.map((s) => s.status)).toEqual(['DRAFTED', 'INITIATED', 'PROCESSING']);
    expect(steps.map((s) => s.durationMs)).toEqual([null, 3_600_000, 330_000]);
  });

  it('a single step has no duration', () => {
    expect(timelineSteps([step('DRAFTED', '2026-11-20T09:00:00Z')])[0]?.durationMs).toBeNull();
  });
});

describe('durationParts', () => {
  it('keeps the two largest non-zero units', () => {
    expect(durationParts(330_000)).toEqual({ minutes: 5, seconds: 30 });
    expect(durationParts(93_784_000)).toEqual({ days: 1, hours: 2 });
    expect(durationParts(3_600_000)).toEqual({ hours: 1 });
    expect(durationParts(400)).toEqual({ seconds: 0 });
  });

  it('formats in the language', () => {
    expect(formatDuration(330_000, 'en')).toBe('5 min 30 sec');
    expect(formatDuration(3_600_000, 'ar')).not.toBe('1 hr');
  });
});
