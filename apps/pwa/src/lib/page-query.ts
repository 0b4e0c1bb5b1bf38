import { LIST_PAGE_SIZE, SIZE_500 } from '@corridor/domain';

/** The first page of a list call, `size` rows long. */
export function firstPage<const S extends number>(size: S): { readonly page: 0; readonly size: S } {
  return { page: 0, size };
}

/** Reference lists (currencies, banks, countries) are asked as page 0, size 10000 (spec 7). */
export const REFERENCE_PAGE = firstPage(LIST_PAGE_SIZE);

/** Lists small enough to hold in one answer (a merchant's wallets, a TSP's configs): spec 9's 500. */
export const ALL_ROWS_PAGE = firstPage(SIZE_500);
