import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { feeForTransaction, merchantProfile, pageOf } from '@corridor/api';
import { organisations } from '../db/schema.ts';
import { feeProfiles } from '../fees/fee-tables.ts';
import { markupProfiles } from '../pricing-config/pricing-config-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string;
let meridian: string;
let initech: string;
let globex: string;
let admin: string;
const org = new Map<string, string>();
const page = pageOf(merchantProfile);

const SP = '/v1/service-provider/merchant-profiles';
const MERCHANT = '/v1/merchant-service/merchant-profiles';

function call(method: 'POST' | 'PATCH', url: string, token: string, payload: object) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
}
function fieldsOf(res: { json: () => unknown }): string[] {
  return ((res.json() as { invalidParameters?: Array<{ parameter: string }> }).invalidParameters ?? []).map((p) => p.parameter);
}
const id = (code: string) => org.get(code) ?? '';

async function feeProfileId(tsp: string, name: string): Promise<string> {
  const [row] = await s.services.db
    .select({ id: feeProfiles.id })
    .from(feeProfiles)
    .where(and(eq(feeProfiles.serviceProviderId, id(tsp)), eq(feeProfiles.name, name)));
  return row?.id ?? '';
}

async function profileOf(token: string, merchant: string) {
  const list = page.parse((await s.get(`${SP}?merchantServiceId=${id(merchant)}`, token)).json());
  const found = list.content[0];
  if (!found) throw new Error(`no profile of ${merchant}`);
  return found;
}

beforeAll(async () => {
  s = await startTestServer();
  [atlas, meridian, initech, globex, admin] = await Promise.all([
    s.token('200000001'),
    s.token('200000002'),
    s.token('100000002'),
    s.token('100000001'),
    s.token('900000001'),
  ]);
  for (const row of await s.services.db.select({ id: organisations.id, code: organisations.code }).from(organisations)) org.set(row.code, row.id);
});
afterAll(async () => s?.close());

