import { describe, expect, it } from 'vitest';
import { kycChanges, kycFormSchema, type KycForm } from './kyc-form.ts';

const filled: KycForm = {
  legalName: 'Initech Imports Private Limited',
  tradingName: 'Initech Imports',
  registrationNumber: 'U51909MH2012PTC1',
  taxNumber: '27AABCI1234F1Z5',
  licenseNumber: 'IEC-0312045678',
  licenseExpiry: '2028-03-31',
  countryOfIncorporation: 'IN',
  registeredAddress: '14 Marine Drive, Mumbai',
  contactEmail: 'compliance@initech.example',
  contactPhone: '+91 22 4000 1234',
};

function refusedFields(form: KycForm): Record<string, string> {
  const result = kycFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('KYC form', () => {
  it('takes filled and empty fields alike (an empty box is cleared, not refused)', () => {
    expect(refusedFields(filled)).toEqual({});
    expect(refusedFields({ ...filled, taxNumber: '', contactEmail: '  ' })).toEqual({});
  });

  it('refuses each malformed field with its own message key', () => {
    expect(
      refusedFields({
        ...filled,
        taxNumber: '12',
        contactEmail: 'no-at-sign',
        countryOfIncorporation: 'IND',
        contactPhone: 'call me',
        licenseExpiry: '31/03/2028',
        registrationNumber: '-bad',
      }),
    ).toEqual({
      taxNumber: 'profileManagement.kycErrors.taxNumber',
      contactEmail: 'profileManagement.kycErrors.email',
      countryOfIncorporation: 'profileManagement.kycErrors.country',
      contactPhone: 'profileManagement.kycErrors.phone',
      licenseExpiry: 'profileManagement.kycErrors.date',
      registrationNumber: 'profileManagement.kycErrors.registryNumber',
    });
  });

  it('sends only what changed: a cleared field as null, the country upper-cased, text trimmed', () => {
    expect(kycChanges(filled, filled)).toEqual({});
    expect(kycChanges(filled, { ...filled, taxNumber: '', countryOfIncorporation: 'ae', tradingName: ' Initech ' })).toEqual({
      taxNumber: null,
      countryOfIncorporation: 'AE',
      tradingName: 'Initech',
    });
    expect(kycChanges(filled, { ...filled, legalName: `${filled.legalName}  ` })).toEqual({});
  });
});
