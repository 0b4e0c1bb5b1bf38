import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { beneficiary as beneficiarySchema, pageOf } from '@corridor/api';
import { isValidIban, makeIban } from '@corridor/domain';
import { organisations } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { beneficiaries } from './beneficiary-schema.ts';
import { beneficiaryOfMerchant } from './beneficiary-service.ts';
import { DEMO_BENEFICIARIES } from '../seed/demo-beneficiaries.ts';

let s: TestServer;
let globex: string; // merchant of Atlas
let initech: string; // merchant of Atlas
let stark: string; // merchant of Meridian
let atlas: string;
let meridian: string;
let globexId: string;

const URL = '/v1/merchant-service/beneficiaries';
const SP_URL = '/v1/service-provider/merchant-service-beneficiaries';
const page = pageOf(beneficiarySchema);

function post(token: string, payload: unknown, key?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (key) headers['idempotency-key'] = key;
  return s.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });
}

let serial = 0;
/** A German IBAN nobody holds yet (valid check digits). */
function freshIban(): string {
  serial += 1;
  return makeIban('DE', `37040044${String(900_000_000 + serial).padStart(10, '0')}`);
}

const body = (over: Record<string, unknown> = {}) => ({
  type: 'BUSINESS',
  name: 'Hanse Kontor GmbH',
  displayName: 'Hanse Kontor',
  countryCode: 'DE',
  currencyCode: 'EUR',
  iban: freshIban(),
  bic: 'RHNEDEFFXXX',
  bankName: 'Rhine Handelsbank',
  city: 'Hamburg',
  ...over,
});

function fields(res: { json: () => unknown }): string[] {
  return ((res.json() as { invalidParameters?: Array<{ parameter: string }> }).invalidParameters ?? []).map((p) => p.parameter);
}

