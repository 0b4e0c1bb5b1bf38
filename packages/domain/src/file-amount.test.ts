import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileAmount } from './file-amount.ts';
import { Dec } from './money.ts';

const refused = (text: string, options?: Parameters<typeof readFileAmount>[1]) => {
  const read = readFileAmount(text, options);
  return read.ok ? null : read.problem;
};

describe('readFileAmount', () => {
  it('reads digits with an optional dot and fraction as a plain decimal string', () => {
    expect(readFileAmount('1250.50', { decimals: 2 })).toEqual({ ok: true, value: '1250.5' });
    expect(readFileAmount('12.5', { decimals: 2 })).toEqual({ ok: true, value: '12.5' });
    expect(readFileAmount('0012', { decimals: 0 })).toEqual({ ok: true, value: '12' });
    expect(readFileAmount('  80.00\t', { decimals: 2 })).toEqual({ ok: true, value: '80' });
    expect(readFileAmount('0.000000001')).toEqual({ ok: true, value: '0.000000001' });
  });

  it.each([
    ['12,50', 'a comma for decimals'],
    ['1,250.00', 'a thousands comma'],
    ['1.250,00', 'European grouping'],
    ['1 250', 'a space inside'],
    ['1\u00a0250', 'a no-break space inside'],
    ["1'250", 'a Swiss apostrophe'],
    ['1_250', 'an underscore'],
    ['1e3', 'an exponent'],
    ['+12', 'a plus sign'],
    ['-12', 'a minus sign where none is allowed'],
    ['.5', 'no digit before the dot'],
    ['5.', 'no digit after the dot'],
    ['1.2.3', 'two dots'],
    ['١٢', 'Arabic-Indic digits'],
    ['$12', 'a currency symbol'],
    ['12 USD', 'a currency code'],
    ['0x10', 'hex'],
    ['Infinity', 'a word'],
    ['NaN', 'not a number'],
  ])('refuses %j (%s) as not an amount', (text) => {
    expect(refused(text, { decimals: 2 })).toBe('notAmount');
  });

  it('refuses an empty cell as required', () => {
    expect(refused('')).toBe('required');
    expect(refused('   ')).toBe('required');
    expect(readFileAmount(undefined)).toEqual({ ok: false, problem: 'required' });
  });

  it('refuses more decimals than allowed instead of rounding, counting them as written', () => {
    expect(refused('12.345', { decimals: 2 })).toBe('tooManyDecimals');
    expect(refused('12.5', { decimals: 0 })).toBe('tooManyDecimals');
    expect(refused('12.0', { decimals: 0 })).toBe('tooManyDecimals');
    expect(refused('12.34', { decimals: 2 })).toBeNull();
    expect(refused('12.34567891')).toBeNull();
  });

  it('reads a minus only when the reader allows a sign, and never a plus', () => {
    expect(readFileAmount('-12.5', { signed: true })).toEqual({ ok: true, value: '-12.5' });
    expect(readFileAmount('-0', { signed: true })).toEqual({ ok: true, value: '0' });
    expect(refused('+12.5', { signed: true })).toBe('notAmount');
    expect(refused('- 12.5', { signed: true })).toBe('notAmount');
  });

  it('reads back every decimal written under the rule, exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }), (units, dp) => {
        const digits = units.toString().padStart(dp + 1, '0');
        const text = dp === 0 ? digits : `${digits.slice(0, -dp)}.${digits.slice(-dp)}`;
        const read = readFileAmount(text, { decimals: dp });
        expect(read.ok).toBe(true);
        if (read.ok) expect(new Dec(read.value).eq(new Dec(units.toString()).div(new Dec(10).pow(dp)))).toBe(true);
      }),
    );
  });

  it('never reads a value that holds anything but digits and one dot', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), (text) => {
        const read = readFileAmount(text);
        if (read.ok) expect(text.trim()).toMatch(/^\d+(\.\d+)?$/);
      }),
    );
  });

  it('never rounds: an accepted value has the decimals it was written with, at most', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,6}\.\d{0,6}$/), fc.integer({ min: 0, max: 6 }), (text, dp) => {
        const read = readFileAmount(text, { decimals: dp });
        if (read.ok) expect(new Dec(read.value).eq(new Dec(text))).toBe(true);
        if (read.ok) expect(new Dec(read.value).decimalPlaces()).toBeLessThanOrEqual(dp);
      }),
    );
  });
});
