import { ApiError } from '@corridor/api/light';

/**
 * Keyset paging for the data table's lists: the URL keeps the page index, and this memory keeps, per
 * list and query, the `nextCursor` each answer gave for the page after it. Reading page N asks by that
 * cursor when one is known (a deep page costs the server what page 1 costs, and rows added meanwhile do
 * not shift it), else by page number (a page opened from a link, after a reload). Memory only: a cursor
 * is a position in one walk through the list, not worth keeping across starts.
 */

/** Queries remembered per list (the newest ones; an older query falls back to page numbers). */
const QUERIES_PER_LIST = 20;

interface PagedQuery {
  page: number;
  cursor?: string | undefined;
}

const lists = new Map<string, Map<string, Map<number, string>>>();

/** The query without its page: pages of one walk share it (same filters, sort and size). */
function walkKey(query: PagedQuery): string {
  const rest = Object.entries(query)
    .filter(([key, value]) => key !== 'page' && key !== 'cursor' && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(rest);
}

function walk(list: string, query: PagedQuery, create: boolean): Map<number, string> | undefined {
  let walks = lists.get(list);
  if (!walks) {
    if (!create) return undefined;
    walks = new Map();
    lists.set(list, walks);
  }
  const key = walkKey(query);
  let cursors = walks.get(key);
  if (!cursors && create) {
    cursors = new Map();
    walks.set(key, cursors);
    const oldest = walks.keys().next().value;
    if (walks.size > QUERIES_PER_LIST && oldest !== undefined) walks.delete(oldest);
  }
  return cursors;
}

/**
 * The query to send for this page: with the cursor that reaches it when one is known, else as it is (by page number).
 * @internal used by its tests
 */
export function withPageCursor<Q extends PagedQuery>(list: string, query: Q): Q {
  const cursor = walk(list, query, false)?.get(query.page);
  return cursor === undefined ? query : { ...query, cursor };
}

/** Keeps the answer's `nextCursor` as the way to the page after `query`'s. */
function rememberNextCursor(list: string, query: PagedQuery, answer: { nextCursor?: string | null | undefined }): void {
  if (typeof answer.nextCursor !== 'string') return;
  walk(list, query, true)?.set(query.page + 1, answer.nextCursor);
}

/**
 * Reads a page through `call`, by cursor when one is known, and remembers the cursor of the page after it.
 * A cursor the server refuses (the list changed its order since, say) is forgotten and the page read by number.
 */
export async function fetchPage<Q extends PagedQuery, A extends { nextCursor?: string | null | undefined }>(
  list: string,
  query: Q,
  call: (query: Q) => Promise<A>,
): Promise<A> {
  const sent = withPageCursor(list, query);
  let answer: A;
  try {
    answer = await call(sent);
  } catch (error) {
    const refused =
      error instanceof ApiError && error.status === 400 && error.invalidParameters.some((p) => p.parameter === 'cursor' || p.parameter === 'sort');
    if (sent.cursor === undefined || !refused) throw error;
    walk(list, query, false)?.delete(query.page);
    answer = await call(query);
  }
  rememberNextCursor(list, query, answer);
  return answer;
}

/**
 * Forgets every cursor (sign-out, tests).
 * @internal used by its tests
 */
export function forgetPageCursors(): void {
  lists.clear();
}
