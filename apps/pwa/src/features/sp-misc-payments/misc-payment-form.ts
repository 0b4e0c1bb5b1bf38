import { z } from 'zod';
import type { miscPayment } from '@corridor/api';
import { amountProblem } from '@/lib/amount-check.ts';

export type MiscPaymentBody = z.input<typeof miscPayment>;

/** The New miscellaneous payment fields, as typed. */
export interface MiscPaymentForm {
  spWalletId: string;
  direction: 'IN' | 'OUT';
  amount: string;
  fundingPartyId: string;
  purpose: string;
  remarks: string;
}

export const emptyMiscPaymentForm: MiscPaymentForm = { spWalletId: '', direction: 'OUT', amount: '', fundingPartyId: '', purpose: '', remarks: '' };

/** The server names the currency apart; the form takes it from the wallet, so its refusal belongs to the amount. */
export const MISC_SERVER_FIELDS = { currency: 'amount' } as const;

const E = 'transactionForms.errors';

/**
 * The form checked as the server will check it: one of the TSP's wallets, a direction, an amount in the
 * wallet's currency (more than zero, no more decimals than the currency has), a funding party and a purpose.
 * The currency sent is the wallet's: the server refuses any other. Messages are i18n keys.
 */
export function miscPaymentFormSchema(currencyOf: (walletId: string) => string | undefined, dpOf: (currency: string) => number) {
  return z
    .object({
      spWalletId: z.string().min(1, `${E}.required`),
      direction: z.enum(['IN', 'OUT']),
      amount: z.string(),
      fundingPartyId: z.string().min(1, `${E}.required`),
      purpose: z.string().min(1, `${E}.required`),
      remarks: z.string().max(255, `${E}.tooLong`),
    })
    .superRefine((form, ctx) => {
      const currency = currencyOf(form.spWalletId);
      const problem = amountProblem(form.amount, currency ? dpOf(currency) : 8);
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    })
    .transform((form): MiscPaymentBody => ({
      spWalletId: form.spWalletId,
      fundingPartyId: form.fundingPartyId,
      purpose: form.purpose,
      currency: currencyOf(form.spWalletId) ?? '',
      amount: form.amount.trim(),
      direction: form.direction,
      ...(form.remarks.trim() === '' ? {} : { remarks: form.remarks.trim() }),
    }));
}
