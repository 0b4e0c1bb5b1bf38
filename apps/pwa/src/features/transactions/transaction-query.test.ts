import { describe, expect, it } from 'vitest';
import { transactionQuery } from './transaction-query.ts';

const state = (filters: { key: string; value: unknown }[] = [], sort: string[] = []) =>
  ({ page: 2, pageSize: 20, sort, filters }) as unknown as Parameters<typeof transactionQuery>[0];

describe('transactionQuery', () => {
  it('always asks for the list’s categories, pins the tab’s status, pages from 0 and sorts newest first', () => {
    expect(transactionQuery(state(), 'PENDING', 'TOP_UP')).toEqual({
      page: 1,
      size: 20,
      sort: ['createdAt,DESC'],
      categories: ['TOPUP', 'TOPUP_CREDIT'],
      statuses: ['PENDING'],
    });
    expect(transactionQuery(state(), 'OVERVIEW', 'TRANSFER')).toEqual({ page: 1, size: 20, sort: ['createdAt,DESC'], categories: ['TRANSFER'] });
  });

  it('shows a transfer refused by either side in the Rejected tab', () => {
    expect(transactionQuery(state(), 'REJECTED', 'TRANSFER').statuses).toEqual(['REJECTED', 'SOURCE_REJECTED', 'TARGET_REJECTED']);
  });

  it('sends the filters by their contract names, and the tab wins over a status filter left in the URL', () => {
    const filters = [
      { key: 'transactionId', value: ' TXN-1 ' },
      { key: 'referenceNumber', value: 'INV' },
      { key: 'currencyCodes', value: 'usd, eur' },
      { key: 'merchantIds', value: ['m-1'] },
      { key: 'createdAt', value: { from: '2026-11-01', to: '2026-11-23' } },
      { key: 'statuses', value: ['FAILED', 'CANCELLED'] },
      { key: 'referenceNumber', value: '   ' },
    ];
    expect(transactionQuery(state(filters, ['targetAmount,ASC']), 'OVERVIEW', 'TRANSFER')).toEqual({
      page: 1,
      size: 20,
      sort: ['targetAmount,ASC'],
      categories: ['TRANSFER'],
      transactionId: 'TXN-1',
      referenceNumber: 'INV',
      currencyCodes: ['USD', 'EUR'],
      merchantIds: ['m-1'],
      createdFromDate: '2026-11-01',
      createdToDate: '2026-11-23',
      statuses: ['FAILED', 'CANCELLED'],
    });
    expect(transactionQuery(state(filters), 'COMPLETED', 'TRANSFER').statuses).toEqual(['COMPLETED']);
  });
});
