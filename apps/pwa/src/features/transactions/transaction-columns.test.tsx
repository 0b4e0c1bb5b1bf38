import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { transactionColumns, type TransactionColumnOptions } from './transaction-columns.tsx';
import { transactionFixture } from '@/test/transaction-fixture.ts';

const options = (over: Partial<TransactionColumnOptions> = {}): TransactionColumnOptions => ({
  kind: 'TRANSFER',
  viewer: 'MERCHANT',
  dpOf: () => 2,
  label: (_key, fallback) => fallback,
  ...over,
});
const ids = (o: TransactionColumnOptions) => transactionColumns(o).map((c) => c.id);

describe('transactionColumns', () => {
  it('gives a transfer both legs, its rate and value date, and a top-up one amount with how it was collected', () => {
    expect(ids(options())).toEqual([
      'transactionId',
      'reference',
      'status',
      'sourceAmount',
      'targetAmount',
      'exchangeRate',
      'valueDate',
      'currency',
      'createdAt',
    ]);
    expect(ids(options({ kind: 'TOP_UP' }))).toEqual(['transactionId', 'reference', 'status', 'type', 'amount', 'currency', 'createdAt']);
  });

  it('adds the merchant for the TSP, named and filtered by its merchants', () => {
    const merchants = [{ value: 'm-1', name: 'Globex Trading' }];
    const columns = transactionColumns(options({ viewer: 'TSP', merchantOptions: merchants }));
    const merchant = columns.find((c) => c.id === 'merchant');
    expect(merchant).toMatchObject({ filterType: 'status', filterKey: 'merchantIds', filterOptions: merchants });
    render(<>{merchant?.cell?.(transactionFixture())}</>);
    expect(screen.getByText('Globex Trading')).toBeTruthy();
  });

  it('filters by status only where no tab pins it, under the contract’s statuses key', () => {
    const statusOptions = [{ value: 'PENDING', name: 'Pending' }];
    expect(transactionColumns(options()).find((c) => c.id === 'status')?.filterOptions).toBeUndefined();
    expect(transactionColumns(options({ statusOptions })).find((c) => c.id === 'status')).toMatchObject({
      filterKey: 'statuses',
      filterOptions: statusOptions,
    });
  });

  it('amounts use their own currency’s decimals, and the row names its id, status and category for the page', () => {
    const columns = transactionColumns(options({ dpOf: (c) => (c === 'EUR' ? 3 : 2) }));
    const target = columns.find((c) => c.id === 'targetAmount');
    expect(target?.amount?.currency?.(transactionFixture())).toBe('EUR');
    expect(typeof target?.amount?.dp === 'function' ? target.amount.dp(transactionFixture()) : null).toBe(3);
    render(<>{columns[0]?.cell?.(transactionFixture({ status: 'TARGET_REJECTED' }))}</>);
    const row = screen.getByTestId('transaction-row');
    expect([row.dataset.transactionId, row.dataset.status, row.dataset.category]).toEqual(['TXN-0001', 'TARGET_REJECTED', 'TRANSFER']);
  });

  it('shows a top-up’s category and collection mode through the labels, and a missing value as the dash', () => {
    const type = transactionColumns(options({ kind: 'TOP_UP', label: (key) => `#${key}` })).find((c) => c.id === 'type');
    expect(type?.lines?.(transactionFixture({ category: 'TOPUP', collectionMode: 'BANK_TRANSFER' }))).toEqual([
      '#transactionList.category.TOPUP',
      '#transactionList.collectionMode.BANK_TRANSFER',
    ]);
    expect(type?.lines?.(transactionFixture({ category: 'TOPUP', collectionMode: null }))[1]).toBe('-');
  });
});
