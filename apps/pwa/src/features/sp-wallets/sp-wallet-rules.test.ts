import { describe, expect, it } from 'vitest';
import { commonAliasPrefix, groupByMerchant } from './merchant-groups.ts';
import type { Wallet } from '@/components/wallets/wallet-types.ts';
import { approvalStatuses, nextWalletStatus } from './wallet-approval-tabs.ts';

function wallet(id: string, merchant: string, alias: string, currency: string, balance: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE'): Wallet {
  return {
    id,
    alias,
    walletAccountNumber: null,
    type: 'PAYMENT',
    types: ['PAYMENT'],
    status,
    currency: { code: currency, countryCode: null },
    country: { code: 'AE', name: 'United Arab Emirates' },
    bank: null,
    bankAccount: null,
    serviceProvider: null,
    merchantServiceId: merchant,
    serviceProviderId: 'tsp-1',
    spWalletId: null,
    accountCategoryId: null,
    coveringModel: null,
    pricingModel: null,
    isDippingAllowed: false,
    dippedWalletId: null,
    linkedWalletTspId: null,
    vpa: null,
    position: {
      walletId: id,
      currency,
      balance: { amount: balance, currency },
      reserve: { amount: '0', currency },
      merchantReserve: { amount: '0', currency },
      openPosition: { amount: '0', currency },
      pendingAuthorization: { amount: '0', currency },
      costRate: { amount: '1', currency },
      creditPosition: {
        creditPayable: { amount: '0', currency },
        creditReserve: { amount: '0', currency },
        merchantCreditReserveAmount: { amount: '0', currency },
        openCredit: { amount: '0', currency },
        creditLimit: { amount: '0', currency },
      },
      updatedAt: '2026-11-20T10:00:00Z',
    },
  };
}

describe('network grouping', () => {
  it('names a merchant by the words its wallet aliases share', () => {
    expect(commonAliasPrefix(['Globex Trading USD payments', 'Globex Trading EUR settlement'])).toBe('Globex Trading');
    expect(commonAliasPrefix(['Wayne Foods GBP payments'])).toBe('Wayne Foods');
    expect(commonAliasPrefix(['Alpha', 'Beta'])).toBeNull();
  });

  it('groups wallets by merchant and sums balances per currency as decimals', () => {
    const groups = groupByMerchant([
      wallet('w1', 'm1', 'Globex Trading USD payments', 'USD', '0.1'),
      wallet('w2', 'm1', 'Globex Trading USD settlement', 'USD', '0.2', 'INACTIVE'),
      wallet('w3', 'm1', 'Globex Trading EUR payments', 'EUR', '10'),
      wallet('w4', 'm2', 'Acme Exporters USD payments', 'USD', '5'),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Acme Exporters', 'Globex Trading']);
    const globex = groups[1]!;
    expect(globex.wallets).toHaveLength(3);
    expect(globex.active).toBe(2);
    expect(globex.balances).toEqual([
      { currency: 'EUR', amount: '10' },
      { currency: 'USD', amount: '0.3' },
    ]);
  });

  it("names a group by its merchant's name when the wallets carry it, whatever the aliases", () => {
    const named = (w: Wallet): Wallet => ({ ...w, merchantService: { id: 'm1', name: 'Globex Trading LLC' } });
    const groups = groupByMerchant([named(wallet('w1', 'm1', 'Main USD', 'USD', '1')), named(wallet('w2', 'm1', 'Collections EUR', 'EUR', '2'))]);
    expect(groups.map((g) => g.label)).toEqual(['Globex Trading LLC']);
  });
});

describe('wallet approval', () => {
  it('filters by the tab status, none for overview', () => {
    expect(approvalStatuses('active')).toEqual(['ACTIVE']);
    expect(approvalStatuses('inactive')).toEqual(['INACTIVE']);
    expect(approvalStatuses('overview')).toEqual([]);
    expect(approvalStatuses('unknown')).toEqual([]);
  });

  it('activates inactive wallets and blocks active ones', () => {
    expect(nextWalletStatus('INACTIVE')).toBe('ACTIVE');
    expect(nextWalletStatus('ACTIVE')).toBe('INACTIVE');
  });
});
