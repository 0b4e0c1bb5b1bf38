import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { contract } from '@corridor/api';
import { users, wallets } from '../db/schema.ts';
import { merchantProfiles } from '../merchant-profiles/merchant-profile-schema.ts';
import { transactionsV2 } from '../transactions/transaction-schema.ts';
import { orgIdsByCode } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

/**
 * The lists' other id filters (transactions, cancellations, users, TSPs and their wallets, merchant
 * profiles: those `filter-ids.ts` leaves to the services that read them) never answer another
 * organisation's rows: naming one is a 404, or a page or summary that carries none of that organisation's
 * rows. A service that read a filter's id outside the caller's scope would show the row here.
 */
let s: TestServer;
type Who = 'merchant' | 'serviceProvider';
const token: Record<Who, string> = { merchant: '', serviceProvider: '' };
/** For each caller, per filter, ids of another organisation (Initech's for Globex, Meridian's for Atlas); a transaction both by row id and by number. */
const foreign: Record<Who, Record<string, string[]>> = { merchant: {}, serviceProvider: {} };
/** Per caller, the ids of the other organisation's own rows (its transactions, users, wallets, profiles), none of which an answer may carry. */
const theirs: Record<Who, string[]> = { merchant: [], serviceProvider: [] };
/** Atlas: the TSP both callers belong with, for the lists that must name one beside the filter. */
let atlasId = '';

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`no ${what} in the demo data`);
  return row;
}

beforeAll(async () => {
  s = await startTestServer();
  [token.merchant, token.serviceProvider] = await Promise.all([s.token('100000001'), s.token('200000001')]);
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  const [initech, meridian, stark] = ['INITECH', 'MERIDIAN', 'STARK'].map((code) => orgs.get(code) ?? '');
  atlasId = orgs.get('ATLAS') ?? '';
  const txn = (where: SQL | undefined) =>
    one(
      db.select({ id: transactionsV2.id, number: transactionsV2.transactionId }).from(transactionsV2).where(where).orderBy(asc(transactionsV2.id)).limit(1),
      'transaction',
    );
  const user = (orgId: string) => one(db.select({ id: users.id }).from(users).where(eq(users.orgId, orgId)).limit(1), 'user');
  const [initechTxn, meridianTxn, initechUser, meridianUser] = await Promise.all([
    txn(eq(transactionsV2.merchantId, initech ?? '')),
    txn(and(eq(transactionsV2.serviceProviderId, meridian ?? ''), ne(transactionsV2.merchantId, orgs.get('GLOBEX') ?? ''))),
    user(initech ?? ''),
    user(meridian ?? ''),
  ]);
  const meridianWallet = await one(
    db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.serviceProviderId, meridian ?? ''), isNull(wallets.merchantServiceId)))
      .limit(1),
    'Meridian wallet',
  );
  const meridianProfile = await one(
    db
      .select({ id: merchantProfiles.id })
      .from(merchantProfiles)
      .where(eq(merchantProfiles.serviceProviderId, meridian ?? ''))
      .limit(1),
    'Meridian merchant profile',
  );
  const wallet = [meridianWallet.id];
  const tsp = [meridian ?? ''];
  const common = { tspWalletId: wallet, tspWalletIds: wallet, spWalletId: wallet, spWalletIds: wallet, tspId: tsp, tspIds: tsp, serviceProviderId: tsp };
  const transaction = (t: { id: string; number: string }) => {
    const both = [t.id, t.number];
    return { transactionId: both, transactionIds: both, mainTransactionId: both, settlementTransactionIds: both };
  };
  foreign.merchant = { ...common, ...transaction(initechTxn), userIds: [initechUser.id] };
  foreign.serviceProvider = {
    ...common,
    ...transaction(meridianTxn),
    userIds: [meridianUser.id],
    merchantServiceIds: [stark ?? ''],
    merchantProfileId: [meridianProfile.id],
  };
  theirs.merchant = [initech ?? '', initechTxn.id, initechTxn.number, initechUser.id];
  theirs.serviceProvider = [stark ?? '', meridianTxn.id, meridianTxn.number, meridianUser.id, meridianWallet.id, meridianProfile.id];
});
afterAll(async () => {
  await s?.close();
});

/** Every GET list of the contract (no path ids) a merchant or a TSP calls, with each of these filters it takes. */
const MERCHANT_FILTERS = [
  'transactionId',
  'transactionIds',
  'mainTransactionId',
  'settlementTransactionIds',
  'userIds',
  'tspId',
  'tspIds',
  'serviceProviderId',
  'tspWalletId',
  'tspWalletIds',
  'spWalletId',
  'spWalletIds',
];
/** A TSP's lists also name its merchants' applications and several merchants at once. */
const FILTERS: Record<Who, string[]> = { merchant: MERCHANT_FILTERS, serviceProvider: [...MERCHANT_FILTERS, 'merchantServiceIds', 'merchantProfileId'] };
const asks = Object.entries(contract).flatMap(([call, def]) => {
  const shape = (def as { query?: z.ZodObject }).query?.shape ?? {};
  const audience = (def as { audience?: string }).audience;
  const callers: Who[] = audience === 'common' ? ['merchant', 'serviceProvider'] : audience === 'merchant' || audience === 'serviceProvider' ? [audience] : [];
  if (def.method !== 'GET' || def.path.includes('{')) return [];
  return callers.flatMap((who) =>
    FILTERS[who].filter((field) => field in shape).map((field) => ({ call, path: def.path, who, field, withTsp: 'tspId' in shape && field !== 'tspId' })),
  );
});

describe("lists' other id filters", () => {
  it('finds the lists in the contract', () => {
    expect(asks.length).toBeGreaterThan(60);
  });

  it.each(asks.map((a) => [`${a.who} ${a.call} ?${a.field}`, a] as const))(
    "%s: another organisation's id is refused or answers none of its rows",
    async (_, a) => {
      const values = foreign[a.who][a.field];
      if (values === undefined) throw new Error(`no foreign ${a.field} for ${a.who}`);
      // A list of ids is asked with all of them at once; a single id with each in turn.
      for (const asked of a.field.endsWith('Ids') ? [values] : values.map((v) => [v])) {
        const answer = await s.app.inject({
          method: 'GET',
          url: `${a.path}?${asked.map((v) => `${a.field}=${encodeURIComponent(v)}`).join('&')}${a.withTsp ? `&tspId=${atlasId}` : ''}`,
          headers: { authorization: `Bearer ${token[a.who]}` },
        });
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        if (answer.statusCode === 404) continue;
        // A TSP's id may be in a merchant's own rows (its application to that TSP); the TSP's rows may not.
        for (const id of theirs[a.who]) expect(answer.body).not.toContain(id);
      }
    },
  );
});
