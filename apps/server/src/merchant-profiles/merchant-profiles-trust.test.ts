import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { markupProfiles } from '../pricing-config/pricing-config-schema.ts';
import { seededUsers } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectRefusal, trustWorld, refusal, type TrustRow, type TrustWorld } from '../test/trust.ts';
import { merchantProfiles } from './merchant-profile-schema.ts';

/*
 * Merchant profiles, their comments, documents and settlements, reviews and merchant summaries: every id
 * of another organisation (path, body or query) is a 404 naming the field; malformed input a 400. Atlas
 * and Globex act; Meridian, Stark and their records are the foreign ones.
 */

let s: TestServer;
let u: Awaited<ReturnType<typeof seededUsers>>;
let ops: string;
let w: TrustWorld;
let globexProfile: string;
let starkProfile: string;
let meridianMarkup: string;
let meridianComment: string;
let meridianSettlement: string;

const SP = '/v1/service-provider/merchant-profiles';
const M = '/v1/merchant-service/merchant-profiles';
const org = (code: string) => w.orgs.get(code) ?? '';

async function profileOf(merchant: string, tsp: string): Promise<string> {
  const [row] = await s.services.db
    .select({ id: merchantProfiles.id })
    .from(merchantProfiles)
    .where(and(eq(merchantProfiles.merchantId, org(merchant)), eq(merchantProfiles.serviceProviderId, org(tsp))));
  if (!row) throw new Error(`no seeded profile of ${merchant} at ${tsp}`);
  return row.id;
}

async function created(url: string, token: string, payload: object): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

beforeAll(async () => {
  s = await startTestServer();
  u = await seededUsers(s);
  ops = await s.token('900000001');
  w = await trustWorld(s.services.db);
  globexProfile = await profileOf('GLOBEX', 'ATLAS');
  starkProfile = await profileOf('STARK', 'MERIDIAN');
  const [markup] = await s.services.db
    .select({ id: markupProfiles.id })
    .from(markupProfiles)
    .where(eq(markupProfiles.serviceProviderId, org('MERIDIAN')));
  meridianMarkup = markup?.id ?? '';
  meridianComment = await created(`${SP}/${starkProfile}/comments`, u.meridian, { content: 'Meridian’s own note' });
  meridianSettlement = await created(`${SP}/${starkProfile}/settlements`, u.meridian, {
    walletId: w.starkUsd,
    currency: 'USD',
    settlementCycle: { mode: 'MONTHLY', value: 1, settlementDate: null },
  });
}, 120_000);

afterAll(async () => {
  await s?.close();
});

const req = refusal;
const cycle = { mode: 'MONTHLY', value: 1, settlementDate: null };

