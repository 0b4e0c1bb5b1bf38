import { describe, expect, it } from 'vitest';
import { pageOfRows, parseSort, rejoinSortTokens } from './paging.ts';

describe('sort tokens', () => {
  it('puts tokens split on commas back together', () => {
    expect(rejoinSortTokens(['name', 'ASC', 'ignorecase', 'dp', 'DESC', 'code'])).toEqual(['name,ASC,ignorecase', 'dp,DESC', 'code']);
    expect(rejoinSortTokens(['name,DESC'])).toEqual(['name,DESC']);
  });

  it('reads direction and case and refuses unknown fields', () => {
    expect(parseSort(['name,DESC,ignorecase', 'code'], ['name', 'code'])).toEqual([
      { field: 'name', direction: 'DESC', ignoreCase: true },
      { field: 'code', direction: 'ASC', ignoreCase: false },
    ]);
    expect(() => parseSort(['secret,ASC'], ['name'])).toThrow(/invalid parameters/);
  });

  it('sorts in memory with ignorecase and pages from 0', () => {
    const rows = [{ n: 'beta' }, { n: 'Alpha' }, { n: 'alpha2' }, { n: 'Gamma' }];
    const cased = pageOfRows(rows, { page: 0, size: 10, sort: ['n,ASC'] }, ['n']);
    expect(cased.content.map((r) => r.n)).toEqual(['Alpha', 'Gamma', 'alpha2', 'beta']);
    const page = pageOfRows(rows, { page: 1, size: 2, sort: ['n,ASC,ignorecase'] }, ['n']);
    expect(page).toEqual({ content: [{ n: 'beta' }, { n: 'Gamma' }], page: 1, size: 2, totalElements: 4, totalPages: 2 });
  });
});
