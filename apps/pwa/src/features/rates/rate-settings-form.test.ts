import { describe, expect, it } from 'vitest';
import { ibrFormSchema, ibrProblem, stalenessFormSchema, stalenessOf, stalenessProblem } from './rate-settings-form.ts';

describe('rate settings forms', () => {
  it('takes a staleness limit of 1 to 86400 whole seconds, as the server does', () => {
    expect(stalenessProblem('')).toBe('stalenessRequired');
    expect(stalenessProblem('1.5')).toBe('stalenessWhole');
    expect(stalenessProblem('0')).toBe('stalenessRange');
    expect(stalenessProblem('86401')).toBe('stalenessRange');
    expect(stalenessProblem('86400')).toBeNull();
    expect(stalenessFormSchema.parse({ value: '090' })).toEqual({ category: 'RATES', key: 'rateStalenessSeconds', value: '90' });
  });

  it('reads the limit from the globals, the default when missing or broken', () => {
    expect(stalenessOf([{ category: 'RATES', key: 'rateStalenessSeconds', value: '30' }])).toBe(30);
    expect(stalenessOf([{ category: 'OTHER', key: 'rateStalenessSeconds', value: '30' }])).toBe(60);
    expect(stalenessOf([{ category: 'RATES', key: 'rateStalenessSeconds', value: 'abc' }])).toBe(60);
  });

  it('takes an interbank rate above zero with at most 8 decimals', () => {
    expect(ibrProblem('')).toBe('rateRequired');
    expect(ibrProblem('-1')).toBe('rateInvalid');
    expect(ibrProblem('0.00000000')).toBe('ratePositive');
    expect(ibrProblem('3.672500001')).toBe('rateDecimals');
    expect(ibrProblem('3.67250000')).toBeNull();
    expect(ibrFormSchema.parse({ value: ' 3.6725 ' })).toEqual({ ibrRate: '3.6725' });
    expect(ibrFormSchema.safeParse({ value: '0' }).error?.issues[0]?.message).toBe('rates.errors.ratePositive');
  });
});
