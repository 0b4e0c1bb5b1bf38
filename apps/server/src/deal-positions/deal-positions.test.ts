import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@corridor/domain';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import {
  callAs,
  creditByOperations,
  knownUsdAedPricing,
  newGlobexAtlasWallets,
  orgIdsByCode,
  transferUsers,
  usdAedQuote,
  usdAedTransfer,
  walletPosition,
} from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let globex: string;
let atlas1: string;
let atlas2: string;
let meridian: string;
let ops: string;
let atlasId: string;
let usdWallet: string;
let aedWallet: string;
let valueDate: string;
let heldBefore: string;
/** The totals at the transfers' value date before them: the seed's demo transfers of Atlas's merchants count there too. */
let totalsBefore: { usd: string[]; opsAed: string[] };

const S = '/v2/sp/transactions';
const P = '/sp/v1/deals/positions';
const OPS = '/v1/internal/transactions/deal/position/summary';

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);

const transfer = (amount: string) => usdAedTransfer(s, globex, { usd: usdWallet, aed: aedWallet }, amount);

async function decide(token: string, id: string, side: 'source' | 'target', status: 'APPROVED' | 'REJECTED' = 'APPROVED') {
  const res = await call('PUT', `${S}/${id}/${side}-approval`, token, { status, ...(status === 'REJECTED' ? { remarks: 'not today' } : {}) });
  expect(res.statusCode, res.body).toBe(200);
}

const figures = (row: Record<string, unknown>) => [
  row.dealCommitFromDealsAmount,
  row.dealCommitFromBalanceAmount,
  row.dealAllocated,
  row.dealFixedWithBank,
  row.dealPendingWithBank,
  row.dealRealisedWithBank,
  row.openPosition,
];

/** Atlas's USD SPOT total at a value date and operations' AED totals for Atlas (zeros where there is none yet). */
async function totalsAt(date: string) {
  const none = ['0', '0', '0', '0', '0', '0', '0'];
  const res = await call('GET', `${P}/summary?valueDate=${date}`, atlas1);
  expect(res.statusCode, res.body).toBe(200);
  const usd = res.json().find((r: { currency: string; dealType: string }) => r.currency === 'USD' && r.dealType === 'SPOT');
  const forOps = await call('GET', `${OPS}?serviceProviderId=${atlasId}&currency=AED`, ops);
  expect(forOps.statusCode, forOps.body).toBe(200);
  const aed = forOps.json().find((r: { dealType: string; valueDate?: string }) => r.dealType === 'SPOT');
  return { usd: usd ? figures(usd).map(String) : none, opsAed: aed ? figures(aed).map(String) : none };
}

