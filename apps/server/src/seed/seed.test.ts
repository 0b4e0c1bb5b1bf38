import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../db/database.ts';
import { ACCOUNT_CATEGORIES, isValidBic, isValidIban, usesIban } from '@corridor/domain';
import { accountCategories, bankAccounts, banks, countries, currencies, organisations, wallets } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { TSP_ACCOUNTS } from './demo-wallets.ts';
import { walletCountry } from './demo-accounts.ts';
import { MERCHANTS } from './demo-organisations.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const SPEC_CATEGORIES = new Set(ACCOUNT_CATEGORIES.map((c) => String(c.value)));
/** What each TSP account's name says it is, and the spec's category for it. */
const CATEGORY_OF_NAME: Array<[RegExp, string]> = [
  [/ Nostro /, '100'],
  [/ Vostro /, '600'],
  [/ Merchant settlement /, '700'],
  [/ Pool /, '500'],
];

describe('demo data a banker would believe', () => {
  it("lists exactly the spec's account categories, with the spec's names", async () => {
    const rows = await s.database.db.select().from(accountCategories);
    expect(rows.map((r) => [Number(r.id), r.name.toLowerCase()]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      ACCOUNT_CATEGORIES.map((c) => [c.value, c.label]),
    );
  });

  it('gives every TSP account the category its name says, never one outside the list', async () => {
    const own = await s.database.db.select().from(wallets).where(isNull(wallets.merchantServiceId));
    expect(own.length).toBeGreaterThanOrEqual(TSP_ACCOUNTS.length * 2);
    for (const w of own) {
      const expected = CATEGORY_OF_NAME.find(([name]) => name.test(w.alias))?.[1];
      expect(expected, w.alias).toBeDefined();
      expect(w.accountCategoryId, w.alias).toBe(expected);
      expect(SPEC_CATEGORIES.has(w.accountCategoryId ?? ''), w.alias).toBe(true);
    }
    // Every kind of TSP account is there, in each of the TSP's currencies.
    expect(new Set(own.map((w) => w.accountCategoryId))).toEqual(new Set(TSP_ACCOUNTS.map(([c]) => c)));
    const merchants = await s.database.db.select().from(wallets);
    for (const w of merchants) if (w.accountCategoryId !== null) expect(SPEC_CATEGORIES.has(w.accountCategoryId), w.alias).toBe(true);
  });

  it("holds every wallet in its currency's country, the euro in one euro-area country, at a bank of that country", async () => {
    const db = s.database.db;
    const [all, currencyRows, countryRows, bankRows, orgs] = await Promise.all([
      db.select().from(wallets),
      db.select().from(currencies),
      db.select().from(countries),
      db.select().from(banks),
      db.select().from(organisations),
    ]);
    const euroArea = new Set(countryRows.filter((c) => c.currencyCode === 'EUR').map((c) => c.code));
    const tspCountry = new Map(orgs.map((o) => [o.id, o.countryCode]));
    expect(all.length).toBeGreaterThan(40);
    for (const w of all) {
      const home = currencyRows.find((c) => c.code === w.currencyCode)?.countryCode;
      if (home) expect(w.countryCode, w.alias).toBe(home);
      else {
        // A currency of several countries: the TSP's own when it uses it, else the currency's home (EUR: DE).
        const tsp = tspCountry.get(w.serviceProviderId) ?? '';
        expect(w.countryCode, w.alias).toBe(euroArea.has(tsp) ? tsp : 'DE');
      }
      expect(w.countryCode, w.alias).toBe(walletCountry(w.currencyCode, tspCountry.get(w.serviceProviderId) ?? ''));
      const bank = bankRows.find((b) => b.code === w.bankCode);
      expect(bank?.countryCode, `${w.alias} at ${w.bankCode ?? '-'}`).toBe(w.countryCode);
    }
    expect(new Set(all.filter((w) => w.currencyCode === 'EUR').map((w) => w.countryCode))).toEqual(new Set(['DE']));
  });

  it('fills IBAN (where the country has one) and BIC with valid check digits on every seeded wallet and bank account', async () => {
    const db = s.database.db;
    const [all, accounts, bankRows] = await Promise.all([db.select().from(wallets), db.select().from(bankAccounts), db.select().from(banks)]);
    for (const w of all) {
      const account = accounts.find((a) => a.id === w.bankAccountId);
      expect(account, w.alias).toBeDefined();
      const bankCountry = bankRows.find((b) => b.code === w.bankCode)?.countryCode ?? '';
      expect(isValidBic(w.bic ?? '', bankCountry), `${w.alias}: ${w.bic ?? '-'}`).toBe(true);
      expect(w.bic).toBe(bankRows.find((b) => b.code === w.bankCode)?.bic);
      if (usesIban(w.countryCode)) {
        expect(isValidIban(w.iban ?? ''), `${w.alias}: ${w.iban ?? '-'}`).toBe(true);
        expect(w.iban?.slice(0, 2)).toBe(w.countryCode);
        expect(w.iban).toBe(account?.iban);
      } else {
        expect(w.iban, w.alias).toBeNull();
        expect(account?.accountNumber ?? '', w.alias).toMatch(/^\d{7,14}$/);
      }
    }
    for (const a of accounts) {
      expect(isValidBic(a.bic ?? '', a.countryCode), a.accountHolderName).toBe(true);
      if (usesIban(a.countryCode)) expect(isValidIban(a.iban ?? ''), a.iban ?? '-').toBe(true);
      else expect(a.accountNumber).toMatch(/^\d+$/);
    }
    // IBANs identify one account each.
    const ibans = accounts.map((a) => a.iban).filter((i) => i !== null);
    expect(new Set(ibans).size).toBe(ibans.length);
    expect(ibans.length).toBeGreaterThan(10);
    // Both kinds are there: IBAN countries (AE, DE, GB, PK, KW) and account-number ones (US, IN, JP, SG).
    expect(accounts.some((a) => a.accountNumber !== null)).toBe(true);
  });

  it('gives every demo merchant transfers to look at: one completed on both sides, one awaiting its target TSP, one with a cancellation asked', async () => {
    const rows = rowsOf<{ code: string; status: string; n: number }>(
      await s.database.db.execute(sql`select o.code, t.status, count(*)::int as n from transactions_v2 t join organisations o on o.id = t.merchant_id
        where t.category = 'TRANSFER' group by o.code, t.status`),
    );
    // The demo's trading merchants (the merchant authorization demo's are shown in their statuses, not trading).
    const demo = new Set(MERCHANTS.map((m) => m.code));
    const merchants = (await s.database.db.select({ code: organisations.code }).from(organisations).where(eq(organisations.type, 'MERCHANT'))).filter((m) =>
      demo.has(m.code),
    );
    expect(merchants.length).toBeGreaterThan(3);
    for (const { code } of merchants) {
      const of = (status: string) => rows.find((r) => r.code === code && r.status === status)?.n ?? 0;
      // At least one completed: the reconciliation demo (demo-reconciliation.ts) completes a few more to settle.
      expect([of('COMPLETED') >= 1, of('PROCESSING'), of('PENDING')], code).toEqual([true, 1, 1]);
    }
  });
});
