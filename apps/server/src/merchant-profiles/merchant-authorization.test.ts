import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchantProfile, merchantSummary, pageOf } from '@corridor/api';
import { callAs, globexAtlasWallets, orgIdsByCode, usdAedQuote } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { merchantAuthorizationEvents, merchantProfiles } from './merchant-profile-schema.ts';

let s: TestServer;
let amira: string; // Atlas Bank
let karim: string; // Atlas Bank, the user who submitted the seeded pending merchant
let meridian: string;
let globex: string; // merchant of Atlas, ACTIVE
let orgs: Map<string, string>;
let w: { usd: string; aed: string };

const SUMMARY = '/v1/service-provider/merchant-summary';
const PROFILES = '/v1/service-provider/merchant-profiles';
const summaries = pageOf(merchantSummary);

function patch(token: string, profileId: string, payload: object) {
  return s.app.inject({ method: 'PATCH', url: `${PROFILES}/${profileId}`, headers: { authorization: `Bearer ${token}` }, payload });
}
const fieldsOf = (res: { json: () => unknown }) =>
  ((res.json() as { invalidParameters?: Array<{ parameter: string }> }).invalidParameters ?? []).map((p) => p.parameter);
const codeOf = (res: { json: () => unknown }) => (res.json() as { code?: string }).code;

