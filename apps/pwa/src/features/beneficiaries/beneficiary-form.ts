import { z } from 'zod';
import type { beneficiaryCreate } from '@corridor/api';
import { isValidBic, isValidIban, normaliseIban, usesIban } from '@corridor/domain';

export type BeneficiaryBody = z.input<typeof beneficiaryCreate>;

/** The Add beneficiary fields, as typed. */
export interface BeneficiaryForm {
  type: 'BUSINESS' | 'INDIVIDUAL';
  name: string;
  displayName: string;
  countryCode: string;
  currencyCode: string;
  iban: string;
  accountNumber: string;
  bic: string;
  bankName: string;
}

export type BeneficiaryField = keyof BeneficiaryForm;

export const emptyBeneficiaryForm: BeneficiaryForm = {
  type: 'BUSINESS',
  name: '',
  displayName: '',
  countryCode: '',
  currencyCode: '',
  iban: '',
  accountNumber: '',
  bic: '',
  bankName: '',
};

const E = 'beneficiaries.errors';
const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());

/**
 * Checks the form on the device the way the server will: the IBAN's check digits and its country
 * (where the country uses IBANs), else an account number of digits; a BIC of 8 or 11 characters.
 * Messages are i18n keys. The body sent is the contract's create body.
 */
export const beneficiaryFormSchema = z
  .object({
    type: z.enum(['BUSINESS', 'INDIVIDUAL']),
    name: z.string().trim().min(1, `${E}.nameRequired`).max(140, `${E}.tooLong`),
    displayName: z.string().max(70, `${E}.tooLong`),
    countryCode: z.string().min(1, `${E}.countryRequired`),
    currencyCode: z.string().min(1, `${E}.currencyRequired`),
    iban: z.string(),
    accountNumber: z.string(),
    bic: z.string().refine((v) => v.trim() === '' || isValidBic(v.trim()), `${E}.bicInvalid`),
    bankName: z.string().max(140, `${E}.tooLong`),
  })
  .superRefine((f, ctx) => {
    if (f.countryCode === '') return;
    if (usesIban(f.countryCode)) {
      const iban = normaliseIban(f.iban);
      if (iban === '') ctx.addIssue({ code: 'custom', path: ['iban'], message: `${E}.ibanRequired` });
      else if (!isValidIban(iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: `${E}.ibanInvalid` });
      else if (iban.slice(0, 2) !== f.countryCode) ctx.addIssue({ code: 'custom', path: ['iban'], message: `${E}.ibanCountry` });
    } else if (!/^[0-9]{4,34}$/.test(f.accountNumber.trim())) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: `${E}.accountNumberInvalid` });
    }
  })
  .transform((f): BeneficiaryBody => {
    const ibanCountry = usesIban(f.countryCode);
    return {
      type: f.type,
      name: f.name.trim(),
      displayName: optional(f.displayName),
      countryCode: f.countryCode,
      currencyCode: f.currencyCode,
      iban: ibanCountry ? normaliseIban(f.iban) : undefined,
      accountNumber: ibanCountry ? undefined : f.accountNumber.trim(),
      bic: optional(f.bic)?.toUpperCase(),
      bankName: optional(f.bankName),
    };
  });
