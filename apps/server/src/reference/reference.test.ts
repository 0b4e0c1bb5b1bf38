import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contract, type CallDefinition } from '@corridor/api';
import { currencies } from '../db/schema.ts';
import { ERRORS } from '../errors.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let merchant: string;
let sp: string;
let admin: string;

beforeAll(async () => {
  s = await startTestServer();
  [merchant, sp, admin] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('900000001')]);
});
afterAll(async () => s?.close());

const referenceCalls = Object.entries(contract as Record<string, CallDefinition>).filter(
  ([id]) => id.startsWith('reference.') || id === 'topUps.transferModes',
);

function tokenFor(def: CallDefinition): string {
  if (def.audience === 'internal') return admin;
  if (def.audience === 'serviceProvider') return sp;
  return merchant;
}

describe('reference lists', () => {
  it('serves every reference list with page 0 size 10000, in the contract shape', async () => {
    const lists = referenceCalls.filter(([, def]) => !def.pathParams);
    expect(lists.length).toBeGreaterThan(20);
    for (const [id, def] of lists) {
      const res = await s.get(`${def.path}?page=0&size=10000`, tokenFor(def));
      expect(res.statusCode, id).toBe(200);
      const page = def.response.parse(res.json()) as { content: unknown[]; totalElements: number; totalPages: number };
      expect(page.content.length, id).toBeGreaterThan(0);
      expect(page.totalElements, id).toBe(page.content.length);
      expect(page.totalPages, id).toBe(1);
    }
  });

  it('answers every by-key form for a key of its list, and 404 NOT_FOUND for an absent key', async () => {
    const byKey = referenceCalls.filter(([, def]) => def.pathParams);
    for (const [id, def] of byKey) {
      const param = Object.keys(def.pathParams?.shape ?? {})[0] ?? '';
      const listPath = def.path.replace(`/{${param}}`, '').replace('/v1/internal/', '/v1/');
      const list = (await s.get(`${listPath}?size=1`, merchant)).json() as { content: Array<Record<string, unknown>> };
      const first = list.content[0] ?? {};
      const key = String(first[param] ?? first.code ?? first.id ?? first.countryCode);
      const res = await s.get(def.path.replace(`{${param}}`, encodeURIComponent(key)), tokenFor(def));
      expect(res.statusCode, `${id} ${key}`).toBe(200);
      def.response.parse(res.json());
      const missing = await s.get(def.path.replace(`{${param}}`, 'NO-SUCH-KEY'), tokenFor(def));
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    }
  });

  it('knows the decimal places of currencies', async () => {
    const dp = async (code: string) => (await s.get(`/v1/currencies/${code}`, merchant)).json().dp as number;
    expect(await dp('USD')).toBe(2);
    expect(await dp('JPY')).toBe(0);
    expect(await dp('KWD')).toBe(3);
    expect(await dp('BHD')).toBe(3);
    expect(await dp('OMR')).toBe(3);
  });

  it('filters, searches, sorts and pages', async () => {
    const aeBanks = (await s.get('/v1/banks?countryCode=AE&sort=name,ASC', merchant)).json();
    expect(aeBanks.content.map((b: { name: string }) => b.name)).toEqual(['Atlas Bank', 'Gulf Commercial Bank']);
    const kwdBanks = (await s.get('/v1/banks?currencyCode=KWD', merchant)).json();
    expect(kwdBanks.content.map((b: { code: string }) => b.code)).toEqual(['PRLKKWKW']);
    const search = (await s.get('/v1/countries?query=united', merchant)).json();
    expect(search.content.map((c: { code: string }) => c.code).sort()).toEqual(['AE', 'GB', 'US']);
    const codes = (await s.get('/v1/currencies?codes=EUR,JPY', merchant)).json();
    expect(codes.content.map((c: { code: string }) => c.code)).toEqual(['EUR', 'JPY']);
    const byDp = (await s.get('/v1/currencies?sort=dp,DESC&sort=code,ASC&size=3', merchant)).json();
    expect(byDp.content.map((c: { code: string }) => c.code)).toEqual(['BHD', 'JOD', 'KWD']);
    expect(byDp.totalPages).toBe(Math.ceil(byDp.totalElements / 3));
    const page2 = (await s.get('/v1/master/deal-types?size=2&page=1', merchant)).json();
    expect(page2.content.map((d: { code: string }) => d.code)).toEqual(['SPOT', 'FWD']);
    const badSort = await s.get('/v1/currencies?sort=colour,ASC', merchant);
    expect(badSort.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'sort' }] });
    const branches = await s.get('/v1/bank-country-currencies/AE', merchant);
    expect(branches.json().every((r: { countryCode: string }) => r.countryCode === 'AE')).toBe(true);
  });

  it('keeps account categories in 100..999', async () => {
    const page = (await s.get('/v1/master/categories/account?size=100', merchant)).json();
    for (const c of page.content as Array<{ id: string }>) {
      expect(Number(c.id)).toBeGreaterThanOrEqual(100);
      expect(Number(c.id)).toBeLessThanOrEqual(999);
    }
  });
});

