import { describe, expect, it } from 'vitest';
import { cancelDetailsSchema, parseShownDate, toWireDate } from './cancel-details.ts';

const now = new Date('2026-11-23T15:00:00Z');
const schema = cancelDetailsSchema('2026-11-20T18:30:00Z', now, 'UTC');
const errors = (v: { reason: string; cancellationDate: string }) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message.replace('paymentList.modal.errors.', '')}`);
};

describe('cancellation details', () => {
  it('needs a reason and a date', () => {
    expect(errors({ reason: '  ', cancellationDate: '' })).toEqual(['reason:required', 'cancellationDate:required', 'cancellationDate:invalidDate']);
  });

  it('accepts the payment day from its start, and today', () => {
    expect(errors({ reason: 'duplicate', cancellationDate: '20/11/2026' })).toEqual([]);
    expect(errors({ reason: 'duplicate', cancellationDate: '23/11/2026' })).toEqual([]);
  });

  it('refuses a day before the payment and a day after today', () => {
    expect(errors({ reason: 'x', cancellationDate: '19/11/2026' })).toEqual(['cancellationDate:outOfRange']);
    expect(errors({ reason: 'x', cancellationDate: '24/11/2026' })).toEqual(['cancellationDate:outOfRange']);
  });

  it('reads only dd/MM/yyyy real dates', () => {
    expect(errors({ reason: 'x', cancellationDate: '2026-11-21' })).toEqual(['cancellationDate:invalidDate']);
    expect(parseShownDate('31/02/2026')).toBeNull();
    expect(toWireDate('21/11/2026')).toBe('2026-11-21');
  });

  it('uses the user time zone for the payment day', () => {
    // 23:30 UTC on the 19th is already the 20th in Dubai.
    const dubai = cancelDetailsSchema('2026-11-19T23:30:00Z', now, 'Asia/Dubai');
    expect(dubai.safeParse({ reason: 'x', cancellationDate: '19/11/2026' }).success).toBe(false);
    expect(dubai.safeParse({ reason: 'x', cancellationDate: '20/11/2026' }).success).toBe(true);
  });
});
