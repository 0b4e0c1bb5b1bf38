import { z } from 'zod';
import type { QuoteRequestBody } from '@corridor/state-machines';
import type { QuoteWait } from '@/components/fx-panel/quote-steps.ts';
import { amountProblem } from '@/lib/amount-check.ts';
import type { TransactionBody } from './top-up-form.ts';

/** The New transfer fields, as typed; the quote comes from the FX panel. */
export interface TransferForm {
  sourceWalletId: string;
  targetWalletId: string;
  amount: string;
  remarks: string;
}

export const emptyTransferForm: TransferForm = { sourceWalletId: '', targetWalletId: '', amount: '', remarks: '' };

/** The server names body paths; the form keeps the amount flat and the quote is the panel's. */
export const TRANSFER_SERVER_FIELDS = { 'sourceAmount.amount': 'amount', quoteId: 'amount' } as const;

interface WalletLookup {
  currencyOf: (walletId: string) => string | undefined;
  dpOf: (currency: string) => number;
}

/** What is wrong with the transfer as typed (field and i18n key), the quote left aside. */
function transferProblems(form: TransferForm, { currencyOf, dpOf }: WalletLookup): { path: keyof TransferForm; message: string }[] {
  const problems: { path: keyof TransferForm; message: string }[] = [];
  if (form.sourceWalletId === '') problems.push({ path: 'sourceWalletId', message: 'transactionForms.errors.required' });
  if (form.targetWalletId === '') problems.push({ path: 'targetWalletId', message: 'transactionForms.errors.required' });
  else if (form.targetWalletId === form.sourceWalletId) problems.push({ path: 'targetWalletId', message: 'transactionForms.errors.sameWallet' });
  else if (currencyOf(form.targetWalletId) === currencyOf(form.sourceWalletId))
    // A transfer is an FX deal: the server prices it by a quote between two currencies.
    problems.push({ path: 'targetWalletId', message: 'transactionForms.errors.sameCurrency' });
  const currency = currencyOf(form.sourceWalletId);
  const amount = amountProblem(form.amount, currency ? dpOf(currency) : 8);
  if (amount) problems.push({ path: 'amount', message: amount });
  return problems;
}

/** What the transfer still lacks before its quote is asked for (the first problem, in the form's order); null when nothing. */
export function transferQuoteWait(form: TransferForm, lookup: WalletLookup): QuoteWait | null {
  const first = transferProblems(form, lookup)[0];
  if (!first) return null;
  return ({ sourceWalletId: 'sourceWallet', targetWalletId: 'targetWallet', amount: 'amount', remarks: null } as const)[first.path];
}

/**
 * The quote the transfer needs once the form is complete: the source wallet sends the amount in its
 * currency, the target wallet's currency is received; a SPOT deal as the transfers of the portal are.
 * Null while anything is missing or wrong, so no quote is asked for a half-typed form.
 */
export function transferQuoteRequest(form: TransferForm, lookup: WalletLookup): QuoteRequestBody | null {
  if (transferProblems(form, lookup).length > 0) return null;
  const source = lookup.currencyOf(form.sourceWalletId);
  const target = lookup.currencyOf(form.targetWalletId);
  if (!source || !target) return null;
  return {
    transactionCategory: 'TRANSFER',
    dealType: 'SPOT',
    sourceWalletId: form.sourceWalletId,
    sendAmount: { amount: form.amount.trim(), currency: source },
    targetCurrency: target,
  };
}

/** The form checked on the device; the body sent names the quote the FX panel holds when the user sends. */
export function transferFormSchema(lookup: WalletLookup, quoteId: () => string | null) {
  return z
    .object({ sourceWalletId: z.string(), targetWalletId: z.string(), amount: z.string(), remarks: z.string().max(255, 'transactionForms.errors.tooLong') })
    .superRefine((form, ctx) => {
      for (const p of transferProblems(form, lookup)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
      if (quoteId() === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'transactionForms.errors.noQuote' });
    })
    .transform((form): TransactionBody => ({
      category: 'TRANSFER',
      type: 'FX_DEAL',
      quoteId: quoteId() ?? '',
      sourceWalletId: form.sourceWalletId,
      targetWalletId: form.targetWalletId,
      remarks: form.remarks.trim() === '' ? undefined : form.remarks.trim(),
    }));
}
