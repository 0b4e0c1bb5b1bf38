import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKUP_TYPES, applyMarkup, applyMarkups, markupUnit, pipSize } from './markups.ts';
import type { Markup } from './markups.ts';
import { Dec } from './money.ts';

const EURUSD = { source: 'EUR', target: 'USD' };
const USDJPY = { source: 'USD', target: 'JPY' };

describe('markup types — spec 9: "Markup types: PIP, PERCENTAGE, FLAT, BIP (unit labels pips, %, flat, bips)"', () => {
  it('lists the four types with their unit labels', () => {
    expect(MARKUP_TYPES.map((t) => [t.value, t.unit])).toEqual([
      ['PIP', 'pips'],
      ['PERCENTAGE', '%'],
      ['FLAT', 'flat'],
      ['BIP', 'bips'],
    ]);
    expect(markupUnit('BIP')).toBe('bips');
  });
});

describe('applyMarkup — ARCHITECTURE 9: "Markup units: PIP (0.0001, or 0.01 for JPY-quoted pairs), BIP (0.01 % of the rate), PERCENTAGE, FLAT"', () => {
  it('a pip is 0.0001, or 0.01 when either currency is JPY', () => {
    expect(pipSize(EURUSD)).toBe('0.0001');
    expect(pipSize(USDJPY)).toBe('0.01');
    expect(pipSize({ source: 'jpy', target: 'EUR' })).toBe('0.01');
    expect(applyMarkup('1.1', { type: 'PIP', value: '25' }, EURUSD)).toBe('1.10250000');
    expect(applyMarkup('150', { type: 'PIP', value: '25' }, USDJPY)).toBe('150.25000000');
    expect(applyMarkup('0.0067', { type: 'PIP', value: '1' }, { source: 'JPY', target: 'USD' })).toBe('0.01670000');
  });
  it('a bip is 0.01 % of the rate', () => {
    expect(applyMarkup('2', { type: 'BIP', value: '10' }, EURUSD)).toBe('2.00200000');
    expect(applyMarkup('150', { type: 'BIP', value: '1' }, USDJPY)).toBe('150.01500000');
  });
  it('a percentage is that share of the rate; flat adds the value', () => {
    expect(applyMarkup('1.25', { type: 'PERCENTAGE', value: '2' }, EURUSD)).toBe('1.27500000');
    expect(applyMarkup('1.25', { type: 'FLAT', value: '0.001' }, EURUSD)).toBe('1.25100000');
  });
  it('a negative value lowers the rate', () => {
    expect(applyMarkup('1.1', { type: 'PIP', value: '-25' }, EURUSD)).toBe('1.09750000');
    expect(applyMarkup('1.25', { type: 'PERCENTAGE', value: '-2' }, EURUSD)).toBe('1.22500000');
  });
  it('rounds half-up to 8 decimals', () => {
    expect(applyMarkup('1.123456785', { type: 'FLAT', value: '0' }, EURUSD)).toBe('1.12345679');
    expect(applyMarkup('3', { type: 'PERCENTAGE', value: '0.000000005' }, EURUSD)).toBe('3.00000000');
  });
  it('refuses a rate or value that is not a number', () => {
    expect(() => applyMarkup('', { type: 'FLAT', value: '1' }, EURUSD)).toThrow();
    expect(() => applyMarkup('1', { type: 'PIP', value: 'one' }, EURUSD)).toThrow();
  });
  it('applies layers in order, skipping missing ones', () => {
    const layered = applyMarkups('1.1', [{ type: 'PIP', value: '10' }, null, { type: 'PERCENTAGE', value: '1' }], EURUSD);
    expect(layered).toBe(new Dec('1.101').times('1.01').toFixed(8));
    expect(applyMarkups('1.1', [], EURUSD)).toBe('1.10000000');
  });
  it('property: a positive markup raises the rate and a negative one lowers it, for every type and pair', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 100_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom<Markup['type']>('PIP', 'BIP', 'PERCENTAGE', 'FLAT'),
        fc.constantFrom(EURUSD, USDJPY),
        (rateUnits, value, type, pair) => {
          const rate = new Dec(rateUnits).div(10_000).toFixed();
          const up = new Dec(applyMarkup(rate, { type, value: String(value) }, pair));
          const down = new Dec(applyMarkup(rate, { type, value: String(-value) }, pair));
          expect(up.gt(rate)).toBe(true);
          expect(down.lt(rate)).toBe(true);
        },
      ),
    );
  });
});
