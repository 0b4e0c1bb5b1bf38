/**
 * IBAN (ISO 13616) and BIC (ISO 9362) checks. Pure: no registry look-up, only the structure, the
 * per-country length and the mod-97 check digits, which is what catches a mistyped account.
 */

/** IBAN length per country (ISO 13616 registry) for the countries Corridor deals with. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AT: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PT: 25,
  QA: 29,
  RO: 24,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
  UA: 29,
};

/** Whether accounts in a country are identified by an IBAN (else by a local account number). */
export function usesIban(countryCode: string): boolean {
  return countryCode.toUpperCase() in IBAN_LENGTHS;
}

/**
 * The IBAN without spaces, upper case (the paper form groups it by four).
 */
export function normaliseIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/** Remainder mod 97 of the number the letters-as-digits string stands for, taken in chunks (no float, no BigInt). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(`${rest}${digits.slice(i, i + 7)}`) % 97;
  return rest;
}

/** Letters become 10..35, as ISO 13616 asks; the country and check digits move to the end. */
function numeric(rearranged: string): string {
  return rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

/**
 * The two check digits of an IBAN with this country and BBAN.
 * @internal
 */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  const rest = mod97(numeric(`${bban}${countryCode}00`.toUpperCase()));
  return String(98 - rest).padStart(2, '0');
}

/** Builds an IBAN from a country and its BBAN, computing the check digits. */
export function makeIban(countryCode: string, bban: string): string {
  const country = countryCode.toUpperCase();
  const iban = `${country}${ibanCheckDigits(country, bban)}${bban.toUpperCase()}`;
  const length = IBAN_LENGTHS[country];
  if (length === undefined) throw new Error(`${country} does not use IBAN`);
  if (iban.length !== length) throw new Error(`an IBAN of ${country} has ${length} characters, not ${iban.length}`);
  return iban;
}

/**
 * True for an IBAN of a known country, of that country's length, whose check digits hold (mod 97 = 1).
 * The seed's tests hold every demo account to it.
 */
export function isValidIban(input: string): boolean {
  const iban = normaliseIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  return mod97(numeric(`${iban.slice(4)}${iban.slice(0, 4)}`)) === 1;
}

/**
 * True for a BIC of 8 or 11 characters: bank (4 letters), country (2 letters), location (2), optional
 * branch (3). With a country code, the BIC's country must be that one (the bank's country).
 */
export function isValidBic(input: string, countryCode?: string): boolean {
  const bic = input.toUpperCase();
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) return false;
  return countryCode === undefined || bic.slice(4, 6) === countryCode.toUpperCase();
}
