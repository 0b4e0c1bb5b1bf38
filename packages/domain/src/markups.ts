import { requireDecimal, toPlain } from './money.ts';
import type { DecimalValue } from './money.ts';
import { RATE_DP } from './fx.ts';

/** Spec 9: "Markup types: PIP, PERCENTAGE, FLAT, BIP (unit labels pips, %, flat, bips)". */
export const MARKUP_TYPES = [
  { value: 'PIP', labelKey: 'markup.type.pip', unit: 'pips' },
  { value: 'PERCENTAGE', labelKey: 'markup.type.percentage', unit: '%' },
  { value: 'FLAT', labelKey: 'markup.type.flat', unit: 'flat' },
  { value: 'BIP', labelKey: 'markup.type.bip', unit: 'bips' },
] as const;

export type MarkupType = (typeof MARKUP_TYPES)[number]['value'];

/** A markup on a rate; a negative value lowers the rate. */
export interface Markup {
  type: MarkupType;
  value: string;
}

/** A currency pair, source to target. */
export interface CurrencyPair {
  source: string;
  target: string;
}

/** Spec 3: "a markup enumeration offers MSP and TSP". */
export const MARKUP_ORGANISATIONS = [
  { value: 'MSP', labelKey: 'markup.organisation.msp' },
  { value: 'TSP', labelKey: 'markup.organisation.tsp' },
] as const;

/** A pip is the 4th decimal of a rate. */
export const PIP = '0.0001';
/** JPY is quoted with 2 decimals, so its pip is 0.01. */
export const JPY_PIP = '0.01';
/** A bip (basis point) is 0.01 % of the rate. */
export const BIP_FRACTION = '0.0001';

/**
 * Size of one pip for a pair: 0.01 when either currency is JPY, else 0.0001.
 *
 * @example pipSize({ source: 'USD', target: 'JPY' }) // '0.01'
 */
export function pipSize(pair: CurrencyPair): string {
  const isJpy = (code: string) => code.trim().toUpperCase() === 'JPY';
  return isJpy(pair.source) || isJpy(pair.target) ? JPY_PIP : PIP;
}

/** How much a markup moves a rate (before the 8-decimal rounding). */
export function markupDelta(rate: DecimalValue, markup: Markup, pair: CurrencyPair): DecimalValue {
  const value = requireDecimal(markup.value, 'markup value');
  switch (markup.type) {
    case 'PIP':
      return value.times(pipSize(pair));
    case 'BIP':
      return rate.times(value).times(BIP_FRACTION);
    case 'PERCENTAGE':
      return rate.times(value).div(100);
    case 'FLAT':
      return value;
  }
}

/**
 * Applies a markup to a rate (ARCHITECTURE 9 "Markup units"): a pip adds value x 0.0001
 * (0.01 when either currency is JPY), a bip adds value x 0.01 % of the rate, a percentage adds
 * that percentage of the rate, a flat markup adds the value. Result rounded half-up to 8 decimals.
 *
 * @example applyMarkup('1.1', { type: 'PIP', value: '25' }, { source: 'EUR', target: 'USD' }) // '1.10250000'
 * @example applyMarkup('150', { type: 'PIP', value: '25' }, { source: 'USD', target: 'JPY' }) // '150.25000000'
 * @example applyMarkup('2', { type: 'BIP', value: '10' }, { source: 'GBP', target: 'AED' }) // '2.00200000'
 */
export function applyMarkup(rate: string, markup: Markup, pair: CurrencyPair): string {
  const base = requireDecimal(rate, 'rate');
  return toPlain(base.plus(markupDelta(base, markup, pair)), RATE_DP);
}

/**
 * Applies markups one after the other, each on the previous result, skipping missing layers
 * (the pricing order of ARCHITECTURE 9: layer 1, layer 2, volatile).
 */
export function applyMarkups(rate: string, markups: readonly (Markup | null | undefined)[], pair: CurrencyPair): string {
  return markups.reduce<string>((current, markup) => (markup ? applyMarkup(current, markup, pair) : current), requireDecimal(rate, 'rate').toFixed(RATE_DP));
}

/** Unit label of a markup type (spec 9). */
export function markupUnit(type: MarkupType): string {
  return MARKUP_TYPES.find((t) => t.value === type)?.unit ?? '';
}
