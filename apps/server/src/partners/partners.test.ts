import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { onboardResult, pageOf, partner, partnerSummaryRow } from '@corridor/api';
import { organisations, users } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { callAs, expectField } from '../test/calls.ts';

let s: TestServer;
let atlas: string;
/** A second Atlas user: the checker of what the first one submits. */
let atlasChecker: string;
let meridian: string;
let admin: string;
let merchant: string;
let atlasId: string;

const partners = pageOf(partner);
const base = '/v1/partners/on-boarding';

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, headers: Record<string, string> = {}) {
  return callAs(s, method, url, token, payload, headers);
}
const application = (over: object = {}) => ({
  partnerType: 'MERCHANT',
  businessType: 'RETAIL',
  countryOfRegistration: 'ae',
  tradingName: 'Falcon Traders',
  registeredBusinessAddress: '1 Creek Road, Dubai',
  city: 'Dubai',
  licenseNumber: 'LIC-1',
  licenseDateOfIssue: '2025-01-01',
  licenseDateOfExpiry: '2028-01-01',
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, admin, merchant, atlasChecker] = await Promise.all([
    s.token('200000001'),
    s.token('200000002'),
    s.token('900000001'),
    s.token('100000001'),
    s.token('200000011'),
  ]);
  const [row] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ATLAS'));
  atlasId = row?.id ?? '';
});
afterAll(async () => s?.close());

