import { z } from 'zod';

/** The rates an automatic revaluation may take (the server's list; it names the field when one is refused). */
export const AUTO_RATE_TYPES = ['IBR', 'CALIBRATED', 'PLATFORM', 'MERCHANT', 'INDICATIVE'] as const;

/** The editable part of a revaluation config: whether it revalues by itself, and at which rate type. */
export const revaluationConfigForm = z
  .object({
    autoRevaluation: z.boolean(),
    autoRevaluationRateType: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.autoRevaluation && v.autoRevaluationRateType === '') {
      ctx.addIssue({ code: 'custom', path: ['autoRevaluationRateType'], message: 'revaluationRates.errors.rateTypeRequired' });
    }
  });

/** The run asked for: a date not after today, and the currencies (none: every revalued currency). */
export function revaluationRunForm(today: string) {
  return z.object({
    revaluationDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'revaluationRates.errors.dateRequired')
      .refine((d) => d <= today, 'revaluationRates.errors.dateFuture'),
    currencies: z.array(z.string().length(3)),
  });
}

/** The field a server refusal names, mapped onto the form's fields (else shown for the whole form). */
export function refusalField<T extends string>(parameter: string, fields: readonly T[]): T | null {
  return (fields as readonly string[]).includes(parameter) ? (parameter as T) : null;
}
