import { indicativePrice, type IndicativePrice } from '@/components/fx-panel/indicative-price.ts';
import type { CachedRate } from './use-payment-data.ts';

/**
 * The offline price of a draft from the cached rates: the pair's mid rate, or the reverse pair's
 * inverse when only that one is cached; null when neither is (or the amount is not a number yet).
 */
export function draftIndicative(
  rates: readonly CachedRate[] | undefined,
  send: { amount: string; currency: string },
  target: string,
  targetDp: number,
  ratesUpdatedAt: Date | null,
): IndicativePrice | null {
  if (!rates || !ratesUpdatedAt || !/^\d+(\.\d+)?$/.test(send.amount) || target === '') return null;
  const direct = rates.find((r) => r.sourceCurrency === send.currency && r.targetCurrency === target);
  const reverse = rates.find((r) => r.sourceCurrency === target && r.targetCurrency === send.currency);
  const rate = direct?.mid ?? reverse?.inverseRate;
  if (!rate) return null;
  return indicativePrice(send, target, rate, targetDp, ratesUpdatedAt);
}
