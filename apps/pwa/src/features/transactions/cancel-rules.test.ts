import { describe, expect, it } from 'vitest';
import { canRequestCancel, cancellationWindow } from './cancel-rules.ts';

describe('canRequestCancel', () => {
  it('offers cancel while a TSP could still cancel from the status, and no request is open', () => {
    expect(canRequestCancel('TRANSFER', 'PENDING', null)).toBe(true);
    expect(canRequestCancel('TOPUP', 'PENDING', null)).toBe(true);
    expect(canRequestCancel('TRANSFER', 'PENDING', { status: 'REQUESTED' })).toBe(false);
    expect(canRequestCancel('TRANSFER', 'PENDING', { status: 'REJECTED' })).toBe(true);
  });

  it('offers nothing on a finished transaction or an unknown category', () => {
    expect(canRequestCancel('TRANSFER', 'CANCELLED', null)).toBe(false);
    expect(canRequestCancel('TOPUP', 'REJECTED', null)).toBe(false);
    expect(canRequestCancel('LOAN', 'PENDING', null)).toBe(false);
  });
});

describe('cancellationWindow', () => {
  it("runs from the transaction's day to today, in the user's time zone", () => {
    // 22:30 UTC on 1 March is already 2 March in Dubai.
    expect(cancellationWindow('2026-03-01T22:30:00Z', new Date('2026-03-05T10:00:00Z'), 'Asia/Dubai')).toEqual({ from: '2026-03-02', to: '2026-03-05' });
    expect(cancellationWindow('2026-03-01T22:30:00Z', new Date('2026-03-05T10:00:00Z'), 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
  });
});
