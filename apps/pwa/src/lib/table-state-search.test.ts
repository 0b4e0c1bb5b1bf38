import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defined, searchValues } from '@/test/search-values.ts';
import type { TablePageConfig } from '@corridor/domain';
import { parseTableSearch, resolveTableState, tableStateFromSearch, tableStateToPageConfig, tableStateToSearch, withFilter } from './table-state-search.ts';
import { tableSearchSchema } from './table-search-schema.ts';

describe('parseTableSearch, without zod', () => {
  it("reads any search value as tableSearchSchema's safe parse does (an object, a list, nothing, nonsense)", () => {
    const anything = fc.oneof(searchValues, fc.constant(undefined), fc.constant(null), fc.string(), fc.array(searchValues, { maxLength: 2 }));
    fc.assert(
      fc.property(anything, (input) => {
        const parsed = tableSearchSchema.safeParse(input ?? {});
        expect(defined(parseTableSearch(input))).toEqual(parsed.success ? defined(parsed.data) : {});
      }),
      { numRuns: 1000 },
    );
  });
});

describe('tableSearchSchema (table state in the URL)', () => {
  it('reads page, size, sort tokens and filters', () => {
    const search = parseTableSearch({
      page: '3',
      size: 20,
      sort: ['createdAt,DESC,ignorecase'],
      filters: [
        { key: 'statuses', value: ['APPROVED', 'REJECTED'] },
        { key: 'amount', value: { from: '10.50', to: '2000' } },
        { key: 'referenceNumber', value: 'TRX-1' },
      ],
      tab: 'pending',
    });
    expect(search).toEqual({
      page: 3,
      size: 20,
      sort: ['createdAt,DESC,ignorecase'],
      filters: [
        { key: 'statuses', value: ['APPROVED', 'REJECTED'] },
        { key: 'amount', value: { from: '10.50', to: '2000' } },
        { key: 'referenceNumber', value: 'TRX-1' },
      ],
    });
  });

  it('accepts one sort token given as a plain string', () => {
    expect(parseTableSearch({ sort: 'name,ASC,ignorecase' }).sort).toEqual(['name,ASC,ignorecase']);
  });

  it('drops malformed params instead of failing the route', () => {
    expect(parseTableSearch({ page: 0, size: 15, sort: [',ASC'], filters: [{ key: '', value: 1 }] })).toEqual({});
    expect(parseTableSearch({ page: 'abc', size: '50' })).toEqual({ size: 50 });
    expect(parseTableSearch(undefined)).toEqual({});
  });

  it('extends with a route’s own params', () => {
    const schema = tableSearchSchema.extend({ tab: z.enum(['overview', 'pending']).catch('overview') });
    expect(schema.parse({ tab: 'pending', page: 2 })).toEqual({ tab: 'pending', page: 2 });
    expect(schema.parse({ tab: 'nope', size: 7 })).toEqual({ tab: 'overview' });
  });

  it('leaves defaults out of the URL and reads them back', () => {
    const state = { page: 1, pageSize: 10, sort: [], filters: [] };
    expect(tableStateToSearch(state)).toEqual({ page: undefined, size: undefined, sort: undefined, filters: undefined });
    expect(tableStateFromSearch({})).toEqual(state);
    const changed = { page: 4, pageSize: 30, sort: ['name,DESC,ignorecase'], filters: [{ key: 'q', value: 'x' }] };
    expect(tableStateFromSearch(parseTableSearch(tableStateToSearch(changed)))).toEqual(changed);
  });
});

describe('resolveTableState', () => {
  const saved: TablePageConfig = {
    page: 2,
    pageSize: 50,
    total: 120,
    sort: ['amount,ASC,ignorecase'],
    filters: [
      { key: 'statuses', value: ['PENDING'] },
      { key: 'bad', value: 42 },
    ],
    serverSidePagination: true,
  };

  it('restores the saved page config when the URL has no table params', () => {
    expect(resolveTableState({}, saved)).toEqual({
      page: 2,
      pageSize: 50,
      sort: ['amount,ASC,ignorecase'],
      filters: [{ key: 'statuses', value: ['PENDING'] }],
    });
  });

  it('prefers the URL when it has any table param', () => {
    expect(resolveTableState({ page: 5 }, saved)).toEqual({ page: 5, pageSize: 10, sort: [], filters: [] });
  });

  it('falls back to page 1, size 10 without a saved config', () => {
    expect(resolveTableState({}, null)).toEqual({ page: 1, pageSize: 10, sort: [], filters: [] });
  });
});

describe('page config and filters', () => {
  it('builds the saved page config with total, category and server-side pagination', () => {
    const config = tableStateToPageConfig({ page: 1, pageSize: 10, sort: [], filters: [] }, { total: 7, tableCategory: 'currencygrouping' });
    expect(config).toEqual({
      page: 1,
      pageSize: 10,
      total: 7,
      sort: [],
      filters: [],
      serverSidePagination: true,
      tableCategory: 'currencygrouping',
    });
  });

  it('sets, replaces and removes a filter; empty values remove it', () => {
    const one = withFilter([], 'statuses', ['NEW']);
    expect(one).toEqual([{ key: 'statuses', value: ['NEW'] }]);
    expect(withFilter(one, 'statuses', ['REJECTED'])).toEqual([{ key: 'statuses', value: ['REJECTED'] }]);
    expect(withFilter(one, 'statuses', [])).toEqual([]);
    expect(withFilter(one, 'q', '  ')).toEqual(one);
    expect(withFilter(one, 'statuses', null)).toEqual([]);
  });
});
