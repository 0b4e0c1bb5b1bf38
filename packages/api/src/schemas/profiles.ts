import { z } from 'zod';
import { audit, decimalString, isoDate, isoDateTime } from './common.ts';

const reviewStatus = z.enum(['NEW', 'REQUESTED', 'IN_VERIFICATION', 'VERIFIED', 'APPROVED', 'REJECTED', 'EXPIRED']);

/** A beneficiary: an account a merchant pays out to (IBAN, or account number at a bank where there is none). */
export const beneficiary = z.object({
  id: z.string(),
  merchantServiceId: z.string(),
  type: z.enum(['INDIVIDUAL', 'BUSINESS']),
  /** The nickname the merchant knows the beneficiary by; the account holder's name when none was given. */
  displayName: z.string(),
  /** The account holder's name, as the bank holds it. */
  name: z.string(),
  iban: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bic: z.string().nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  countryCode: z.string(),
  currencyCode: z.string().length(3),
  address: z.string().nullable(),
  city: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  ...audit,
});

/**
 * What a merchant sends to add a beneficiary. The shape is checked here; the server also checks the
 * IBAN's check digits and country, and that the country and currency exist (reference tables).
 */
export const beneficiaryCreate = z
  .object({
    type: z.enum(['INDIVIDUAL', 'BUSINESS']),
    name: z.string().trim().min(1, 'name is required').max(140, 'at most 140 characters'),
    displayName: z.string().trim().max(70, 'at most 70 characters').optional(),
    countryCode: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code'),
    currencyCode: z.string().regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code'),
    iban: z
      .string()
      .regex(/^[A-Za-z]{2}[0-9]{2}[A-Za-z0-9 ]{11,40}$/, 'must be an IBAN: country, check digits, then the account')
      .optional(),
    accountNumber: z
      .string()
      .regex(/^[0-9]{4,34}$/, 'must be 4 to 34 digits')
      .optional(),
    bic: z
      .string()
      .regex(/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/, 'must be a BIC of 8 or 11 characters')
      .optional(),
    bankCode: z.string().trim().min(1).max(35, 'at most 35 characters').optional(),
    bankName: z.string().trim().max(140, 'at most 140 characters').optional(),
    address: z.string().trim().max(140, 'at most 140 characters').optional(),
    city: z.string().trim().max(70, 'at most 70 characters').optional(),
    email: z.email('must be an email address').max(254).optional(),
    phone: z
      .string()
      .regex(/^\+?[0-9][0-9 ]{5,19}$/, 'must be a phone number: digits, optionally starting with +')
      .optional(),
  })
  .refine((b) => b.iban !== undefined || b.accountNumber !== undefined, {
    message: 'iban or accountNumber is required',
    path: ['iban'],
  });

/** Settlement cycle (shell, section 3). */
const settlementCycle = z.object({
  mode: z.enum(['INSTANT', 'DAILY', 'EVERY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY', 'QUARTERLY', 'ONCE']),
  value: z.number().int().nullable(),
  settlementDate: isoDate.nullable(),
});

/** Company and KYC fields a TSP keeps on a merchant profile; null until its compliance fills them in. */
const profileKyc = z.object({
  legalName: z.string().nullable(),
  tradingName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  taxNumber: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseExpiry: isoDate.nullable(),
  countryOfIncorporation: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
});

/**
 * A change to the KYC fields: a field left out stays, null clears it. The shape is checked here (each
 * refusal names its field, `kyc.<field>`); the server also checks the country against the reference list.
 */
const profileKycUpdate = z.object({
  legalName: z.string().trim().min(1, 'must not be blank').max(140, 'at most 140 characters').nullable().optional(),
  tradingName: z.string().trim().min(1, 'must not be blank').max(140, 'at most 140 characters').nullable().optional(),
  registrationNumber: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9/-]{1,39}$/, 'must be 2 to 40 letters, digits, - or /')
    .nullable()
    .optional(),
  taxNumber: z
    .string()
    .regex(/^[A-Za-z0-9]{5,20}$/, 'must be 5 to 20 letters or digits')
    .nullable()
    .optional(),
  licenseNumber: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9/-]{1,39}$/, 'must be 2 to 40 letters, digits, - or /')
    .nullable()
    .optional(),
  licenseExpiry: isoDate.nullable().optional(),
  countryOfIncorporation: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .nullable()
    .optional(),
  registeredAddress: z.string().trim().min(1, 'must not be blank').max(200, 'at most 200 characters').nullable().optional(),
  contactEmail: z.email('must be an email address').max(254).nullable().optional(),
  contactPhone: z
    .string()
    .regex(/^\+?[0-9][0-9 ]{5,19}$/, 'must be a phone number: digits, optionally starting with +')
    .nullable()
    .optional(),
});

