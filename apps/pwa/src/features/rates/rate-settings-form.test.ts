import { describe, expect, it } from 'vitest';
import { ibrFormSchema, stalenessFormSchema, stalenessOf } from './rate-settings-form.ts';

const stalenessError = (value: string) => stalenessFormSchema.safeParse({ value }).error?.issues[0]?.message;
const ibrError = (value: string) => ibrFormSchema.safeParse({ value }).error?.issues[0]?.message;

describe('rate settings forms', () => {
  it('takes a staleness limit of 1 to 86400 whole seconds, as the server does', () => {
    expect(stalenessError('')).toBe('rates.errors.stalenessRequired');
    expect(stalenessError('1.5')).toBe('rates.errors.stalenessWhole');
    expect(stalenessError('0')).toBe('rates.errors.stalenessRange');
    expect(stalenessError('86401')).toBe('rates.errors.stalenessRange');
    expect(stalenessError('86400')).toBeUndefined();
    expect(stalenessFormSchema.parse({ value: '090' })).toEqual({ category: 'RATES', key: 'rateStalenessSeconds', value: '90' });
  });

  it('reads the limit from the globals, the default when missing or broken', () => {
    expect(stalenessOf([{ category: 'RATES', key: 'rateStalenessSeconds', value: '30' }])).toBe(30);
    expect(stalenessOf([{ category: 'OTHER', key: 'rateStalenessSeconds', value: '30' }])).toBe(60);
    expect(stalenessOf([{ category: 'RATES', key: 'rateStalenessSeconds', value: 'abc' }])).toBe(60);
  });

  it('takes an interbank rate above zero with at most 8 decimals', () => {
    expect(ibrError('')).toBe('rates.errors.rateRequired');
    expect(ibrError('-1')).toBe('rates.errors.rateInvalid');
    expect(ibrError('0.00000000')).toBe('rates.errors.ratePositive');
    expect(ibrError('3.672500001')).toBe('rates.errors.rateDecimals');
    expect(ibrError('3.67250000')).toBeUndefined();
    expect(ibrFormSchema.parse({ value: ' 3.6725 ' })).toEqual({ ibrRate: '3.6725' });
  });
});
