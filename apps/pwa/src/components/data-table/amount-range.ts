import { toDecimal } from '@corridor/domain';
import type { RangeFilterValue } from '@/lib/table-state-search.ts';

export type AmountRangeResult = { ok: true; value: RangeFilterValue } | { ok: false; error: 'amountRequired' | 'amountInvalid' };

/**
 * The amount filter's form (spec 5: "min and max amount both required ... applying sends from
 * and to"). Amounts stay decimal strings: compared with decimal.js, never as binary floats.
 */
export function validateAmountRange(min: string, max: string): AmountRangeResult {
  const from = min.trim();
  const to = max.trim();
  if (from === '' || to === '') return { ok: false, error: 'amountRequired' };
  const low = toDecimal(from);
  const high = toDecimal(to);
  if (low === null || high === null || low.isNegative() || low.gt(high)) return { ok: false, error: 'amountInvalid' };
  return { ok: true, value: { from, to } };
}