/** What the test's own transfers moved: each figure less its value before them. */
const moved = (now: unknown[], before: string[]) => now.map((v, i) => new Dec(String(v)).minus(before[i] ?? '0').toFixed());

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, atlas1, atlas2, meridian, ops } = await transferUsers(s));
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  atlasId = orgs.get('ATLAS') ?? '';
  ({ usd: usdWallet, aed: aedWallet } = await newGlobexAtlasWallets(db, orgs, 'deal-positions'));
  await knownUsdAedPricing(s, atlasId, 'fee-deal-positions-test');
  await creditByOperations(s, ops, usdWallet, '100000');
  heldBefore = (await walletPosition(db, usdWallet)).held.toFixed();
  const quoted = await usdAedQuote(s, globex, usdWallet, '1');
  totalsBefore = await totalsAt(String((quoted as { valueDate?: string }).valueDate ?? ''));

  // One transfer in each state: 1000 pending, 2000 source-approved, 500 completed, 300 rejected (released).
  const pending = await transfer('1000');
  valueDate = pending.valueDate ?? '';
  const processing = await transfer('2000');
  await decide(atlas1, processing.transactionId, 'source');
  const completed = await transfer('500');
  await decide(atlas1, completed.transactionId, 'source');
  await decide(atlas2, completed.transactionId, 'target');
  const rejected = await transfer('300');
  await decide(atlas1, rejected.transactionId, 'source', 'REJECTED');
});

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('deal positions of a TSP', () => {
  it('derives each figure per wallet, value date and deal type from the transfers', async () => {
    expect(valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(valueDate > s.config.now().toISOString().slice(0, 10)).toBe(true); // SPOT: not yet value-dated
    const usd = await call('GET', `${P}/${usdWallet}`, atlas1);
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toHaveLength(1);
    const [u] = usd.json();
    expect([u.walletId, u.valueDate, u.dealType, u.currency]).toEqual([usdWallet, valueDate, 'SPOT', 'USD']);
    // Held: (1000 + 5) + (2000 + 5); allocated: the source-approved 2000 out; fixed and pending with the bank:
    // the converted 500 out; open: everything out not yet realised, 1000 + 2000 + 500.
    expect(figures(u)).toEqual(['0', '3010', '-2000', '-500', '-500', '0', '-3500']);

    const aed = await call('GET', `${P}/${aedWallet}?dealType=SPOT&valueDate=${valueDate}`, atlas1);
    expect(aed.statusCode, aed.body).toBe(200);
    // Coming in at 3.6725: 3672.5 + 7345 committed, 7345 allocated, 1836.25 converted.
    expect(figures(aed.json()[0])).toEqual(['11017.5', '0', '7345', '1836.25', '1836.25', '0', '12853.75']);
  });

  it('commits from balance exactly what the ledger holds on the wallet', async () => {
    const held = (await walletPosition(s.services.db, usdWallet)).held;
    const [u] = (await call('GET', `${P}/${usdWallet}`, atlas1)).json();
    expect(held.minus(heldBefore).toFixed()).toBe(u.dealCommitFromBalanceAmount);
  });

  it('filters by deal type, value date, currency and wallet; pages the list', async () => {
    expect((await call('GET', `${P}/${usdWallet}?dealType=FWD`, atlas1)).json()).toEqual([]);
    expect((await call('GET', `${P}/${usdWallet}?valueDate=2020-01-01`, atlas1)).json()).toEqual([]);
    const list = await call('GET', `${P}?currency=AED&walletId=${aedWallet}`, atlas1);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalElements).toBe(1);
    expect(list.json().content[0].walletId).toBe(aedWallet);
    const both = (await call('GET', `${P}?valueDate=${valueDate}&dealType=SPOT&size=1&page=1&sort=currency,ASC`, atlas1)).json();
    expect(both.totalElements).toBeGreaterThanOrEqual(2);
    expect(both.content).toHaveLength(1);
    expect((await call('GET', `${P}?dealType=TOM`, atlas1)).json().totalElements).toBe(0);
  });

  it('totals across wallets by currency and deal type', async () => {
    const res = await call('GET', `${P}/summary?valueDate=${valueDate}`, atlas1);
    expect(res.statusCode, res.body).toBe(200);
    const usd = res.json().find((r: { currency: string }) => r.currency === 'USD');
    expect([usd.walletId, usd.dealType]).toEqual(['', 'SPOT']);
    expect(moved(figures(usd), totalsBefore.usd)).toEqual(['0', '3010', '-2000', '-500', '-500', '0', '-3500']);
    const forOps = await call('GET', `${OPS}?serviceProviderId=${atlasId}&currency=AED`, ops);
    expect(forOps.statusCode, forOps.body).toBe(200);
    expect(forOps.json()).toHaveLength(1);
    expect(moved(figures(forOps.json()[0]), totalsBefore.opsAed)).toEqual(['11017.5', '0', '7345', '1836.25', '1836.25', '0', '12853.75']);
  });

  it('scopes to the TSP: another TSP gets 404 naming walletId and never sees the rows', async () => {
    for (const url of [`${P}/${usdWallet}`, `${P}?walletId=${usdWallet}`, `${P}/summary?walletId=${usdWallet}`]) {
      const res = await call('GET', url, meridian);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().invalidParameters[0].parameter).toBe('walletId');
    }
    const theirs = (await call('GET', `${P}?valueDate=${valueDate}&size=100`, meridian)).json();
    expect(theirs.content.filter((r: { walletId: string }) => r.walletId === usdWallet || r.walletId === aedWallet)).toEqual([]);
    const unknown = await call('GET', `${OPS}?serviceProviderId=nope`, ops);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().invalidParameters[0].parameter).toBe('serviceProviderId');
  });

  it('refuses bad input naming the field', async () => {
    for (const [url, field] of [
      [`${P}/${usdWallet}?dealType=NEXT`, 'dealType'],
      [`${P}?valueDate=yesterday`, 'valueDate'],
      [`${P}?sort=openPosition,DESC`, 'sort'],
      [`${P}/summary?dealType=X`, 'dealType'],
    ] as const) {
      const res = await call('GET', url, atlas1);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().invalidParameters.map((p: { parameter: string }) => p.parameter)).toContain(field);
    }
  });

  it('realises converted deals once their value date is reached', async () => {
    s.advance(10 * 24 * 3600 * 1000);
    // The earlier session has expired by then: a fresh sign-in (s.token caches the old one).
    const signIn = await s.signIn('200000011');
    expect(signIn.statusCode, signIn.body).toBe(200);
    const [u] = (await call('GET', `${P}/${usdWallet}`, signIn.json().access_token)).json();
    expect(figures(u)).toEqual(['0', '3010', '-2000', '-500', '0', '-500', '-3000']);
  });
});
