import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMargin, convertAmount, formatInverseRate, formatRate, inverseRate, myExchangeRate, ownExchangeRate } from './fx.ts';
import { Dec } from './money.ts';

describe('rates — spec 9: "Exchange rate shown with 8 decimals, reverse with 5"', () => {
  it('shows a rate with 8 decimals, rounded half-up', () => {
    expect(formatRate('1.234567895')).toBe('1.23456790');
    expect(formatRate('1.234567894')).toBe('1.23456789');
    expect(formatRate('0.9')).toBe('0.90000000');
    expect(formatRate('15500.5')).toBe('15500.50000000');
    expect(formatRate('')).toBe('-');
  });
  it('shows the reverse (1 / rate) with 5 decimals', () => {
    expect(formatInverseRate('0.8')).toBe('1.25000');
    expect(formatInverseRate('3')).toBe('0.33333');
    expect(formatInverseRate('1.5')).toBe('0.66667');
    expect(formatInverseRate('0')).toBe('-');
    expect(formatInverseRate('x')).toBe('-');
  });
  it('inverseRate gives 8 decimals and refuses a zero rate', () => {
    expect(inverseRate('4')).toBe('0.25000000');
    expect(() => inverseRate('0')).toThrow('rate must not be zero');
  });
});

describe('my exchange rate — spec 9: "My exchange rate = quote send amount divided by sender sending amount (own rate also: received amount divided by sending amount)"', () => {
  it('divides with 8 decimals', () => {
    expect(myExchangeRate('1100', '1000')).toBe('1.10000000');
    expect(myExchangeRate('1', '3')).toBe('0.33333333');
    expect(myExchangeRate('2', '3')).toBe('0.66666667');
    expect(ownExchangeRate('920', '1000')).toBe('0.92000000');
  });
  it('shows a dash for a missing amount or a zero sending amount', () => {
    expect(myExchangeRate('100', '0')).toBe('-');
    expect(myExchangeRate('', '10')).toBe('-');
    expect(ownExchangeRate('10', '')).toBe('-');
  });
});

describe('applyMargin — spec 9: "Ask/bid adjustments use 8 decimals with percentage or flat margin"', () => {
  it('ask adds and bid subtracts a percentage of the rate', () => {
    expect(applyMargin('1.2', { type: 'PERCENTAGE', value: '1' }, 'ask')).toBe('1.21200000');
    expect(applyMargin('1.2', { type: 'PERCENTAGE', value: '1' }, 'bid')).toBe('1.18800000');
  });
  it('ask adds and bid subtracts a flat margin', () => {
    expect(applyMargin('1.2', { type: 'FLAT', value: '0.05' }, 'ask')).toBe('1.25000000');
    expect(applyMargin('1.2', { type: 'FLAT', value: '0.05' }, 'bid')).toBe('1.15000000');
  });
  it('rounds half-up at 8 decimals', () => {
    expect(applyMargin('1.00000001', { type: 'PERCENTAGE', value: '50' }, 'ask')).toBe('1.50000002');
    expect(applyMargin('0.333333335', { type: 'FLAT', value: '0' }, 'bid')).toBe('0.33333334');
  });
  it('refuses a margin that is not a number', () => {
    expect(() => applyMargin('1', { type: 'FLAT', value: 'x' }, 'ask')).toThrow();
  });
  it('property: ask >= rate >= bid for a non-negative margin', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom<'PERCENTAGE' | 'FLAT'>('PERCENTAGE', 'FLAT'),
        (rateUnits, marginUnits, type) => {
          const rate = new Dec(rateUnits).div(10_000).toFixed();
          const margin = { type, value: new Dec(marginUnits).div(1000).toFixed() };
          const ask = new Dec(applyMargin(rate, margin, 'ask'));
          const bid = new Dec(applyMargin(rate, margin, 'bid'));
          expect(ask.gte(rate)).toBe(true);
          expect(bid.lte(rate)).toBe(true);
        },
      ),
    );
  });
});

describe('convertAmount', () => {
  it('converts and rounds to the target currency decimals', () => {
    expect(convertAmount('100', '1.23456789', 2)).toBe('123.46');
    expect(convertAmount('100', '149.555', 0)).toBe('14956');
  });
});
