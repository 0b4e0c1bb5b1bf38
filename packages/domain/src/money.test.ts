import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Dec,
  decimalOrZero,
  decimalsOf,
  formatAmount,
  formatAmountShort,
  formatDecimal,
  formatSummaryAmount,
  isAmount,
  normaliseDp,
  parseAmount,
  requireDecimal,
  roundAmount,
  significantDecimals,
  sumAmounts,
  toDecimal,
  toPlain,
  writtenDecimals,
} from './money.ts';

describe('decimalsOf — spec 3: "dp (decimal places; 8 when unknown)"', () => {
  it('uses the currency dp, including 0 for JPY-like currencies', () => {
    expect(decimalsOf({ dp: 2 })).toBe(2);
    expect(decimalsOf({ dp: 0 })).toBe(0);
    expect(decimalsOf({ dp: 3 })).toBe(3);
  });
  it('falls back to 8 when the currency or its dp is unknown', () => {
    expect(decimalsOf()).toBe(8);
    expect(decimalsOf(null)).toBe(8);
    expect(decimalsOf({})).toBe(8);
    expect(decimalsOf({ dp: null })).toBe(8);
    expect(decimalsOf({ dp: -1 })).toBe(8);
    expect(decimalsOf({ dp: 1.5 })).toBe(8);
  });
});

describe('decimals of an amount: as written, and as needed', () => {
  it('counts every written decimal, trailing zeros too', () => {
    expect(writtenDecimals('10.50')).toBe(2);
    expect(writtenDecimals('10.500')).toBe(3);
    expect(writtenDecimals('10')).toBe(0);
    expect(writtenDecimals('-0.1')).toBe(1);
  });
  it('does not count trailing zeros as needed decimals', () => {
    expect(significantDecimals('10.50')).toBe(1);
    expect(significantDecimals('100.00')).toBe(0);
    expect(significantDecimals('10')).toBe(0);
    expect(significantDecimals('0.0001')).toBe(4);
  });
});

describe('formatAmount — spec 5: "Amount display: +/- sign in credit/debit mode, decimals by currency, a dash when missing"', () => {
  it('groups thousands with "," and uses "." for decimals', () => {
    expect(formatAmount('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatAmount('999', 2)).toBe('999.00');
    expect(formatAmount('1000', 2)).toBe('1,000.00');
    expect(formatAmount('123456789012345678901234.5', 1)).toBe('123,456,789,012,345,678,901,234.5');
  });
  it('rounds half-up to the currency decimals', () => {
    expect(formatAmount('10.005', 2)).toBe('10.01');
    expect(formatAmount('10.004', 2)).toBe('10.00');
    expect(formatAmount('-1.005', 2)).toBe('-1.01');
    expect(formatAmount(1234.5, 0)).toBe('1,235');
    expect(formatAmount('0.123456785', 8)).toBe('0.12345679');
  });
  it('keeps the sign of negative amounts without a mode, but never shows -0', () => {
    expect(formatAmount('-1234.5', 2)).toBe('-1,234.50');
    expect(formatAmount('-0.001', 2)).toBe('0.00');
    expect(formatAmount(-0, 2)).toBe('0.00');
  });
  it('prefixes "+" in credit mode and "-" in debit mode to the absolute value', () => {
    expect(formatAmount('250', 2, { sign: 'credit' })).toBe('+250.00');
    expect(formatAmount('250', 2, { sign: 'debit' })).toBe('-250.00');
    expect(formatAmount('-250', 2, { sign: 'debit' })).toBe('-250.00');
    expect(formatAmount('-1500.5', 0, { sign: 'credit' })).toBe('+1,501');
  });
  it('shows a dash when the amount is missing or not a number', () => {
    for (const missing of [null, undefined, '', '   ', 'abc', '12abc', '0x10', Number.NaN, Infinity]) {
      expect(formatAmount(missing, 2)).toBe('-');
      expect(formatAmount(missing, 2, { sign: 'credit' })).toBe('-');
    }
  });
  it('accepts numbers, exponent strings and already grouped strings', () => {
    expect(formatAmount(0.1 + 0.2, 2)).toBe('0.30');
    expect(formatAmount('1e3', 2)).toBe('1,000.00');
    expect(formatAmount('1,234.5', 2)).toBe('1,234.50');
    expect(formatAmount(' 42 ', 0)).toBe('42');
  });
  it('treats a negative or fractional dp as a whole number of decimals', () => {
    expect(formatAmount('12.34', -2)).toBe('12');
    expect(formatAmount('12.345', 2.9)).toBe('12.35');
    expect(normaliseDp(Number.NaN)).toBe(8);
    expect(formatAmount('1.5', undefined as unknown as number)).toBe('1.50000000');
  });
  it('property: formatting then parsing gives the value rounded half-up, with no drift', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), (units, scale, dp) => {
        const value = new Dec(units.toString()).div(new Dec(10).pow(scale));
        const parsed = parseAmount(formatAmount(value.toFixed(), dp));
        expect(parsed).not.toBeNull();
        expect(new Dec(parsed ?? 'NaN').eq(value.toDecimalPlaces(dp))).toBe(true);
      }),
    );
  });
  it('property: a formatted amount parsed and formatted again is unchanged', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }), fc.integer({ min: 0, max: 6 }), (n, dp) => {
        const once = formatAmount(n, dp);
        expect(formatAmount(parseAmount(once), dp)).toBe(once);
      }),
    );
  });
});

