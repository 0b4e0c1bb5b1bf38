import { z } from 'zod';
import { walletUpdate } from '@corridor/api';

/** A status reason is 3..500 characters once trimmed, as the server checks it (statusReason). */
export const STATUS_REASON_MIN = 3;
export const STATUS_REASON_MAX = 500;

export type StatusReasonError = 'required' | 'tooShort' | 'tooLong';

/**
 * What is wrong with a typed reason, or null when it can be sent.
 * @internal
 */
export function statusReasonError(reason: string): StatusReasonError | null {
  const text = reason.trim();
  if (text.length === 0) return 'required';
  if (text.length < STATUS_REASON_MIN) return 'tooShort';
  if (text.length > STATUS_REASON_MAX) return 'tooLong';
  return null;
}

/**
 * The block/activate form: the portal's messages (i18n keys) first, then the contract's own
 * `statusReason` rule, so the portal never sends a reason the server refuses. Submits the trimmed reason.
 */
export const walletStatusFormSchema = z.object({
  reason: z
    .string()
    .superRefine((reason, ctx) => {
      const error = statusReasonError(reason);
      if (error) ctx.addIssue({ code: 'custom', message: `spWallet.approval.reasonErrors.${error}` });
    })
    .pipe(walletUpdate.shape.statusReason.unwrap()),
});

export type WalletStatusFormInput = z.input<typeof walletStatusFormSchema>;
export type WalletStatusFormOutput = z.output<typeof walletStatusFormSchema>;
