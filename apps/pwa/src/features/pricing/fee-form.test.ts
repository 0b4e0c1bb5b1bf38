import { describe, expect, it } from 'vitest';
import type { FeeRule } from '@corridor/api';
import {
  emptyFeeRuleForm,
  emptySlab,
  feeRuleBodyOf,
  feeRuleFormSchema,
  feeRuleProblems,
  feeRuleToForm,
  formPathOf,
  nextSlabStart,
  slabProblems,
  taxProblems,
  withTaxes,
  type SlabForm,
} from './fee-form.ts';

const slab = (from: string, to: string, more: Partial<SlabForm> = {}): SlabForm => ({ ...emptySlab(from), slabValueTo: to, ...more });
const dps: Record<string, number> = { AED: 2, KWD: 3, JPY: 0 };
const dpOf = (code: string) => dps[code];

describe('slab validation', () => {
  it('accepts contiguous slabs to the minor unit with only the last open', () => {
    expect(slabProblems([slab('0', '1000'), slab('1000.01', '5000'), slab('5000.01', '')], 2)).toEqual([]);
    expect(slabProblems([slab('0', '1000'), slab('1000.001', '')], 3)).toEqual([]);
    expect(slabProblems([slab('0', '1000'), slab('1001', '')], 0)).toEqual([]);
  });

  it('names the slab that overlaps the previous one and where it must start', () => {
    expect(slabProblems([slab('0', '1000'), slab('999', '')], 2)).toEqual([{ path: 'slabs.1.slabValueFrom', key: 'overlap', params: { start: '1000.01' } }]);
  });

  it('names the slab that leaves a gap', () => {
    expect(slabProblems([slab('0', '1000'), slab('1000.02', '')], 2)).toEqual([{ path: 'slabs.1.slabValueFrom', key: 'gap', params: { start: '1000.01' } }]);
  });

  it('refuses an open slab that is not the last', () => {
    expect(slabProblems([slab('0', ''), slab('1000.01', '')], 2)).toEqual([{ path: 'slabs.0.slabValueTo', key: 'onlyLastOpen' }]);
  });

  it('refuses a cap below its floor and an end below its start', () => {
    const problems = slabProblems([slab('500', '100', { minFee: '10', maxFee: '5' })], 2);
    expect(problems).toContainEqual({ path: 'slabs.0.maxFee', key: 'capBelowFloor', params: { min: '10' } });
    expect(problems).toContainEqual({ path: 'slabs.0.slabValueTo', key: 'toBelowFrom', params: { from: '500' } });
    // A cap equal to the floor is a fixed fee: allowed.
    expect(slabProblems([slab('0', '', { minFee: '5', maxFee: '5' })], 2)).toEqual([]);
  });

  it('refuses more decimals than the currency has, and percentages above 100 or past 4 decimals', () => {
    expect(slabProblems([slab('0', '', { flatFee: '1.005' })], 2)).toEqual([{ path: 'slabs.0.flatFee', key: 'decimals', params: { dp: 2 } }]);
    expect(slabProblems([slab('0', '', { flatFee: '1.5' })], 0)).toEqual([{ path: 'slabs.0.flatFee', key: 'decimals', params: { dp: 0 } }]);
    expect(slabProblems([slab('0', '', { percentageFee: '100.5' })], 2)).toEqual([{ path: 'slabs.0.percentageFee', key: 'percentRange' }]);
    expect(slabProblems([slab('0', '', { percentageFee: '0.12345' })], 2)).toEqual([{ path: 'slabs.0.percentageFee', key: 'percentDecimals' }]);
    expect(slabProblems([slab('0', '', { percentageFee: '0.1234' })], 2)).toEqual([]);
  });

  it('refuses text and negative numbers (only digits and one dot are numbers here)', () => {
    expect(slabProblems([slab('0', '', { flatFee: '-1' })], 2)).toEqual([{ path: 'slabs.0.flatFee', key: 'number' }]);
    expect(slabProblems([slab('', '', { flatFee: 'abc' })], 2)).toEqual([
      { path: 'slabs.0.slabValueFrom', key: 'required' },
      { path: 'slabs.0.flatFee', key: 'number' },
    ]);
  });

  it('computes the next start one minor unit after the previous end', () => {
    expect(nextSlabStart('1000', 2)).toBe('1000.01');
    expect(nextSlabStart('1000.5', 3)).toBe('1000.501');
    expect(nextSlabStart('99', 0)).toBe('100');
  });
});

