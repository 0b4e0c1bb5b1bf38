import { describe, expect, it } from 'vitest';
import { ibanCheckDigits, IBAN_LENGTHS, isValidBic, isValidIban, makeIban, normaliseIban, usesIban } from './iban.ts';

/** Published example IBANs (ISO 13616 registry and the banks' own examples). */
const KNOWN_VALID = [
  'GB82WEST12345698765432',
  'GB29NWBK60161331926819',
  'DE89370400440532013000',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'CH9300762011623852957',
  'AE070331234567890123456',
  'SA0380000000608010167519',
  'NO9386011117947',
  'ES9121000418450200051332',
  'IT60X0542811101000000123456',
  'PL61109010140000071219812874',
  'BE68539007547034',
];

describe('IBAN', () => {
  it('accepts published IBANs of several countries, with or without spaces and in lower case', () => {
    for (const iban of KNOWN_VALID) expect(isValidIban(iban), iban).toBe(true);
    expect(isValidIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isValidIban('de89 3704 0044 0532 0130 00')).toBe(true);
  });

  it('refuses wrong check digits and any changed character', () => {
    expect(isValidIban('GB83WEST12345698765432')).toBe(false);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('AE070331234567890123465')).toBe(false);
    expect(isValidIban('GB00WEST12345698765432')).toBe(false);
  });

  it('refuses a wrong length, an unknown country and stray characters', () => {
    expect(isValidIban('GB82WEST1234569876543')).toBe(false);
    expect(isValidIban('US12345678901234567890')).toBe(false);
    expect(isValidIban('GB82-WEST-1234-5698-7654-32')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });

  it('computes the check digits the published examples carry', () => {
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(makeIban('AE', '0331234567890123456')).toBe('AE070331234567890123456');
    expect(isValidIban(makeIban('KW', 'CBKU0000000000001234560101'))).toBe(true);
  });

  it('will not build an IBAN of the wrong length or for a country without IBAN', () => {
    expect(() => makeIban('GB', 'WEST1234')).toThrow(/22 characters/);
    expect(() => makeIban('US', '021000021123456789')).toThrow(/does not use IBAN/);
  });

  it('knows which countries use IBAN: the Gulf and Europe do, the US, India and Singapore do not', () => {
    for (const c of ['AE', 'GB', 'DE', 'SA', 'KW', 'PK', 'ch']) expect(usesIban(c), c).toBe(true);
    for (const c of ['US', 'IN', 'SG', 'JP', 'CA', 'AU']) expect(usesIban(c), c).toBe(false);
    expect(IBAN_LENGTHS.GB).toBe(22);
    expect(normaliseIban(' gb82 west ')).toBe('GB82WEST');
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters with the country in positions 5-6', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('NWBKGB2LXXX', 'GB')).toBe(true);
    expect(isValidBic('nwbkgb2l', 'gb')).toBe(true);
  });

  it('refuses other lengths, digits in the bank or country part and another country', () => {
    expect(isValidBic('DEUTDEF')).toBe(false);
    expect(isValidBic('DEUTDEFF5')).toBe(false);
    expect(isValidBic('DEUTDEFF5000')).toBe(false);
    expect(isValidBic('D3UTDEFF')).toBe(false);
    expect(isValidBic('DEUT1EFF')).toBe(false);
    expect(isValidBic('NWBKGB2L', 'DE')).toBe(false);
  });
});
