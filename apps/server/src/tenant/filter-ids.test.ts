import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { contract, errorBody } from '@corridor/api';
import { wallets } from '../db/schema.ts';
import { orgIdsByCode } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * Every list whose filters name merchants or wallets (`FIELDS`, one id or several), found in the contract:
 * another organisation's id (or one of no row) is a 404 naming the filter, as a body's id is, and the
 * caller's own id is not refused.
 */
let s: TestServer;
const FIELDS = ['merchantIds', 'merchantId', 'merchantServiceId', 'walletIds', 'walletId', 'msWalletIds', 'msWalletId'] as const;
type Field = (typeof FIELDS)[number];
type Who = 'merchant' | 'serviceProvider' | 'internal';
const token: Record<Who, string> = { merchant: '', serviceProvider: '', internal: '' };
/** For each kind of caller: an id of its own and one it may not name, per kind of id. */
const ids: Record<Who, Record<'merchant' | 'wallet', { own: string; foreign: string }>> = {
  merchant: { merchant: { own: '', foreign: '' }, wallet: { own: '', foreign: '' } },
  serviceProvider: { merchant: { own: '', foreign: '' }, wallet: { own: '', foreign: '' } },
  internal: { merchant: { own: '', foreign: 'no-such-merchant' }, wallet: { own: '', foreign: 'no-such-wallet' } },
};
/** A wallet of one of the TSP's merchants: what a TSP's calls about its merchants' wallets (`/merchant/` in the path) name. */
let merchantWalletOfTsp = '';
let atlasId = '';

async function firstWallet(where: ReturnType<typeof and>): Promise<string> {
  const [row] = await s.services.db.select({ id: wallets.id }).from(wallets).where(where).orderBy(asc(wallets.id)).limit(1);
  if (!row) throw new Error('no wallet');
  return row.id;
}

beforeAll(async () => {
  s = await startTestServer();
  [token.merchant, token.serviceProvider, token.internal] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('900000001')]);
  const orgs = await orgIdsByCode(s.services.db);
  const [globex, initech, stark, atlas] = ['GLOBEX', 'INITECH', 'STARK', 'ATLAS'].map((code) => orgs.get(code) ?? '');
  const globexWallet = await firstWallet(eq(wallets.merchantServiceId, globex ?? ''));
  merchantWalletOfTsp = globexWallet;
  atlasId = atlas ?? '';
  // Globex (a merchant of Atlas) against Initech, another merchant of the same TSP.
  ids.merchant = {
    merchant: { own: globex ?? '', foreign: initech ?? '' },
    wallet: { own: globexWallet, foreign: await firstWallet(eq(wallets.merchantServiceId, initech ?? '')) },
  };
  // Atlas against Stark, a merchant of Meridian; Atlas's own wallets are its to name too.
  ids.serviceProvider = {
    merchant: { own: globex ?? '', foreign: stark ?? '' },
    wallet: {
      own: await firstWallet(and(eq(wallets.serviceProviderId, atlas ?? ''), isNull(wallets.merchantServiceId))),
      foreign: await firstWallet(eq(wallets.merchantServiceId, stark ?? '')),
    },
  };
  ids.internal = { merchant: { own: stark ?? '', foreign: 'no-such-merchant' }, wallet: { own: globexWallet, foreign: 'no-such-wallet' } };
});
afterAll(async () => {
  await s?.close();
});

const TSP_FIELDS = new Set(['tspId', 'serviceProviderId']);

/** The lists of the contract that take one of the fields, with who calls them (no path ids: a list of its own). */
const lists = Object.entries(contract).flatMap(([call, def]) => {
  const query = (def as { query?: z.ZodObject }).query;
  const shape = query?.shape ?? {};
  const audience = (def as { audience?: string }).audience;
  const who: Who | null = audience === 'merchant' || audience === 'serviceProvider' || audience === 'internal' ? audience : null;
  if (def.method !== 'GET' || who === null || def.path.includes('{')) return [];
  // A list that needs its TSP named (`tspId`, `serviceProviderId`) gets Atlas; one that needs more is not a list of this kind.
  const required = query?.safeParse({}).error?.issues.map((i) => String(i.path[0])) ?? [];
  if (required.some((name) => !TSP_FIELDS.has(name))) return [];
  return FIELDS.filter((field) => field in shape).map((field) => ({ call, path: def.path, who, field, required }));
});

const kindOf = (field: Field) => (field.startsWith('merchant') ? 'merchant' : 'wallet');

describe('list filters naming merchants and wallets', () => {
  it('finds the lists in the contract', () => {
    expect(lists.length).toBeGreaterThan(30);
    for (const field of FIELDS) expect(lists.some((l) => l.field === field)).toBe(true);
  });

  it("names a merchant of another TSP once it holds a wallet with the TSP (a transfer into that wallet is the TSP's too)", async () => {
    const stark = ids.serviceProvider.merchant.foreign;
    const ask = () =>
      s.app.inject({ method: 'GET', url: `/v2/sp/transactions?merchantIds=${stark}`, headers: { authorization: `Bearer ${token.serviceProvider}` } });
    expect((await ask()).statusCode).toBe(404);
    const [template] = await s.services.db.select().from(wallets).where(eq(wallets.id, merchantWalletOfTsp));
    if (!template) throw new Error('no Globex wallet');
    const id = `${template.id}-stark`;
    await s.services.db
      .insert(wallets)
      .values({ ...template, id, merchantServiceId: stark, alias: 'Stark at Atlas', ledgerCode: `${template.ledgerCode}-stark`, walletAccountNumber: null });
    try {
      const answer = await ask();
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      await s.services.db.delete(wallets).where(eq(wallets.id, id));
    }
  });

  it.each(lists.map((l) => [`${l.call} ?${l.field}`, l] as const))('%s: a foreign id is a 404 naming it; its own is not refused', async (_, l) => {
    const { foreign } = ids[l.who][kindOf(l.field)];
    const own =
      l.who === 'serviceProvider' && kindOf(l.field) === 'wallet' && l.path.includes('/merchant/') ? merchantWalletOfTsp : ids[l.who][kindOf(l.field)].own;
    const ask = (value: string[]) =>
      s.app.inject({
        method: 'GET',
        url: `${l.path}?${[...value.map((v) => `${l.field}=${encodeURIComponent(v)}`), ...l.required.map((name) => `${name}=${atlasId}`)].join('&')}`,
        headers: { authorization: `Bearer ${token[l.who]}` },
      });
    // A list of ids with a foreign one beside an own one is refused as a whole, not narrowed to what is the caller's.
    const refused = await ask(l.field.endsWith('Ids') ? [own, foreign] : [foreign]);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(errorBody.parse(refused.json()).invalidParameters.map((p) => p.parameter)).toEqual([l.field]);
    const mine = await ask([own]);
    expect(mine.statusCode, mine.body).not.toBe(404);
    expect(mine.statusCode, mine.body).toBeLessThan(500);
  });
});
