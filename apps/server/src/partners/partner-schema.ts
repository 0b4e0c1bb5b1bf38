import { date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

/** A TSP's onboarding application of a partner (migration 0024_partners_revaluation). */
export const partnerOnboardings = pgTable(
  'partner_onboardings',
  {
    id: text('id').primaryKey(),
    referenceId: text('reference_id').notNull().unique(),
    serviceProviderId: text('service_provider_id').notNull(),
    partnerStatus: text('partner_status', { enum: ['NEW', 'PARTNER_ONBOARDING', 'IN_AUTHORIZATION', 'AUTHORIZED', 'REJECTED', 'NEXT_REVIEW'] }).notNull(),
    partnerType: text('partner_type', { enum: ['MERCHANT', 'SERVICE_PROVIDER'] }).notNull(),
    businessType: text('business_type').notNull(),
    countryOfRegistration: text('country_of_registration').notNull(),
    tradingName: text('trading_name').notNull(),
    registeredBusinessAddress: text('registered_business_address').notNull(),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    poBox: text('po_box'),
    businessTelephoneNumber: text('business_telephone_number'),
    entityType: text('entity_type'),
    licenseType: text('license_type'),
    licenseNumber: text('license_number'),
    licenseDateOfIssue: day('license_date_of_issue'),
    licenseDateOfExpiry: day('license_date_of_expiry'),
    countryOfIncorporation: text('country_of_incorporation'),
    dateOfIncorporation: day('date_of_incorporation'),
    /** The organisation the onboarding created, once it did. */
    organisationId: text('organisation_id'),
    /** Who sent it for authorisation last (migration 0033): maker-checker keeps them from deciding it. */
    submittedBy: text('submitted_by'),
    submittedAt: at('submitted_at'),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedBy: text('updated_by'),
    updatedAt: at('updated_at'),
  },
  (t) => [index('partner_onboardings_sp_idx').on(t.serviceProviderId, t.createdAt, t.id)],
);

/** Every step of an onboarding record: the status it left and reached, who took it, when and why (migration 0033). */
export const partnerOnboardingEvents = pgTable(
  'partner_onboarding_events',
  {
    id: text('id').primaryKey(),
    partnerId: text('partner_id')
      .notNull()
      .references(() => partnerOnboardings.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: text('actor_id'),
    remarks: text('remarks'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('partner_onboarding_events_partner_idx').on(t.partnerId, t.at, t.id)],
);
