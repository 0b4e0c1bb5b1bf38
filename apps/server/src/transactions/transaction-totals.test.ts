import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { callAs, merchantWalletsByCurrency, orgIdsByCode } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

// The lists count at most LOOKAHEAD rows past the page; a small one here stands for the server's 10,000.
const LOOKAHEAD = 3;
const ROWS = 12;
const MARK = 'TOTALS-MARK';

let s: TestServer;
let globex: string;
let atlas: string;
let meridian: string;
const ids: string[] = [];

const get = async (url: string, token: string) => {
  const res = await callAs(s, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { content: unknown[]; totalElements: number; totalPages: number; totalKind?: string; nextCursor?: string };
};

beforeAll(async () => {
  s = await startTestServer({ countLookahead: LOOKAHEAD });
  [globex, atlas, meridian] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('200000002')]);
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  const atlasId = orgs.get('ATLAS') ?? '';
  const globexId = orgs.get('GLOBEX') ?? '';
  const own = await merchantWalletsByCurrency(db, globexId, atlasId);
  // Twelve of Globex's transactions at Atlas, half top-ups, each with its source approval; no money moves
  // (they are only read here).
  for (let i = 1; i <= ROWS; i += 1) ids.push(`TT${String(i).padStart(10, '0')}`);
  await db.execute(sql`
    insert into transactions_v2 (id, transaction_id, category, type, status, source_approval_status, merchant_id, service_provider_id,
      target_sp_id, source_wallet_id, target_wallet_id, source_amount, source_currency, target_amount, target_currency, reference_number, created_at)
    select gen_random_uuid()::text, 'TT' || lpad(g::text, 10, '0'), (array['TOPUP', 'TRANSFER'])[1 + g % 2], 'FX_DEAL', 'COMPLETED', 'APPROVED',
      ${globexId}, ${atlasId}, ${atlasId}, ${own.get('USD')}, ${own.get('AED')}, g, 'USD', g * 3.6725, 'AED', ${MARK} || '-' || g,
      now() - g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into transaction_events (id, transaction_row_id, action, from_status, to_status, side, decision, actor_type, actor_name, at)
    select gen_random_uuid()::text, t.id, 'sourceApprove', 'PENDING', 'COMPLETED', 'SOURCE', 'APPROVED', 'USER', 'Totals Test', t.created_at
    from transactions_v2 t where t.reference_number like ${`${MARK}-%`}`);
});

afterAll(async () => {
  await s?.close();
});

describe('bounded totals of the transactions lists', () => {
  it('a TSP list past the bound says atLeast with a total no less than what it shows; near its end, exact', async () => {
    const first = await get(`/v2/sp/transactions?referenceNumber=${MARK}&size=2`, atlas);
    expect(first.content).toHaveLength(2);
    // Counted up to the page's end (2) plus the lookahead (3): a lower bound of the 12.
    expect(first).toMatchObject({ totalElements: 2 + LOOKAHEAD, totalKind: 'atLeast' });
    expect(first.totalPages).toBe(Math.ceil((2 + LOOKAHEAD) / 2));

    const third = await get(`/v2/sp/transactions?referenceNumber=${MARK}&size=2&page=2`, atlas);
    expect(third).toMatchObject({ totalElements: 6 + LOOKAHEAD, totalKind: 'atLeast' });

    // Page 5 ends at row 10; 10 + 3 is past the 12 rows, so the count reaches the end: exact.
    const fifth = await get(`/v2/sp/transactions?referenceNumber=${MARK}&size=2&page=4`, atlas);
    expect(fifth).toMatchObject({ totalElements: ROWS, totalPages: ROWS / 2, totalKind: 'exact' });

    // A page from a cursor counts like page 0.
    const next = await get(`/v2/sp/transactions?referenceNumber=${MARK}&size=2&cursor=${first.nextCursor ?? ''}`, atlas);
    expect(next).toMatchObject({ totalElements: 2 + LOOKAHEAD, totalKind: 'atLeast' });
    expect(next.content).toHaveLength(2);
  });

  it('below the bound the total is exact', async () => {
    const few = await get(`/v2/sp/transactions?referenceNumber=${MARK}-1&size=10`, atlas);
    // MARK-1, MARK-10, MARK-11, MARK-12: four rows, under 10 + 3.
    expect(few).toMatchObject({ totalElements: 4, totalPages: 1, totalKind: 'exact' });
    expect(few.content).toHaveLength(4);
    const all = await get(`/v2/sp/transactions?referenceNumber=${MARK}&size=10`, atlas);
    expect(all).toMatchObject({ totalElements: ROWS, totalKind: 'exact' });
  });

  it('the merchant list, the TSP merchant list, basic view, top-ups and approvals count with the same bound', async () => {
    expect(await get(`/v2/merchant/transactions?referenceNumber=${MARK}&size=2`, globex)).toMatchObject({ totalElements: 5, totalKind: 'atLeast' });
    expect(await get(`/sp/v2/transactions/merchant?referenceNumber=${MARK}&size=2`, atlas)).toMatchObject({ totalElements: 5, totalKind: 'atLeast' });
    expect(await get(`/v2/sp/transactions/basic-view?referenceNumber=${MARK}&size=2`, atlas)).toMatchObject({ totalElements: 5, totalKind: 'atLeast' });
    // Six of the twelve are top-ups.
    expect(await get(`/v1/top-ups?referenceNumber=${MARK}&size=2`, globex)).toMatchObject({ totalElements: 5, totalKind: 'atLeast' });
    expect(await get(`/v1/top-ups?referenceNumber=${MARK}&size=5`, globex)).toMatchObject({ totalElements: 6, totalKind: 'exact' });
    const named = ids.map((id) => `transactionIds=${id}`).join('&');
    const approvals = await get(`/v2/sp/transactions/approvals?${named}&size=2`, atlas);
    expect(approvals).toMatchObject({ totalElements: 5, totalKind: 'atLeast' });
    expect(approvals.content).toHaveLength(2);
    expect(await get(`/v2/sp/transactions/approvals?${named}&size=10`, atlas)).toMatchObject({ totalElements: ROWS, totalKind: 'exact' });
  });

  it("another TSP's count never includes these rows; bad paging names its field", async () => {
    expect(await get(`/v2/sp/transactions?referenceNumber=${MARK}&size=2`, meridian)).toMatchObject({ content: [], totalElements: 0, totalKind: 'exact' });
    const named = ids.map((id) => `transactionIds=${id}`).join('&');
    expect(await get(`/v2/sp/transactions/approvals?${named}&size=2`, meridian)).toMatchObject({ content: [], totalElements: 0, totalKind: 'exact' });
    const bad = await callAs(s, 'GET', `/v2/sp/transactions?referenceNumber=${MARK}&size=0`, atlas);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters.map((p: { parameter: string }) => p.parameter)).toContain('size');
  });
});
