import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/database.ts';
import { paymentResource } from '../payments/payment-resource.ts';
import { payments } from '../payments/payment-schema.ts';
import { listTransactions } from '../transactions/transaction-service.ts';
import { transactionEvents, transactionsV2 } from '../transactions/transaction-schema.ts';
import { merchantTenant } from '../tenant/tenant.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { orgIdsByCode, seededUsers } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { listResource } from './resource-engine.ts';
import { observedDb } from '../db/open.ts';
import { planOf } from '../test/explain.ts';

let s: TestServer;
let db: Db;
let globex: string; // token of a merchant of Atlas
let stark: string; // token of a merchant of Meridian
let atlas: string; // token of Atlas, the TSP of Globex
let globexId: string;
let starkId: string;
let atlasId: string;
let serial = 0;

const M = '/m/api/v1/transactions/payments';
const T = '/v2/merchant/transactions';
const BASE = Date.parse('2026-01-01T00:00:00Z');

/**
 * A payment row of `merchantId`, created at `at` (microseconds apart within one millisecond too, so a
 * cursor that kept only milliseconds would skip rows). Rows are written directly: the lists read rows,
 * and no money moves.
 */
async function payment(merchantId: string, at: string, over: Partial<typeof payments.$inferInsert> = {}) {
  serial += 1;
  const id = `kp-${String(serial).padStart(5, '0')}`;
  await db.insert(payments).values({
    id,
    paymentId: `PKS${serial}`,
    merchantId,
    serviceProviderId: atlasId,
    walletId: 'w-keyset',
    status: 'DRAFTED',
    sender: { name: 'Sender', countryCode: 'AE' } as never,
    receiver: { name: 'Receiver', countryCode: 'AE' } as never,
    sendAmount: String(100 + (serial % 4)),
    sendCurrency: 'USD',
    receiveAmount: '1',
    receiveCurrency: 'AED',
    ...over,
  });
  await db.execute(sql`update payments set created_at = ${at}::timestamptz where id = ${id}`);
  return id;
}

const stamp = (ms: number, micros = 0) => `${new Date(BASE + ms).toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}+00`;

interface Walked {
  ids: string[];
  pages: number;
}

type Answer = { content: Array<{ id: string }>; nextCursor?: string; totalElements: number };

/** Every page of `url` by page number, to the last. */
async function byPage(url: string, token: string, size: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; page < 100; page++) {
    const res = await s.get(`${url}${url.includes('?') ? '&' : '?'}size=${size}&page=${page}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Answer;
    ids.push(...body.content.map((r) => r.id));
    if (body.content.length < size) break;
  }
  return ids;
}

/** Every page of `url` by cursor, to the one without a nextCursor; `between` runs after each page. */
async function byCursor(url: string, token: string, size: number, between?: (page: number) => Promise<void>): Promise<Walked> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await s.get(`${url}${url.includes('?') ? '&' : '?'}size=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Answer;
    ids.push(...body.content.map((r) => r.id));
    cursor = body.nextCursor;
    pages += 1;
    if (between) await between(pages);
  } while (cursor && pages < 100);
  return { ids, pages };
}

const refusal = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  return ((res.json() as { invalidParameters: Array<{ parameter: string }> }).invalidParameters ?? []).map((p) => p.parameter);
};

const decoded = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { l: string; s: string; k: Array<string | null> };
const encoded = (payload: unknown) => Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');

beforeAll(async () => {
  s = await startTestServer();
  db = s.services.db;
  ({ globex, stark, atlas } = await seededUsers(s));
  const orgs = await orgIdsByCode(db);
  globexId = orgs.get('GLOBEX') ?? '';
  starkId = orgs.get('STARK') ?? '';
  atlasId = orgs.get('ATLAS') ?? '';
  // 23 payments of Globex: groups of three in one millisecond (microseconds apart) and pairs at the very same instant.
  for (let i = 0; i < 23; i++) {
    await payment(globexId, stamp(Math.floor(i / 3) * 1000, i % 3 === 2 ? 0 : (i % 3) * 100), {
      referenceNumber: i % 4 === 0 ? null : `REF-${i % 5}`,
      valueDate: i % 3 === 0 ? null : `2026-02-0${(i % 7) + 1}`,
      status: i % 2 === 0 ? 'DRAFTED' : 'INITIATED',
    });
  }
  // Another merchant's payments interleaved in time: never in Globex's pages.
  for (let i = 0; i < 5; i++) await payment(starkId, stamp(i * 1500));
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(db);
  await s?.close();
});

