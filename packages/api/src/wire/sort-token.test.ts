import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortToken } from '../schemas/common.ts';
import { formatSortToken, isSortToken, parseSortToken, rejoinSortTokens } from './sort-token.ts';

describe('sort tokens', () => {
  it('reads field, direction and ignorecase, in any case', () => {
    expect(parseSortToken('createdAt,DESC,ignorecase')).toEqual({ field: 'createdAt', dir: 'desc', ignoreCase: true });
    expect(parseSortToken('name,asc')).toEqual({ field: 'name', dir: 'asc', ignoreCase: false });
    expect(parseSortToken('name')).toEqual({ field: 'name', dir: 'asc', ignoreCase: false });
    expect(parseSortToken('amount.value,Desc,IGNORECASE')).toEqual({ field: 'amount.value', dir: 'desc', ignoreCase: true });
    expect(parseSortToken('name,ignorecase')).toEqual({ field: 'name', dir: 'asc', ignoreCase: true });
  });

  it('refuses what is not a token', () => {
    for (const bad of ['', ',DESC', 'name,DOWN', 'name,ignorecase,DESC', 'na me', 'name;drop', 'a,b']) {
      expect(parseSortToken(bad)).toBeUndefined();
      expect(isSortToken(bad)).toBe(false);
      expect(sortToken.safeParse(bad).success).toBe(false);
    }
  });

  it('formats what it parses, and the contract accepts every formatted token', () => {
    expect(formatSortToken('name', 'asc')).toBe('name,ASC,ignorecase');
    expect(formatSortToken('code', 'desc', false)).toBe('code,DESC');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.]{1,12}$/), fc.constantFrom('asc' as const, 'desc' as const), fc.boolean(), (field, dir, ignoreCase) => {
        const token = formatSortToken(field, dir, ignoreCase);
        expect(parseSortToken(token)).toEqual({ field, dir, ignoreCase });
        expect(sortToken.safeParse(token).success).toBe(true);
      }),
    );
  });

  it('puts tokens split on commas back together', () => {
    expect(rejoinSortTokens(['name', 'ASC', 'ignorecase', 'dp', 'DESC', 'code'])).toEqual(['name,ASC,ignorecase', 'dp,DESC', 'code']);
    expect(rejoinSortTokens(['name,DESC'])).toEqual(['name,DESC']);
    expect(rejoinSortTokens(['ASC'])).toEqual(['ASC']);
  });
});
