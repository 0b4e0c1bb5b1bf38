import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts a merchant pays out to (migration 0014_beneficiaries). */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: text('id').primaryKey(),
    merchantId: text('merchant_id').notNull(),
    name: text('name').notNull(),
    nickname: text('nickname'),
    type: text('type', { enum: ['INDIVIDUAL', 'BUSINESS'] }).notNull(),
    countryCode: text('country_code').notNull(),
    currencyCode: text('currency_code').notNull(),
    bankCode: text('bank_code'),
    bankName: text('bank_name'),
    iban: text('iban'),
    accountNumber: text('account_number'),
    bic: text('bic'),
    address: text('address'),
    city: text('city'),
    email: text('email'),
    phone: text('phone'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('beneficiaries_merchant_created_idx').on(t.merchantId, t.createdAt, t.id)],
);

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
