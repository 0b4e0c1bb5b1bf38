import { describe, expect, it } from 'vitest';
import { defaultTableState } from '@/lib/table-state-search.ts';
import { activityQuery } from '@/components/wallets/activity-query.ts';
import { dpOf } from '@/components/wallets/currency-dp.ts';
import { totalsByCurrency, weightedCostRate } from './position-totals.ts';
import { walletDetailTab, tabLabelKey } from './wallet-detail-tabs.ts';
import { filtersOf, hasFilters, walletListQuery } from './wallet-list-filters.ts';
import { walletListSearchSchema } from './wallet-list-search.ts';
import type { Wallet } from './wallet-types.ts';

function money(amount: string, currency: string) {
  return { amount, currency };
}

function wallet(id: string, currency: string, balance: string | null, costRate = '1.1', merchantReserve = '0'): Wallet {
  return {
    id,
    alias: `Wallet ${id}`,
    walletAccountNumber: null,
    type: 'PAYMENT',
    types: ['PAYMENT'],
    status: 'ACTIVE',
    currency: { code: currency, countryCode: null },
    country: { code: 'AE', name: 'UAE' },
    bank: null,
    bankAccount: null,
    serviceProvider: null,
    merchantServiceId: 'm',
    serviceProviderId: 's',
    spWalletId: null,
    accountCategoryId: null,
    coveringModel: null,
    pricingModel: null,
    isDippingAllowed: false,
    dippedWalletId: null,
    linkedWalletTspId: null,
    vpa: null,
    position:
      balance === null
        ? null
        : {
            walletId: id,
            currency,
            balance: money(balance, currency),
            reserve: money('0', currency),
            merchantReserve: money(merchantReserve, currency),
            openPosition: money('0.1', currency),
            pendingAuthorization: money('0.2', currency),
            costRate: money(costRate, 'USD'),
            creditPosition: {
              creditPayable: money('0', currency),
              creditReserve: money('0', currency),
              merchantCreditReserveAmount: money('0', currency),
              openCredit: money('0', currency),
              creditLimit: money('0', currency),
            },
            updatedAt: '2026-11-22T00:00:00Z',
          },
  };
}

describe('summary card row totals', () => {
  it('adds money per currency exactly (decimal, not float) and keeps currencies apart', () => {
    const totals = totalsByCurrency([wallet('a', 'USD', '0.1'), wallet('b', 'USD', '0.2'), wallet('c', 'EUR', '5')]);
    expect(totals.map((x) => x.currency)).toEqual(['EUR', 'USD']);
    const usd = totals[1];
    expect(usd?.walletCount).toBe(2);
    expect(usd?.values.balance).toBe('0.3');
    expect(usd?.values.openPosition).toBe('0.2');
    expect(usd?.values.pendingAuthorization).toBe('0.4');
    expect(usd?.currencies.balance).toBe('USD');
    expect(usd?.currencies.costRate).toBe('USD');
  });

  it('weights the cost rate by balance instead of adding rates', () => {
    const totals = totalsByCurrency([wallet('a', 'GBP', '300', '1.2'), wallet('b', 'GBP', '100', '1.6')]);
    expect(totals[0]?.values.costRate).toBe('1.3');
  });

  it('counts wallets without a position but shows their figures as unknown', () => {
    const totals = totalsByCurrency([wallet('a', 'INR', null)]);
    expect(totals[0]?.walletCount).toBe(1);
    expect(totals[0]?.values.balance).toBeNull();
  });

  it('falls back to the plain average when no balance is positive, and to null with no rates', () => {
    expect(
      weightedCostRate([
        { rate: '1', weight: '0' },
        { rate: '2', weight: '-5' },
      ]),
    ).toBe('1.5');
    expect(weightedCostRate([])).toBeNull();
    expect(weightedCostRate([{ rate: 'x', weight: '1' }])).toBeNull();
  });
});

describe('wallet list search and query', () => {
  it('reads filters from the URL, a single value as a list, and drops malformed ones', () => {
    const search = walletListSearchSchema.parse({ currencyCodes: 'USD', bankCodes: ['ATLS'], statuses: 5, summary: 'EURO' });
    expect(search).toEqual({ currencyCodes: ['USD'], bankCodes: ['ATLS'], statuses: undefined, types: undefined, summary: undefined });
    expect(filtersOf(search)).toEqual({ currencyCodes: ['USD'], bankCodes: ['ATLS'] });
    expect(hasFilters(search)).toBe(true);
    expect(hasFilters(walletListSearchSchema.parse({}))).toBe(false);
  });

  it('asks one page with positions and only the filters that hold values', () => {
    expect(walletListQuery({ currencyCodes: ['USD'], types: [] })).toEqual({ page: 0, size: 500, inclPosition: true, currencyCodes: ['USD'] });
  });

  it('takes decimals from the currency list, 8 when the currency is unknown', () => {
    const currencies = [{ code: 'JPY', name: 'Yen', sign: '¥', countryCode: 'JP', dp: 0, enabled: true }];
    expect(dpOf(currencies as never, 'JPY')).toBe(0);
    expect(dpOf(currencies as never, 'KWD')).toBe(8);
    expect(dpOf(undefined, 'USD')).toBe(8);
  });
});

describe('wallet detail tabs', () => {
  it('opens the asked tab, and details for the disabled deal position or an unknown slug', () => {
    expect(walletDetailTab('payables')).toBe('payables');
    expect(walletDetailTab('deal-position')).toBe('details');
    expect(walletDetailTab('nope')).toBe('details');
    expect(walletDetailTab(undefined)).toBe('details');
    expect(tabLabelKey('activity-statements')).toBe('merchantWallets.tabs.activityStatements');
  });
});

describe('activity query', () => {
  it('splits the date range into fromDate/toDate, keeps categories, pins the mode, pages from 0', () => {
    const state = {
      ...defaultTableState(),
      page: 3,
      pageSize: 20,
      sort: ['date,DESC,ignorecase'],
      filters: [
        { key: 'date', value: { from: '2026-10-01', to: '2026-10-31' } },
        { key: 'categories', value: ['TOPUP', 'PAYOUT'] },
      ],
    };
    expect(activityQuery('w1', state, 'DEBIT')).toEqual({
      walletIds: ['w1'],
      page: 2,
      size: 20,
      sort: ['date,DESC,ignorecase'],
      mode: 'DEBIT',
      fromDate: '2026-10-01',
      toDate: '2026-10-31',
      categories: ['TOPUP', 'PAYOUT'],
    });
  });

  it('leaves out what is not set', () => {
    expect(activityQuery('w1', { ...defaultTableState(), filters: [{ key: 'date', value: { from: '', to: '2026-01-02' } }] })).toEqual({
      walletIds: ['w1'],
      page: 0,
      size: 10,
      toDate: '2026-01-02',
    });
  });
});
