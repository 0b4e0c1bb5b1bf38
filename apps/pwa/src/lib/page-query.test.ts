import { describe, expect, it } from 'vitest';
import { ALL_ROWS_PAGE, REFERENCE_PAGE, firstPage } from './page-query.ts';

describe('first-page queries', () => {
  it('ask the first page (0 on the wire) of the given size', () => {
    expect(firstPage(1)).toEqual({ page: 0, size: 1 });
  });

  it('reference lists ask 10000 rows (spec 7), whole small lists 500 (spec 9)', () => {
    expect(REFERENCE_PAGE).toEqual({ page: 0, size: 10000 });
    expect(ALL_ROWS_PAGE).toEqual({ page: 0, size: 500 });
  });
});
