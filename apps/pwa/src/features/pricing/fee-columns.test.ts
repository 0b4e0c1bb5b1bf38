import { describe, expect, it } from 'vitest';
import type { FeeRule } from '@corridor/api';
import { tableQuery } from '@/lib/table-query.ts';
import { feeColumns, slabLines, taxText } from './fee-columns.tsx';

const t = (key: string, o?: Record<string, unknown>) => (typeof o?.defaultValue === 'string' ? o.defaultValue : key);
const rule: FeeRule = {
  id: 'fee-1',
  serviceProviderId: 'sp-1',
  merchantFeeProfileId: 'fp-1',
  senderCountry: null,
  sourceCountryCode: null,
  destinationCountryCode: 'PK',
  walletCurrencyCode: 'AED',
  payoutCurrencyCode: 'PKR',
  correspondentId: null,
  channelId: null,
  deliveryModeId: null,
  beneficiaryFi: null,
  transferType: null,
  chargeMode: 'OUR',
  transactionCategory: null,
  transactionType: null,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  isPromotional: false,
  status: 'ACTIVE',
  slabs: [
    { slabValueFrom: '0', slabValueTo: '1000', slabCurrency: 'KWD', flatFee: '1.5', percentageFee: '0', minFee: null, maxFee: null },
    { slabValueFrom: '1000.001', slabValueTo: null, slabCurrency: 'KWD', flatFee: '0', percentageFee: '0.25', minFee: '2', maxFee: '10' },
  ],
  taxes: [{ name: 'VAT', percentage: '5' }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: null,
};

describe('fee columns', () => {
  it('writes each slab with the currency decimals, its fee and its caps', () => {
    expect(slabLines(rule, () => 3)).toEqual(['0.000 - 1,000.000 KWD: 1.500 + 0%', '1,000.001 - ∞ KWD: 0.000 + 0.25% (min 2.000, max 10.000)']);
    expect(taxText(rule)).toBe('VAT\u00a05%');
    expect(taxText({ ...rule, taxes: [] })).toBe('-');
  });

  it('filters by fee type and status as lists the server reads, and sorts by its own keys', () => {
    const columns = feeColumns(['chargeMode', 'corridor', 'status'], { t, dpOf: () => 2 });
    expect(columns.map((c) => c.filterKey)).toEqual(['chargeModes', 'walletCurrencyCodes', 'statuses']);
    expect(columns[0]?.filterOptions?.map((o) => o.value)).toEqual(['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM']);
    const query = tableQuery({ page: 2, pageSize: 10, sort: ['chargeMode,ASC,ignorecase'], filters: [{ key: 'chargeModes', value: ['OUR', 'BEN'] }] });
    expect(query).toEqual({ page: 1, size: 10, sort: ['chargeMode,ASC,ignorecase'], chargeModes: ['OUR', 'BEN'] });
  });

  it('shows the corridor with * for any currency and the profile by name', () => {
    const [corridor, profile] = feeColumns(['corridor', 'profile'], { t, dpOf: () => 2, profileName: (id) => (id === 'fp-1' ? 'Standard' : '-') });
    expect(corridor?.lines?.({ ...rule, payoutCurrencyCode: null })).toEqual(['AED → *', 'PK']);
    expect(profile?.cell?.(rule)).toBe('Standard');
  });

  it('gives the row’s actions to the actions column, the row named by its corridor in the phone’s menu button', () => {
    const [actions] = feeColumns(['actions'], {
      t,
      dpOf: () => 2,
      actions: (r) => [{ id: 'edit', label: 'Edit', testId: `edit-${r.id}`, onSelect: () => {} }],
    });
    expect(actions?.rowActions?.(rule).map((a) => a.testId)).toEqual(['edit-fee-1']);
    expect(actions?.rowName?.(rule)).toBe('AED → PKR');
    // A screen without actions leaves the column empty.
    expect(feeColumns(['actions'], { t, dpOf: () => 2 })[0]?.rowActions?.(rule)).toEqual([]);
  });
});
