import { describe, expect, it } from 'vitest';
import { FEE_TYPES, INCENTIVE_FEE_TYPES, computeFee, findSlab, payerOf, taxOnFee } from './fees.ts';

describe('fee types — spec 9: "Fee types: OUR, SHA, BEN, REBATE, FX_PREMIUM"', () => {
  it('lists them', () => {
    expect(FEE_TYPES.map((f) => f.value)).toEqual(['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM']);
    expect(INCENTIVE_FEE_TYPES).toEqual(['REBATE', 'FX_PREMIUM']);
  });
});

describe('fee slabs — ARCHITECTURE 9: "charges come from the fee profile (merchant fee) and correspondent fees (slabs)"', () => {
  const slabs = [
    { from: '0', to: '1000', flat: '5' },
    { from: '1000.01', to: '10000', flat: '2', percentage: '0.5' },
    { from: '10000.01', percentage: '1', min: '60', max: '250' },
  ];
  it('picks the slab the amount falls in (bounds inclusive)', () => {
    expect(findSlab(slabs, '1000')?.flat).toBe('5');
    expect(findSlab(slabs, '1000.01')?.flat).toBe('2');
    expect(findSlab(slabs, '99999999')?.percentage).toBe('1');
    expect(findSlab(slabs, '-1')).toBeUndefined();
  });
  it('computes flat + percentage, then min and max caps, rounded to the currency', () => {
    expect(computeFee(slabs, '500', 2)).toBe('5.00');
    expect(computeFee(slabs, '2000', 2)).toBe('12.00');
    expect(computeFee(slabs, '2001', 2)).toBe('12.01'); // 2 + 10.005 rounds half-up
    expect(computeFee(slabs, '10000.01', 2)).toBe('100.00');
    expect(computeFee(slabs, '5000000', 2)).toBe('250.00');
    expect(computeFee([{ from: '0', percentage: '1', min: '5' }], '100', 0)).toBe('5');
    expect(computeFee([{ from: '100', flat: '1' }], '50', 2)).toBe('0.00');
    expect(computeFee([], '50', 3)).toBe('0.000');
  });
  it('computes tax as a percentage of the fee, details adding up to the total', () => {
    expect(taxOnFee('10.00', [{ name: 'VAT', percentage: '5' }], 2)).toEqual({
      total: '0.50',
      details: [{ name: 'VAT', percentage: '5', amount: '0.50' }],
    });
    const two = taxOnFee(
      '3.33',
      [
        { name: 'A', percentage: '15' },
        { name: 'B', percentage: '15' },
      ],
      2,
    );
    expect(two.details.map((d) => d.amount)).toEqual(['0.50', '0.50']);
    expect(two.total).toBe('1.00');
    expect(taxOnFee('10', [], 2)).toEqual({ total: '0.00', details: [] });
  });
  it('resolves SHA: the sender pays merchant fees, the beneficiary correspondent fees', () => {
    expect(payerOf('SHA', 'merchant')).toBe('OUR');
    expect(payerOf('SHA', 'correspondent')).toBe('BEN');
    expect(payerOf('OUR', 'correspondent')).toBe('OUR');
    expect(payerOf('BEN', 'merchant')).toBe('BEN');
  });
});
