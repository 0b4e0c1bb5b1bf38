import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files, organisations } from '../db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

const REVIEW_STATUSES = ['NEW', 'REQUESTED', 'IN_VERIFICATION', 'VERIFIED', 'APPROVED', 'REJECTED', 'EXPIRED'] as const;
const PROFILE_STATUSES = ['PENDING_APPROVAL', 'ACTIVE', 'PAUSED', 'BLOCKED', 'EXPIRED'] as const;
const SETTLEMENT_MODES = ['INSTANT', 'DAILY', 'EVERY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY', 'QUARTERLY', 'ONCE'] as const;

/**
 * A merchant's relation with one TSP and the reviews the TSP keeps on it (migration 0023). The fee and
 * markup profile of the pair merchant / own TSP are not here: they stay on `organisations`, where fee
 * and markup pricing read them, so one assignment is never stored twice.
 */
export const merchantProfiles = pgTable(
  'merchant_profiles',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => organisations.id),
    serviceProviderId: text('service_provider_id')
      .notNull()
      .references(() => organisations.id),
    kycStatus: text('kyc_status', { enum: REVIEW_STATUSES }).notNull().default('NEW'),
    riskScoringStatus: text('risk_scoring_status', { enum: REVIEW_STATUSES }).notNull().default('NEW'),
    creditScoringStatus: text('credit_scoring_status', { enum: REVIEW_STATUSES }).notNull().default('NEW'),
    executiveDocumentsStatus: text('executive_documents_status', { enum: REVIEW_STATUSES }).notNull().default('NEW'),
    settlementStatus: text('settlement_status', { enum: REVIEW_STATUSES }).notNull().default('NEW'),
    profileStatus: text('profile_status', { enum: PROFILE_STATUSES }).notNull().default('PENDING_APPROVAL'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    settlementMode: text('settlement_mode', { enum: SETTLEMENT_MODES }),
    settlementValue: integer('settlement_value'),
    settlementDate: date('settlement_date', { mode: 'string' }),
    /** Company and KYC fields the TSP keeps (migration 0035); all optional until its compliance fills them in. */
    legalName: text('legal_name'),
    tradingName: text('trading_name'),
    registrationNumber: text('registration_number'),
    taxNumber: text('tax_number'),
    licenseNumber: text('license_number'),
    licenseExpiry: date('license_expiry', { mode: 'string' }),
    countryOfIncorporation: text('country_of_incorporation'),
    registeredAddress: text('registered_address'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** When an ACTIVE authorization runs out (migration 0034); null: it does not. */
    authorizationExpiresAt: at('authorization_expires_at'),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at'),
    updatedBy: text('updated_by'),
  },
  (t) => [
    uniqueIndex('merchant_profiles_pair_uq').on(t.merchantId, t.serviceProviderId),
    index('merchant_profiles_sp_idx').on(t.serviceProviderId, t.createdAt, t.id),
  ],
);
export type MerchantProfileRow = typeof merchantProfiles.$inferSelect;

export const merchantProfileComments = pgTable(
  'merchant_profile_comments',
  {
    id: text('id').primaryKey(),
    merchantProfileId: text('merchant_profile_id')
      .notNull()
      .references(() => merchantProfiles.id),
    content: text('content').notNull(),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
    deletedAt: at('deleted_at'),
  },
  (t) => [index('merchant_profile_comments_profile_idx').on(t.merchantProfileId, t.createdAt, t.id)],
);

export const merchantProfileDocuments = pgTable(
  'merchant_profile_documents',
  {
    id: text('id').primaryKey(),
    merchantProfileId: text('merchant_profile_id')
      .notNull()
      .references(() => merchantProfiles.id),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    documentType: text('document_type').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('merchant_profile_documents_profile_idx').on(t.merchantProfileId, t.createdAt, t.id)],
);

export const merchantProfileSettlements = pgTable(
  'merchant_profile_settlements',
  {
    id: text('id').primaryKey(),
    merchantProfileId: text('merchant_profile_id')
      .notNull()
      .references(() => merchantProfiles.id),
    walletId: text('wallet_id').notNull(),
    currency: text('currency').notNull(),
    mode: text('mode', { enum: SETTLEMENT_MODES }).notNull(),
    value: integer('value'),
    settlementDate: date('settlement_date', { mode: 'string' }),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at'),
  },
  (t) => [index('merchant_profile_settlements_profile_idx').on(t.merchantProfileId, t.createdAt, t.id)],
);

/** Every decision a TSP took on a merchant's authorization status: who, when, from what to what, and why (migration 0034). */
export const merchantAuthorizationEvents = pgTable(
  'merchant_authorization_events',
  {
    id: text('id').primaryKey(),
    merchantProfileId: text('merchant_profile_id')
      .notNull()
      .references(() => merchantProfiles.id),
    action: text('action').notNull(),
    fromStatus: text('from_status', { enum: PROFILE_STATUSES }).notNull(),
    toStatus: text('to_status', { enum: PROFILE_STATUSES }).notNull(),
    reason: text('reason').notNull(),
    expiresAt: at('expires_at'),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('merchant_authorization_events_profile_idx').on(t.merchantProfileId, t.createdAt, t.id)],
);