describe('keyset paging of the payments list', () => {
  it('walks every row exactly once, in the order page numbers give, and only the caller’s rows', async () => {
    const own = new Set((await db.select({ id: payments.id }).from(payments).where(eq(payments.merchantId, globexId))).map((r) => r.id));
    const pages = await byPage(M, globex, 4);
    const walked = await byCursor(M, globex, 4);
    expect(walked.ids).toEqual(pages);
    expect(new Set(walked.ids)).toEqual(own);
    expect(walked.ids.length).toBe(own.size);
    expect(walked.pages).toBe(Math.ceil(own.size / 4));
    // The count stays beside a cursor page, and the last page has no nextCursor.
    const first = (await s.get(`${M}?size=4`, globex)).json() as Answer;
    expect(first.totalElements).toBe(own.size);
    const second = (await s.get(`${M}?size=4&cursor=${first.nextCursor}`, globex)).json() as Answer;
    expect(second.totalElements).toBe(own.size);
    const all = (await s.get(`${M}?size=1000`, globex)).json() as Answer;
    expect(all.nextCursor).toBeUndefined();
  });

  it('walks the same rows in every sort, mixed directions and nullable columns included', async () => {
    const sorts = [
      'sort=sendAmount,ASC',
      'sort=status,ASC&sort=createdAt,DESC',
      'sort=referenceNumber,ASC',
      'sort=referenceNumber,DESC,ignorecase&sort=createdAt,ASC',
      'sort=valueDate,DESC',
      'sort=valueDate,ASC&sort=sendAmount,DESC',
    ];
    for (const sort of sorts) {
      const pages = await byPage(`${M}?${sort}`, globex, 3);
      const walked = await byCursor(`${M}?${sort}`, globex, 3);
      expect(walked.ids, sort).toEqual(pages);
      expect(new Set(walked.ids).size, sort).toBe(pages.length);
    }
  });

  it('neither repeats nor skips a row when rows are added while the caller pages', async () => {
    const before = await byPage(M, globex, 100);
    let oldest = '';
    const walked = await byCursor(M, globex, 5, async (page) => {
      if (page === 1) {
        // Newer than every row (before the pages already read) and older than every row (lands at the end).
        await payment(globexId, '2099-01-01 00:00:00+00');
        oldest = await payment(globexId, '1990-01-01 00:00:00+00');
      }
    });
    expect(walked.ids).toEqual([...before, oldest]);
    expect(new Set(walked.ids).size).toBe(walked.ids.length);
  });

  it('refuses a malformed, tampered, foreign-list or other-sort cursor with a 400 naming cursor', async () => {
    const first = (await s.get(`${M}?size=2`, globex)).json() as Answer;
    const cursor = first.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const payload = decoded(cursor);
    expect(payload.l).toBe('payments');
    const tx = (await s.get(`${T}?size=1`, globex)).json() as Answer;
    const cases: Record<string, string> = {
      'not base64url JSON': 'bm90IGpzb24',
      'not printable ASCII': encodeURIComponent('caf\u00e9'),
      'longer than 512 characters': 'a'.repeat(513),
      'a key that is not a timestamp': encoded({ ...payload, k: ['not-a-date', payload.k[1]] }),
      'a key cut off': encoded({ ...payload, k: payload.k.slice(0, 1) }),
      'a NULL for a NOT NULL key': encoded({ ...payload, k: [null, payload.k[1]] }),
      'a statement cursor': encoded({ l: 'statement', s: 'default', k: payload.k }),
      'another sort': encoded({ ...payload, s: 'sendAmount,ASC' }),
      'a flipped character': `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`,
    };
    if (tx.nextCursor) cases['a transactions cursor'] = tx.nextCursor;
    for (const [what, bad] of Object.entries(cases)) {
      const res = await s.get(`${M}?size=2&cursor=${bad}`, globex);
      expect(refusal(res), what).toEqual(['cursor']);
    }
    // The same cursor under another sort than it was given for.
    expect(refusal(await s.get(`${M}?size=2&sort=sendAmount,ASC&cursor=${cursor}`, globex))).toEqual(['cursor']);
    // A list that pages by number only refuses a cursor rather than answer page 0.
    expect(refusal(await s.get(`/m/api/v1/user?cursor=${cursor}`, globex))).toEqual(['cursor']);
    // Another merchant's cursor is only a position: it shows that merchant its own rows, never Globex's.
    const theirs = (await s.get(`${M}?size=50&cursor=${cursor}`, stark)).json() as Answer;
    const globexRows = new Set((await db.select({ id: payments.id }).from(payments).where(eq(payments.merchantId, globexId))).map((r) => r.id));
    expect(theirs.content.filter((r) => globexRows.has(r.id))).toEqual([]);
  });

  it('answers a deep cursor page from the index, with no OFFSET', async () => {
    // Enough rows of one merchant that the planner prefers the index, then a cursor deep into them.
    await db.execute(sql`insert into payments (id, payment_id, merchant_id, service_provider_id, wallet_id, status, sender, receiver,
      send_amount, send_currency, receive_amount, receive_currency, created_at)
      select 'kx-' || lpad(g::text, 6, '0'), 'PKX' || g, 'm-explain', ${atlasId}, 'w-explain', 'DRAFTED', '{}'::jsonb, '{}'::jsonb,
        '1', 'USD', '1', 'AED', timestamptz '2026-01-01' + g * interval '1 second' from generate_series(1, 5000) g`);
    await db.execute(sql`analyze payments`);
    const scope = eq(payments.merchantId, 'm-explain');
    const cursor = encoded({ l: 'payments', s: 'default', k: ['2026-01-01 00:10:00+00', 'kx-000600'] });
    // The statement the list really sends (its page, and its total read beside the rows), as it ran.
    const sent: Array<{ text: string; params: unknown[] }> = [];
    const observed = observedDb(s.database, (text, params) => sent.push({ text, params }));
    const page = await listResource(observed, paymentResource, { page: 400, size: 10, cursor } as never, scope);
    const reads = sent.filter((q) => /from "payments"/.test(q.text));
    expect(reads).toHaveLength(1);
    const [read] = reads as [{ text: string; params: unknown[] }];
    expect(read.text.toLowerCase()).not.toContain('offset');
    const plan = await planOf(s.database, read.text, read.params);
    // The total is the statement's InitPlan (this merchant holds nearly every payment, so it may count by a scan);
    // the page is the rest of the plan: an index seek after the cursor's key, nothing sorted.
    expect(plan).toMatch(/InitPlan/);
    let inTotal = false;
    const pagePlan = plan
      .split('\n')
      .filter((line) => {
        if (/^\s*InitPlan/.test(line)) inTotal = true;
        else if (inTotal && /^ {2}->/.test(line)) inTotal = false;
        return !inTotal;
      })
      .join('\n');
    expect(pagePlan).toMatch(/Index Scan( Backward)? using payments_merchant_idx/);
    expect(pagePlan).toMatch(/Index Cond: .*created_at/);
    expect(pagePlan).not.toMatch(/Sort|Seq Scan/);
    // And the page it reads is the ten rows before the cursor's, with the merchant's whole total beside them.
    expect(page.content.map((r) => (r as { id: string }).id)).toEqual(Array.from({ length: 10 }, (_, i) => `kx-${String(599 - i).padStart(6, '0')}`));
    expect(page.totalElements).toBe(5000);
  });
});

