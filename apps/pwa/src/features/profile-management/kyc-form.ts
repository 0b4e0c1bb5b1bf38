import { z } from 'zod';
import type { merchantProfileUpdate } from '@corridor/api';
import type { MerchantProfile } from './use-profiles.ts';

export const KYC_FIELDS = [
  'legalName',
  'tradingName',
  'registrationNumber',
  'taxNumber',
  'licenseNumber',
  'licenseExpiry',
  'countryOfIncorporation',
  'registeredAddress',
  'contactEmail',
  'contactPhone',
] as const;

export type KycField = (typeof KYC_FIELDS)[number];
export type KycForm = Record<KycField, string>;
type KycBody = NonNullable<z.input<typeof merchantProfileUpdate>['kyc']>;

const E = 'profileManagement.kycErrors';

/** An empty box is no value (the field is cleared); anything else must pass `check`. */
const optional = (check: (value: string) => boolean, message: string) =>
  z.string().refine((value) => value.trim() === '' || check(value.trim()), `${E}.${message}`);

const registryNumber = /^[A-Za-z0-9][A-Za-z0-9/-]{1,39}$/;

/**
 * The KYC fields as the server checks them (part A merchant profile, kyc): each message is an i18n key that
 * names its field (`{{field}}`), so a refusal says which box is wrong.
 */
export const kycFormSchema = z.object({
  legalName: optional((v) => v.length <= 140, 'tooLong140'),
  tradingName: optional((v) => v.length <= 140, 'tooLong140'),
  registrationNumber: optional((v) => registryNumber.test(v), 'registryNumber'),
  taxNumber: optional((v) => /^[A-Za-z0-9]{5,20}$/.test(v), 'taxNumber'),
  licenseNumber: optional((v) => registryNumber.test(v), 'registryNumber'),
  licenseExpiry: optional((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'date'),
  countryOfIncorporation: optional((v) => /^[A-Za-z]{2}$/.test(v), 'country'),
  registeredAddress: optional((v) => v.length <= 200, 'tooLong200'),
  contactEmail: optional((v) => z.email().safeParse(v).success, 'email'),
  contactPhone: optional((v) => /^\+?[0-9][0-9 ]{5,19}$/.test(v), 'phone'),
});

export function kycFormOf(profile: MerchantProfile): KycForm {
  const form = {} as KycForm;
  for (const field of KYC_FIELDS) form[field] = profile.kyc[field] ?? '';
  return form;
}

/** Only the fields changed since `before`: an emptied box is sent as null (cleared), the rest as typed, trimmed. */
export function kycChanges(before: KycForm, after: KycForm): KycBody {
  const body: Record<string, string | null> = {};
  for (const field of KYC_FIELDS) {
    const next = after[field].trim();
    if (next === before[field].trim()) continue;
    body[field] = next === '' ? null : field === 'countryOfIncorporation' ? next.toUpperCase() : next;
  }
  return body as KycBody;
}
