import { describe, expect, it } from 'vitest';
import { dpLookup, dpOf } from './currency-dp.ts';

const currencies = [
  { code: 'AED', dp: 2 },
  { code: 'JPY', dp: 0 },
  { code: 'BHD', dp: 3 },
];

describe('currency decimals', () => {
  it("take each currency's dp from the list", () => {
    const of = dpLookup(currencies);
    expect([of('AED'), of('JPY'), of('BHD')]).toEqual([2, 0, 3]);
    expect(dpOf(currencies, 'BHD')).toBe(3);
  });

  it('fall back to 8 for a code not in the list, a missing code or a list not loaded yet (spec 3)', () => {
    expect(dpLookup(currencies)('XAU')).toBe(8);
    expect(dpLookup(currencies)(null)).toBe(8);
    expect(dpOf(undefined, 'AED')).toBe(8);
  });
});
