import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateWalletListSearch } from '@/lib/search-params.ts';
import { defined, searchValues as search } from '@/test/search-values.ts';
import { walletListSearchSchema } from './wallet-list-search.ts';

describe('wallet list search without zod', () => {
  it('keep and drop exactly what walletListSearchSchema keeps and drops', () => {
    fc.assert(
      fc.property(search, (input) => {
        expect(defined(validateWalletListSearch(input))).toEqual(defined(walletListSearchSchema.parse(input)));
      }),
      { numRuns: 2000 },
    );
  });
});
