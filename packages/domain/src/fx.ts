import { Dec, MISSING_VALUE, requireDecimal, toDecimal, toPlain } from './money.ts';
import type { DecimalValue } from './money.ts';

/** Spec 9: "Exchange rate shown with 8 decimals". */
export const RATE_DP = 8;
/** Spec 9: "reverse with 5". */
export const INVERSE_RATE_DP = 5;

/** A margin on a rate: a percentage of it or a flat amount (spec 9, ask/bid adjustments). */
export interface Margin {
  type: 'PERCENTAGE' | 'FLAT';
  value: string;
}

/**
 * Displays an exchange rate with 8 decimals, rounded half-up, no grouping; '-' when missing.
 *
 * @example formatRate('1.234567895') // '1.23456790'
 * @example formatRate('0.9') // '0.90000000'
 */
export function formatRate(rate: string): string {
  const value = toDecimal(rate);
  return value === null ? MISSING_VALUE : toPlain(value, RATE_DP);
}

/**
 * Displays the reverse rate (1 / rate) with 5 decimals (spec 9: "the reverse is shown as 1 unit
 * of each currency"); '-' when the rate is missing or zero.
 *
 * @example formatInverseRate('0.8') // '1.25000'
 * @example formatInverseRate('3') // '0.33333'
 */
export function formatInverseRate(rate: string): string {
  const value = toDecimal(rate);
  if (value === null || value.isZero()) return MISSING_VALUE;
  return toPlain(new Dec(1).div(value), INVERSE_RATE_DP);
}

/** 1 / rate with 8 decimals, as a plain decimal string; throws on a zero rate. */
export function inverseRate(rate: string): string {
  const value = requireDecimal(rate, 'rate');
  if (value.isZero()) throw new Error('rate must not be zero');
  return new Dec(1).div(value).toFixed(RATE_DP);
}

function divideToRate(numerator: string, denominator: string): string {
  const top = toDecimal(numerator);
  const bottom = toDecimal(denominator);
  if (top === null || bottom === null || bottom.isZero()) return MISSING_VALUE;
  return toPlain(top.div(bottom), RATE_DP);
}

/**
 * My exchange rate (spec 9): "My exchange rate = quote send amount divided by sender sending
 * amount", 8 decimals; '-' when either is missing or the sending amount is zero.
 *
 * @example myExchangeRate('1100', '1000') // '1.10000000'
 */
export function myExchangeRate(quoteSendAmount: string, senderSendingAmount: string): string {
  return divideToRate(quoteSendAmount, senderSendingAmount);
}

/**
 * Own rate (spec 9): "received amount divided by sending amount", 8 decimals.
 *
 * @example ownExchangeRate('920', '1000') // '0.92000000'
 */
export function ownExchangeRate(receivedAmount: string, sendingAmount: string): string {
  return divideToRate(receivedAmount, sendingAmount);
}

function marginDelta(rate: DecimalValue, margin: Margin): DecimalValue {
  const value = requireDecimal(margin.value, 'margin value');
  return margin.type === 'PERCENTAGE' ? rate.times(value).div(100) : value;
}

/**
 * Ask/bid adjustment (spec 9: "Ask/bid adjustments use 8 decimals with percentage or flat
 * margin"): the ask side adds the margin, the bid side subtracts it.
 *
 * @example applyMargin('1.2', { type: 'PERCENTAGE', value: '1' }, 'ask') // '1.21200000'
 * @example applyMargin('1.2', { type: 'FLAT', value: '0.05' }, 'bid') // '1.15000000'
 */
export function applyMargin(rate: string, margin: Margin, side: 'ask' | 'bid'): string {
  const base = requireDecimal(rate, 'rate');
  const delta = marginDelta(base, margin);
  return toPlain(side === 'ask' ? base.plus(delta) : base.minus(delta), RATE_DP);
}

/**
 * Converts an amount at a rate and rounds half-up to the target currency's decimals.
 *
 * @example convertAmount('100', '1.23456789', 2) // '123.46'
 */
export function convertAmount(amount: string, rate: string, targetDp: number): string {
  return toPlain(requireDecimal(amount, 'amount').times(requireDecimal(rate, 'rate')), targetDp);
}