/** The statuses of a merchant's authorization at a TSP (spec 1, section 4). */
const merchantAuthorizationStatus = z.enum(['PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'BLOCKED', 'EXPIRED']);

/** One decision a TSP took on a merchant's authorization: who, when, from what to what, and why. */
export const merchantAuthorizationDecision = z.object({
  action: z.enum(['APPROVE', 'PAUSE', 'BLOCK', 'RENEW', 'UNPAUSE', 'UNBLOCK']),
  fromStatus: merchantAuthorizationStatus,
  toStatus: merchantAuthorizationStatus,
  reason: z.string(),
  expiresAt: isoDateTime.nullable(),
  by: z.object({ id: z.string(), name: z.string() }),
  at: isoDateTime,
});

/** Merchant profile: the relation of a merchant service with a TSP and its reviews. */
export const merchantProfile = z.object({
  id: z.string(),
  merchantServiceId: z.string(),
  serviceProviderId: z.string(),
  merchantName: z.string(),
  kycStatus: reviewStatus,
  riskScoringStatus: reviewStatus,
  creditScoringStatus: reviewStatus,
  executiveDocumentsStatus: reviewStatus,
  profileStatus: z.enum(['PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'BLOCKED', 'EXPIRED']),
  settlementStatus: reviewStatus,
  status: z.enum(['ACTIVE', 'INACTIVE']),
  markupProfileId: z.string().nullable(),
  merchantFeeProfileId: z.string().nullable(),
  settlementCycle: settlementCycle.nullable(),
  kyc: profileKyc,
  /** When the ACTIVE authorization runs out (an ACTIVE profile past it reads EXPIRED); null: it does not. */
  authorizationExpiresAt: isoDateTime.nullable().optional(),
  lastDecision: merchantAuthorizationDecision.nullable().optional(),
  ...audit,
});
export const merchantProfileCreate = z.object({
  merchantServiceId: z.string().min(1).optional(),
  serviceProviderId: z.string().min(1, 'serviceProviderId is required'),
  markupProfileId: z.string().optional(),
  merchantFeeProfileId: z.string().optional(),
});
export const merchantProfileUpdate = z.object({
  kycStatus: reviewStatus.optional(),
  riskScoringStatus: reviewStatus.optional(),
  creditScoringStatus: reviewStatus.optional(),
  executiveDocumentsStatus: reviewStatus.optional(),
  /** An authorization decision (approve, pause, block, renew, unpause, unblock): needs its `reason`. */
  profileStatus: merchantAuthorizationStatus.optional(),
  /** Why the authorization status changes; recorded with who and when. */
  reason: z.string().trim().min(1, 'reason is required').max(500).optional(),
  /** The new end of an authorization that becomes ACTIVE (required to renew an expired one). */
  authorizationExpiresAt: isoDateTime.optional(),
  settlementStatus: reviewStatus.optional(),
  markupProfileId: z.string().nullable().optional(),
  merchantFeeProfileId: z.string().nullable().optional(),
  settlementCycle: settlementCycle.optional(),
  kyc: profileKycUpdate.optional(),
});

/** A review of a merchant (credit assessment, kyc, risk assessment, executive documents). */
export const assessment = z.object({
  id: z.string(),
  merchantProfileId: z.string(),
  merchantServiceId: z.string(),
  kind: z.enum(['CREDIT_ASSESSMENT', 'EXECUTIVE_DOCUMENTS', 'KYC', 'RISK_ASSESSMENT']),
  status: reviewStatus,
  score: decimalString.nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: isoDateTime.nullable(),
  expiresAt: isoDate.nullable(),
});

export const profileDocument = z.object({
  id: z.string(),
  merchantProfileId: z.string(),
  name: z.string(),
  documentType: z.string(),
  fileExtension: z.string(),
  fileId: z.string(),
  uploadedBy: z.string(),
  lastUpdated: isoDateTime,
  url: z.string(),
});
export const profileDocumentCreate = z.object({
  fileId: z.string().min(1, 'fileId is required'),
  name: z.string().min(1),
  documentType: z.string().min(1),
});

export const profileSettlement = z.object({
  id: z.string(),
  merchantProfileId: z.string(),
  walletId: z.string(),
  currency: z.string().length(3),
  settlementCycle,
  ...audit,
});
export const profileSettlementCreate = z.object({
  walletId: z.string().min(1),
  currency: z.string().length(3),
  settlementCycle,
});

/** A TSP's fee schedule as seen from its operations view. */
export const feeSchedule = z.object({
  id: z.string(),
  name: z.string(),
  feeType: z.string(),
  currency: z.string().length(3),
  amount: decimalString,
  merchantCount: z.number().int(),
});

/** Spec 1 section 4: the partner statuses. */
export const partnerStatus = z.enum(['NEW', 'PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'AUTHORIZED', 'REJECTED', 'NEXT_REVIEW']);
const userRef = z.object({ id: z.string(), name: z.string() });

/** Partner onboarding record (part A, partner onboarding search fields). */
const partnerFields = {
  partnerType: z.enum(['MERCHANT', 'SERVICE_PROVIDER']),
  businessType: z.string(),
  countryOfRegistration: z.string(),
  tradingName: z.string(),
  registeredBusinessAddress: z.string(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  state: z.string().nullable(),
  poBox: z.string().nullable(),
  businessTelephoneNumber: z.string().nullable(),
  entityType: z.string().nullable(),
  licenseType: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  licenseDateOfIssue: isoDate.nullable(),
  licenseDateOfExpiry: isoDate.nullable(),
  countryOfIncorporation: z.string().nullable(),
  dateOfIncorporation: isoDate.nullable(),
};
export const partner = z.object({
  id: z.string(),
  referenceId: z.string(),
  serviceProviderId: z.string(),
  partnerStatus,
  ...partnerFields,
  /** Who sent it for authorisation last, and when: another user of the TSP decides it (maker-checker). */
  submittedBy: userRef.nullable().optional(),
  submittedAt: isoDateTime.nullable().optional(),
  ...audit,
});
/** One step of an onboarding record's status history: from, to, who, when and why. */
const partnerStatusStep = z.object({
  fromStatus: partnerStatus.nullable(),
  toStatus: partnerStatus,
  by: userRef.nullable(),
  at: isoDateTime,
  remarks: z.string().nullable(),
});
/** One record as its page shows it: with its status history and the statuses the caller may move it to. */
export const partnerDetail = partner.extend({
  statusHistory: z.array(partnerStatusStep),
  nextStatuses: z.array(partnerStatus),
});
export const partnerCreate = z.object({
  partnerType: partnerFields.partnerType,
  businessType: z.string().min(1),
  countryOfRegistration: z.string().min(2).max(3),
  tradingName: z.string().min(1, 'tradingName is required'),
  registeredBusinessAddress: z.string().min(1),
  city: z.string().optional(),
  district: z.string().optional(),
  state: z.string().optional(),
  poBox: z.string().optional(),
  businessTelephoneNumber: z.string().optional(),
  entityType: z.string().optional(),
  licenseType: z.string().optional(),
  licenseNumber: z.string().optional(),
  licenseDateOfIssue: isoDate.optional(),
  licenseDateOfExpiry: isoDate.optional(),
  countryOfIncorporation: z.string().optional(),
  dateOfIncorporation: isoDate.optional(),
});
export const partnerUpdate = partnerCreate.partial().extend({
  partnerStatus: partnerStatus.optional(),
  /** Why: required to reject a record or send it back for another review. */
  remarks: z.string().trim().max(500, 'remarks must be at most 500 characters').optional(),
});
export const partnerSummaryRow = z.object({ partnerStatus, partnerType: z.string(), count: z.number().int() });

/** Public onboarding of a new organisation: the organisation and its first admin user. */
export const onboardBody = z.object({
  name: z.string().min(1, 'name is required'),
  countryCode: z.string().min(2).max(3),
  currencyCodes: z.array(z.string().length(3)).optional(),
  serviceProviderId: z.string().optional(),
  adminUser: z.object({
    digit9Id: z.string().regex(/^\d{9}$/, 'digit9Id must be 9 digits'),
    name: z.string().min(1),
    email: z.email().optional(),
    password: z.string().min(8),
  }),
});
export const onboardResult = z.object({ organisationId: z.string(), userId: z.string(), partnerId: z.string().nullable() });
