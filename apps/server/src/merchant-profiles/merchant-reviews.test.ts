import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { assessment, feeSchedule, merchantProfile, merchantSummary, pageOf } from '@corridor/api';
import { organisations, wallets } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string;
let meridian: string;
let admin: string;
const org = new Map<string, string>();
const id = (code: string) => org.get(code) ?? '';
const reviews = pageOf(assessment);
const summaries = pageOf(merchantSummary);

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin] = await Promise.all([s.token('200000001'), s.token('200000002'), s.token('900000001')]);
  for (const row of await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations)) org.set(row.code, row.id);
});
afterAll(async () => s?.close());

describe('merchant reviews', () => {
  it("lists one KYC review per profile of the TSP, with the profile's status, filtered by status and merchant", async () => {
    const kycs = reviews.parse((await s.get('/v1/service-provider/kycs', atlas)).json());
    expect(kycs.content.map((r) => [r.merchantServiceId, r.kind, r.status]).sort()).toEqual(
      [
        [id('GLOBEX'), 'KYC', 'APPROVED'],
        [id('INITECH'), 'KYC', 'APPROVED'],
        [id('UMBRELLA'), 'KYC', 'IN_VERIFICATION'],
        [id('HOOLI'), 'KYC', 'IN_VERIFICATION'],
        [id('CYBERDYNE'), 'KYC', 'APPROVED'],
        [id('SOYLENT'), 'KYC', 'APPROVED'],
        [id('TYRELL'), 'KYC', 'APPROVED'],
      ].sort(),
    );
    const open = reviews.parse((await s.get('/v1/service-provider/kycs?statuses=IN_VERIFICATION&statuses=REQUESTED', atlas)).json());
    expect(open.content.map((r) => r.merchantServiceId).sort()).toEqual([id('HOOLI'), id('UMBRELLA')].sort());
    const one = reviews.parse((await s.get(`/v1/service-provider/kycs?merchantServiceId=${id('GLOBEX')}`, atlas)).json());
    expect(one.totalElements).toBe(1);
    // Another TSP's merchant is not the TSP's to filter by: the 404 names the filter.
    const foreign = await s.get(`/v1/service-provider/kycs?merchantServiceId=${id('STARK')}`, atlas);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().invalidParameters).toEqual([expect.objectContaining({ parameter: 'merchantServiceId' })]);
    const bad = await s.get('/v1/service-provider/kycs?size=0', atlas);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters.map((p: { parameter: string }) => p.parameter)).toEqual(['size']);
  });

  it('each review kind reads its own status; a decision carries its reviewer once made through spUpdate', async () => {
    const risk = reviews.parse((await s.get('/v1/service-provider/risk-assessments', meridian)).json());
    expect(risk.content.find((r) => r.merchantServiceId === id('WAYNE'))).toMatchObject({ kind: 'RISK_ASSESSMENT', status: 'REJECTED' });
    const credit = reviews.parse((await s.get('/v1/service-provider/credit-assessments?statuses=IN_VERIFICATION', meridian)).json());
    expect(credit.content.map((r) => r.merchantServiceId)).toEqual([id('WAYNE')]);
    const executive = reviews.parse((await s.get('/v1/service-provider/executive-documents?statuses=EXPIRED', meridian)).json());
    expect(executive.content.map((r) => r.merchantServiceId)).toEqual([id('ACME')]);

    const [profile] = pageOf(merchantProfile).parse(
      (await s.get(`/v1/service-provider/merchant-profiles?merchantServiceId=${id('UMBRELLA')}`, atlas)).json(),
    ).content;
    await s.app.inject({
      method: 'PATCH',
      url: `/v1/service-provider/merchant-profiles/${profile?.id ?? ''}`,
      headers: { authorization: `Bearer ${atlas}` },
      payload: { riskScoringStatus: 'APPROVED' },
    });
    const [decided] = reviews.parse((await s.get(`/v1/service-provider/risk-assessments?merchantProfileId=${profile?.id ?? ''}`, atlas)).json()).content;
    expect(decided).toMatchObject({ status: 'APPROVED', merchantProfileId: profile?.id });
    expect(decided?.reviewedBy).not.toBeNull();
    expect(decided?.reviewedAt).not.toBeNull();
  });

  it("lists the TSP's merchant fee schedules with the merchants each prices", async () => {
    const fees = pageOf(feeSchedule).parse((await s.get('/v1/service-provider/fees?size=50', atlas)).json());
    expect(fees.totalElements).toBe(14);
    const usdOur = fees.content.filter((f) => f.feeType === 'OUR' && f.currency === 'USD');
    expect(usdOur.map((f) => [f.name, f.amount, f.merchantCount]).sort()).toEqual(
      [
        ['Premium', '3', 1],
        ['Standard', '5', 2],
      ].sort(),
    );
    expect(fees.content.find((f) => f.feeType === 'FX_PREMIUM')).toMatchObject({ name: 'All merchants', merchantCount: 7 });
    const theirs = pageOf(feeSchedule).parse((await s.get('/v1/service-provider/fees?size=50', meridian)).json());
    expect(theirs.content.some((f) => fees.content.some((o) => o.id === f.id))).toBe(false);
  });
});