describe('parsing helpers', () => {
  it('reads grouped and signed text back to plain decimal strings', () => {
    expect(parseAmount('+1,234.50')).toBe('1234.5');
    expect(parseAmount('-1,000,000')).toBe('-1000000');
    expect(parseAmount('-')).toBeNull();
    expect(parseAmount('1,23')).toBeNull();
  });
  it('knows what is an amount', () => {
    expect(isAmount('0')).toBe(true);
    expect(isAmount('.5')).toBe(true);
    expect(isAmount('5.')).toBe(true);
    expect(isAmount('')).toBe(false);
    expect(toDecimal(new Dec('2'))?.toString()).toBe('2');
    expect(toDecimal(new Dec(Infinity))).toBeNull();
    expect(toDecimal({} as unknown as string)).toBeNull();
  });
  it('requireDecimal names the field it could not read', () => {
    expect(() => requireDecimal('x', 'rate')).toThrow('rate is not a decimal number: x');
    expect(requireDecimal('1.50', 'rate').toString()).toBe('1.5');
  });
  it('roundAmount rounds half-up to the currency decimals as a plain string', () => {
    expect(roundAmount('10.005', 2)).toBe('10.01');
    expect(roundAmount('1500.5', 0)).toBe('1501');
    expect(roundAmount('1234567.1', 2)).toBe('1234567.10');
    expect(() => roundAmount(null, 2)).toThrow();
    expect(roundAmount('-0.001', 2)).toBe('0.00');
    expect(roundAmount('-0.005', 2)).toBe('-0.01');
    expect(toPlain(new Dec('-0'))).toBe('0');
    expect(toPlain(new Dec('1.50'))).toBe('1.5');
  });
  it('sums as decimals (0.1 + 0.2 is exactly 0.3)', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['1', null, '', '2.5'])).toBe('3.5');
    expect(decimalOrZero('nope').toString()).toBe('0');
  });
  it('formatDecimal groups big values', () => {
    expect(formatDecimal(new Dec('1e21'), 0)).toBe('1,000,000,000,000,000,000,000');
  });
});

describe('short and summary forms — spec 9: "Amount short forms: M from 5e5 with 3 digits, B from 5e8, T from 5e11; summary format M at 1e6, B at 1e9, T at 1e12"', () => {
  it('short form: M from 5e5, B from 5e8, T from 5e11, 3 decimals', () => {
    expect(formatAmountShort('499999.995', 2)).toBe('500,000.00');
    expect(formatAmountShort('499999', 2)).toBe('499,999.00');
    expect(formatAmountShort('500000', 2)).toBe('0.500M');
    expect(formatAmountShort('1234567', 2)).toBe('1.235M');
    expect(formatAmountShort('499999999', 2)).toBe('500.000M'); // 499.999999M rounds half-up
    expect(formatAmountShort('499998999', 2)).toBe('499.999M');
    expect(formatAmountShort('500000000', 2)).toBe('0.500B');
    expect(formatAmountShort('1234567890', 2)).toBe('1.235B');
    expect(formatAmountShort('500000000000', 2)).toBe('0.500T');
    expect(formatAmountShort('-2500000', 2)).toBe('-2.500M');
    expect(formatAmountShort(null, 2)).toBe('-');
  });
  it('summary form: M at 1e6, B at 1e9, T at 1e12', () => {
    expect(formatSummaryAmount('999999.99', 2)).toBe('999,999.99');
    expect(formatSummaryAmount('1000000', 2)).toBe('1.00M');
    expect(formatSummaryAmount('2500000000', 2)).toBe('2.50B');
    expect(formatSummaryAmount('1000000000000', 0)).toBe('1.00T');
    expect(formatSummaryAmount('12345', 0)).toBe('12,345');
    expect(formatSummaryAmount('', 2)).toBe('-');
  });
});
