import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { pageOfRows, parseSort } from './paging.ts';

describe('sort tokens', () => {
  it('reads tokens a query parser split on commas, and refuses a malformed one naming sort', () => {
    expect(parseSort(['name', 'ASC', 'ignorecase', 'code', 'desc'], ['name', 'code'])).toEqual([
      { field: 'name', direction: 'ASC', ignoreCase: true },
      { field: 'code', direction: 'DESC', ignoreCase: false },
    ]);
    const error = (() => {
      try {
        parseSort(['name;drop'], ['name']);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).invalidParameters[0]?.parameter).toBe('sort');
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
