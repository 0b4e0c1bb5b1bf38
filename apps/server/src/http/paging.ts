import type { SQL } from 'drizzle-orm';
import { parseSortToken, rejoinSortTokens, type Page } from '@corridor/api';
import { AppError } from '../errors.ts';
import type { BoundedTotal } from './bounded-count.ts';
import type { PageRequest, SortOrder } from './page-request.ts';
import { afterCursor, decodeCursor, keyFields, keysetOrder, keysetPage, type Keyset } from './keyset.ts';

export type { PageRequest, SortOrder } from './page-request.ts';

/** `field,ASC,ignorecase` tokens (shell, section 9, read by the contract's rules); a field the list cannot sort by is a 400. */
export function parseSort(tokens: readonly string[] | undefined, allowed: readonly string[]): SortOrder[] {
  const orders: SortOrder[] = [];
  for (const token of rejoinSortTokens(tokens ?? [])) {
    const order = parseSortToken(token);
    if (order === undefined || !allowed.includes(order.field)) {
      const field = order?.field ?? token;
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'sort', message: `cannot sort by ${field}; sortable fields: ${allowed.join(', ')}` }]);
    }
    orders.push({ field: order.field, direction: order.dir === 'desc' ? 'DESC' : 'ASC', ignoreCase: order.ignoreCase });
  }
  return orders;
}

/**
 * The page answer. `nextCursor` is given by a list that pages by keyset (a string when a next page
 * exists, null on the last); a list that leaves it out pages by number only, and refuses a cursor
 * rather than answer page 0 as if it were the page after it.
 */
export function pageAnswer<T>(content: T[], request: PageRequest, totalElements: number, nextCursor?: string | null): Page<T> {
  if (request.cursor !== undefined && nextCursor === undefined) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'cursor', message: 'this list pages by page number only; send page instead' }]);
  }
  return {
    content,
    page: request.page,
    size: request.size,
    totalElements,
    totalPages: Math.ceil(totalElements / request.size),
    ...(typeof nextCursor === 'string' ? { nextCursor } : {}),
  };
}

/** A query that takes a page's limit and offset (a Drizzle select before either is set). */
interface PageableQuery<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/**
 * A list read that pages by keyset: its keyset, and its rows query built from what the keyset needs:
 * `fields` to add to the select (the key values, as text), `after` to add to the WHERE (the rows after
 * the cursor, undefined without one) and `orderBy` to order by.
 */
export interface KeysetRead<T> {
  keyset: Keyset;
  rows: (parts: { fields: Record<string, SQL<string | null>>; after: SQL | undefined; orderBy: SQL[] }) => {
    limit(limit: number): PromiseLike<T[]> & { offset(offset: number): PromiseLike<T[]> };
  };
}

const isKeysetRead = <T>(rows: PageableQuery<T> | KeysetRead<T>): rows is KeysetRead<T> => 'keyset' in rows;

/** A list's total: an exact count query's answer, or a bounded count (boundedCount) that says how exact it is. */
type PageTotal = PromiseLike<Array<{ n: number }>> | PromiseLike<BoundedTotal>;

/** The page answer with a counted total; a bounded total also says how exact it is. */
function answerCounted<T>(content: T[], request: PageRequest, counted: Array<{ n: number }> | BoundedTotal, nextCursor?: string | null): Page<T> {
  if (Array.isArray(counted)) return pageAnswer(content, request, Number(counted[0]?.n ?? 0), nextCursor);
  return { ...pageAnswer(content, request, counted.total, nextCursor), totalKind: counted.totalKind };
}

/**
 * The request's page of `rows` and the `total` count beside it (read side by side), as the page answer.
 * A keyset read also answers `nextCursor`, and from a cursor reads the rows after it with no OFFSET.
 * A bounded total also answers `totalKind`.
 */
export async function readPage<T>(request: PageRequest, rows: PageableQuery<T> | KeysetRead<T>, total: PageTotal): Promise<Page<T>> {
  // The page and its count are read together: lists are read on the pool (never inside a transaction), where each
  // query takes its own client.
  if (!isKeysetRead(rows)) {
    const [content, counted] = await Promise.all([rows.limit(request.size).offset(request.page * request.size), total]);
    return answerCounted(content, request, counted);
  }
  const { keyset } = rows;
  const after = request.cursor === undefined ? undefined : afterCursor(keyset, decodeCursor(keyset, request.cursor));
  const query = rows.rows({ fields: keyFields(keyset), after, orderBy: keysetOrder(keyset) });
  // One row more than the page says whether a next page exists.
  const [read, counted] = await Promise.all([
    after === undefined ? query.limit(request.size + 1).offset(request.page * request.size) : query.limit(request.size + 1),
    total,
  ]);
  const page = keysetPage<T>(keyset, read as Array<Record<string, unknown>>, request.size);
  return answerCounted(page.rows, request, counted, page.next ?? null);
}

function compareValues(a: unknown, b: unknown, ignoreCase: boolean): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const left = ignoreCase ? String(a).toLowerCase() : String(a);
  const right = ignoreCase ? String(b).toLowerCase() : String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Sorts and pages rows already in memory (the cached reference lists). */
export function pageOfRows<T extends object>(rows: T[], request: PageRequest, sortable: readonly string[]): Page<T> {
  const orders = parseSort(request.sort, sortable);
  const sorted =
    orders.length === 0
      ? rows
      : [...rows].sort((x, y) => {
          for (const order of orders) {
            const c = compareValues((x as Record<string, unknown>)[order.field], (y as Record<string, unknown>)[order.field], order.ignoreCase);
            if (c !== 0) return order.direction === 'ASC' ? c : -c;
          }
          return 0;
        });
  const start = request.page * request.size;
  return pageAnswer(sorted.slice(start, start + request.size), request, rows.length);
}
