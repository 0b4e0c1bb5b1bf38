import Decimal from 'decimal.js';

/**
 * The decimal type every money and rate rule of Corridor computes with.
 *
 * A local clone so no other package's `Decimal.set(...)` can change how money rounds here:
 * 40 significant digits (far beyond any currency amount times any rate) and ROUND_HALF_UP,
 * which in decimal.js rounds ties away from zero (1.005 -> 1.01, -1.005 -> -1.01).
 * Exponent limits are pushed out so `toString()` never switches to exponential notation.
 */
export const Dec = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});

/** An instance of {@link Dec}. */
export type DecimalValue = InstanceType<typeof Dec>;

/** Anything a screen or a payload may hand us as an amount. */
export type AmountInput = string | number | null | undefined;

/** Digits, an optional dot and fraction, an optional exponent; no hex, no words. */
const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** Grouped integer part as this module prints it: 1,234,567.89 */
const GROUPED_PATTERN = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * Reads an amount into a decimal, or null when it is missing or not a number.
 *
 * Accepts numbers, plain decimal strings and strings grouped with ',' (what
 * {@link formatAmount} prints), so a formatted amount parses back to its value.
 *
 * @example toDecimal('1,234.50')?.toString() // '1234.5'
 * @example toDecimal('abc') // null
 * @example toDecimal(null) // null
 */
export function toDecimal(value: AmountInput | DecimalValue): DecimalValue | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Dec) return value.isFinite() ? value : null;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Dec(value) : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (DECIMAL_PATTERN.test(text)) return new Dec(text);
  if (GROUPED_PATTERN.test(text)) return new Dec(text.replace(/,/g, ''));
  return null;
}

/**
 * Parses a displayed amount back to a plain decimal string (no grouping), or null.
 *
 * @example parseAmount('+1,234.50') // '1234.5'
 * @example parseAmount('-') // null
 */
export function parseAmount(text: AmountInput): string | null {
  const value = toDecimal(text);
  return value === null ? null : value.toFixed();
}

/** True when the value reads as a finite decimal number. */
export function isAmount(value: AmountInput): boolean {
  return toDecimal(value) !== null;
}

/**
 * Decimal places of a currency: its `dp`, or 8 when the currency or its dp is unknown
 * (spec 3: "dp (decimal places; 8 when unknown)").
 *
 * @example decimalsOf({ dp: 2 }) // 2
 * @example decimalsOf({ dp: 0 }) // 0  (JPY)
 * @example decimalsOf(null) // 8
 */
export function decimalsOf(currency?: { dp?: number | null } | null): number {
  const dp = currency?.dp;
  if (typeof dp !== 'number' || !Number.isInteger(dp) || dp < 0) return UNKNOWN_CURRENCY_DP;
  return dp;
}

/**
 * Decimals of an amount as written, trailing zeros too: the count a limit such as "USD amounts have at
 * most 2 decimals" is read against when the amount is taken as sent.
 *
 * @example writtenDecimals('10.50') // 2
 * @example writtenDecimals('10') // 0
 */
export function writtenDecimals(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.length - dot - 1;
}

/**
 * Decimals an amount needs: trailing zeros are not decimals (10.50 USD and 100.00 JPY fit).
 *
 * @example significantDecimals('10.50') // 1
 * @example significantDecimals('100.00') // 0
 */
