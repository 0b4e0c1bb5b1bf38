import { z } from 'zod';
import type { partnerCreate } from '@corridor/api';

export type PartnerCreateBody = z.input<typeof partnerCreate>;

/** The onboarding form's fields, as typed. */
export interface PartnerForm {
  partnerType: 'MERCHANT' | 'SERVICE_PROVIDER';
  businessType: string;
  countryOfRegistration: string;
  tradingName: string;
  registeredBusinessAddress: string;
  city: string;
  businessTelephoneNumber: string;
  entityType: string;
  licenseType: string;
  licenseNumber: string;
  licenseDateOfIssue: string;
  licenseDateOfExpiry: string;
}

export const PARTNER_FORM_FIELDS = [
  'partnerType',
  'businessType',
  'countryOfRegistration',
  'tradingName',
  'registeredBusinessAddress',
  'city',
  'businessTelephoneNumber',
  'entityType',
  'licenseType',
  'licenseNumber',
  'licenseDateOfIssue',
  'licenseDateOfExpiry',
] as const satisfies readonly (keyof PartnerForm)[];

export const emptyPartnerForm: PartnerForm = Object.fromEntries(
  PARTNER_FORM_FIELDS.map((f) => [f, f === 'partnerType' ? 'MERCHANT' : '']),
) as unknown as PartnerForm;

/** Messages are i18n keys; the field's own label is passed as `field`, so each message names its field. */
const E = 'partners.errors';
const required = z.string().trim().min(1, `${E}.required`).max(200, `${E}.tooLong`);
const optional = z.string().trim().max(200, `${E}.tooLong`);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const optionalDay = z.string().refine((v) => v === '' || ISO_DAY.test(v), `${E}.date`);

/**
 * The form checked as the server checks it: a type, business type, country, trading name and address;
 * a telephone number of digits (with a leading + and spaces); the licence's expiry not before its issue.
 * Empty optional fields are not sent.
 */
export const partnerFormSchema = z
  .object({
    partnerType: z.enum(['MERCHANT', 'SERVICE_PROVIDER'], { message: `${E}.required` }),
    businessType: required,
    countryOfRegistration: required,
    tradingName: required,
    registeredBusinessAddress: required,
    city: optional,
    businessTelephoneNumber: optional.refine((v) => v === '' || /^\+?[0-9 ]{6,20}$/.test(v), `${E}.phone`),
    entityType: optional,
    licenseType: optional,
    licenseNumber: optional,
    licenseDateOfIssue: optionalDay,
    licenseDateOfExpiry: optionalDay,
  })
  .superRefine((form, ctx) => {
    if (form.licenseDateOfIssue && form.licenseDateOfExpiry && form.licenseDateOfExpiry < form.licenseDateOfIssue) {
      ctx.addIssue({ code: 'custom', path: ['licenseDateOfExpiry'], message: `${E}.expiryBeforeIssue` });
    }
  })
  .transform((form): PartnerCreateBody => {
    const body: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) if (value !== '') body[key] = value;
    return body as unknown as PartnerCreateBody;
  });
