import { describe, expect, it } from 'vitest';
import {
  QUOTE_EXPIRED_TAG_KEY,
  QUOTE_LONG_DATED_MS,
  canEditFees,
  feeEditPayload,
  isLongDatedQuote,
  negotiateState,
  quoteCountdown,
  rebateLabel,
} from './quote.ts';

const now = new Date('2026-11-22T00:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('quoteCountdown — spec 4: "A one-second countdown shows hours, minutes and seconds left"; spec 9: "Countdown numbers 2 digits"', () => {
  it('shows two digits each, floored', () => {
    expect(quoteCountdown('2026-11-22T03:00:00Z', new Date('2026-11-22T01:58:59.500Z'))).toEqual({
      hours: '01',
      minutes: '01',
      seconds: '00',
      expired: false,
    });
    expect(quoteCountdown(plus(59_999), now)).toEqual({ hours: '00', minutes: '00', seconds: '59', expired: false });
    expect(quoteCountdown(plus(999), now)).toEqual({ hours: '00', minutes: '00', seconds: '00', expired: false });
    expect(quoteCountdown(plus(100 * 3_600_000 + 61_000), now)).toEqual({ hours: '100', minutes: '01', seconds: '01', expired: false });
  });
  it('"At zero the quote is reported invalid": expired when now >= expireAt, never negative', () => {
    expect(quoteCountdown(plus(0), now)).toEqual({ hours: '00', minutes: '00', seconds: '00', expired: true });
    expect(quoteCountdown(plus(-90_000), now)).toEqual({ hours: '00', minutes: '00', seconds: '00', expired: true });
    expect(QUOTE_EXPIRED_TAG_KEY).toBe('transaction.status.quoteExpired');
  });
  it('refuses an unreadable expiry', () => {
    expect(() => quoteCountdown('soon', now)).toThrow('Invalid date format');
  });
});

describe('negotiateState — spec 4: "If expiry is more than 1 day away the negotiate button is hidden. Otherwise it is shown but disabled while the quote is not expired."', () => {
  it('hides the button for long-dated quotes (more than 86,400,000 ms away)', () => {
    expect(QUOTE_LONG_DATED_MS).toBe(86_400_000);
    expect(negotiateState(plus(86_400_001), now)).toBe('hidden');
    expect(negotiateState(plus(2 * 86_400_000), now)).toBe('hidden');
    expect(isLongDatedQuote(plus(86_400_001), now)).toBe(true);
  });
  it('disables it while the quote is live, exactly one day included', () => {
    expect(negotiateState(plus(86_400_000), now)).toBe('disabled');
    expect(negotiateState(plus(1), now)).toBe('disabled');
    expect(isLongDatedQuote(plus(86_400_000), now)).toBe(false);
  });
  it('enables it once expired', () => {
    expect(negotiateState(plus(0), now)).toBe('enabled');
    expect(negotiateState(plus(-5000), now)).toBe('enabled');
  });
});

describe('fee editing — spec 4: "Saving sends the numeric fee values keyed OUR, BEN, REBATE and FX_PREMIUM"; spec 5: "only values that are numbers are sent on save"', () => {
  it('keeps only numbers, as decimal strings', () => {
    expect(feeEditPayload({ OUR: '12.5', BEN: '', REBATE: 'abc', FX_PREMIUM: 3 })).toEqual({ OUR: '12.5', FX_PREMIUM: '3' });
    expect(feeEditPayload({ OUR: null, BEN: '0' })).toEqual({ BEN: '0' });
    expect(feeEditPayload({})).toEqual({});
  });
  it('spec 6: "Only TSP can edit fees"; "The rebate label is \'Rebate Receivables\' for MSP and \'Rebate Payables\' otherwise"', () => {
    expect(canEditFees('TSP')).toBe(true);
    expect(canEditFees('MSP')).toBe(false);
    expect(rebateLabel('MSP')).toBe('Rebate Receivables');
    expect(rebateLabel('TSP')).toBe('Rebate Payables');
  });
});