const rows: TrustRow[] = [
  ['merchantProfiles.merchantList: impossible page size', () => req('GET', `${M}?size=-1`, u.globex, 400, 'size')],
  [
    'merchantProfiles.merchantCreate: another merchant',
    () => req('POST', M, u.globex, 404, 'merchantServiceId', { merchantServiceId: org('STARK'), serviceProviderId: org('MERIDIAN') }),
  ],
  [
    'merchantProfiles.merchantCreate: a merchant named as the TSP',
    () => req('POST', M, u.globex, 404, 'serviceProviderId', { serviceProviderId: org('STARK') }),
  ],
  [
    'merchantProfiles.merchantCreate: a pricing profile it picks itself',
    () => req('POST', M, u.globex, 400, 'markupProfileId', { serviceProviderId: org('MERIDIAN'), markupProfileId: meridianMarkup }),
  ],
  [
    'merchantProfiles.merchantGetByPair: another merchant’s pair',
    () => req('GET', `${M}/${org('STARK')}/${org('MERIDIAN')}`, u.globex, 404, 'merchantServiceId'),
  ],
  ['merchantProfiles.merchantGetByPair: NUL in the TSP', () => req('GET', `${M}/${org('GLOBEX')}/a%00b`, u.globex, 400, 'serviceProviderId')],
  [
    'merchantProfiles.internalCreate: a TSP named as the merchant',
    () =>
      req('POST', `/v1/internal/merchant-service/merchant-profiles?merchantId=${org('ATLAS')}`, ops, 404, 'merchantId', { serviceProviderId: org('MERIDIAN') }),
  ],
  [
    'merchantProfiles.internalCreate: body that is not an object',
    () => req('POST', `/v1/internal/merchant-service/merchant-profiles?merchantId=${org('GLOBEX')}`, ops, 400, 'body', '"text"'),
  ],
  [
    'merchantProfiles.internalList: NUL in a filter',
    () => req('GET', '/v1/internal/service-provider/merchant-profiles?merchantServiceId=a%00b', ops, 400, 'merchantServiceId'),
  ],
  [
    'merchantProfiles.internalGetByPair: a pair with no profile',
    () => req('GET', `/v1/internal/merchant-profiles/${org('STARK')}/${org('ATLAS')}`, ops, 404, 'merchantServiceId'),
  ],
  ['merchantProfiles.spList: impossible page', () => req('GET', `${SP}?page=-3`, u.atlas, 400, 'page')],
  ['merchantProfiles.spGet: another TSP’s profile', () => req('GET', `${SP}/${starkProfile}`, u.atlas, 404, 'id')],
  ['merchantProfiles.spUpdate: another TSP’s profile', () => req('PATCH', `${SP}/${starkProfile}`, u.atlas, 404, 'id', { kycStatus: 'APPROVED' })],
  [
    'merchantProfiles.spUpdate: another TSP’s markup profile',
    () => req('PATCH', `${SP}/${globexProfile}`, u.atlas, 404, 'markupProfileId', { markupProfileId: meridianMarkup }),
  ],
  ['merchantProfiles.spUpdate: unknown review status', () => req('PATCH', `${SP}/${globexProfile}`, u.atlas, 400, 'kycStatus', { kycStatus: 'MAYBE' })],
  [
    'merchantProfiles.spUpdate: a cycle of more days than fit',
    () =>
      req('PATCH', `${SP}/${globexProfile}`, u.atlas, 400, 'settlementCycle.value', {
        settlementCycle: { mode: 'EVERY', value: 99_999_999_999, settlementDate: null },
      }),
  ],
  ['merchantProfiles.spGetByPair: another TSP’s pair', () => req('GET', `${SP}/${org('STARK')}/${org('MERIDIAN')}`, u.atlas, 404, 'serviceProviderId')],
  ['merchantProfiles.spGetByPair: its own side with no profile', () => req('GET', `${SP}/${org('STARK')}/${org('ATLAS')}`, u.atlas, 404, 'merchantServiceId')],
  ['merchantProfiles.comments: another TSP’s profile', () => req('GET', `${SP}/${starkProfile}/comments`, u.atlas, 404, 'merchantProfileID')],
  [
    'merchantProfiles.addComment: another TSP’s profile',
    () => req('POST', `${SP}/${starkProfile}/comments`, u.atlas, 404, 'merchantProfileID', { content: 'Hello' }),
  ],
  ['merchantProfiles.addComment: NUL in the content', () => req('POST', `${SP}/${globexProfile}/comments`, u.atlas, 400, 'content', { content: 'a\u0000b' })],
  [
    'merchantProfiles.editComment: another profile’s comment',
    () => req('PATCH', `${SP}/${globexProfile}/comments/${meridianComment}`, u.atlas, 404, 'commentID', { content: 'Mine now' }),
  ],
  [
    'merchantProfiles.editComment: blank content',
    () => req('PATCH', `${SP}/${starkProfile}/comments/${meridianComment}`, u.meridian, 400, 'content', { content: '   ' }),
  ],
  [
    'merchantProfiles.deleteComment: another TSP’s comment',
    () => req('DELETE', `${SP}/${starkProfile}/comments/${meridianComment}`, u.atlas, 404, 'merchantProfileID'),
  ],
  [
    'merchantProfiles.deleteComment: another profile’s comment',
    () => req('DELETE', `${SP}/${globexProfile}/comments/${meridianComment}`, u.atlas, 404, 'commentID'),
  ],
  ['merchantProfiles.documents: another TSP’s profile', () => req('GET', `${SP}/${starkProfile}/documents`, u.atlas, 404, 'merchantProfileID')],
  [
    'merchantProfiles.addDocument: a file that is not the TSP’s',
    () => req('POST', `${SP}/${globexProfile}/documents`, u.atlas, 404, 'fileId', { fileId: 'no-such-file', name: 'Licence', documentType: 'LICENSE' }),
  ],
  [
    'merchantProfiles.addDocument: missing name',
    () => req('POST', `${SP}/${globexProfile}/documents`, u.atlas, 400, 'name', { fileId: 'f', documentType: 'LICENSE' }),
  ],
  ['merchantProfiles.settlements: another TSP’s profile', () => req('GET', `${SP}/${starkProfile}/settlements`, u.atlas, 404, 'merchantProfileId')],
  [
    'merchantProfiles.addSettlement: another TSP’s merchant wallet',
    () => req('POST', `${SP}/${globexProfile}/settlements`, u.atlas, 404, 'walletId', { walletId: w.starkUsd, currency: 'USD', settlementCycle: cycle }),
  ],
  [
    'merchantProfiles.addSettlement: unknown cycle',
    () =>
      req('POST', `${SP}/${globexProfile}/settlements`, u.atlas, 400, 'settlementCycle.mode', {
        walletId: w.globexUsd,
        currency: 'USD',
        settlementCycle: { ...cycle, mode: 'HOURLY' },
      }),
  ],
  [
    'merchantProfiles.deleteSettlement: another profile’s settlement',
    () => req('DELETE', `${SP}/${globexProfile}/settlements/${meridianSettlement}`, u.atlas, 404, 'id'),
  ],
  [
    'merchantProfiles.deleteSettlement: another TSP’s profile',
    () => req('DELETE', `${SP}/${starkProfile}/settlements/${meridianSettlement}`, u.atlas, 404, 'merchantProfileId'),
  ],
  [
    'merchantProfiles.spMerchantSummary: another TSP’s merchant',
    () => req('GET', `/v1/service-provider/merchant-summary?merchantId=${org('STARK')}`, u.atlas, 404, 'merchantId'),
  ],
  [
    'merchantProfiles.spMerchantSummary: another TSP’s markup profile',
    () => req('GET', `/v1/service-provider/merchant-summary?markupProfileId=${meridianMarkup}`, u.atlas, 404, 'markupProfileId'),
  ],
  [
    'merchantProfiles.spMerchantSummaryOne: another TSP’s merchant',
    () => req('GET', `/v1/service-provider/merchant-summary/${org('STARK')}`, u.atlas, 404, 'merchantServiceId'),
  ],
  ['merchantServices.internalSummary: NUL in the name', () => req('GET', '/v1/internal/merchant-summary?name=a%00b', ops, 400, 'name')],
  [
    'merchantReviews.kycs: another TSP’s merchant',
    () => req('GET', `/v1/service-provider/kycs?merchantServiceId=${org('STARK')}`, u.atlas, 404, 'merchantServiceId'),
  ],
  [
    'merchantReviews.riskAssessments: another TSP’s profile',
    () => req('GET', `/v1/service-provider/risk-assessments?merchantProfileId=${starkProfile}`, u.atlas, 404, 'merchantProfileId'),
  ],
  ['merchantReviews.creditAssessments: impossible page size', () => req('GET', '/v1/service-provider/credit-assessments?size=0', u.atlas, 400, 'size')],
  [
    'merchantReviews.executiveDocuments: another TSP’s merchant',
    () => req('GET', `/v1/service-provider/executive-documents?merchantServiceId=${org('STARK')}`, u.atlas, 404, 'merchantServiceId'),
  ],
  ['merchantReviews.fees: NUL in the sort', () => req('GET', '/v1/service-provider/fees?sort=a%00', u.atlas, 400, 'sort')],
];

describe('merchant profiles refuse foreign ids and malformed input', () => {
  it.each(rows)('%s', async (_call, make) => {
    await expectRefusal(s, make());
  });

  it('never lists another TSP’s profiles, comments or settlements', async () => {
    const ids = async (url: string, token: string) =>
      ((await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json() as { content: Array<{ id: string }> }).content.map(
        (r) => r.id,
      );
    expect(await ids(`${SP}?size=500`, u.atlas)).not.toContain(starkProfile);
    expect(await ids(`${M}?size=500`, u.globex)).not.toContain(starkProfile);
    expect(await ids(`${SP}/${starkProfile}/comments`, u.meridian)).toContain(meridianComment);
    expect(await ids(`${SP}/${globexProfile}/settlements`, u.atlas)).not.toContain(meridianSettlement);
  });
});
