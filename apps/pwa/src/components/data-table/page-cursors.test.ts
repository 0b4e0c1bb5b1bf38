import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@corridor/api/light';
import { fetchPage, forgetPageCursors, withPageCursor } from './page-cursors.ts';

interface Query {
  page: number;
  size: number;
  status?: string;
  cursor?: string;
}

/** A list server of `rows` ids that answers by page number or by cursor (the id the page starts after), as the server does. */
function listServer(rows: string[], refuse: Set<string> = new Set()) {
  const sent: Query[] = [];
  const call = async (query: Query) => {
    sent.push(query);
    if (query.cursor !== undefined && refuse.has(query.cursor)) {
      throw new ApiError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'bad cursor',
        invalidParameters: [{ parameter: 'cursor', message: 'was not given by this list' }],
      });
    }
    const start = query.cursor === undefined ? query.page * query.size : rows.indexOf(query.cursor) + 1;
    const content = rows.slice(start, start + query.size);
    const last = content.at(-1);
    return { content, page: query.page, ...(start + query.size < rows.length && last ? { nextCursor: last } : {}) };
  };
  return { sent, call };
}

const rows = Array.from({ length: 10 }, (_, i) => `r${i}`);

afterEach(() => forgetPageCursors());

describe('page cursors', () => {
  it('follows nextCursor to the next page, keeps going back by the remembered cursors, and asks page 0 by number', async () => {
    const server = listServer(rows);
    const page = (n: number) => fetchPage('payments', { page: n, size: 3 }, server.call);
    expect((await page(0)).content).toEqual(['r0', 'r1', 'r2']);
    expect((await page(1)).content).toEqual(['r3', 'r4', 'r5']);
    expect((await page(2)).content).toEqual(['r6', 'r7', 'r8']);
    // Back: page 1 again by the cursor it was reached with, page 0 by number.
    expect((await page(1)).content).toEqual(['r3', 'r4', 'r5']);
    expect((await page(0)).content).toEqual(['r0', 'r1', 'r2']);
    expect(server.sent.map((q) => q.cursor ?? `page ${q.page}`)).toEqual(['page 0', 'r2', 'r5', 'r2', 'page 0']);
    // The page index always travels too, so the answer's page matches the URL's.
    expect(server.sent.map((q) => q.page)).toEqual([0, 1, 2, 1, 0]);
  });

  it('asks by page number for a page the walk has not reached, and for another query', async () => {
    const server = listServer(rows);
    await fetchPage('payments', { page: 0, size: 3 }, server.call);
    expect(withPageCursor('payments', { page: 1, size: 3 })).toEqual({ page: 1, size: 3, cursor: 'r2' });
    // A page opened from a link, another size, another filter or another list: no cursor.
    expect(withPageCursor('payments', { page: 3, size: 3 })).toEqual({ page: 3, size: 3 });
    expect(withPageCursor('payments', { page: 1, size: 5 })).toEqual({ page: 1, size: 5 });
    expect(withPageCursor('payments', { page: 1, size: 3, status: 'DRAFTED' })).toEqual({ page: 1, size: 3, status: 'DRAFTED' });
    expect(withPageCursor('transactions', { page: 1, size: 3 })).toEqual({ page: 1, size: 3 });
    // The last page gives no cursor, so the page after it would go by number.
    const last = await fetchPage('payments', { page: 3, size: 3 }, server.call);
    expect(last.content).toEqual(['r9']);
    expect(withPageCursor('payments', { page: 4, size: 3 })).toEqual({ page: 4, size: 3 });
  });

  it('reads the page by number when the server refuses its cursor, and forgets that cursor', async () => {
    const server = listServer(rows, new Set(['r2']));
    await fetchPage('payments', { page: 0, size: 3 }, server.call);
    const second = await fetchPage('payments', { page: 1, size: 3 }, server.call);
    expect(second.content).toEqual(['r3', 'r4', 'r5']);
    expect(server.sent.map((q) => q.cursor ?? `page ${q.page}`)).toEqual(['page 0', 'r2', 'page 1']);
    // Read by number, the page gave its own next cursor; its own cursor is gone.
    expect(withPageCursor<Query>('payments', { page: 1, size: 3 }).cursor).toBeUndefined();
    expect(withPageCursor<Query>('payments', { page: 2, size: 3 }).cursor).toBe('r5');
  });

  it('passes other failures on without retrying', async () => {
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'down' });
    };
    await expect(fetchPage('payments', { page: 0, size: 3 }, failing)).rejects.toThrow('down');
    expect(calls).toBe(1);
  });
});