describe('internal cache', () => {
  it('reads reference data through a named cache that really reloads after clear', async () => {
    await s.get('/v1/currencies/CHF', merchant);
    const info = (await s.get('/v1/internal/cache/get?cacheNameLike=curr', admin)).json() as Array<{ name: string; size: number }>;
    // cacheNameLike matches by "contains", case-insensitively.
    expect(info.map((c) => c.name)).toEqual(['bankCountryCurrencies', 'currencies', 'tradingCurrencies']);
    expect(info.find((c) => c.name === 'currencies')?.size).toBeGreaterThan(25);

    const entries = (await s.get('/v1/internal/cache/entries?cacheName=currencies', admin)).json();
    expect(entries.entries.find((e: { key: string }) => e.key === 'CHF').value.name).toBe('Swiss Franc');

    // The database changes behind the cache: reads keep the cached row until the cache is cleared.
    await s.database.db.update(currencies).set({ name: 'Swiss franc (renamed)' }).where(eq(currencies.code, 'CHF'));
    expect((await s.get('/v1/currencies/CHF', merchant)).json().name).toBe('Swiss Franc');
    const sizeOfCurrencies = async () =>
      ((await s.get('/v1/internal/cache/get?cacheNameLike=currencies', admin)).json() as Array<{ name: string; size: number }>).find(
        (c) => c.name === 'currencies',
      )?.size;
    const cleared = (await s.get('/v1/internal/cache/clear?cacheNameLike=%5Ecurrencies', admin)).json();
    expect(cleared.cleared).toEqual([]);
    const clearedNow = (await s.get('/v1/internal/cache/clear?cacheNameLike=currencies', admin)).json();
    expect(clearedNow.cleared).toContain('currencies');
    expect(await sizeOfCurrencies()).toBe(0);
    expect((await s.get('/v1/currencies/CHF', merchant)).json().name).toBe('Swiss franc (renamed)');
    expect(await sizeOfCurrencies()).toBeGreaterThan(25);
  });

  it('clears only the matching caches and answers 404 for an unknown cache name', async () => {
    await s.get('/v1/countries', merchant);
    await s.get('/v1/banks', merchant);
    const cleared = (await s.get('/v1/internal/cache/clear?cacheNameLike=bank%25', admin)).json().cleared as string[];
    expect(cleared).toContain('banks');
    expect(cleared).not.toContain('countries');
    const countries = (await s.get('/v1/internal/cache/get?cacheNameLike=countries', admin)).json();
    expect(countries).toHaveLength(1);
    expect(countries[0].size).toBeGreaterThan(30);
    expect((await s.get('/v1/internal/cache/entries?cacheName=nope', admin)).statusCode).toBe(404);
  });
});

describe('internal errors', () => {
  it('lists the registry of error codes the server answers with', async () => {
    const page = (await s.get('/v1/internal/errors?size=100', admin)).json();
    const codes = page.content.map((e: { code: string }) => e.code);
    expect(codes.sort()).toEqual(Object.keys(ERRORS).sort());
    expect(page.content.find((e: { code: string }) => e.code === 'RATE_LIMITED').httpStatus).toBe(429);
  });
});
