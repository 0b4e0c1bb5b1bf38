import { z } from 'zod';
import { RATE_DP, toDecimal } from '@corridor/domain';

/**
 * Where the rate staleness limit lives in the TSP's global config, and its bounds: a rate older than
 * this is refused for a firm quote (RATE_STALE). Same category, key and bounds as the server.
 */
export const RATE_STALENESS = { category: 'RATES', key: 'rateStalenessSeconds', defaultSeconds: 60, min: 1, max: 86_400 } as const;

/** The i18n key (under rates.errors) of what is wrong with a staleness limit, or null. */
function stalenessProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'stalenessRequired';
  if (!/^\d+$/.test(text)) return 'stalenessWhole';
  const n = Number(text);
  return n < RATE_STALENESS.min || n > RATE_STALENESS.max ? 'stalenessRange' : null;
}

export const stalenessFormSchema = z
  .object({ value: z.string() })
  .superRefine((form, ctx) => {
    const problem = stalenessProblem(form.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: `rates.errors.${problem}` });
  })
  .transform((form) => ({ category: RATE_STALENESS.category, key: RATE_STALENESS.key, value: String(Number(form.value.trim())) }));

/** The staleness limit of a TSP's globals, or the default when none is stored (or it is not a number). */
export function stalenessOf(globals: readonly { category: string; key: string; value: string }[]): number {
  const entry = globals.find((g) => g.category === RATE_STALENESS.category && g.key === RATE_STALENESS.key);
  const seconds = entry ? Number(entry.value) : Number.NaN;
  return Number.isSafeInteger(seconds) && seconds >= RATE_STALENESS.min ? seconds : RATE_STALENESS.defaultSeconds;
}

/** The i18n key (under rates.errors) of what is wrong with an interbank rate, or null. */
function ibrProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'rateRequired';
  if (!/^\d+(\.\d+)?$/.test(text)) return 'rateInvalid';
  const rate = toDecimal(text);
  if (rate === null) return 'rateInvalid';
  if (!rate.gt(0)) return 'ratePositive';
  if (rate.decimalPlaces() > RATE_DP) return 'rateDecimals';
  return null;
}

export const ibrFormSchema = z
  .object({ value: z.string() })
  .superRefine((form, ctx) => {
    const problem = ibrProblem(form.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: `rates.errors.${problem}` });
  })
  .transform((form) => ({ ibrRate: form.value.trim() }));

/** A one-value form (an interbank rate, a staleness limit), as typed. */
export interface ValueForm {
  value: string;
}
export type StalenessBody = z.output<typeof stalenessFormSchema>;