describe('partner onboarding records', () => {
  let falconId = '';

  it('creates a record as NEW with a reference, for the calling TSP only', async () => {
    const created = await call('POST', base, atlas, application());
    expect(created.statusCode, created.body).toBe(201);
    const record = partner.parse(created.json());
    falconId = record.id;
    expect(record).toMatchObject({
      partnerStatus: 'NEW',
      serviceProviderId: atlasId,
      countryOfRegistration: 'AE',
      tradingName: 'Falcon Traders',
      city: 'Dubai',
    });
    expect(record.referenceId).toMatch(/^PRT-\d{8}-[0-9A-F]{8}$/);
    expect(
      (await call('POST', base, atlas, application({ tradingName: 'Oryx Logistics', partnerType: 'SERVICE_PROVIDER', city: 'Abu Dhabi' }))).statusCode,
    ).toBe(201);
    expect((await call('POST', base, meridian, application({ tradingName: 'Thames Foods', countryOfRegistration: 'GB' }))).statusCode).toBe(201);
  });

  it('refuses bad input naming the field', async () => {
    expectField(await call('POST', base, atlas, application({ tradingName: '' })), 400, 'tradingName');
    expectField(await call('POST', base, atlas, application({ partnerType: 'BANK' })), 400, 'partnerType');
    expectField(await call('POST', base, atlas, application({ countryOfRegistration: 'ZZ' })), 400, 'countryOfRegistration');
    expectField(await call('POST', base, atlas, application({ licenseDateOfExpiry: '2024-01-01' })), 400, 'licenseDateOfExpiry');
    expectField(await call('PUT', `${base}/${falconId}`, atlas, { partnerStatus: 'DONE' }), 400, 'partnerStatus');
  });

  it('searches and counts only the TSP own records, with filters applied', async () => {
    const mine = partners.parse((await call('GET', `${base}?size=50`, atlas)).json());
    const mineNames = mine.content.map((p) => p.tradingName);
    expect(mineNames).toEqual(expect.arrayContaining(['Falcon Traders', 'Oryx Logistics']));
    expect(mineNames).not.toContain('Thames Foods');
    const theirs = partners.parse((await call('GET', `${base}?size=50`, meridian)).json());
    expect(theirs.content.map((p) => p.tradingName)).toContain('Thames Foods');
    expect(theirs.content.map((p) => p.tradingName)).not.toContain('Falcon Traders');
    const byType = partners.parse((await call('GET', `${base}?partnerTypes=SERVICE_PROVIDER&size=50`, atlas)).json());
    expect(byType.content.map((p) => p.tradingName)).toContain('Oryx Logistics');
    expect(byType.content.every((p) => p.partnerType === 'SERVICE_PROVIDER')).toBe(true);
    const byQuery = partners.parse((await call('GET', `${base}?query=falc&cities=Dubai`, atlas)).json());
    expect(byQuery.content.map((p) => p.id)).toEqual([falconId]);
    // Another TSP's id as a filter is a 404 naming it; the caller's own id filters as usual.
    const meridianId = theirs.content[0]?.serviceProviderId ?? '';
    expectField(await call('GET', `${base}?serviceProviderId=${meridianId}`, atlas), 404, 'serviceProviderId');
    expectField(await call('GET', `${base}/summary?serviceProviderId=${meridianId}`, atlas), 404, 'serviceProviderId');
    expect(partners.parse((await call('GET', `${base}?serviceProviderId=${atlasId}`, atlas)).json()).totalElements).toBe(mine.totalElements);
    // The counts are the search's: by status and type, of the TSP's records under the same filters.
    const summary = ((await call('GET', `${base}/summary`, atlas)).json() as unknown[]).map((r) => partnerSummaryRow.parse(r));
    expect(summary.reduce((n, r) => n + r.count, 0)).toBe(mine.totalElements);
    for (const row of summary) {
      const listed = mine.content.filter((p) => p.partnerStatus === row.partnerStatus && p.partnerType === row.partnerType).length;
      expect(listed, `${row.partnerStatus} ${row.partnerType}`).toBe(row.count);
    }
    expect((await call('GET', `${base}/summary?query=Falcon%20Traders`, atlas)).json()).toEqual([{ partnerStatus: 'NEW', partnerType: 'MERCHANT', count: 1 }]);
  });

  it("answers 404 for another TSP's record and 403 to merchants and operations", async () => {
    expect((await call('GET', `${base}/${falconId}`, atlas)).json()).toMatchObject({ id: falconId });
    expect((await call('GET', `${base}/${falconId}`, meridian)).statusCode).toBe(404);
    expectField(await call('PUT', `${base}/${falconId}`, meridian, { city: 'London' }), 404, 'id');
    expect((await call('GET', base, merchant)).statusCode).toBe(403);
    expect((await call('GET', base, admin)).statusCode).toBe(403);
  });

  it('moves the status along the lifecycle only, and a final record takes no change', async () => {
    const skip = await call('PUT', `${base}/${falconId}`, atlas, { partnerStatus: 'AUTHORIZED' });
    expectField(skip, 409, 'partnerStatus');
    const steps = [
      ['PARTNER_ONBOARDING', atlas, {}],
      ['IN_AUTHORIZATION', atlas, {}],
      ['NEXT_REVIEW', atlasChecker, { remarks: 'The licence copy is unreadable' }],
      ['PARTNER_ONBOARDING', atlas, { city: 'Sharjah' }],
      ['IN_AUTHORIZATION', atlas, {}],
      ['AUTHORIZED', atlasChecker, {}],
    ] as const;
    for (const [next, who, extra] of steps) {
      const moved = await call('PUT', `${base}/${falconId}`, who, { partnerStatus: next, ...extra });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ partnerStatus: next });
    }
    expect((await call('GET', `${base}/${falconId}`, atlas)).json()).toMatchObject({ city: 'Sharjah', nextStatuses: [] });
    expectField(await call('PUT', `${base}/${falconId}`, atlas, { city: 'Ajman' }), 409, 'partnerStatus');
    // Two desks deciding one record at once: one decision stands, the other finds it final.
    const oryx = partners.parse((await call('GET', `${base}?query=Oryx`, atlas)).json()).content[0]?.id ?? '';
    for (const next of ['PARTNER_ONBOARDING', 'IN_AUTHORIZATION'])
      expect((await call('PUT', `${base}/${oryx}`, atlas, { partnerStatus: next })).statusCode).toBe(200);
    const decisions = await Promise.all(
      [{ partnerStatus: 'AUTHORIZED' }, { partnerStatus: 'REJECTED', remarks: 'Duplicate application' }].map((body) =>
        call('PUT', `${base}/${oryx}`, atlasChecker, body),
      ),
    );
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    const summary = (await call('GET', `${base}/summary?partnerStatuses=AUTHORIZED&query=Falcon%20Traders`, atlas)).json();
    expect(summary).toEqual([{ partnerStatus: 'AUTHORIZED', partnerType: 'MERCHANT', count: 1 }]);
  });
});

