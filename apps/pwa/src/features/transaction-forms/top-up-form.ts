import { z } from 'zod';
import type { transaction, transactionCreate } from '@corridor/api';
import { amountProblem } from '@/lib/amount-check.ts';

export type TransactionBody = z.input<typeof transactionCreate>;
/** A transaction as the server answers its creation. */
export type CreatedTransaction = z.output<typeof transaction>;

/** The New top-up fields, as typed. */
export interface TopUpForm {
  targetWalletId: string;
  amount: string;
  collectionMode: string;
  referenceNumber: string;
  remarks: string;
}

export const emptyTopUpForm: TopUpForm = { targetWalletId: '', amount: '', collectionMode: '', referenceNumber: '', remarks: '' };

/** The server names body paths; the form keeps the amount flat. */
export const TOP_UP_SERVER_FIELDS = {
  'targetAmount.amount': 'amount',
  'targetAmount.currency': 'amount',
  sourceAmount: 'amount',
  type: 'collectionMode',
} as const;

const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * The form checked as the server will check it: a wallet, an amount in that wallet's currency with no
 * more decimals than the currency has, and how the money is collected (the top-up's type as well:
 * the server stores both, and the TSP matches the incoming funds by it). Messages are i18n keys.
 */
export function topUpFormSchema(currencyOf: (walletId: string) => string | undefined, dpOf: (currency: string) => number) {
  return z
    .object({
      targetWalletId: z.string().min(1, 'transactionForms.errors.required'),
      amount: z.string(),
      collectionMode: z.string().min(1, 'transactionForms.errors.required'),
      referenceNumber: z.string().max(64, 'transactionForms.errors.tooLong'),
      remarks: z.string().max(255, 'transactionForms.errors.tooLong'),
    })
    .superRefine((form, ctx) => {
      const currency = currencyOf(form.targetWalletId);
      const problem = amountProblem(form.amount, currency ? dpOf(currency) : 8);
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
    })
    .transform((form): TransactionBody => ({
      category: 'TOPUP',
      type: form.collectionMode,
      collectionMode: form.collectionMode,
      targetWalletId: form.targetWalletId,
      targetAmount: { amount: form.amount.trim(), currency: currencyOf(form.targetWalletId) ?? '' },
      referenceNumber: optional(form.referenceNumber),
      remarks: optional(form.remarks),
    }));
}
