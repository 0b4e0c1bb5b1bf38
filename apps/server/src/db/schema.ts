import { boolean, customType, index, integer, json, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** bytea as a Node Buffer (pg hands back Buffer, PGlite a Uint8Array: normalised on read). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' });

/** Service providers (TSPs) and merchant services share one table: users hang off either. */
export const organisations = pgTable(
  'organisations',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['SERVICE_PROVIDER', 'MERCHANT'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    countryCode: text('country_code').notNull(),
    currencyCodes: text('currency_codes').array().notNull().default([]),
    /** The TSP a merchant belongs to; null for TSPs. */
    parentId: text('parent_id'),
    markupProfileId: text('markup_profile_id'),
    merchantFeeProfileId: text('merchant_fee_profile_id'),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organisations_code_uq').on(t.code), index('organisations_parent_idx').on(t.parentId)],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    digit9Id: text('digit9_id').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    country: text('country'),
    role: text('role', { enum: ['ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER'] }).notNull(),
    orgId: text('org_id').references(() => organisations.id),
    passwordHash: text('password_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE', 'LOCKED'] })
      .notNull()
      .default('ACTIVE'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** The user's PROFILE_TIME_ZONE (IANA); null: the browser's own zone. */
    timeZone: text('time_zone'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_digit9_id_uq').on(t.digit9Id), index('users_org_idx').on(t.orgId)],
);

export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    /** The stored name, unique: the `{filename}` of the file paths. */
    name: text('name').notNull(),
    originalName: text('original_name').notNull(),
    category: text('category'),
    forEntity: text('for_entity'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** The content's file in the files folder (a UUID); null only on a row from before files moved to disk. */
    storageKey: text('storage_key'),
    sha256: text('sha256'),
    /** Content of rows from before files moved to disk; moved out (and cleared) at start. */
    content: bytea('content'),
    ownerOrgId: text('owner_org_id'),
    ownerUserId: text('owner_user_id'),
    /** A common file (template, guide): any signed-in user may fetch it; other files without an owner are operations' only. */
    isCommon: boolean('is_common').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_name_uq').on(t.name), index('files_owner_org_idx').on(t.ownerOrgId)],
);

/** Answers of creating calls, so a retried request with the same key replays the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    caller: text('caller').notNull(),
    callId: text('call_id').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    // json, not jsonb: the stored answer is replayed as written (jsonb would re-order its keys).
    response: json('response'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_caller_key_uq').on(t.caller, t.key)],
);

// Reference data --------------------------------------------------------------------------------

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sign: text('sign'),
  countryCode: text('country_code'),
  dp: integer('dp').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  iso3: text('iso3'),
  currencyCode: text('currency_code'),
  dialCode: text('dial_code'),
});

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  bic: text('bic'),
  countryCode: text('country_code').notNull(),
  createdAt: createdAt(),
});

export const bankBranches = pgTable('bank_branches', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  bankCode: text('bank_code').notNull(),
  city: text('city'),
  address: text('address'),
  countryCode: text('country_code').notNull(),
});

export const bankCountryCurrencies = pgTable(
  'bank_country_currencies',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    bankCode: text('bank_code').notNull(),
    currencyCode: text('currency_code').notNull(),
  },
  (t) => [uniqueIndex('bank_country_currencies_uq').on(t.bankCode, t.countryCode, t.currencyCode)],
);

/** The master lists are all code/name lists: one shape, one table each. */
function codeNameTable<const N extends string>(name: N) {
  return pgTable(name, {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  });
}

export const accountTypes = codeNameTable('account_types');
export const transactionCategories = codeNameTable('transaction_categories');
export const businessTypes = codeNameTable('business_types');
export const partnerTypes = codeNameTable('partner_types');
export const channels = codeNameTable('channels');
export const deliveryModes = codeNameTable('delivery_modes');
export const transactionPurposes = codeNameTable('transaction_purposes');
export const fundSources = codeNameTable('fund_sources');
export const incomeSources = codeNameTable('income_sources');
export const transactionCategoryMaster = codeNameTable('transaction_category_master');
export const productTypes = codeNameTable('product_types');
export const dealTypes = codeNameTable('deal_types');
export const consumerTypes = codeNameTable('consumer_types');
export const collectionModes = codeNameTable('collection_modes');
export const transferModes = codeNameTable('transfer_modes');

/** Account categories are numbered 100..999 (their id is the number). */
export const accountCategories = pgTable('account_categories', {
  id: text('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});

export const correspondents = pgTable('correspondents', {
  correspondentId: text('correspondent_id').primaryKey(),
  name: text('name').notNull(),
  countryCode: text('country_code').notNull(),
  currencyCodes: text('currency_codes').array().notNull().default([]),
  bankCode: text('bank_code'),
  enabled: boolean('enabled').notNull().default(true),
});

export const tradingCurrencies = pgTable('trading_currencies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  dp: integer('dp').notNull(),
  tradable: boolean('tradable').notNull().default(true),
});

export const mtos = pgTable('mtos', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countryCode: text('country_code').notNull(),
  licenseNumber: text('license_number'),
});

export const rateProviders = pgTable('rate_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
});

// Wallets, the ledger and credit live in their own module; re-exported so drizzle sees one schema.
export * from './wallet-schema.ts';
