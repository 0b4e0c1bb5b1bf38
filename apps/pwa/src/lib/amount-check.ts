import { Dec } from '@corridor/domain';

/**
 * What is wrong with an amount as typed for a currency with `dp` decimals, as an i18n key, or null.
 * Digits and one dot only (no signs, exponents or grouping), more than zero, no more decimals than the
 * currency has: the server refuses the same amounts, so the form says it first.
 */
export function amountProblem(text: string, dp: number): string | null {
  const value = text.trim();
  if (value === '') return 'transactionForms.errors.required';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'transactionForms.errors.amountFormat';
  if (!new Dec(value).gt(0)) return 'transactionForms.errors.amountPositive';
  const dot = value.indexOf('.');
  if (dot >= 0 && value.length - dot - 1 > dp) return 'transactionForms.errors.amountDecimals';
  return null;
}
