import { toDecimal } from '@corridor/domain';
import { z } from 'zod';
import { creditRequestCreate } from '@corridor/api';

export type CreditRequestBody = z.input<typeof creditRequestCreate>;

/** The Request credit dialog's fields (all text, as typed). */
export interface CreditRequestForm {
  walletId: string;
  amount: string;
  currency: string;
  validFrom: string;
  validTo: string;
  remarks: string;
}

type CreditRequestField = keyof CreditRequestForm;
/** i18n keys (under merchantCredit.errors) of what is wrong with each field. */
export type CreditRequestErrors = Partial<Record<CreditRequestField, string>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The amount input accepts only digits and a dot (spec 5 amount-with-currency input). */
const AMOUNT_TEXT = /^\d+(\.\d+)?$/;
const REMARKS_MAX = 500;

/**
 * YYYY-MM-DD of `date` in local time, `days` later.
 * @internal
 */
export function isoDay(date: Date, days = 0): string {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

/** A fresh form: validity from today for 30 days (a month of credit is the usual ask). */
export function emptyCreditRequestForm(today: Date, wallet?: { id: string; currency: string }): CreditRequestForm {
  return {
    walletId: wallet?.id ?? '',
    amount: '',
    currency: wallet?.currency ?? '',
    validFrom: isoDay(today),
    validTo: isoDay(today, 30),
    remarks: '',
  };
}

/**
 * Checks the form the way the server will (wallet chosen, positive amount with no more decimals
 * than the currency has, valid dates with validTo not before validFrom), so the user sees every
 * problem before sending.
 * @internal
 */
export function validateCreditRequest(form: CreditRequestForm, dp: number): CreditRequestErrors {
  const errors: CreditRequestErrors = {};
  if (form.walletId === '') errors.walletId = 'walletRequired';
  if (form.currency.length !== 3) errors.currency = 'currencyRequired';
  const amount = form.amount.trim();
  const value = AMOUNT_TEXT.test(amount) ? toDecimal(amount) : null;
  if (amount === '') errors.amount = 'amountRequired';
  else if (value === null) errors.amount = 'amountInvalid';
  else if (!value.gt(0)) errors.amount = 'amountPositive';
  else if (value.decimalPlaces() > dp) errors.amount = 'amountDecimals';
  if (!ISO_DATE.test(form.validFrom)) errors.validFrom = 'dateRequired';
  if (!ISO_DATE.test(form.validTo)) errors.validTo = 'dateRequired';
  else if (ISO_DATE.test(form.validFrom) && form.validTo < form.validFrom) errors.validTo = 'validToBeforeFrom';
  if (form.remarks.length > REMARKS_MAX) errors.remarks = 'remarksTooLong';
  return errors;
}

/**
 * The POST body of a valid form (remarks left out when blank).
 * @internal
 */
export function creditRequestBody(form: CreditRequestForm): CreditRequestBody {
  const body: CreditRequestBody = {
    walletId: form.walletId,
    amount: form.amount.trim(),
    currency: form.currency,
    validFrom: form.validFrom,
    validTo: form.validTo,
  };
  const remarks = form.remarks.trim();
  if (remarks !== '') body.remarks = remarks;
  return body;
}

/**
 * The dialog's schema: every rule above with its message (an i18n key under merchantCredit.errors),
 * then the contract's `creditRequestCreate`, so what is sent is what the server accepts.
 * `dpOf` gives the decimals of the chosen currency.
 */
export function creditRequestFormSchema(dpOf: (currency: string) => number) {
  return z
    .object({
      walletId: z.string(),
      amount: z.string(),
      currency: z.string(),
      validFrom: z.string(),
      validTo: z.string(),
      remarks: z.string(),
    })
    .superRefine((form, ctx) => {
      for (const [field, key] of Object.entries(validateCreditRequest(form, dpOf(form.currency)))) {
        ctx.addIssue({ code: 'custom', path: [field], message: `merchantCredit.errors.${key}` });
      }
    })
    .transform(creditRequestBody)
    .pipe(creditRequestCreate);
}
