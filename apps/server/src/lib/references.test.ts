import { describe, expect, it } from 'vitest';
import { compactDay, dayReference, randomTail } from './references.ts';

describe('references', () => {
  const now = new Date('2026-03-09T23:30:00Z');

  it('dates a reference by its UTC day', () => {
    expect(compactDay(now)).toBe('20260309');
    expect(compactDay(new Date('2026-03-09T23:30:00-02:00'))).toBe('20260310');
  });

  it('ends in a random upper-case hex tail of the length asked for', () => {
    expect(randomTail(10)).toMatch(/^[0-9A-F]{10}$/);
    expect(randomTail(12)).toMatch(/^[0-9A-F]{12}$/);
    expect(new Set(Array.from({ length: 50 }, () => randomTail(8))).size).toBe(50);
  });

  it('joins prefix, day and tail with dashes', () => {
    expect(dayReference('ADJ', now, 10)).toMatch(/^ADJ-20260309-[0-9A-F]{10}$/);
  });
});
