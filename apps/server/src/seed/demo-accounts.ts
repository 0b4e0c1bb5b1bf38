/**
 * Where a demo wallet's money sits: the country of its currency, a bank of that country that clears
 * the currency, and a bank account there with an IBAN (or, where the country has none, an account
 * number) whose check digits hold. So the demo reads like a real correspondent network.
 */
import { v7 as uuidv7 } from 'uuid';
import { makeIban, IBAN_LENGTHS, usesIban } from '@corridor/domain';
import type { Tx } from '../db/database.ts';
import { bankAccounts } from '../db/schema.ts';
import { BANKS, COUNTRIES, CORRESPONDENTS, CURRENCIES } from './reference-data.ts';

/** Home country of a currency shared by several countries, when the holder is in none of them. */
const SHARED_CURRENCY_HOME: Record<string, string> = { EUR: 'DE' };

/**
 * The country a wallet in this currency is held in: the currency's own country; for a currency of
 * several countries (EUR), the holder's country when it uses the currency, else the currency's home
 * (Germany for the euro, where the euro clears through TARGET2 for most correspondents).
 */
export function walletCountry(currencyCode: string, holderCountry: string): string {
  const own = CURRENCIES.find(([code]) => code === currencyCode)?.[3];
  if (own) return own;
  const users = COUNTRIES.filter(([, , , ccy]) => ccy === currencyCode).map(([code]) => code);
  if (users.includes(holderCountry)) return holderCountry;
  const home = SHARED_CURRENCY_HOME[currencyCode] ?? users[0];
  if (!home) throw new Error(`no country uses ${currencyCode}`);
  return home;
}

/**
 * The bank holding a TSP's account in a currency and country: the TSP's own bank when it is there,
 * else the correspondent bank for that currency, else any bank of the country clearing it.
 */
export function accountBank(tspBankCode: string | null, currencyCode: string, countryCode: string): string {
  const clears = (code: string) => BANKS.some(([c, , , country, ccys]) => c === code && country === countryCode && ccys.includes(currencyCode));
  if (tspBankCode && clears(tspBankCode)) return tspBankCode;
  const correspondent = CORRESPONDENTS.find(([, , country, ccys, bank]) => country === countryCode && ccys.includes(currencyCode) && clears(bank));
  if (correspondent) return correspondent[4];
  const any = BANKS.find(([code]) => clears(code));
  if (!any) throw new Error(`no demo bank in ${countryCode} clears ${currencyCode}`);
  return any[0];
}

/** Countries whose BBAN is all digits, with the length of the bank identifier that opens it. */
const NUMERIC_BBAN_BANK_DIGITS: Record<string, number> = { AE: 3, DE: 8, SA: 2, CH: 5, FR: 10, ES: 8, NO: 4, PL: 8, DK: 4, SE: 3 };
/** Length of a local account number where there is no IBAN. */
const ACCOUNT_NUMBER_LENGTH: Record<string, number> = { US: 12, IN: 14, SG: 10, JP: 7, HK: 12, CA: 12 };

let serial = 0;

/** Starts the account numbers over, so every seeded database holds the same accounts, however many a process seeds. */
export function restartDemoAccounts(): void {
  serial = 0;
}

/** Deterministic digits (a linear congruential walk), so each seeded database holds the same accounts. */
function digits(seed: number, length: number): string {
  let out = '';
  let x = seed;
  while (out.length < length) {
    x = (x * 48_271) % 2_147_483_647;
    out += String(x % 10);
  }
  return out;
}

function bankNumber(bankCode: string, length: number): string {
  let h = 7;
  for (const c of bankCode) h = (h * 31 + c.charCodeAt(0)) % 2_147_483_647;
  return digits(h, length);
}

/** An IBAN at this bank, or null where the bank's country has none. */
function demoIban(bankCode: string, countryCode: string, seed: number): string | null {
  if (!usesIban(countryCode)) return null;
  const bbanLength = (IBAN_LENGTHS[countryCode] ?? 0) - 4;
  const numericBank = NUMERIC_BBAN_BANK_DIGITS[countryCode];
  // Numeric BBANs open with a numeric bank code; the others (GB, PK, KW...) with the BIC's bank letters.
  const bank = numericBank === undefined ? bankCode.slice(0, 4) : bankNumber(bankCode, numericBank);
  return makeIban(countryCode, `${bank}${digits(seed, bbanLength - bank.length)}`);
}

/** A local account number (no IBAN in the country). */
function demoAccountNumber(countryCode: string, seed: number): string {
  return digits(seed, ACCOUNT_NUMBER_LENGTH[countryCode] ?? 12);
}

/** Registers the bank account behind a demo wallet and returns its id, for openWallet to copy IBAN and BIC. */
export async function openDemoBankAccount(
  db: Tx,
  input: { ownerId: string; holder: string; bankCode: string; currencyCode: string; createdAt: Date },
): Promise<string> {
  const bank = BANKS.find(([code]) => code === input.bankCode);
  if (!bank) throw new Error(`unknown demo bank ${input.bankCode}`);
  const [, , bic, countryCode] = bank;
  serial += 1;
  const seed = 1_000 + serial * 7_919;
  const iban = demoIban(input.bankCode, countryCode, seed);
  const id = uuidv7();
  await db.insert(bankAccounts).values({
    id,
    ownerId: input.ownerId,
    accountHolderName: input.holder,
    iban,
    accountNumber: iban ? null : demoAccountNumber(countryCode, seed),
    bic,
    bankCode: input.bankCode,
    currencyCode: input.currencyCode,
    countryCode,
    createdAt: input.createdAt,
  });
  return id;
}
