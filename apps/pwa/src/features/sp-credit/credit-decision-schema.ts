import { z } from 'zod';
import { creditApproval } from '@corridor/api';
import { isReasonValid, validateApprovedAmount, validateValidity } from './credit-decision.ts';
import type { CreditRequestRow } from './credit-types.ts';

/** The grant part of the contract's approval body: what the approve form sends besides the status. */
const grantBody = creditApproval.pick({ approvedAmount: true, validFrom: true, validTo: true }).required();

/**
 * The approve form of one request: the limit (at most the requested amount) and the validity, with the
 * portal's messages (i18n keys); the result is the contract's grant body.
 */
export function approveFormSchema(request: Pick<CreditRequestRow, 'amount'>) {
  return z
    .object({ amount: z.string(), validFrom: z.string(), validTo: z.string() })
    .superRefine((form, ctx) => {
      const amountError = validateApprovedAmount(form.amount, request);
      if (amountError) ctx.addIssue({ code: 'custom', path: ['amount'], message: `spCredit.amountErrors.${amountError}` });
      const validityError = validateValidity(form.validFrom, form.validTo);
      if (validityError) ctx.addIssue({ code: 'custom', path: ['validTo'], message: `spCredit.validityErrors.${validityError}` });
    })
    .transform((form) => ({ approvedAmount: form.amount.trim(), validFrom: form.validFrom, validTo: form.validTo }))
    .pipe(grantBody);
}

export type ApproveFormInput = z.input<ReturnType<typeof approveFormSchema>>;

/** The reject form: a reason is required (spec 5 extra-details modal); it is sent trimmed. */
export const rejectFormSchema = z.object({
  reason: z
    .string()
    .refine(isReasonValid, 'spCredit.reasonRequired')
    .transform((reason) => reason.trim()),
});

export type RejectFormInput = z.input<typeof rejectFormSchema>;
