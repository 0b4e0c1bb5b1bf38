import { z } from 'zod';
import { PAGE_SIZES } from '@corridor/domain';
import { isSortToken } from '@corridor/api/light';

/*
 * A table's search params as zod reads them, and their types. The portal reads them by hand
 * (`validateTableSearch` and `tableFilterOf` in search-params.ts, which table-state-search.ts uses too), so no
 * route, list screen nor data table loads zod (~25 KB gzip, fetched and evaluated on a slow phone); this schema
 * is the reference those functions are tested against, on any input (search-params.test.ts). Only types leave
 * this file for the portal's code.
 */

/** A range filter value (amount: decimal strings; date range: ISO dates). */
export interface RangeFilterValue {
  from: string;
  to: string;
}

/** What a column filter holds: search text, selected statuses, or a from/to range. */
export type TableFilterValue = string | string[] | RangeFilterValue;

export interface TableFilter {
  key: string;
  value: TableFilterValue;
}

const rangeFilterValueSchema = z.object({ from: z.string(), to: z.string() });
const tableFilterValueSchema = z.union([z.string(), z.array(z.string()), rangeFilterValueSchema]);
/** @internal */
export const tableFilterSchema = z.object({ key: z.string().min(1), value: tableFilterValueSchema });

const pageSizeSchema = z.coerce
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { message: 'Page size must be 10, 20, 30, 40 or 50' });

/**
 * The search params of a table; extend it with a route's own params (tab...).
 * @internal
 */
export const tableSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  size: pageSizeSchema.optional().catch(undefined),
  // A single sort token arrives as a plain string.
  sort: z
    .preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string().refine(isSortToken)))
    .optional()
    .catch(undefined),
  filters: z.array(tableFilterSchema).optional().catch(undefined),
});

export type TableSearch = z.output<typeof tableSearchSchema>;
