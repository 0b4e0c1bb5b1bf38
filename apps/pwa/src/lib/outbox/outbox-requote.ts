import type { Quote } from '@corridor/api';
import { Dec } from '@corridor/domain';

/** What a price is to the user: the amounts, the rate and the charges. */
export interface QuotedPrice {
  quoteId: string;
  sendAmount: { amount: string; currency: string };
  receiveAmount: { amount: string; currency: string };
  exchangeRate: string;
  charges: { feeType: string; amount: string; currency: string }[];
}

/** A new price for a held draft: the one it was queued with (when the server still has it) and the new one. */
export interface Requote {
  previous: QuotedPrice | null;
  next: QuotedPrice;
}

/**
 * Asks for a new price for a draft whose quote expired while it waited: the old quote (null when
 * it cannot be read) and the new one the server made from the same request.
 */
export type OutboxRequoter = (item: { role?: 'MERCHANT' | 'TSP'; quoteId: string }) => Promise<{ previous: Quote | null; next: Quote }>;

export function priceOf(quote: Quote): QuotedPrice {
  return {
    quoteId: quote.id,
    sendAmount: { amount: quote.sendAmount.amount, currency: quote.sendAmount.currency },
    receiveAmount: { amount: quote.receiveAmount.amount, currency: quote.receiveAmount.currency },
    exchangeRate: quote.exchangeRate,
    charges: [...quote.merchantCharges, ...quote.correspondentCharges].map((c) => ({ feeType: c.feeType, amount: c.amount, currency: c.currency })),
  };
}

const sameMoney = (a: { amount: string; currency: string }, b: { amount: string; currency: string }) =>
  a.currency === b.currency && new Dec(a.amount).equals(b.amount);

/**
 * Whether the user would pay and the beneficiary receive exactly what was shown before: same
 * amounts, same rate, same charges (compared as decimals, so "1.50" is "1.5").
 */
export function samePrice(a: QuotedPrice, b: QuotedPrice): boolean {
  if (!sameMoney(a.sendAmount, b.sendAmount) || !sameMoney(a.receiveAmount, b.receiveAmount)) return false;
  if (!new Dec(a.exchangeRate).equals(b.exchangeRate) || a.charges.length !== b.charges.length) return false;
  return a.charges.every((c, i) => {
    const other = b.charges[i];
    return other !== undefined && other.feeType === c.feeType && sameMoney(c, other);
  });
}
