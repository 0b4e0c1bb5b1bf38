import { z } from 'zod';
import type { InvalidParameter } from '@corridor/api/light';
import type { CallInput, Contract } from '@corridor/api';
import { toDecimal } from '@corridor/domain';
import { needsQuote, type DraftReceiver, type PaymentDraft } from '@corridor/state-machines';
import type { QuoteWait } from '@/components/fx-panel/quote-steps.ts';

export type PaymentBody = NonNullable<CallInput<Contract['merchantPayments.create']>['body']>;

/** The new-payment form's fields, as typed (a picked beneficiary fills the receiver). */
export interface PaymentFormValues {
  walletId: string;
  sendAmount: string;
  sendCurrency: string;
  receiveCurrency: string;
  /** '' when the beneficiary is typed in. */
  beneficiaryId: string;
  receiver: DraftReceiver;
  purpose: string;
  message: string;
}

/** Spec 5: the amount is digits with at most one dot. */
const AMOUNT_TEXT = /^\d+(\.\d+)?$/;
/** Only digits and a dot may be typed (spec 5 amount-with-currency input). */
export const AMOUNT_TYPING = /^\d*\.?\d*$/;
/** The payment message's limit (the contract's paymentCreate, a SWIFT remittance line's length). */
export const MESSAGE_MAX = 140;
/** An IBAN: country, check digits, then 11 to 30 letters or digits. Anything else is an account number. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

export function emptyPaymentForm(): PaymentFormValues {
  return {
    walletId: '',
    sendAmount: '',
    sendCurrency: '',
    receiveCurrency: '',
    beneficiaryId: '',
    receiver: { name: '', countryCode: '', iban: '', bankCode: '' },
    purpose: '',
    message: '',
  };
}

/** The draft's part the form edits. */
export function draftPatch(values: PaymentFormValues): Omit<PaymentDraft, 'draftId' | 'quoteId' | 'merchantId'> {
  return { ...values, beneficiaryId: values.beneficiaryId === '' ? null : values.beneficiaryId, receiver: { ...values.receiver } };
}

function formOfDraft(draft: PaymentDraft): PaymentFormValues {
  const { draftId: _id, quoteId: _quote, merchantId: _merchant, ...rest } = draft;
  return { ...rest, beneficiaryId: draft.beneficiaryId ?? '', receiver: { ...draft.receiver } };
}

/**
 * What is wrong with each field, as i18n keys under paymentForm.errors, keyed by the field's path
 * (the server names the same paths). `dpOf` gives a currency's decimals.
 * @internal used by its tests
 */
export function validatePaymentForm(values: PaymentFormValues, dpOf: (currency: string) => number): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.walletId === '') errors.walletId = 'walletRequired';
  const amount = values.sendAmount.trim();
  const value = AMOUNT_TEXT.test(amount) ? toDecimal(amount) : null;
  if (amount === '') errors.sendAmount = 'amountRequired';
  // Spec 5: valid only with a non-zero amount and a currency, else 'invalid'.
  else if (value === null || !value.gt(0) || values.sendCurrency.length !== 3) errors.sendAmount = 'amountInvalid';
  else if (value.decimalPlaces() > dpOf(values.sendCurrency)) errors.sendAmount = 'amountDecimals';
  if (values.receiveCurrency.length !== 3) errors.receiveCurrency = 'receiveCurrencyRequired';
  if (values.receiver.name.trim() === '') errors['receiver.name'] = 'nameRequired';
  if (!/^[A-Z]{2}$/.test(values.receiver.countryCode)) errors['receiver.countryCode'] = 'countryRequired';
  if (values.receiver.iban.trim() === '') errors['receiver.iban'] = 'accountRequired';
  if (values.purpose.trim() === '') errors.purpose = 'purposeRequired';
  if (values.message.length > MESSAGE_MAX) errors.message = 'messageTooLong';
  return errors;
}

/**
 * What the form still lacks before its quote is asked for, in the form's order: the drafting machine
 * asks for a quote only once the whole form checks (see `draftRefusals`), so the FX panel names the
 * first field in the way; null when nothing is (the quote follows once the user settles).
 */
export function quoteWaitOf(values: PaymentFormValues, dpOf: (currency: string) => number): QuoteWait | null {
  const errors = validatePaymentForm(values, dpOf);
  const has = (path: string) => Object.keys(errors).some((key) => key === path || key.startsWith(`${path}.`));
  if (has('walletId')) return 'wallet';
  if (has('sendAmount')) return 'amount';
  if (has('receiver') || has('beneficiaryId')) return 'beneficiary';
  if (has('purpose')) return 'purpose';
  if (has('message')) return 'message';
  return null;
}

/** The form's refusals as the drafting machine keeps them (path and i18n key). */
export function draftRefusals(draft: PaymentDraft, dpOf: (currency: string) => number): InvalidParameter[] {
  return Object.entries(validatePaymentForm(formOfDraft(draft), dpOf)).map(([parameter, message]) => ({ parameter, message: `paymentForm.errors.${message}` }));
}

/**
 * The payment's POST body: the draftId always (the server lands a resend once), the quote id of a
 * cross-currency payment, the account as IBAN when it reads as one, else as an account number.
 */
export function paymentBody(draft: PaymentDraft): PaymentBody {
  const account = draft.receiver.iban.replace(/\s+/g, '').toUpperCase();
  const receiver: PaymentBody['receiver'] = {
    name: draft.receiver.name.trim(),
    countryCode: draft.receiver.countryCode,
    ...(IBAN.test(account) ? { iban: account } : { accountNumber: draft.receiver.iban.trim() }),
    ...(draft.receiver.bankCode.trim() === '' ? {} : { bankCode: draft.receiver.bankCode.trim() }),
  };
  const message = draft.message.trim();
  return {
    draftId: draft.draftId,
    walletId: draft.walletId,
    category: 'PAYOUT',
    sendAmount: draft.sendAmount.trim(),
    sendCurrency: draft.sendCurrency,
    receiveCurrency: draft.receiveCurrency,
    receiver,
    purposeOfTransaction: draft.purpose.trim(),
    // Only a cross-currency payment names a quote: the server refuses one on a same-currency payment.
    ...(draft.quoteId === null || !needsQuote(draft) ? {} : { quoteId: draft.quoteId }),
    ...(draft.beneficiaryId === null ? {} : { beneficiaryId: draft.beneficiaryId }),
    ...(message === '' ? {} : { message }),
  };
}

/** The form's schema for react-hook-form: every rule above with its i18n message. */
export function paymentFormSchema(dpOf: (currency: string) => number) {
  const receiver = z.object({ name: z.string(), countryCode: z.string(), iban: z.string(), bankCode: z.string() });
  return z
    .object({
      walletId: z.string(),
      sendAmount: z.string(),
      sendCurrency: z.string(),
      receiveCurrency: z.string(),
      beneficiaryId: z.string(),
      receiver,
      purpose: z.string(),
      message: z.string(),
    })
    .superRefine((values, ctx) => {
      for (const [path, key] of Object.entries(validatePaymentForm(values, dpOf))) {
        ctx.addIssue({ code: 'custom', path: path.split('.'), message: `paymentForm.errors.${key}` });
      }
    });
}
