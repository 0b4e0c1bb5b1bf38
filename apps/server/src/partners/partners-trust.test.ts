import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededUsers } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectRefusal, trustWorld, refusal, type TrustRow, type TrustWorld } from '../test/trust.ts';

/*
 * Partner onboarding records and the onboarding of organisations: another TSP's record (or a TSP id that is
 * none) is a 404 naming the field; malformed input a 400 naming it. Atlas acts, Meridian's record is foreign.
 */

let s: TestServer;
let u: Awaited<ReturnType<typeof seededUsers>>;
let ops: string;
let w: TrustWorld;
let meridianPartner: string;

const P = '/v1/partners/on-boarding';
const APPLICATION = {
  partnerType: 'MERCHANT',
  businessType: 'Trading',
  countryOfRegistration: 'GB',
  tradingName: 'Meridian Prospect',
  registeredBusinessAddress: '1 High St',
};
const onboarding = (over: Record<string, unknown>) => ({
  name: 'Trust Onboarding',
  countryCode: 'AE',
  adminUser: { digit9Id: '555000111', name: 'Trust Admin', password: 'Corridor2026!Long' },
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  u = await seededUsers(s);
  ops = await s.token('900000001');
  w = await trustWorld(s.services.db);
  const res = await s.app.inject({ method: 'POST', url: P, headers: { authorization: `Bearer ${u.meridian}` }, payload: APPLICATION });
  expect(res.statusCode, res.body).toBe(201);
  meridianPartner = (res.json() as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const req = refusal;

const rows: TrustRow[] = [
  ['partners.search: another TSP named', () => req('GET', `${P}?serviceProviderId=${w.orgs.get('MERIDIAN')}`, u.atlas, 404, 'serviceProviderId')],
  ['partners.search: impossible date', () => req('GET', `${P}?licenseDateOfIssue=2026-02-30`, u.atlas, 400, 'licenseDateOfIssue')],
  ['partners.summary: another TSP named', () => req('GET', `${P}/summary?serviceProviderId=${w.orgs.get('MERIDIAN')}`, u.atlas, 404, 'serviceProviderId')],
  ['partners.summary: NUL in the search', () => req('GET', `${P}/summary?query=a%00b`, u.atlas, 400, 'query')],
  ['partners.get: another TSP’s record', () => req('GET', `${P}/${meridianPartner}`, u.atlas, 404, 'id')],
  ['partners.get: NUL in the id', () => req('GET', `${P}/a%00b`, u.atlas, 400, 'id')],
  ['partners.create: unknown partner type', () => req('POST', P, u.atlas, 400, 'partnerType', { ...APPLICATION, partnerType: 'ALIEN' })],
  ['partners.create: unknown country', () => req('POST', P, u.atlas, 400, 'countryOfIncorporation', { ...APPLICATION, countryOfIncorporation: 'ZZ' })],
  ['partners.create: NUL in the trading name', () => req('POST', P, u.atlas, 400, 'tradingName', { ...APPLICATION, tradingName: 'a\u0000b' })],
  ['partners.update: another TSP’s record', () => req('PUT', `${P}/${meridianPartner}`, u.atlas, 404, 'id', { tradingName: 'Taken over' })],
  ['partners.update: unknown status', () => req('PUT', `${P}/${meridianPartner}`, u.meridian, 400, 'partnerStatus', { partnerStatus: 'SOMEWHERE' })],
  ['partners.onboardTsp: unknown country', () => req('POST', '/v1/internal/public/onboard/tsp', ops, 400, 'countryCode', onboarding({ countryCode: 'ZZ' }))],
  [
    'partners.onboardTsp: admin id that is not 9 digits',
    () =>
      req(
        'POST',
        '/v1/internal/public/onboard/tsp',
        ops,
        400,
        'adminUser.digit9Id',
        onboarding({ adminUser: { digit9Id: '12', name: 'A', password: 'Corridor2026!Long' } }),
      ),
  ],
  [
    'partners.onboardMerchant: a merchant named as its TSP',
    () => req('POST', '/v1/internal/public/onboard/merchant', ops, 404, 'serviceProviderId', onboarding({ serviceProviderId: w.orgs.get('GLOBEX') })),
  ],
  ['partners.onboardMerchant: no TSP at all', () => req('POST', '/v1/internal/public/onboard/merchant', ops, 400, 'serviceProviderId', onboarding({}))],
];

describe('partner records refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });

  it('never lists another TSP’s records', async () => {
    const res = await s.app.inject({ method: 'GET', url: `${P}?size=500`, headers: { authorization: `Bearer ${u.atlas}` } });
    expect((res.json() as { content: Array<{ id: string }> }).content.map((p) => p.id)).not.toContain(meridianPartner);
  });
});
