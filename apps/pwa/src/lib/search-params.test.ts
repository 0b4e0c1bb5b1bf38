import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defined, searchValues as search } from '@/test/search-values.ts';
import { tableFilterOf, validateTabTableSearch, validateTabViewTableSearch, validateTableSearch } from './search-params.ts';
import { tableFilterSchema, tableSearchSchema } from './table-search-schema.ts';

describe('search params without zod', () => {
  it('keep and drop exactly what tableSearchSchema keeps and drops', () => {
    fc.assert(
      fc.property(search, (input) => {
        expect(defined(validateTableSearch(input))).toEqual(defined(tableSearchSchema.parse(input)));
      }),
      { numRuns: 2000 },
    );
  });

  it("check one column filter as tableFilterSchema does (a saved page config's filters, one by one)", () => {
    const filter = fc.oneof(
      fc.record({ key: fc.oneof(fc.constantFrom('status', ''), fc.string()), value: fc.anything() }, { requiredKeys: [] }),
      fc.anything(),
    );
    fc.assert(
      fc.property(filter, (input) => {
        const parsed = tableFilterSchema.safeParse(input);
        expect(tableFilterOf(input)).toEqual(parsed.success ? parsed.data : undefined);
      }),
      { numRuns: 2000 },
    );
    expect(tableFilterOf({ key: 'amount', value: { from: '1', to: '2', extra: 3 } })).toEqual({ key: 'amount', value: { from: '1', to: '2' } });
  });

  it('read the tab as the routes with tabs did', () => {
    const withTab = tableSearchSchema.extend({ tab: z.string().optional().catch(undefined) });
    fc.assert(
      fc.property(search, (input) => {
        expect(defined(validateTabTableSearch(input))).toEqual(defined(withTab.parse(input)));
      }),
      { numRuns: 1000 },
    );
  });

  it('read the tab and the view within it', () => {
    const withView = tableSearchSchema.extend({ tab: z.string().optional().catch(undefined), view: z.string().optional().catch(undefined) });
    fc.assert(
      fc.property(search, (input) => {
        expect(defined(validateTabViewTableSearch(input))).toEqual(defined(withView.parse(input)));
      }),
      { numRuns: 500 },
    );
    expect(validateTabViewTableSearch({ tab: 'statement', view: 'holds', page: '2' })).toEqual({ tab: 'statement', view: 'holds', page: 2 });
  });

  it('turns a hand-edited link into the table state it means', () => {
    expect(validateTableSearch({ page: '2', size: 15, sort: 'createdAt,ASC', filters: [{ key: 'status', value: ['PAID'] }] })).toEqual({
      page: 2,
      size: undefined,
      sort: ['createdAt,ASC'],
      filters: [{ key: 'status', value: ['PAID'] }],
    });
  });
});
