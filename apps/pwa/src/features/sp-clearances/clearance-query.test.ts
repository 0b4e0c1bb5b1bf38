import { describe, expect, it } from 'vitest';
import { candidateQuery, chosenWallet, netOfSelection, withWallet } from './clearance-query.ts';

describe('clearance query', () => {
  it('keeps the wallet among the table filters and starts its list on page 1', () => {
    const state = { page: 3, pageSize: 10, sort: [], filters: [{ key: 'spWalletId', value: 'w-1' }] };
    expect(chosenWallet(state)).toBe('w-1');
    const next = withWallet(state, 'w-2');
    expect(next.page).toBe(1);
    expect(next.filters).toEqual([{ key: 'spWalletId', value: 'w-2' }]);
  });

  it('sends typed ids as a list, the merchants and the value-date range', () => {
    const state = {
      page: 2,
      pageSize: 20,
      sort: [],
      filters: [
        { key: 'transactionIds', value: 'TXN-1, TXN-2' },
        { key: 'merchantServiceIds', value: ['m-1'] },
        { key: 'valueDate', value: { from: '2026-11-01', to: '2026-11-30' } },
      ],
    };
    expect(candidateQuery(state, 'w-1')).toEqual({
      spWalletId: 'w-1',
      page: 1,
      size: 20,
      transactionIds: ['TXN-1', 'TXN-2'],
      merchantServiceIds: ['m-1'],
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
    });
  });

  it('nets receivables against payables in decimals', () => {
    expect(
      netOfSelection([
        { amount: '0.1', direction: 'RECEIVABLE' },
        { amount: '0.2', direction: 'RECEIVABLE' },
        { amount: '0.3', direction: 'PAYABLE' },
      ]),
    ).toBe('0');
    expect(netOfSelection([{ amount: '10', direction: 'PAYABLE' }])).toBe('-10');
  });
});
