import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walletListSearchSchema } from '@/features/wallets/wallet-list-search.ts';
import { validateTabTableSearch, validateTableSearch, validateWalletListSearch } from './search-params.ts';
import { tableSearchSchema } from './table-state-search.ts';

/** Search values as a URL parser hands them over: strings, numbers, lists, objects, nonsense. */
const leaf = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '1.5', '', 'abc', '10', '20', '50', '15', 'USD', 'AE', 'createdAt,ASC', 'amount,DESC,ignorecase', 'x,UP'),
  fc.integer({ min: -3, max: 60 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('any'), { maxLength: 3 }), tie('obj')),
  obj: fc.oneof(
    fc.record({ key: fc.oneof(fc.constantFrom('status', ''), leaf), value: tie('any') }, { requiredKeys: [] }),
    fc.record({ from: leaf, to: leaf }, { requiredKeys: [] }),
  ),
})).any;
const search = fc.dictionary(
  fc.constantFrom('page', 'size', 'sort', 'filters', 'tab', 'currencyCodes', 'bankCodes', 'statuses', 'types', 'summary', 'other'),
  value,
);

/** What zod keeps, without the keys it leaves undefined (the router drops those too). */
const defined = (object: object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));

describe('search params without zod', () => {
  it('keep and drop exactly what tableSearchSchema keeps and drops', () => {
    fc.assert(
      fc.property(search, (input) => {
        expect(defined(validateTableSearch(input))).toEqual(defined(tableSearchSchema.parse(input)));
      }),
      { numRuns: 2000 },
    );
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

  it('keep and drop exactly what walletListSearchSchema keeps and drops', () => {
    fc.assert(
      fc.property(search, (input) => {
        expect(defined(validateWalletListSearch(input))).toEqual(defined(walletListSearchSchema.parse(input)));
      }),
      { numRuns: 2000 },
    );
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
