import { describe, expect, it } from 'vitest';
import { miscPaymentQuery } from './misc-payment-query.ts';

const state = (filters: { key: string; value: string | string[] }[], sort: string[] = []) => ({ page: 2, pageSize: 20, sort, filters });

describe('miscPaymentQuery', () => {
  it('always asks for the miscellaneous category, newest first unless sorted', () => {
    expect(miscPaymentQuery(state([]))).toEqual({ page: 1, size: 20, sort: ['createdAt,DESC'], category: 'MISC_PAYMENT' });
    expect(miscPaymentQuery(state([], ['createdAt,ASC'])).sort).toEqual(['createdAt,ASC']);
  });

  it('sends the id, wallet, purpose and direction filters as the entries call names them, one value each', () => {
    const q = miscPaymentQuery(
      state([
        { key: 'transactionId', value: ' MISC-1 ' },
        { key: 'tspWalletId', value: ['w-usd', 'w-eur'] },
        { key: 'subCategory', value: ['RENT'] },
        { key: 'transactionType', value: ['MISC_PAYMENT_IN'] },
      ]),
    );
    expect(q).toMatchObject({ transactionId: 'MISC-1', tspWalletId: 'w-usd', subCategory: 'RENT', transactionType: 'MISC_PAYMENT_IN' });
  });

  it('drops a direction that is not a miscellaneous one and empty filters', () => {
    const q = miscPaymentQuery(
      state([
        { key: 'transactionType', value: ['TOPUP'] },
        { key: 'transactionId', value: ' ' },
      ]),
    );
    expect(q.transactionType).toBeUndefined();
    expect(q.transactionId).toBeUndefined();
  });
});