export function significantDecimals(amount: string): number {
  return (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** Decimal places used when a currency is unknown (spec 3). */
export const UNKNOWN_CURRENCY_DP = 8;

/** What a missing value displays (spec 5: "Missing values display '-'"). */
export const MISSING_VALUE = '-';

/**
 * Clamps a requested number of decimals to something toFixed accepts: a missing or unreadable
 * dp means an unknown currency (8), a negative one means none.
 */
export function normaliseDp(dp: number | null | undefined): number {
  if (typeof dp !== 'number' || !Number.isFinite(dp)) return UNKNOWN_CURRENCY_DP;
  return dp < 0 ? 0 : Math.floor(dp);
}

/** Inserts ',' every three digits of an unsigned integer string. */
function groupDigits(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Rounds half-up to `dp` places and groups: 1234567.891 with 2 -> '1,234,567.89'.
 * A value that rounds to zero never keeps a minus sign ('-0.00' reads as a debit).
 */
export function formatDecimal(value: DecimalValue, dp: number): string {
  const places = normaliseDp(dp);
  const rounded = value.toDecimalPlaces(places);
  const fixed = rounded.abs().toFixed(places);
  const [integer = '0', fraction] = fixed.split('.');
  const body = fraction === undefined ? groupDigits(integer) : `${groupDigits(integer)}.${fraction}`;
  return rounded.isNeg() && !rounded.isZero() ? `-${body}` : body;
}

/**
 * Displays an amount (spec 5, "Amount display: +/- sign in credit/debit mode, decimals by
 * currency, a dash when missing").
 *
 * - grouping ',' and decimal point '.', exactly `dp` decimals, rounded half-up;
 * - `sign: 'credit'` prefixes '+', `sign: 'debit'` prefixes '-' to the absolute value;
 * - null, undefined, '' or anything that is not a number displays '-'.
 *
 * @example formatAmount('1234567.891', 2) // '1,234,567.89'
 * @example formatAmount(1234.5, 0) // '1,235'
 * @example formatAmount('250', 2, { sign: 'debit' }) // '-250.00'
 * @example formatAmount('', 2) // '-'
 */
export function formatAmount(amount: string | number | null | undefined, dp: number, opts?: { sign?: 'credit' | 'debit' }): string {
  const value = toDecimal(amount);
  if (value === null) return MISSING_VALUE;
  if (opts?.sign === 'credit') return `+${formatDecimal(value.abs(), dp)}`;
  if (opts?.sign === 'debit') return `-${formatDecimal(value.abs(), dp)}`;
  return formatDecimal(value, dp);
}

/**
 * Rounds an amount half-up to a currency's decimals and returns a plain decimal string
 * (what travels between packages). Throws on a missing amount: arithmetic on '-' is a bug.
 *
 * @example roundAmount('10.005', 2) // '10.01'
 * @example roundAmount('1500.5', 0) // '1501'
 */
export function roundAmount(amount: AmountInput | DecimalValue, dp: number): string {
  return toPlain(requireDecimal(amount, 'amount'), dp);
}

/**
 * A decimal as a plain string (no exponent, no grouping), rounded half-up to `dp` places when
 * given; a result that rounds to zero never carries a minus sign.
 *
 * @example toPlain(new Dec('-0.001'), 2) // '0.00'
 * @example toPlain(new Dec('1.50')) // '1.5'
 */
export function toPlain(value: DecimalValue, dp?: number): string {
  const rounded = dp === undefined ? value : value.toDecimalPlaces(normaliseDp(dp));
  const safe = rounded.isZero() ? rounded.abs() : rounded;
  return dp === undefined ? safe.toFixed() : safe.toFixed(normaliseDp(dp));
}

/** Reads a decimal or throws a clear error naming the field. */
export function requireDecimal(value: AmountInput | DecimalValue, field: string): DecimalValue {
  const result = toDecimal(value);
  if (result === null) throw new Error(`${field} is not a decimal number: ${String(value)}`);
  return result;
}

/** Reads a decimal, treating a missing or unreadable value as zero (receipt totals do). */
export function decimalOrZero(value: AmountInput): DecimalValue {
  return toDecimal(value) ?? new Dec(0);
}

/** One step of a scaled display: from `threshold` (absolute value) divide by `divisor`. */
interface ScaleStep {
  threshold: number;
  divisor: number;
  suffix: 'M' | 'B' | 'T';
}

/** Spec 9: "Amount short forms: M from 5e5 with 3 digits, B from 5e8, T from 5e11". */
export const SHORT_AMOUNT_SCALE: readonly ScaleStep[] = [
  { threshold: 5e11, divisor: 1e12, suffix: 'T' },
  { threshold: 5e8, divisor: 1e9, suffix: 'B' },
  { threshold: 5e5, divisor: 1e6, suffix: 'M' },
];

/** Spec 9: "summary format M at 1e6, B at 1e9, T at 1e12". */
export const SUMMARY_AMOUNT_SCALE: readonly ScaleStep[] = [
  { threshold: 1e12, divisor: 1e12, suffix: 'T' },
  { threshold: 1e9, divisor: 1e9, suffix: 'B' },
  { threshold: 1e6, divisor: 1e6, suffix: 'M' },
];

/** Decimals of a short form (spec 9: "M from 5e5 with 3 digits"). */
export const SHORT_AMOUNT_DIGITS = 3;
/** Decimals of a summary-card figure once scaled. */
export const SUMMARY_AMOUNT_DIGITS = 2;

function formatScaled(amount: AmountInput, dp: number, scale: readonly ScaleStep[], digits: number): string {
  const value = toDecimal(amount);
  if (value === null) return MISSING_VALUE;
  const step = scale.find((s) => value.abs().gte(s.threshold));
  if (step === undefined) return formatDecimal(value, dp);
  return `${formatDecimal(value.div(step.divisor), digits)}${step.suffix}`;
}

/**
 * Short amount form (spec 9: "M from 5e5 with 3 digits, B from 5e8, T from 5e11"):
 * from 500,000 the amount is shown in millions with 3 decimals, from 5e8 in billions,
 * from 5e11 in trillions; below that the full amount with the currency's decimals.
 *
 * @example formatAmountShort('500000', 2) // '0.500M'
 * @example formatAmountShort('1234567890', 2) // '1.235B'
 * @example formatAmountShort('499999.5', 2) // '499,999.50'
 */
export function formatAmountShort(amount: AmountInput, dp: number): string {
  return formatScaled(amount, dp, SHORT_AMOUNT_SCALE, SHORT_AMOUNT_DIGITS);
}

/**
 * Summary-card amount (spec 9: "summary format M at 1e6, B at 1e9, T at 1e12"), scaled with
 * 2 decimals; below a million the full amount with the currency's decimals.
 *
 * @example formatSummaryAmount('1000000', 2) // '1.00M'
 * @example formatSummaryAmount('999999.99', 2) // '999,999.99'
 */
export function formatSummaryAmount(amount: AmountInput, dp: number): string {
  return formatScaled(amount, dp, SUMMARY_AMOUNT_SCALE, SUMMARY_AMOUNT_DIGITS);
}

/**
 * Sums amounts as decimals; missing values count as zero.
 *
 * @example sumAmounts(['0.1', '0.2']) // '0.3'
 */
export function sumAmounts(amounts: readonly AmountInput[]): string {
  return amounts.reduce<DecimalValue>((acc, a) => acc.plus(decimalOrZero(a)), new Dec(0)).toFixed();
}
