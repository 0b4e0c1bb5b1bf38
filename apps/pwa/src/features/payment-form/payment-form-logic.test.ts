import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyDraft, type PaymentDraft } from '@corridor/state-machines';
import { draftRefusals, emptyPaymentForm, paymentBody, quoteWaitOf, validatePaymentForm, type PaymentFormValues } from './payment-form-schema.ts';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { listOutbox } from '@/lib/outbox/outbox-store.ts';
import { sendOutboxItem } from '@/lib/outbox/outbox-transport.ts';
import { enqueuePayment, isQuotaError, quoteRequestOf } from './payment-calls.ts';
import { draftIndicative } from './payment-indicative.ts';
import type { CachedRate } from './use-payment-data.ts';

const calls: Array<{ id: string; idempotencyKey?: string }> = [];
vi.mock('@/lib/api-client.ts', () => ({
  api: {
    call: async (id: string, input: { idempotencyKey?: string }) => {
      calls.push({ id, idempotencyKey: input.idempotencyKey });
      return { id: 'p-1', status: 'INITIATED' };
    },
  },
}));

const dp = (code: string) => (code === 'JPY' ? 0 : code === 'KWD' ? 3 : 2);
const valid: PaymentFormValues = {
  ...emptyPaymentForm(),
  walletId: 'w-aed',
  sendAmount: '1000.50',
  sendCurrency: 'AED',
  receiveCurrency: 'USD',
  receiver: { name: 'Nile Traders', countryCode: 'EG', iban: 'eg38 0019 0005 0000 0000 2631 8000 2', bankCode: 'NBEGEGCX' },
  purpose: 'Goods',
};
const draft: PaymentDraft = { ...emptyDraft('0b9c6f4e-3a51-4d5e-9a43-6d2f7c1e8a10'), ...valid, beneficiaryId: null, quoteId: 'q-1' };

describe('new payment rules', () => {
  it('accepts a complete form', () => {
    expect(validatePaymentForm(valid, dp)).toEqual({});
  });

  it('names every missing field', () => {
    expect(validatePaymentForm(emptyPaymentForm(), dp)).toEqual({
      walletId: 'walletRequired',
      sendAmount: 'amountRequired',
      receiveCurrency: 'receiveCurrencyRequired',
      'receiver.name': 'nameRequired',
      'receiver.countryCode': 'countryRequired',
      'receiver.iban': 'accountRequired',
      purpose: 'purposeRequired',
    });
  });

  it('spec 5 amount: digits and one dot, non-zero, with a currency, decimals by currency', () => {
    const amount = (sendAmount: string, sendCurrency = 'AED') => validatePaymentForm({ ...valid, sendAmount, sendCurrency }, dp).sendAmount;
    expect(amount('0')).toBe('amountInvalid');
    expect(amount('0.00')).toBe('amountInvalid');
    expect(amount('1.2.3')).toBe('amountInvalid');
    expect(amount('-5')).toBe('amountInvalid');
    expect(amount('1e3')).toBe('amountInvalid');
    expect(amount('10', '')).toBe('amountInvalid');
    expect(amount('10.123')).toBe('amountDecimals');
    expect(amount('10.123', 'KWD')).toBeUndefined();
    expect(amount('10.5', 'JPY')).toBe('amountDecimals');
    expect(amount('10', 'JPY')).toBeUndefined();
  });

  it('a message of up to 140 characters', () => {
    expect(validatePaymentForm({ ...valid, message: 'x'.repeat(140) }, dp).message).toBeUndefined();
    expect(validatePaymentForm({ ...valid, message: 'x'.repeat(141) }, dp).message).toBe('messageTooLong');
  });

  it('the FX panel names the first field the quote waits for, in the form order', () => {
    expect(quoteWaitOf(valid, dp)).toBeNull();
    expect(quoteWaitOf({ ...valid, purpose: ' ' }, dp)).toBe('purpose');
    expect(quoteWaitOf({ ...valid, purpose: '', receiver: { ...valid.receiver, iban: '' } }, dp)).toBe('beneficiary');
    expect(quoteWaitOf({ ...valid, purpose: '', sendAmount: '0' }, dp)).toBe('amount');
    expect(quoteWaitOf({ ...valid, sendAmount: '1.234' }, dp)).toBe('amount');
    expect(quoteWaitOf({ ...valid, walletId: '', sendAmount: '' }, dp)).toBe('wallet');
    expect(quoteWaitOf({ ...valid, message: 'x'.repeat(141) }, dp)).toBe('message');
  });

  it("the drafting machine's refusals carry the field path and the i18n key", () => {
    expect(draftRefusals({ ...draft, purpose: ' ' }, dp)).toEqual([{ parameter: 'purpose', message: 'paymentForm.errors.purposeRequired' }]);
  });

  it('the body carries the draftId and quote id, an IBAN as iban and anything else as an account number', () => {
    expect(paymentBody(draft)).toEqual({
      draftId: draft.draftId,
      walletId: 'w-aed',
      category: 'PAYOUT',
      sendAmount: '1000.50',
      sendCurrency: 'AED',
      receiveCurrency: 'USD',
      receiver: { name: 'Nile Traders', countryCode: 'EG', iban: 'EG380019000500000000263180002', bankCode: 'NBEGEGCX' },
      purposeOfTransaction: 'Goods',
      quoteId: 'q-1',
    });
    const local = paymentBody({
      ...draft,
      quoteId: null,
      beneficiaryId: 'b-1',
      message: ' Invoice 7 ',
      receiver: { ...draft.receiver, iban: '0012345678', bankCode: '' },
    });
    expect(local.receiver).toEqual({ name: 'Nile Traders', countryCode: 'EG', accountNumber: '0012345678' });
    expect(local).toMatchObject({ beneficiaryId: 'b-1', message: 'Invoice 7' });
    expect(local).not.toHaveProperty('quoteId');
    // A quote left from an earlier receive currency never travels with a same-currency payment.
    expect(paymentBody({ ...draft, receiveCurrency: 'AED' })).not.toHaveProperty('quoteId');
  });

  it('a cross-currency payment is quoted as a payout from its wallet into the receive currency', () => {
    expect(quoteRequestOf(draft)).toEqual({
      transactionCategory: 'PAYOUT',
      dealType: 'CASH',
      sourceWalletId: 'w-aed',
      sendAmount: { amount: '1000.50', currency: 'AED' },
      targetCurrency: 'USD',
    });
  });
});