describe('tax validation', () => {
  it('wants a name once and a percentage within 0-100', () => {
    expect(taxProblems([{ name: 'VAT', percentage: '5' }])).toEqual([]);
    expect(
      taxProblems([
        { name: 'VAT', percentage: '5' },
        { name: 'vat', percentage: '101' },
      ]),
    ).toEqual([
      { path: 'taxes.1.name', key: 'taxTwice' },
      { path: 'taxes.1.percentage', key: 'percentRange' },
    ]);
    expect(taxProblems([{ name: ' ', percentage: '' }])).toEqual([
      { path: 'taxes.0.name', key: 'required' },
      { path: 'taxes.0.percentage', key: 'required' },
    ]);
  });
});

describe('fee rule form', () => {
  it('needs a known slab currency before it checks amounts, and an end date not before the start', () => {
    const form = { ...emptyFeeRuleForm('2026-11-23'), effectiveTo: '2026-11-01' };
    expect(feeRuleProblems(form, dpOf)).toEqual([
      { path: 'effectiveTo', key: 'toBeforeFrom' },
      { path: 'slabCurrency', key: 'required' },
    ]);
  });

  it('sends every slab in the rule currency, blanks as nulls, and no profile when none is chosen', () => {
    const form = {
      ...emptyFeeRuleForm('2026-11-23', 'AED'),
      slabs: [slab('0', '1000', { flatFee: '5' }), slab('1000.01', '', { percentageFee: '0.5', maxFee: '50' })],
    };
    const body = feeRuleBodyOf(form);
    expect(body.slabs).toEqual([
      { slabValueFrom: '0', slabValueTo: '1000', slabCurrency: 'AED', flatFee: '5', percentageFee: '0', minFee: null, maxFee: null },
      { slabValueFrom: '1000.01', slabValueTo: null, slabCurrency: 'AED', flatFee: '0', percentageFee: '0.5', minFee: null, maxFee: '50' },
    ]);
    expect(body.walletCurrencyCode).toBe('AED');
    expect(body.payoutCurrencyCode).toBeNull();
    expect('merchantFeeProfileId' in body).toBe(false);
    expect(feeRuleBodyOf({ ...form, merchantFeeProfileId: 'fp-1' }).merchantFeeProfileId).toBe('fp-1');
  });

  it('the schema reports problems on their fields with i18n keys and passes a valid form as the contract body', async () => {
    const schema = feeRuleFormSchema(dpOf);
    const bad = await schema.safeParseAsync({ ...emptyFeeRuleForm('2026-11-23', 'AED'), slabs: [slab('0', '100'), slab('50', '')] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['slabs.1.slabValueFrom', 'pricing.errors.overlap']]);
    const good = await schema.safeParseAsync({ ...emptyFeeRuleForm('2026-11-23', 'KWD'), slabs: [slab('0', '100.5'), slab('100.501', '')] });
    expect(good.success).toBe(true);
    expect(good.data?.slabs[1]?.slabValueFrom).toBe('100.501');
  });

  it('editing taxes puts the rest of the rule back unchanged', () => {
    const rule: FeeRule = {
      id: 'fee-1',
      serviceProviderId: 'sp-1',
      merchantFeeProfileId: 'fp-1',
      senderCountry: 'AE',
      sourceCountryCode: 'AE',
      destinationCountryCode: 'PK',
      walletCurrencyCode: 'AED',
      payoutCurrencyCode: 'PKR',
      correspondentId: null,
      channelId: 'BANK',
      deliveryModeId: null,
      beneficiaryFi: null,
      transferType: 'SWIFT',
      chargeMode: 'SHA',
      transactionCategory: 'TRANSFER',
      transactionType: 'PAYOUT',
      effectiveFrom: '2026-01-01',
      effectiveTo: null,
      isPromotional: true,
      status: 'ACTIVE',
      slabs: [{ slabValueFrom: '0', slabValueTo: null, slabCurrency: 'AED', flatFee: '10', percentageFee: '0', minFee: null, maxFee: null }],
      taxes: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: null,
    };
    expect(feeRuleToForm(rule).slabCurrency).toBe('AED');
    const body = withTaxes(rule, [{ name: ' VAT ', percentage: '5' }]);
    expect(body).toMatchObject({
      merchantFeeProfileId: 'fp-1',
      senderCountry: 'AE',
      channelId: 'BANK',
      transferType: 'SWIFT',
      transactionCategory: 'TRANSFER',
      chargeMode: 'SHA',
      isPromotional: true,
      payoutCurrencyCode: 'PKR',
      taxes: [{ name: 'VAT', percentage: '5' }],
    });
    expect(body.slabs).toEqual(rule.slabs);
  });

  it('puts a refused slab currency on the one currency field', () => {
    expect(formPathOf('slabs.2.slabCurrency')).toBe('slabCurrency');
    expect(formPathOf('slabs.2.maxFee')).toBe('slabs.2.maxFee');
  });
});