describe('merchant profiles: TSP view', () => {
  it("lists the TSP's profiles only, with the merchant's fee and markup profile at its own TSP", async () => {
    const list = page.parse((await s.get(SP, atlas)).json());
    // The demo's merchants of Atlas, with those of the merchant authorization demo.
    expect(list.content.map((p) => p.merchantName)).toEqual([
      'Cyberdyne Systems',
      'Globex Trading',
      'Hooli Services',
      'Initech Imports',
      'Soylent Foods',
      'Tyrell Trading',
      'Umbrella Logistics',
    ]);
    expect(list.content.every((p) => p.serviceProviderId === id('ATLAS'))).toBe(true);
    const initechProfile = list.content.find((p) => p.merchantName === 'Initech Imports');
    expect(initechProfile?.merchantFeeProfileId).toBe(await feeProfileId('ATLAS', 'Standard'));
    // Meridian sees its own merchants and Globex's application to it, never Atlas's relations.
    const theirs = page.parse((await s.get(SP, meridian)).json());
    expect(theirs.content.map((p) => p.merchantName).sort()).toEqual(['Acme Exporters', 'Globex Trading', 'Stark Textiles', 'Wayne Foods']);
    const application = theirs.content.find((p) => p.merchantName === 'Globex Trading');
    expect(application).toMatchObject({ profileStatus: 'PENDING_APPROVAL', merchantFeeProfileId: null, markupProfileId: null });
  });

  it('filters by every field of the filter it is given', async () => {
    const pending = page.parse((await s.get(`${SP}?profileStatus=PENDING_APPROVAL`, atlas)).json());
    expect(pending.content.map((p) => p.merchantName)).toEqual(['Hooli Services', 'Umbrella Logistics']);
    const named = page.parse((await s.get(`${SP}?merchantNameContains=glob`, atlas)).json());
    expect(named.content.map((p) => p.merchantName)).toEqual(['Globex Trading']);
    const standard = page.parse((await s.get(`${SP}?merchantFeeProfileId=${await feeProfileId('ATLAS', 'Standard')}`, atlas)).json());
    expect(standard.content.map((p) => p.merchantName)).toEqual(['Initech Imports', 'Umbrella Logistics']);
    const kyc = page.parse((await s.get(`${SP}?kycStatus=IN_VERIFICATION`, atlas)).json());
    expect(kyc.content.map((p) => p.merchantName)).toEqual(['Hooli Services', 'Umbrella Logistics']);
    expect(page.parse((await s.get(`${SP}?status=INACTIVE`, atlas)).json()).totalElements).toBe(0);
    const sorted = page.parse((await s.get(`${SP}?sort=merchantName,DESC`, atlas)).json());
    expect(sorted.content[0]?.merchantName).toBe('Umbrella Logistics');
    const bad = await s.get(`${SP}?sort=secret,ASC`, atlas);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['sort']);
  });

  it('reads one profile by id and by pair; another TSP gets 404', async () => {
    const profile = await profileOf(atlas, 'GLOBEX');
    expect(merchantProfile.parse((await s.get(`${SP}/${profile.id}`, atlas)).json()).id).toBe(profile.id);
    expect((await s.get(`${SP}/${profile.id}`, meridian)).statusCode).toBe(404);
    const byPair = merchantProfile.parse((await s.get(`${SP}/${id('GLOBEX')}/${id('ATLAS')}`, atlas)).json());
    expect(byPair.id).toBe(profile.id);
    expect((await s.get(`${SP}/${id('GLOBEX')}/${id('ATLAS')}`, meridian)).statusCode).toBe(404);
  });

  it('assigns a fee profile: the merchant is then priced with its rules', async () => {
    // Initech is on Standard: 0.25 % of 20,000 USD = 50.00, VAT 5 %.
    const url = `/merchant/v1/pricing/fees/for-transaction?serviceProviderId=${id('ATLAS')}&chargeMode=OUR&sourceAmount=${encodeURIComponent(
      JSON.stringify({ amount: '20000', currency: 'USD' }),
    )}`;
    const before = feeForTransaction.parse((await s.get(url, initech)).json());
    expect(before.fees.find((f) => f.feeType === 'OUR')?.amount).toBe('50.00');
    const premium = await feeProfileId('ATLAS', 'Premium');
    const profile = await profileOf(atlas, 'INITECH');
    const res = await call('PATCH', `${SP}/${profile.id}`, atlas, { merchantFeeProfileId: premium, kycStatus: 'APPROVED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(merchantProfile.parse(res.json())).toMatchObject({ merchantFeeProfileId: premium, kycStatus: 'APPROVED' });
    // Premium: 0.15 % = 30.00 and a 0.05 % rebate on large tickets.
    const after = feeForTransaction.parse((await s.get(url, initech)).json());
    expect(after.fees.map((f) => [f.feeType, f.amount])).toEqual([
      ['OUR', '30.00'],
      ['REBATE', '10.00'],
      ['FX_PREMIUM', '20.00'],
    ]);
    expect(after.total).toBe('31.50');
    // Back to Standard, so the assignment is what decides.
    await call('PATCH', `${SP}/${profile.id}`, atlas, { merchantFeeProfileId: await feeProfileId('ATLAS', 'Standard') });
    expect(feeForTransaction.parse((await s.get(url, initech)).json()).total).toBe('52.50');
  });

  it("refuses another TSP's fee or markup profile (404 naming the field) and pricing on a foreign relation", async () => {
    const profile = await profileOf(atlas, 'INITECH');
    const foreignFee = await call('PATCH', `${SP}/${profile.id}`, atlas, { merchantFeeProfileId: await feeProfileId('MERIDIAN', 'Premium') });
    expect(foreignFee.statusCode).toBe(404);
    expect(fieldsOf(foreignFee)).toEqual(['merchantFeeProfileId']);
    const [theirMarkup] = await s.services.db
      .select({ id: markupProfiles.id })
      .from(markupProfiles)
      .where(eq(markupProfiles.serviceProviderId, id('MERIDIAN')));
    const foreignMarkup = await call('PATCH', `${SP}/${profile.id}`, atlas, { markupProfileId: theirMarkup?.id ?? 'none' });
    expect(foreignMarkup.statusCode).toBe(404);
    expect(fieldsOf(foreignMarkup)).toEqual(['markupProfileId']);
    const [ownMarkup] = await s.services.db
      .select({ id: markupProfiles.id })
      .from(markupProfiles)
      .where(eq(markupProfiles.serviceProviderId, id('ATLAS')));
    const markup = await call('PATCH', `${SP}/${profile.id}`, atlas, { markupProfileId: ownMarkup?.id });
    expect(merchantProfile.parse(markup.json()).markupProfileId).toBe(ownMarkup?.id);
    // Globex's relation with Meridian is not the one it is priced on.
    const application = (await profileOf(meridian, 'GLOBEX')).id;
    const notHome = await call('PATCH', `${SP}/${application}`, meridian, { merchantFeeProfileId: await feeProfileId('MERIDIAN', 'Premium') });
    expect(notHome.statusCode).toBe(400);
    expect(fieldsOf(notHome)).toEqual(['merchantFeeProfileId']);
    expect((await call('PATCH', `${SP}/${profile.id}`, meridian, { kycStatus: 'APPROVED' })).statusCode).toBe(404);
  });

  it('sets the settlement cycle and rejects bad input naming the field', async () => {
    const profile = await profileOf(atlas, 'UMBRELLA');
    const res = await call('PATCH', `${SP}/${profile.id}`, atlas, {
      settlementCycle: { mode: 'WEEKLY', value: 3, settlementDate: null },
      profileStatus: 'ACTIVE',
      reason: 'Reviews complete',
    });
    expect(merchantProfile.parse(res.json())).toMatchObject({ settlementCycle: { mode: 'WEEKLY', value: 3, settlementDate: null }, profileStatus: 'ACTIVE' });
    const once = await call('PATCH', `${SP}/${profile.id}`, atlas, { settlementCycle: { mode: 'ONCE', value: null, settlementDate: null } });
    expect(once.statusCode).toBe(400);
    expect(fieldsOf(once)).toEqual(['settlementCycle.settlementDate']);
    const every = await call('PATCH', `${SP}/${profile.id}`, atlas, { settlementCycle: { mode: 'EVERY', value: null, settlementDate: null } });
    expect(every.statusCode).toBe(400);
    expect(fieldsOf(every)).toEqual(['settlementCycle.value']);
    const status = await call('PATCH', `${SP}/${profile.id}`, atlas, { kycStatus: 'DONE' });
    expect(status.statusCode).toBe(400);
    expect(fieldsOf(status)).toEqual(['kycStatus']);
  });
});

describe('merchant profiles: merchant and operations views', () => {
  it("lists the merchant's own profiles and reads one by pair; another merchant's is 404", async () => {
    const mine = page.parse((await s.get(MERCHANT, globex)).json());
    expect(mine.content.map((p) => p.serviceProviderId).sort()).toEqual([id('ATLAS'), id('MERIDIAN')].sort());
    expect(mine.content.every((p) => p.merchantServiceId === id('GLOBEX'))).toBe(true);
    expect((await s.get(`${MERCHANT}/${id('GLOBEX')}/${id('ATLAS')}`, globex)).statusCode).toBe(200);
    expect((await s.get(`${MERCHANT}/${id('INITECH')}/${id('ATLAS')}`, globex)).statusCode).toBe(404);
  });

  it('applies to a service provider once; bad or foreign ids are 4xx naming the field', async () => {
    const created = await call('POST', MERCHANT, initech, { serviceProviderId: id('MERIDIAN') });
    expect(created.statusCode, created.body).toBe(201);
    expect(merchantProfile.parse(created.json())).toMatchObject({
      merchantServiceId: id('INITECH'),
      serviceProviderId: id('MERIDIAN'),
      profileStatus: 'PENDING_APPROVAL',
      kycStatus: 'NEW',
      createdBy: { name: 'Sarah Mitchell' },
    });
    const again = await call('POST', MERCHANT, initech, { serviceProviderId: id('MERIDIAN') });
    expect(again.statusCode).toBe(400);
    expect(fieldsOf(again)).toEqual(['serviceProviderId']);
    const unknown = await call('POST', MERCHANT, initech, { serviceProviderId: id('GLOBEX') });
    expect(unknown.statusCode).toBe(404);
    expect(fieldsOf(unknown)).toEqual(['serviceProviderId']);
    const other = await call('POST', MERCHANT, initech, { serviceProviderId: id('MERIDIAN'), merchantServiceId: id('STARK') });
    expect(other.statusCode).toBe(404);
    expect(fieldsOf(other)).toEqual(['merchantServiceId']);
    const missing = await call('POST', MERCHANT, initech, {});
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['serviceProviderId']);
    // The TSP applied to sees the application.
    expect(page.parse((await s.get(`${SP}?merchantServiceId=${id('INITECH')}`, meridian)).json()).totalElements).toBe(1);
  });

  it('five applications of one pair at once: one profile, the others the duplicate answer naming serviceProviderId, never a 500', async () => {
    const url = `/v1/internal/merchant-service/merchant-profiles?merchantId=${id('ACME')}`;
    const answers = await Promise.all([...Array(5).keys()].map(() => call('POST', url, admin, { serviceProviderId: id('ATLAS') })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) expect(fieldsOf(refused)).toEqual(['serviceProviderId']);
    const acme = page.parse((await s.get(`/v1/internal/service-provider/merchant-profiles?merchantServiceId=${id('ACME')}`, admin)).json());
    expect(acme.content.filter((p) => p.serviceProviderId === id('ATLAS'))).toHaveLength(1);
  });

  it('operations open profiles for a merchant and read every profile', async () => {
    const created = await call('POST', `/v1/internal/merchant-service/merchant-profiles?merchantId=${id('WAYNE')}`, admin, { serviceProviderId: id('ATLAS') });
    expect(created.statusCode, created.body).toBe(201);
    const noMerchant = await call('POST', `/v1/internal/merchant-service/merchant-profiles?merchantId=${id('ATLAS')}`, admin, {
      serviceProviderId: id('ATLAS'),
    });
    expect(noMerchant.statusCode).toBe(404);
    expect(fieldsOf(noMerchant)).toEqual(['merchantId']);
    const all = page.parse((await s.get('/v1/internal/service-provider/merchant-profiles?size=50', admin)).json());
    expect(new Set(all.content.map((p) => p.serviceProviderId))).toEqual(new Set([id('ATLAS'), id('MERIDIAN')]));
    const wayne = page.parse((await s.get(`/v1/internal/service-provider/merchant-profiles?merchantServiceId=${id('WAYNE')}`, admin)).json());
    expect(wayne.totalElements).toBe(2);
    expect((await s.get(`/v1/internal/merchant-profiles/${id('WAYNE')}/${id('ATLAS')}`, admin)).statusCode).toBe(200);
    expect((await s.get(`/v1/internal/merchant-profiles/${id('WAYNE')}/nobody`, admin)).statusCode).toBe(404);
    expect((await s.get('/v1/internal/service-provider/merchant-profiles', atlas)).statusCode).toBe(403);
  });
});
