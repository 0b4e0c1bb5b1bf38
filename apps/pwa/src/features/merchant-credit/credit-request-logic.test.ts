import { describe, expect, it } from 'vitest';
import { defaultTableState } from '@/lib/table-state-search.ts';
import { creditRequestBody, emptyCreditRequestForm, isoDay, validateCreditRequest, type CreditRequestForm } from './credit-request-form.ts';
import { creditRequestQuery } from './credit-request-query.ts';

const valid: CreditRequestForm = {
  walletId: 'w1',
  amount: '2500.50',
  currency: 'USD',
  validFrom: '2026-11-22',
  validTo: '2026-12-22',
  remarks: '  spring stock  ',
};

describe('Request credit form', () => {
  it('starts from today for 30 days, in the chosen wallet’s currency', () => {
    const form = emptyCreditRequestForm(new Date(2026, 10, 22), { id: 'w1', currency: 'EUR' });
    expect(form).toMatchObject({ walletId: 'w1', currency: 'EUR', validFrom: '2026-11-22', validTo: '2026-12-22', amount: '' });
    expect(isoDay(new Date(2026, 11, 31), 1)).toBe('2027-01-01');
  });

  it('accepts a complete form', () => {
    expect(validateCreditRequest(valid, 2)).toEqual({});
  });

  it('names every missing or wrong field', () => {
    expect(validateCreditRequest({ ...valid, walletId: '', currency: '', amount: '', validFrom: 'x', validTo: '' }, 2)).toEqual({
      walletId: 'walletRequired',
      currency: 'currencyRequired',
      amount: 'amountRequired',
      validFrom: 'dateRequired',
      validTo: 'dateRequired',
    });
  });

  it('wants a positive amount with no more decimals than the currency has', () => {
    expect(validateCreditRequest({ ...valid, amount: '0' }, 2).amount).toBe('amountPositive');
    expect(validateCreditRequest({ ...valid, amount: '1e5' }, 2).amount).toBe('amountInvalid');
    expect(validateCreditRequest({ ...valid, amount: '-5' }, 2).amount).toBe('amountInvalid');
    expect(validateCreditRequest({ ...valid, amount: '10.005' }, 2).amount).toBe('amountDecimals');
    expect(validateCreditRequest({ ...valid, amount: '10.5' }, 0).amount).toBe('amountDecimals');
    expect(validateCreditRequest({ ...valid, amount: '10.005' }, 3).amount).toBeUndefined();
  });

  it('refuses a validity that ends before it starts, and overlong remarks', () => {
    expect(validateCreditRequest({ ...valid, validTo: '2026-11-21' }, 2).validTo).toBe('validToBeforeFrom');
    expect(validateCreditRequest({ ...valid, validTo: '2026-11-22' }, 2).validTo).toBeUndefined();
    expect(validateCreditRequest({ ...valid, remarks: 'x'.repeat(501) }, 2).remarks).toBe('remarksTooLong');
  });

  it('sends trimmed values and leaves blank remarks out', () => {
    expect(creditRequestBody(valid)).toEqual({
      walletId: 'w1',
      amount: '2500.50',
      currency: 'USD',
      validFrom: '2026-11-22',
      validTo: '2026-12-22',
      remarks: 'spring stock',
    });
    expect(creditRequestBody({ ...valid, remarks: ' ' })).not.toHaveProperty('remarks');
  });
});

describe('credit request list query', () => {
  it('overview filters by nothing, newest first', () => {
    expect(creditRequestQuery(defaultTableState(), 'OVERVIEW')).toEqual({ page: 0, size: 10, sort: ['createdAt,DESC,ignorecase'] });
  });

  it('a status tab pins its status over the table filter; the wallet and user sort are kept', () => {
    const state = { ...defaultTableState(), page: 2, sort: ['amount,ASC,ignorecase'], filters: [{ key: 'statuses', value: ['REJECTED'] }] };
    expect(creditRequestQuery(state, 'APPROVED', 'w9')).toEqual({
      page: 1,
      size: 10,
      sort: ['amount,ASC,ignorecase'],
      statuses: ['APPROVED'],
      walletId: 'w9',
    });
    expect(creditRequestQuery(state, 'OVERVIEW').statuses).toEqual(['REJECTED']);
  });
});