describe('sending a payment', () => {
  afterEach(async () => {
    calls.length = 0;
    await clearLocalData('u-send');
  });

  it('the draft is stored in the outbox first; each role and intent goes on its own call, keyed by the draftId', async () => {
    const queued = await enqueuePayment('MERCHANT', 'u-send', { draft, intent: 'initiate' });
    // A double click: the same draft stays one item.
    await enqueuePayment('MERCHANT', 'u-send', { draft, intent: 'initiate' });
    expect(queued).toMatchObject({ queued: true });
    const [item, ...others] = await listOutbox('u-send');
    expect(others).toEqual([]);
    expect(item).toMatchObject({ id: draft.draftId, state: 'queued', kind: 'payment', role: 'MERCHANT' });
    expect(item!.body).toMatchObject({ draftId: draft.draftId, quoteId: 'q-1' });
    await sendOutboxItem(item!);
    await sendOutboxItem({ ...item!, kind: 'draft' });
    await sendOutboxItem({ ...item!, role: 'TSP' });
    await sendOutboxItem({ ...item!, role: 'TSP', kind: 'draft', revision: 2 });
    expect(calls.map((c) => c.id)).toEqual(['merchantPayments.create', 'merchantPayments.createDraft', 'spPayments.create', 'spPayments.createDraft']);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([
      `${draft.draftId}-initiate`,
      `${draft.draftId}-draft`,
      `${draft.draftId}-initiate`,
      `${draft.draftId}-draft-r2`,
    ]);
  });

  it('a full disk is reported as such, not swallowed', async () => {
    const quota = Object.assign(new Error('QuotaExceededError'), { name: 'AbortError', inner: { name: 'QuotaExceededError' } });
    expect(isQuotaError(quota)).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
    await expect(enqueuePayment('MERCHANT', null, { draft, intent: 'initiate' })).rejects.toMatchObject({ status: 0, code: 'STORAGE_FAILED' });
  });
});

describe('indicative price offline', () => {
  const at = new Date('2026-11-23T09:00:00Z');
  const rate = (sourceCurrency: string, targetCurrency: string, mid: string, inverseRate: string) =>
    ({ sourceCurrency, targetCurrency, mid, inverseRate }) as CachedRate;

  it('prices with the pair mid rate, or the reverse pair inverse, and nothing without a rate or amount', () => {
    expect(draftIndicative([rate('AED', 'USD', '0.2723', '3.6724')], { amount: '1000', currency: 'AED' }, 'USD', 2, at)?.receiveAmount).toEqual({
      amount: '272.30',
      currency: 'USD',
    });
    expect(draftIndicative([rate('USD', 'AED', '3.6725', '0.27229')], { amount: '1000', currency: 'AED' }, 'USD', 2, at)?.rate).toBe('0.27229');
    expect(draftIndicative([rate('USD', 'EUR', '0.9', '1.1')], { amount: '1000', currency: 'AED' }, 'USD', 2, at)).toBeNull();
    expect(draftIndicative([rate('AED', 'USD', '0.2723', '3.6724')], { amount: '', currency: 'AED' }, 'USD', 2, at)).toBeNull();
    expect(draftIndicative([rate('AED', 'USD', '0.2723', '3.6724')], { amount: '10', currency: 'AED' }, 'USD', 2, null)).toBeNull();
  });
});
