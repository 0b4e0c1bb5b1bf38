import { describe, expect, it } from 'vitest';
import { paymentQuery } from './payment-query.ts';

const state = (filters: { key: string; value: unknown }[] = [], sort: string[] = []) =>
  ({ page: 2, pageSize: 20, sort, filters }) as unknown as Parameters<typeof paymentQuery>[0];

describe('paymentQuery', () => {
  it('pins the tab status, pages from 0 and sorts newest first by default', () => {
    expect(paymentQuery(state(), 'FAILED')).toEqual({ page: 1, size: 20, sort: ['createdAt,DESC'], status: 'FAILED' });
    expect(paymentQuery(state(), 'OVERVIEW')).toEqual({ page: 1, size: 20, sort: ['createdAt,DESC'] });
  });

  it('sends the filters by their contract names', () => {
    const q = paymentQuery(
      state(
        [
          { key: 'paymentId', value: ' PAY-1 ' },
          { key: 'referenceNumber', value: 'INV' },
          { key: 'receiverCountryCodes', value: 'de, fr' },
          { key: 'merchantIds', value: ['m-1'] },
          { key: 'createdAt', value: { from: '2026-11-01', to: '2026-11-23' } },
          { key: 'status', value: ['FAILED', 'REJECTED'] },
        ],
        ['sendingAmount,ASC'],
      ),
      'OVERVIEW',
    );
    expect(q).toEqual({
      page: 1,
      size: 20,
      sort: ['sendingAmount,ASC'],
      paymentId: 'PAY-1',
      referenceNumber: 'INV',
      receiverCountryCodes: ['DE', 'FR'],
      merchantIds: ['m-1'],
      createdFromDate: '2026-11-01',
      createdToDate: '2026-11-23',
      status: 'FAILED,REJECTED',
    });
  });

  it('a tab wins over the status filter', () => {
    expect(paymentQuery(state([{ key: 'status', value: ['FAILED'] }]), 'COMPLETED').status).toBe('COMPLETED');
  });
});
