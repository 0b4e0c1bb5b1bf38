import { describe, expect, it } from 'vitest';
import { computeFee, findSlab, taxOnFee } from '@corridor/domain';
import { domainSlab } from './fee-for-transaction.ts';
import type { StoredSlab } from './fee-tables.ts';
import { slabProblems } from './fee-validation.ts';

const slab = (from: string, to: string | null, flat: string, pct: string, min: string | null = null, max: string | null = null): StoredSlab => ({
  slabValueFrom: from,
  slabValueTo: to,
  slabCurrency: 'USD',
  flatFee: flat,
  percentageFee: pct,
  minFee: min,
  maxFee: max,
});
const feeOf = (slabs: StoredSlab[], amount: string, dp = 2) => computeFee(slabs.map(domainSlab), amount, dp);
const VAT5 = [{ name: 'VAT', percentage: '5' }];

/** Hand-worked fees, one per fee type, on stored slabs converted for the domain's computeFee. */
describe('fee arithmetic by fee type', () => {
  it('OUR: tiered, the amount falls in the second slab and hits the floor', () => {
    // 0-1,000: 5 flat; 1,000.01-10,000: 0.5 % min 10 max 40. 1,500 x 0.5 % = 7.50 < 10 -> 10.00; VAT 5 % -> 0.50.
    const slabs = [slab('0', '1000', '5', '0'), slab('1000.01', '10000', '0', '0.5', '10', '40')];
    expect(feeOf(slabs, '1500')).toBe('10.00');
    expect(taxOnFee('10.00', VAT5, 2).total).toBe('0.50');
    // The boundary belongs to the first slab: 1,000.00 -> 5.00; 1,000.01 -> 0.5 % = 5.00005 -> floor 10.00.
    expect(feeOf(slabs, '1000')).toBe('5.00');
    expect(feeOf(slabs, '1000.01')).toBe('10.00');
  });

  it('SHA: flat plus percentage, capped', () => {
    // 4 + 80,000 x 0.1 % = 4 + 80 = 84 > cap 60 -> 60.00. At 20,000: 4 + 20 = 24.00.
    const slabs = [slab('0', null, '4', '0.1', null, '60')];
    expect(feeOf(slabs, '80000')).toBe('60.00');
    expect(feeOf(slabs, '20000')).toBe('24.00');
  });

  it('BEN: flat fee in a zero-decimal currency, VAT rounded half up', () => {
    // 1,250 JPY flat; VAT 5 % = 62.5 -> 63 JPY (half up, 0 decimals).
    const slabs = [{ ...slab('0', null, '1250', '0'), slabCurrency: 'JPY' }];
    expect(feeOf(slabs, '500000', 0)).toBe('1250');
    expect(taxOnFee('1250', VAT5, 0)).toEqual({ total: '63', details: [{ name: 'VAT', percentage: '5', amount: '63' }] });
  });

  it('REBATE: only from a threshold; below it no slab applies', () => {
    // From 10,000: 0.05 % max 100. 50,000 x 0.05 % = 25.00; 300,000 x 0.05 % = 150 -> cap 100.00; 9,999 -> no slab.
    const slabs = [slab('10000', null, '0', '0.05', null, '100')];
    expect(feeOf(slabs, '50000')).toBe('25.00');
    expect(feeOf(slabs, '300000')).toBe('100.00');
    expect(findSlab(slabs.map(domainSlab), '9999')).toBeUndefined();
  });

  it('FX_PREMIUM: a percentage with a floor, rounded half up to the cent', () => {
    // 0.1 % of 505.55 = 0.50555 < floor 1 -> 1.00; 0.1 % of 1,234.50 = 1.2345 -> 1.23; of 1,235 = 1.235 -> 1.24.
    const slabs = [slab('0', null, '0', '0.1', '1')];
    expect(feeOf(slabs, '505.55')).toBe('1.00');
    expect(feeOf(slabs, '1234.50')).toBe('1.23');
    expect(feeOf(slabs, '1235')).toBe('1.24');
  });
});

describe('slab checks', () => {
  const dp = (code: string) => ({ USD: 2, JPY: 0 })[code];
  it('accepts contiguous slabs one minor unit apart, in cents and in whole yen', () => {
    expect(slabProblems([slab('0', '1000', '5', '0'), slab('1000.01', null, '0', '1')], dp)).toEqual([]);
    const yen = (from: string, to: string | null) => ({ ...slab(from, to, '100', '0'), slabCurrency: 'JPY' });
    expect(slabProblems([yen('0', '100000'), yen('100001', null)], dp)).toEqual([]);
  });
  it('names the slab that overlaps or leaves a gap, with where it should start', () => {
    expect(slabProblems([slab('0', '1000', '5', '0'), slab('1000', null, '0', '1')], dp)).toEqual([
      { parameter: 'slabs.1.slabValueFrom', message: 'overlaps slab 0, which ends at 1000; start at 1000.01' },
    ]);
    expect(slabProblems([slab('0', '1000', '5', '0'), slab('1001', null, '0', '1')], dp)).toEqual([
      { parameter: 'slabs.1.slabValueFrom', message: 'leaves a gap after slab 0, which ends at 1000; start at 1000.01' },
    ]);
  });
});