async function summaryOf(code: string, token = amira) {
  const res = await s.get(`${SUMMARY}/${orgs.get(code) ?? ''}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return merchantSummary.parse(res.json());
}
async function profileIdOf(code: string): Promise<string> {
  const id = (await summaryOf(code)).merchantProfileId;
  if (!id) throw new Error(`no profile of ${code}`);
  return id;
}
async function decide(token: string, code: string, payload: object, status = 200) {
  const res = await patch(token, await profileIdOf(code), payload);
  expect(res.statusCode, res.body).toBe(status);
  return res;
}
const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

// Globex's money calls: a payment, a top-up and a transfer (a deal on a quote).
const payment = () =>
  callAs(s, 'POST', '/m/api/v1/transactions/payments', globex, {
    walletId: w.usd,
    sendAmount: '10',
    receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
    message: 'Invoice 7',
  });
const topUp = () =>
  callAs(s, 'POST', '/v2/merchant/transactions', globex, {
    category: 'TOPUP',
    type: 'BANK_TRANSFER',
    targetWalletId: w.usd,
    targetAmount: { amount: '100', currency: 'USD' },
    collectionMode: 'BANK',
  });
async function transfer() {
  const q = await usdAedQuote(s, globex, w.usd, '20');
  return callAs(s, 'POST', '/v2/merchant/transactions', globex, {
    category: 'TRANSFER',
    type: 'FX_DEAL',
    quoteId: q.quoteId ?? q.id,
    sourceWalletId: w.usd,
    targetWalletId: w.aed,
  });
}

/** Each money call of Globex: 201 while it may transact, else 403 naming the wallet field and its status. */
async function expectMoneyCalls(allowed: boolean, status?: string) {
  const answers: Array<[Awaited<ReturnType<typeof payment>>, string]> = [
    [await payment(), 'walletId'],
    [await topUp(), 'targetWalletId'],
    [await transfer(), 'sourceWalletId'],
  ];
  for (const [res, field] of answers) {
    if (allowed) {
      expect(res.statusCode, res.body).toBe(201);
      continue;
    }
    expect(res.statusCode, res.body).toBe(403);
    expect(codeOf(res)).toBe('FORBIDDEN');
    expect(fieldsOf(res)).toEqual([field]);
    expect(res.json().message).toContain(status);
  }
}

beforeAll(async () => {
  s = await startTestServer();
  [amira, karim, meridian, globex] = await Promise.all([s.token('200000001'), s.token('200000011'), s.token('200000002'), s.token('100000001')]);
  orgs = await orgIdsByCode(s.services.db);
  w = await globexAtlasWallets(s.services.db, orgs);
});
afterAll(async () => {
  await s.close();
});

describe('merchant authorization: the tabs on the merchant summary', () => {
  it("lists the TSP's merchants by authorization status, with the profile, its end and the last decision", async () => {
    const names = async (status: string) =>
      summaries.parse((await s.get(`${SUMMARY}?merchantProfileStatus=${status}&size=50`, amira)).json()).content.map((m) => m.name);
    expect(await names('PENDING_APPROVAL')).toEqual(['Hooli Services', 'Umbrella Logistics']);
    expect(await names('EXPIRED')).toEqual(['Cyberdyne Systems']);
    expect(await names('PAUSED')).toEqual(['Soylent Foods']);
    expect(await names('BLOCKED')).toEqual(['Tyrell Trading']);
    expect(await names('ACTIVE')).toEqual(['Globex Trading', 'Initech Imports']);
    const paused = await summaryOf('SOYLENT');
    expect(paused.lastDecision).toMatchObject({
      action: 'PAUSE',
      fromStatus: 'ACTIVE',
      toStatus: 'PAUSED',
      reason: 'Trade licence renewal awaited',
      by: { name: 'Amira Haddad' },
    });
    expect(paused.authorizationExpiresAt).not.toBeNull();
    expect((await summaryOf('HOOLI')).submittedBy).toMatchObject({ name: 'Karim Nasser' });
    // Another TSP sees none of them.
    const theirs = summaries.parse((await s.get(`${SUMMARY}?size=50`, meridian)).json()).content.map((m) => m.name);
    expect(theirs).not.toContain('Soylent Foods');
    expect((await s.get(`${SUMMARY}/${orgs.get('SOYLENT') ?? ''}`, meridian)).statusCode).toBe(404);
  });

  it('reads an ACTIVE authorization past its end as EXPIRED', async () => {
    const initech = await profileIdOf('INITECH');
    await s.services.db
      .update(merchantProfiles)
      .set({ authorizationExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(merchantProfiles.id, initech));
    expect((await summaryOf('INITECH')).merchantProfileStatus).toBe('EXPIRED');
    await decide(amira, 'INITECH', { profileStatus: 'ACTIVE', reason: 'Annual review passed', authorizationExpiresAt: later(365) });
    expect((await summaryOf('INITECH')).merchantProfileStatus).toBe('ACTIVE');
  });
});

describe('merchant authorization: decisions', () => {
  it('approves a pending merchant with a reason, by another user than the one who submitted it', async () => {
    const own = await decide(karim, 'HOOLI', { profileStatus: 'ACTIVE', reason: 'Looks fine' }, 403);
    expect(codeOf(own)).toBe('MAKER_CHECKER');
    expect(fieldsOf(own)).toEqual(['profileStatus']);
    const noReason = await decide(amira, 'HOOLI', { profileStatus: 'ACTIVE' }, 400);
    expect(fieldsOf(noReason)).toEqual(['reason']);
    const blank = await decide(amira, 'HOOLI', { profileStatus: 'ACTIVE', reason: '   ' }, 400);
    expect(fieldsOf(blank)).toEqual(['reason']);
    const approved = merchantProfile.parse((await decide(amira, 'HOOLI', { profileStatus: 'ACTIVE', reason: 'KYC verified' })).json());
    expect(approved.profileStatus).toBe('ACTIVE');
    expect(approved.lastDecision).toMatchObject({ action: 'APPROVE', fromStatus: 'PENDING_APPROVAL', reason: 'KYC verified', by: { name: 'Amira Haddad' } });
    // Approved for a year unless told otherwise.
    const end = new Date(approved.authorizationExpiresAt ?? 0).getTime();
    expect(Math.abs(end - Date.now() - 365 * 86_400_000)).toBeLessThan(86_400_000);
  });

  it('refuses illegal transitions with 409 naming profileStatus, and a stray reason naming it', async () => {
    const back = await decide(amira, 'GLOBEX', { profileStatus: 'PENDING_APPROVAL', reason: 'Again' }, 409);
    expect([codeOf(back), ...fieldsOf(back)]).toEqual(['INVALID_STATE_TRANSITION', 'profileStatus']);
    const pauseExpired = await decide(amira, 'CYBERDYNE', { profileStatus: 'PAUSED', reason: 'Hold' }, 409);
    expect(fieldsOf(pauseExpired)).toEqual(['profileStatus']);
    const expireByHand = await decide(amira, 'GLOBEX', { profileStatus: 'EXPIRED', reason: 'End' }, 409);
    expect(fieldsOf(expireByHand)).toEqual(['profileStatus']);
    const already = await decide(amira, 'TYRELL', { profileStatus: 'BLOCKED', reason: 'Another reason' }, 409);
    expect(fieldsOf(already)).toEqual(['profileStatus']);
    const stray = await decide(amira, 'GLOBEX', { reason: 'Why' }, 400);
    expect(fieldsOf(stray)).toEqual(['reason']);
    const badStatus = await decide(amira, 'GLOBEX', { profileStatus: 'FROZEN', reason: 'x' }, 400);
    expect(fieldsOf(badStatus)).toEqual(['profileStatus']);
    // A TSP decides only on its own merchants.
    const foreign = await patch(meridian, await profileIdOf('GLOBEX'), { profileStatus: 'PAUSED', reason: 'Not mine' });
    expect(foreign.statusCode).toBe(404);
    expect((await summaryOf('GLOBEX')).merchantProfileStatus).toBe('ACTIVE');
  });

  it('renews an expired merchant only with a new end in the future', async () => {
    const none = await decide(amira, 'CYBERDYNE', { profileStatus: 'ACTIVE', reason: 'Renewed contract' }, 400);
    expect(fieldsOf(none)).toEqual(['authorizationExpiresAt']);
    const past = await decide(amira, 'CYBERDYNE', { profileStatus: 'ACTIVE', reason: 'Renewed contract', authorizationExpiresAt: later(-1) }, 400);
    expect(fieldsOf(past)).toEqual(['authorizationExpiresAt']);
    const end = later(180);
    const renewed = merchantProfile.parse(
      (await decide(amira, 'CYBERDYNE', { profileStatus: 'ACTIVE', reason: 'Renewed contract', authorizationExpiresAt: end })).json(),
    );
    expect([renewed.profileStatus, renewed.authorizationExpiresAt, renewed.lastDecision?.action]).toEqual(['ACTIVE', end, 'RENEW']);
  });

  it('lifts a block only by another user than the one who blocked; unpauses; a retried decision changes nothing', async () => {
    const self = await decide(amira, 'TYRELL', { profileStatus: 'ACTIVE', reason: 'Cleared' }, 403);
    expect(fieldsOf(self)).toEqual(['profileStatus']);
    await decide(karim, 'TYRELL', { profileStatus: 'ACTIVE', reason: 'Screening cleared' });
    expect((await summaryOf('TYRELL')).lastDecision).toMatchObject({ action: 'UNBLOCK', by: { name: 'Karim Nasser' } });
    await decide(amira, 'SOYLENT', { profileStatus: 'ACTIVE', reason: 'Licence renewed' });
    expect((await summaryOf('SOYLENT')).merchantProfileStatus).toBe('ACTIVE');
    const soylent = await profileIdOf('SOYLENT');
    const before = await s.services.db.select().from(merchantAuthorizationEvents).where(eq(merchantAuthorizationEvents.merchantProfileId, soylent));
    await decide(amira, 'SOYLENT', { profileStatus: 'ACTIVE', reason: 'Licence renewed' });
    const after = await s.services.db.select().from(merchantAuthorizationEvents).where(eq(merchantAuthorizationEvents.merchantProfileId, soylent));
    expect(after).toHaveLength(before.length);
  });
});

describe('merchant authorization: a merchant that is not active cannot transact', () => {
  it('an ACTIVE merchant creates payments, top-ups and transfers', async () => {
    await expectMoneyCalls(true);
  });

  it('PAUSED: payment, top-up and transfer creates are refused; unpaused they pass again', async () => {
    await decide(amira, 'GLOBEX', { profileStatus: 'PAUSED', reason: 'Unusual volume under review' });
    await expectMoneyCalls(false, 'PAUSED');
    await decide(karim, 'GLOBEX', { profileStatus: 'ACTIVE', reason: 'Review closed' });
    await expectMoneyCalls(true);
  });

  it('BLOCKED: refused', async () => {
    await decide(amira, 'GLOBEX', { profileStatus: 'BLOCKED', reason: 'Fraud report' });
    await expectMoneyCalls(false, 'BLOCKED');
    await decide(karim, 'GLOBEX', { profileStatus: 'ACTIVE', reason: 'Report unfounded' });
  });

  it('EXPIRED (its end has passed): refused; renewed it passes', async () => {
    const globexProfile = await profileIdOf('GLOBEX');
    await s.services.db
      .update(merchantProfiles)
      .set({ authorizationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(merchantProfiles.id, globexProfile));
    await expectMoneyCalls(false, 'EXPIRED');
    await decide(amira, 'GLOBEX', { profileStatus: 'ACTIVE', reason: 'Renewed', authorizationExpiresAt: later(365) });
    await expectMoneyCalls(true);
  });

  it('a paused merchant cannot send a draft on either', async () => {
    const draft = await callAs(s, 'POST', '/m/api/v1/transactions/payments/draft', globex, {
      walletId: w.usd,
      sendAmount: '10',
      receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    await decide(amira, 'GLOBEX', { profileStatus: 'PAUSED', reason: 'Hold' });
    const sent = await s.get(`/m/api/v1/transactions/payments/draft/process/${draft.json().id as string}`, globex);
    expect(sent.statusCode, sent.body).toBe(403);
    expect(fieldsOf(sent)).toEqual(['id']);
    await decide(karim, 'GLOBEX', { profileStatus: 'ACTIVE', reason: 'Released' });
  });
});
