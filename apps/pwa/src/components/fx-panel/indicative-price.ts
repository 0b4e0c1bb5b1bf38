import { Dec, convertAmount, toDecimal, toPlain, RATE_DP } from '@corridor/domain';

export interface PanelMoney {
  amount: string;
  currency: string;
}

/**
 * A price worked out on the device from the last cached rate while offline: never a quote, it has
 * no id, no fees and no expiry, and always says how old its rate is.
 */
export interface IndicativePrice {
  sendAmount: PanelMoney;
  receiveAmount: PanelMoney;
  /** The cached rate (target per source unit), a decimal string. */
  rate: string;
  /** When the cached rate was read from the server. */
  ratesUpdatedAt: Date;
}

/**
 * The indicative price of a send amount at a cached rate, the receive amount rounded half-up to
 * the target currency's decimals (the same rounding a firm quote uses).
 *
 * @example indicativePrice({ amount: '1000', currency: 'AED' }, 'USD', '0.2723', 2, at).receiveAmount // { amount: '272.30', currency: 'USD' }
 */
export function indicativePrice(send: PanelMoney, targetCurrency: string, rate: string, targetDp: number, ratesUpdatedAt: Date): IndicativePrice {
  return {
    sendAmount: send,
    receiveAmount: { amount: convertAmount(send.amount, rate, targetDp), currency: targetCurrency },
    rate,
    ratesUpdatedAt,
  };
}

/**
 * How far a firm rate moved from the indicative one shown offline, as a signed rate with 8 decimals;
 * null when it did not move (or either is missing).
 *
 * @example rateMove('0.2723', '0.27225') // '-0.00005000'
 */
export function rateMove(indicativeRate: string, firmRate: string): string | null {
  const before = toDecimal(indicativeRate);
  const after = toDecimal(firmRate);
  if (before === null || after === null) return null;
  const move = new Dec(after).minus(before);
  if (move.isZero()) return null;
  const text = toPlain(move, RATE_DP);
  return move.isPositive() ? `+${text}` : text;
}
