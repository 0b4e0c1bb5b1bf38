import { describe, expect, it } from 'vitest';
import { amountProblem } from '@/lib/amount-check.ts';
import { emptyTransferForm, transferFormSchema, transferQuoteRequest, transferQuoteWait } from './transfer-form.ts';

const CURRENCY: Record<string, string> = { usd: 'USD', aed: 'AED', usd2: 'USD' };
const lookup = { currencyOf: (id: string) => CURRENCY[id], dpOf: (c: string) => (c === 'KWD' ? 3 : 2) };

describe('amountProblem', () => {
  it('takes digits and one dot, more than zero, within the currency decimals', () => {
    expect(amountProblem('12.34', 2)).toBeNull();
    expect(amountProblem('', 2)).toBe('transactionForms.errors.required');
    expect(amountProblem('1e3', 2)).toBe('transactionForms.errors.amountFormat');
    expect(amountProblem('-5', 2)).toBe('transactionForms.errors.amountFormat');
    expect(amountProblem('0.00', 2)).toBe('transactionForms.errors.amountPositive');
    expect(amountProblem('1.234', 2)).toBe('transactionForms.errors.amountDecimals');
    expect(amountProblem('1.234', 3)).toBeNull();
  });
});

describe('transfer quote request', () => {
  it('names what the quote waits for: the source wallet, then the target wallet, then the amount', () => {
    expect(transferQuoteWait(emptyTransferForm, lookup)).toBe('sourceWallet');
    expect(transferQuoteWait({ ...emptyTransferForm, sourceWalletId: 'usd' }, lookup)).toBe('targetWallet');
    expect(transferQuoteWait({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'usd2', amount: '5' }, lookup)).toBe('targetWallet');
    expect(transferQuoteWait({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'aed' }, lookup)).toBe('amount');
    expect(transferQuoteWait({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'aed', amount: '1.234' }, lookup)).toBe('amount');
    expect(transferQuoteWait({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'aed', amount: '10' }, lookup)).toBeNull();
  });

  it('asks for a SPOT quote from the source wallet into the target currency once the form is complete', () => {
    expect(transferQuoteRequest({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'aed', amount: ' 1000.50 ' }, lookup)).toEqual({
      transactionCategory: 'TRANSFER',
      dealType: 'SPOT',
      sourceWalletId: 'usd',
      sendAmount: { amount: '1000.50', currency: 'USD' },
      targetCurrency: 'AED',
    });
  });

  it('asks nothing for a half-typed form, the same wallet twice or two wallets of one currency', () => {
    expect(transferQuoteRequest({ ...emptyTransferForm, sourceWalletId: 'usd', amount: '10' }, lookup)).toBeNull();
    expect(transferQuoteRequest({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'usd', amount: '10' }, lookup)).toBeNull();
    expect(transferQuoteRequest({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'usd2', amount: '10' }, lookup)).toBeNull();
    expect(transferQuoteRequest({ ...emptyTransferForm, sourceWalletId: 'usd', targetWalletId: 'aed', amount: '10.001' }, lookup)).toBeNull();
  });
});

describe('transfer form', () => {
  it('sends the quote the panel holds, and refuses to send without one', () => {
    const form = { sourceWalletId: 'usd', targetWalletId: 'aed', amount: '10', remarks: ' rent ' };
    expect(transferFormSchema(lookup, () => 'q-1').parse(form)).toEqual({
      category: 'TRANSFER',
      type: 'FX_DEAL',
      quoteId: 'q-1',
      sourceWalletId: 'usd',
      targetWalletId: 'aed',
      remarks: 'rent',
    });
    const refused = transferFormSchema(lookup, () => null).safeParse(form);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', 'transactionForms.errors.noQuote']]);
  });

  it('names the target when it is the source wallet', () => {
    const refused = transferFormSchema(lookup, () => 'q-1').safeParse({ sourceWalletId: 'usd', targetWalletId: 'usd', amount: '10', remarks: '' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['targetWalletId', 'transactionForms.errors.sameWallet']]);
  });
});