beforeAll(async () => {
  s = await startTestServer();
  [globex, initech, stark, atlas, meridian] = await Promise.all([
    s.token('100000001'),
    s.token('100000002'),
    s.token('100000004'),
    s.token('200000001'),
    s.token('200000002'),
  ]);
  const [g] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'GLOBEX'));
  globexId = g?.id ?? '';
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('beneficiaries: create, list, get', () => {
  it('adds a beneficiary (201), normalises the IBAN and BIC, and reads it back by id', async () => {
    const iban = freshIban();
    const grouped = iban
      .replace(/(.{4})/g, '$1 ')
      .trim()
      .toLowerCase();
    const res = await post(globex, body({ iban: grouped, bic: 'rhnedeffxxx' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = beneficiarySchema.parse(res.json());
    expect(created).toMatchObject({ iban, bic: 'RHNEDEFFXXX', displayName: 'Hanse Kontor', name: 'Hanse Kontor GmbH', status: 'ACTIVE', accountNumber: null });
    expect(created.merchantServiceId).toBe(globexId);
    expect(created.createdBy?.name).toBe('Omar Rahman');
    const got = await s.get(`${URL}/${created.id}`, globex);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);
  });

  it('shows the nickname as displayName, else the holder name', async () => {
    const res = await post(globex, body({ displayName: undefined, name: 'Lotte Brandt', type: 'INDIVIDUAL' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ displayName: 'Lotte Brandt', type: 'INDIVIDUAL' });
  });

  it('lists its own beneficiaries, newest first, filtered by displayName, iban, type and status', async () => {
    const iban = freshIban();
    await post(globex, body({ iban, displayName: 'Filter Target Zeta' }));
    const all = page.parse((await s.get(`${URL}?size=100`, globex)).json());
    expect(all.content.length).toBeGreaterThanOrEqual(6); // 4 seeded + those added above
    expect(all.content.every((b) => b.merchantServiceId === globexId)).toBe(true);
    expect(all.content[0]?.displayName).toBe('Filter Target Zeta');
    const byName = page.parse((await s.get(`${URL}?displayName=target%20zeta`, globex)).json());
    expect(byName.content.map((b) => b.iban)).toEqual([iban]);
    const byIban = page.parse((await s.get(`${URL}?iban=${encodeURIComponent(iban.slice(0, 8).replace(/(.{4})/, '$1 '))}`, globex)).json());
    expect(byIban.content.length).toBeGreaterThanOrEqual(1);
    const individuals = page.parse((await s.get(`${URL}?type=INDIVIDUAL&size=100`, globex)).json());
    expect(individuals.content.length).toBeGreaterThanOrEqual(2);
    expect(individuals.content.every((b) => b.type === 'INDIVIDUAL')).toBe(true);
    const inactive = page.parse((await s.get(`${URL}?status=INACTIVE`, globex)).json());
    expect(inactive.totalElements).toBe(0);
    const sorted = page.parse((await s.get(`${URL}?sort=name,asc&size=3&page=0`, globex)).json());
    const names = sorted.content.map((b) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(sorted.content.length).toBe(3);
  });

  it('replays a create with the same Idempotency-Key: one row, the same answer', async () => {
    const payload = body();
    const first = await post(globex, payload, 'benef-key-1');
    const second = await post(globex, payload, 'benef-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const rows = await s.services.db.select().from(beneficiaries).where(eq(beneficiaries.iban, payload.iban));
    expect(rows).toHaveLength(1);
  });
});

describe('beneficiaries: validation names the field', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a missing name', { name: undefined }, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['an unknown country', { countryCode: 'ZZ' }, 'countryCode'],
    ['an unknown currency', { currencyCode: 'ZZZ' }, 'currencyCode'],
    ['a malformed currency', { currencyCode: 'EURO' }, 'currencyCode'],
    ['wrong IBAN check digits', { iban: 'DE00370400440532013000' }, 'iban'],
    ['an IBAN of another country', { iban: makeIban('FR', '30006000011234567890189') }, 'iban'],
    ['a BIC of 9 characters', { bic: 'RHNEDEFFX' }, 'bic'],
    ['letters in an account number', { iban: undefined, countryCode: 'US', currencyCode: 'USD', accountNumber: '12AB5678' }, 'accountNumber'],
    ['neither IBAN nor account number', { iban: undefined }, 'iban'],
    ['an account number where the country uses IBANs', { iban: undefined, accountNumber: '12345678' }, 'iban'],
    ['a bad email', { email: 'not-an-email' }, 'email'],
    ['a NUL in the name', { name: 'Hanse\u0000Kontor' }, 'name'],
    ['a huge name', { name: 'x'.repeat(5_000) }, 'name'],
    ['a type not in the list', { type: 'TRUST' }, 'type'],
  ];
  it.each(cases)('refuses %s with 400 naming it', async (_label, over, field) => {
    const res = await post(globex, body(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(fields(res)).toContain(field);
  });

  it('refuses malformed JSON and a non-object body with 4xx, never 500', async () => {
    const bad = await s.app.inject({
      method: 'POST',
      url: URL,
      headers: { authorization: `Bearer ${globex}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const list = await post(globex, [1, 2, 3]);
    expect(list.statusCode).toBe(400);
  });

  it('takes an account number where the country has no IBAN (US)', async () => {
    const res = await post(
      globex,
      body({ iban: undefined, countryCode: 'US', currencyCode: 'USD', accountNumber: '000123456789', bankCode: 'NRTHUS33', bic: 'NRTHUS33' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ iban: null, accountNumber: '000123456789', bankCode: 'NRTHUS33' });
  });
});

describe('beneficiaries: one account once per merchant', () => {
  it('refuses the same IBAN twice for a merchant with 409 naming iban, even written differently', async () => {
    const iban = freshIban();
    expect((await post(globex, body({ iban }))).statusCode).toBe(201);
    const again = await post(globex, body({ iban: iban.toLowerCase().replace(/(.{4})/g, '$1 '), name: 'Someone else' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_BENEFICIARY' });
    expect(fields(again)).toEqual(['iban']);
    // Another merchant may pay the same account.
    expect((await post(initech, body({ iban }))).statusCode).toBe(201);
  });

  it('refuses the same account number at the same bank with 409 naming accountNumber; another bank is another account', async () => {
    const us = { iban: undefined, countryCode: 'US', currencyCode: 'USD', accountNumber: '555000111222', bankCode: 'HARBUS44' };
    expect((await post(globex, body(us))).statusCode).toBe(201);
    const again = await post(globex, body(us));
    expect(again.statusCode).toBe(409);
    expect(fields(again)).toEqual(['accountNumber']);
    expect((await post(globex, body({ ...us, bankCode: 'NRTHUS33' }))).statusCode).toBe(201);
  });

  it('lets exactly one of many concurrent adds of one account through', async () => {
    const payload = body();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(globex, payload)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe('beneficiaries: tenant scope', () => {
  it("a merchant cannot read another merchant's beneficiary (404) nor see it in its list", async () => {
    const created = beneficiarySchema.parse((await post(globex, body())).json());
    const foreign = await s.get(`${URL}/${created.id}`, stark);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND' });
    const starkList = page.parse((await s.get(`${URL}?size=100&ids=${created.id}`, stark)).json());
    expect(starkList.totalElements).toBe(0);
    const sameTsp = await s.get(`${URL}/${created.id}`, initech);
    expect(sameTsp.statusCode).toBe(404);
  });

  it("a TSP sees its merchants' beneficiaries only", async () => {
    const created = beneficiarySchema.parse((await post(globex, body())).json());
    expect((await s.get(`${SP_URL}/${created.id}`, atlas)).statusCode).toBe(200);
    expect((await s.get(`${SP_URL}/${created.id}`, meridian)).statusCode).toBe(404);
    const atlasList = page.parse((await s.get(`${SP_URL}?size=200`, atlas)).json());
    const [globexOrg] = await s.services.db.select({ parent: organisations.parentId }).from(organisations).where(eq(organisations.id, globexId));
    const ofAtlas = await s.services.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.parentId, globexOrg?.parent ?? ''));
    const merchantsOfAtlas = new Set(ofAtlas.map((o) => o.id));
    expect(atlasList.content.length).toBeGreaterThan(0);
    expect(atlasList.content.every((b) => merchantsOfAtlas.has(b.merchantServiceId))).toBe(true);
    const meridianList = page.parse((await s.get(`${SP_URL}?size=200`, meridian)).json());
    expect(meridianList.content.some((b) => b.id === created.id)).toBe(false);
    expect(meridianList.content.length).toBeGreaterThan(0);
    const oneMerchant = page.parse((await s.get(`${SP_URL}?size=200&merchantServiceId=${globexId}`, atlas)).json());
    expect(oneMerchant.content.every((b) => b.merchantServiceId === globexId)).toBe(true);
    // Another TSP's merchant is not found, naming the filter: never an empty page that confirms it exists.
    const foreign = await s.get(`${SP_URL}?merchantServiceId=${globexId}`, meridian);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', invalidParameters: [{ parameter: 'merchantServiceId' }] });
  });

  it('a merchant user cannot call the TSP read, nor a TSP the merchant one', async () => {
    expect((await s.get(SP_URL, globex)).statusCode).toBe(403);
    expect((await s.get(URL, atlas)).statusCode).toBe(403);
  });

  it('beneficiaryOfMerchant answers the row of the merchant, else 404 naming beneficiaryId', async () => {
    const created = beneficiarySchema.parse((await post(globex, body())).json());
    const row = await beneficiaryOfMerchant(s.services.db, globexId, created.id);
    expect(row.iban).toBe(created.iban);
    const [stk] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'STARK'));
    await expect(beneficiaryOfMerchant(s.services.db, stk?.id ?? '', created.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      invalidParameters: [{ parameter: 'beneficiaryId', message: 'no such beneficiary of yours' }],
    });
  });
});

describe('demo beneficiaries', () => {
  it('gives every demo merchant 3 to 5 beneficiaries whose IBANs hold', async () => {
    const rows = await s.services.db.select().from(beneficiaries);
    for (const list of Object.values(DEMO_BENEFICIARIES)) {
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(5);
    }
    const seeded = rows.filter((r) => r.createdBy === null);
    expect(seeded).toHaveLength(Object.values(DEMO_BENEFICIARIES).flat().length);
    for (const r of seeded) {
      if (r.iban !== null) {
        expect(isValidIban(r.iban), r.iban).toBe(true);
        expect(r.iban.slice(0, 2)).toBe(r.countryCode);
      } else expect(r.accountNumber).toMatch(/^\d+$/);
    }
  });
});