describe('keyset paging of the transactions list', () => {
  it('walks every transaction exactly once by cursor, as page numbers do, and refuses another list’s cursor', async () => {
    for (let i = 0; i < 12; i++) {
      await db.insert(transactionsV2).values({
        id: `kt-${String(i).padStart(3, '0')}`,
        transactionId: `TKS${i}`,
        category: 'TOPUP',
        type: 'TOPUP',
        status: 'PENDING',
        serviceProviderId: atlasId,
        merchantId: globexId,
        sourceAmount: '10',
        sourceCurrency: 'USD',
        targetAmount: '10',
        targetCurrency: 'USD',
        // Pairs at one instant: the id breaks the tie.
        createdAt: new Date(BASE + Math.floor(i / 2) * 1000),
      } as never);
    }
    const tenant = merchantTenant(globexId);
    const count = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from transactions_v2 where merchant_id = ${globexId}`))[0]?.n;
    for (const sort of [undefined, ['sourceAmount,DESC'], ['valueDate,ASC']]) {
      const pages: string[] = [];
      for (let page = 0; page < 100; page++) {
        const answer = await listTransactions(db, tenant, { page, size: 5, sort } as never);
        // The total is read in the page's own statement; every page, the last included, tells the same one.
        expect(answer.totalElements).toBe(Number(count));
        pages.push(...answer.content.map((r) => r.id));
        if (answer.content.length < 5) break;
      }
      // A page past the last reads no row to carry the total: it is counted on its own.
      const past = await listTransactions(db, tenant, { page: 50, size: 5, sort } as never);
      expect([past.content.length, past.totalElements]).toEqual([0, Number(count)]);
      // A first page with no row has nothing to count.
      const none = await listTransactions(db, tenant, { page: 0, size: 5, sort, transactionId: 'NO-SUCH-TRANSACTION' } as never);
      expect([none.content.length, none.totalElements, none.totalKind]).toEqual([0, 0, 'exact']);
      const walked: string[] = [];
      let cursor: string | undefined;
      do {
        const answer = await listTransactions(db, tenant, { page: 0, size: 5, sort, cursor } as never);
        expect(answer.totalElements).toBe(Number(count));
        walked.push(...answer.content.map((r) => r.id));
        cursor = answer.nextCursor;
      } while (cursor);
      expect(walked).toEqual(pages);
      expect(walked.length).toBe(Number(count));
    }
    // The approval decisions on them (two per transaction, both sides at one instant) page by keyset through readPage.
    for (let i = 0; i < 12; i++) {
      for (const side of ['SOURCE', 'TARGET'] as const) {
        await db.insert(transactionEvents).values({
          id: `ke-${String(i).padStart(3, '0')}-${side}`,
          transactionRowId: `kt-${String(i).padStart(3, '0')}`,
          action: 'approve',
          toStatus: 'PENDING',
          side,
          decision: 'APPROVED',
          actorType: 'SOURCE_TSP',
          actorOrgId: atlasId,
          remarks: `ke-${i}-${side}`,
          at: new Date(BASE + i * 1000),
        } as never);
      }
    }
    const approvalKey = (r: { transactionId: string; data: Array<{ remarks: string | null }>; createdAt: string; step: string }) =>
      `${r.transactionId}|${r.step}|${r.createdAt}|${r.data[0]?.remarks ?? ''}`;
    const A = '/v2/sp/transactions/approvals';
    const approvalPages: string[] = [];
    for (let page = 0; page < 100; page++) {
      const body = (await s.get(`${A}?size=5&page=${page}`, atlas)).json() as { content: Parameters<typeof approvalKey>[0][] };
      approvalPages.push(...body.content.map(approvalKey));
      if (body.content.length < 5) break;
    }
    const approvalWalk: string[] = [];
    let approvalCursor: string | undefined;
    do {
      const res = await s.get(`${A}?size=5${approvalCursor ? `&cursor=${approvalCursor}` : ''}`, atlas);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { content: Parameters<typeof approvalKey>[0][]; nextCursor?: string };
      approvalWalk.push(...body.content.map(approvalKey));
      approvalCursor = body.nextCursor;
    } while (approvalCursor);
    expect(approvalWalk).toEqual(approvalPages);
    expect(approvalWalk.filter((k) => k.includes('|ke-'))).toHaveLength(24);
    expect(new Set(approvalWalk.filter((k) => k.includes('|ke-'))).size).toBe(24);

    const txCursor = ((await s.get(`${T}?size=2`, globex)).json() as Answer).nextCursor;
    expect(refusal(await s.get(`${A}?cursor=${txCursor}`, atlas))).toEqual(['cursor']);
    expect(decoded(txCursor ?? '').l).toBe('transactions');
    expect(refusal(await s.get(`${M}?cursor=${txCursor}`, globex))).toEqual(['cursor']);
  });
});

describe('keyset paging of the wallet statement', () => {
  it('takes the shared cursor, refuses a payments cursor, and refuses a cursor in an order it cannot seek (400 naming sort)', async () => {
    const first = (await s.get('/m/api/v1/wallet/statement?size=3', globex)).json() as Answer;
    expect(first.nextCursor).toBeDefined();
    expect(decoded(first.nextCursor ?? '').l).toBe('statement');
    const next = await s.get(`/m/api/v1/wallet/statement?size=3&cursor=${first.nextCursor}`, globex);
    expect(next.statusCode, next.body).toBe(200);
    const payCursor = ((await s.get(`${M}?size=2`, globex)).json() as Answer).nextCursor;
    expect(refusal(await s.get(`/m/api/v1/wallet/statement?cursor=${payCursor}`, globex))).toEqual(['cursor']);
    expect(refusal(await s.get(`/m/api/v1/wallet/statement?sort=amount,ASC&cursor=${first.nextCursor}`, globex))).toEqual(['sort']);
    // The last page says so by having no nextCursor.
    const all = (await s.get('/m/api/v1/wallet/statement?size=10000', globex)).json() as Answer;
    expect(all.nextCursor).toBeUndefined();
  });
});
