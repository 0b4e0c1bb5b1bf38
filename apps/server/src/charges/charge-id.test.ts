import { describe, expect, it } from 'vitest';
import { chargeIdOf, chargeRowIdOf } from './charge-id.ts';

describe('a charge id', () => {
  it('names its row: the id less its tag and position, whatever the tag', () => {
    const row = '01936f2e-8a4b-7c3d-9e1f-0a1b2c3d4e5f';
    for (const tag of ['M', 'C', 'PM', 'PC'] as const) {
      expect(chargeRowIdOf(chargeIdOf(row, tag, 1))).toBe(row);
      expect(chargeRowIdOf(chargeIdOf(row, tag, 12))).toBe(row);
    }
  });

  it('of no charge shape names no row', () => {
    for (const id of ['', 'M1', '-M1', 'abc', 'abc-M', 'abc-M0', 'abc-X1', 'abc-M1x', 'abc-m1']) expect(chargeRowIdOf(id), id).toBeNull();
  });
});