describe('onboarding organisations', () => {
  const tspBody = (over: object = {}) => ({
    name: 'Harbour Remit',
    countryCode: 'GB',
    currencyCodes: ['gbp', 'EUR'],
    adminUser: { digit9Id: '300000001', name: 'Nora Quinn', email: 'nora@harbour.example', password: 'Harbour#2026x' },
    ...over,
  });

  it('creates a TSP with its first admin user, who can sign in and act for it', async () => {
    const res = await call('POST', '/v1/internal/public/onboard/tsp', admin, tspBody());
    expect(res.statusCode, res.body).toBe(201);
    const result = onboardResult.parse(res.json());
    expect(result.partnerId).toBeNull();
    const [org] = await s.services.db.select().from(organisations).where(eq(organisations.id, result.organisationId));
    expect(org).toMatchObject({ type: 'SERVICE_PROVIDER', name: 'Harbour Remit', countryCode: 'GB', currencyCodes: ['GBP', 'EUR'], parentId: null });
    const [user] = await s.services.db.select().from(users).where(eq(users.id, result.userId));
    expect(user).toMatchObject({ role: 'SERVICE_PROVIDER', orgId: result.organisationId, digit9Id: '300000001' });
    const token = await s.token('300000001', 'Harbour#2026x');
    const own = await call('POST', base, token, application({ tradingName: 'Harbour Client' }));
    expect(own.json()).toMatchObject({ serviceProviderId: result.organisationId });
  });

  it('is idempotent: a repeat or racing twins create one organisation', async () => {
    const body = tspBody({ name: 'Quay Pay', adminUser: { digit9Id: '300000002', name: 'Ian Ross', password: 'QuayPay#2026x' } });
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/v1/internal/public/onboard/tsp', admin, body)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const ids = new Set(answers.map((a) => onboardResult.parse(a.json()).organisationId));
    expect(ids.size).toBe(1);
    expect(await s.services.db.select().from(organisations).where(eq(organisations.name, 'Quay Pay'))).toHaveLength(1);
    const keyed = await call('POST', '/v1/internal/public/onboard/tsp', admin, body, { 'idempotency-key': 'onboard-quay' });
    expect(onboardResult.parse(keyed.json()).organisationId).toBe([...ids][0]);
    // The admin user id taken by another organisation is a conflict naming it.
    expectField(await call('POST', '/v1/internal/public/onboard/tsp', admin, { ...body, name: 'Other Pay' }), 409, 'adminUser.digit9Id');
  });

  it("creates a merchant under a TSP and links the TSP's authorised application of the same name", async () => {
    const body = {
      name: 'falcon traders',
      countryCode: 'AE',
      serviceProviderId: atlasId,
      adminUser: { digit9Id: '300000003', name: 'Zaid Karam', password: 'Falcon#2026xy' },
    };
    const res = await call('POST', '/v1/internal/public/onboard/merchant', admin, body);
    expect(res.statusCode, res.body).toBe(201);
    const result = onboardResult.parse(res.json());
    const [org] = await s.services.db.select().from(organisations).where(eq(organisations.id, result.organisationId));
    expect(org).toMatchObject({ type: 'MERCHANT', parentId: atlasId });
    const falcon = partners.parse((await call('GET', `${base}?query=Falcon`, atlas)).json()).content[0];
    expect(result.partnerId).toBe(falcon?.id);
    const again = await call('POST', '/v1/internal/public/onboard/merchant', admin, body);
    expect(onboardResult.parse(again.json())).toEqual(result);
  });

  it('refuses bad input and non-operations callers', async () => {
    const onboardUrl = '/v1/internal/public/onboard/merchant';
    const body = { name: 'Gull Co', countryCode: 'AE', serviceProviderId: 'nope', adminUser: { digit9Id: '300000004', name: 'G', password: 'GullCo#2026xy' } };
    expectField(await call('POST', onboardUrl, admin, body), 404, 'serviceProviderId');
    expectField(await call('POST', onboardUrl, admin, { ...body, serviceProviderId: atlasId, countryCode: 'QQ' }), 400, 'countryCode');
    expectField(await call('POST', onboardUrl, admin, { ...body, serviceProviderId: atlasId, currencyCodes: ['XXX'] }), 400, 'currencyCodes');
    expectField(
      await call('POST', onboardUrl, admin, { ...body, serviceProviderId: atlasId, adminUser: { ...body.adminUser, digit9Id: '12' } }),
      400,
      'adminUser.digit9Id',
    );
    expect((await call('POST', onboardUrl, atlas, { ...body, serviceProviderId: atlasId })).statusCode).toBe(403);
    expect((await call('POST', '/v1/internal/public/onboard/tsp', merchant, body)).statusCode).toBe(403);
    expect(await s.services.db.select().from(organisations).where(eq(organisations.name, 'Gull Co'))).toHaveLength(0);
  });
});