describe('merchant summary', () => {
  it("summarises the TSP's merchants with their profile status, wallets and currencies", async () => {
    const list = summaries.parse((await s.get('/v1/service-provider/merchant-summary', atlas)).json());
    expect(list.content.map((m) => m.name)).toEqual([
      'Cyberdyne Systems',
      'Globex Trading',
      'Hooli Services',
      'Initech Imports',
      'Soylent Foods',
      'Tyrell Trading',
      'Umbrella Logistics',
    ]);
    const globexWallets = await s.services.db
      .select()
      .from(wallets)
      .where(eq(wallets.merchantServiceId, id('GLOBEX')));
    const globex = list.content.find((m) => m.name === 'Globex Trading');
    expect(globex).toMatchObject({ merchantServiceId: id('GLOBEX'), merchantProfileStatus: 'ACTIVE', walletCount: globexWallets.length });
    expect(globex?.currencies).toEqual([...new Set(globexWallets.map((w) => w.currencyCode))].sort());
    const pending = summaries.parse((await s.get('/v1/service-provider/merchant-summary?merchantProfileStatus=PENDING_APPROVAL', atlas)).json());
    expect(pending.content.map((m) => m.name)).toEqual(['Hooli Services', 'Umbrella Logistics']);
    expect(summaries.parse((await s.get('/v1/service-provider/merchant-summary?name=init', atlas)).json()).content.map((m) => m.name)).toEqual([
      'Initech Imports',
    ]);
    const foreign = await s.get(`/v1/service-provider/merchant-summary?merchantId=${id('STARK')}`, atlas);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().invalidParameters).toEqual([expect.objectContaining({ parameter: 'merchantId' })]);
  });

  it('reads one merchant of the TSP; another TSP gets 404', async () => {
    const one = merchantSummary.parse((await s.get(`/v1/service-provider/merchant-summary/${id('INITECH')}`, atlas)).json());
    expect(one.name).toBe('Initech Imports');
    expect((await s.get(`/v1/service-provider/merchant-summary/${id('INITECH')}`, meridian)).statusCode).toBe(404);
  });

  it('gives operations every merchant, filtered by markup profile', async () => {
    const all = summaries.parse((await s.get('/v1/internal/merchant-summary?size=20', admin)).json());
    expect(all.totalElements).toBe(10);
    const [globex] = await s.services.db
      .select({ markup: organisations.markupProfileId })
      .from(organisations)
      .where(eq(organisations.id, id('GLOBEX')));
    const byMarkup = summaries.parse((await s.get(`/v1/internal/merchant-summary?markupProfileId=${globex?.markup ?? ''}`, admin)).json());
    expect(byMarkup.content.every((m) => m.markupProfileId === globex?.markup)).toBe(true);
    expect(byMarkup.content.map((m) => m.name)).toContain('Globex Trading');
    expect((await s.get('/v1/internal/merchant-summary', atlas)).statusCode).toBe(403);
  });
});
