/**
 * Demo beneficiaries: the suppliers and staff each demo merchant pays, at real-looking banks of the
 * beneficiary's country, with IBANs whose check digits hold (or account numbers where there is no IBAN).
 */
import { count } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { IBAN_LENGTHS, makeIban, usesIban } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { beneficiaries } from '../beneficiaries/beneficiary-schema.ts';
import { BANKS } from './reference-data.ts';

type Demo = [name: string, nickname: string | null, type: 'INDIVIDUAL' | 'BUSINESS', bankCode: string, currency: string, city: string];

/**
 * Per merchant code: who it pays.
 * @internal used by its tests
 */
export const DEMO_BENEFICIARIES: Record<string, Demo[]> = {
  GLOBEX: [
    ['Thames Packaging Ltd', 'Thames Packaging', 'BUSINESS', 'THMSGB22', 'GBP', 'London'],
    ['Rhine Maschinenbau GmbH', 'Rhine Machines', 'BUSINESS', 'RHNEDEFF', 'EUR', 'Frankfurt'],
    ['Ganges Spice Traders Pvt Ltd', null, 'BUSINESS', 'GANGINBB', 'INR', 'Mumbai'],
    ['Yusuf Karimi', 'Yusuf (Dubai office)', 'INDIVIDUAL', 'GULFAEAD', 'AED', 'Dubai'],
  ],
  INITECH: [
    ['Northwind Components Inc', 'Northwind', 'BUSINESS', 'NRTHUS33', 'USD', 'New York'],
    ['Lion City Electronics Pte Ltd', null, 'BUSINESS', 'LIONSGSG', 'SGD', 'Singapore'],
    ['Gulf Freight LLC', 'Gulf Freight', 'BUSINESS', 'GULFAEAD', 'AED', 'Abu Dhabi'],
  ],
  UMBRELLA: [
    ['Seine Transports SARL', 'Seine Transports', 'BUSINESS', 'SEINFRPP', 'EUR', 'Paris'],
    ['Rhine Logistik AG', null, 'BUSINESS', 'RHNEDEFF', 'EUR', 'Hamburg'],
    ['Margaret Hughes', null, 'INDIVIDUAL', 'THMSGB22', 'GBP', 'Manchester'],
    ['Alpen Lagerhaus AG', 'Alpen Warehouse', 'BUSINESS', 'ALPSCHZZ', 'CHF', 'Zurich'],
  ],
  STARK: [
    ['Indus Cotton Mills', 'Cotton mills', 'BUSINESS', 'INDSPKKA', 'PKR', 'Karachi'],
    ['Desert Dyes Trading Co', null, 'BUSINESS', 'DSRTSARI', 'SAR', 'Riyadh'],
    ['Imran Qureshi', null, 'INDIVIDUAL', 'INDSPKKA', 'PKR', 'Lahore'],
  ],
  WAYNE: [
    ['Sakura Foods KK', 'Sakura Foods', 'BUSINESS', 'SAKRJPJT', 'JPY', 'Tokyo'],
    ['Harbor Cold Storage LLC', null, 'BUSINESS', 'HARBUS44', 'USD', 'Chicago'],
    ['Pearl River Seafood Ltd', null, 'BUSINESS', 'PERLHKHH', 'HKD', 'Hong Kong'],
  ],
  ACME: [
    ['Pearl Gulf Trading WLL', 'Pearl Gulf', 'BUSINESS', 'PRLKKWKW', 'KWD', 'Kuwait City'],
    ['Luzon Agri Exports Inc', null, 'BUSINESS', 'LUZNPHMM', 'PHP', 'Manila'],
    ['Tan Wei Ming', null, 'INDIVIDUAL', 'LIONSGSG', 'SGD', 'Singapore'],
  ],
};

/** Countries whose BBAN is all digits (the others open with the bank's four letters). */
const NUMERIC_BBAN = new Set(['AE', 'DE', 'SA', 'CH', 'FR', 'ES', 'NO', 'PL', 'DK', 'SE']);

/** Deterministic digits from a seed (linear congruential walk): every seeded database holds the same accounts. */
function digits(seed: number, length: number): string {
  let out = '';
  let x = seed;
  while (out.length < length) {
    x = (x * 48_271) % 2_147_483_647;
    out += String(x % 10);
  }
  return out;
}

/** The IBAN, or the local account number where the country has no IBAN. */
function demoAccount(bankCode: string, countryCode: string, seed: number): { iban: string | null; accountNumber: string | null } {
  if (!usesIban(countryCode)) return { iban: null, accountNumber: digits(seed, 12) };
  const bbanLength = (IBAN_LENGTHS[countryCode] ?? 0) - 4;
  const bank = NUMERIC_BBAN.has(countryCode) ? '' : bankCode.slice(0, 4);
  return { iban: makeIban(countryCode, `${bank}${digits(seed, bbanLength - bank.length)}`), accountNumber: null };
}

/** Seeds the demo beneficiaries once: a database that holds any is left alone. */
export async function seedDemoBeneficiaries(db: Db, orgs: Map<string, string>, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(beneficiaries);
  if ((existing?.n ?? 0) > 0) return 0;
  const rows: Array<typeof beneficiaries.$inferInsert> = [];
  let seed = 4_211;
  for (const [code, list] of Object.entries(DEMO_BENEFICIARIES)) {
    const merchantId = orgs.get(code);
    if (!merchantId) continue;
    list.forEach(([name, nickname, type, bankCode, currencyCode, city], i) => {
      const bank = BANKS.find(([c]) => c === bankCode);
      if (!bank) throw new Error(`unknown demo bank ${bankCode}`);
      const [, bankName, bic, countryCode] = bank;
      seed += 7_919;
      rows.push({
        id: uuidv7(),
        merchantId,
        name,
        nickname,
        type,
        countryCode,
        currencyCode,
        bankCode,
        bankName,
        bic,
        city,
        ...demoAccount(bankCode, countryCode, seed),
        createdBy: null,
        // Added over the past months, oldest first, so the list's default order reads naturally.
        createdAt: new Date(now.getTime() - (90 - i * 20) * 86_400_000),
      });
    });
  }
  if (rows.length > 0) await db.insert(beneficiaries).values(rows);
  return rows.length;
}
