-- Fee pricing models (fee profiles) and fee rules: a TSP's merchant fees and correspondent fees.
CREATE TABLE IF NOT EXISTS "fee_profiles" (
  "id" text PRIMARY KEY NOT NULL,
  "service_provider_id" text NOT NULL REFERENCES "organisations"("id"),
  "name" text NOT NULL,
  "description" text,
  "enabled" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone,
  "created_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "fee_profiles_sp_name_uq" ON "fee_profiles" ("service_provider_id", lower("name"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "fee_rules" (
  "id" text PRIMARY KEY NOT NULL,
  "kind" text NOT NULL CHECK ("kind" IN ('MERCHANT', 'CORRESPONDENT')),
  "service_provider_id" text NOT NULL REFERENCES "organisations"("id"),
  "merchant_fee_profile_id" text REFERENCES "fee_profiles"("id"),
  "sender_country" text,
  "source_country_code" text,
  "destination_country_code" text,
  "wallet_currency_code" text,
  "payout_currency_code" text,
  "correspondent_id" text,
  "channel_id" text,
  "delivery_mode_id" text,
  "beneficiary_fi" text,
  "transfer_type" text,
  "charge_mode" text NOT NULL CHECK ("charge_mode" IN ('OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM')),
  "transaction_category" text,
  "transaction_type" text,
  "effective_from" date NOT NULL,
  "effective_to" date,
  "is_promotional" boolean DEFAULT false NOT NULL,
  "status" text DEFAULT 'ACTIVE' NOT NULL CHECK ("status" IN ('ACTIVE', 'INACTIVE')),
  "slab_currency" text NOT NULL,
  "slab_value_from" numeric(24, 8) NOT NULL,
  "slab_value_to" numeric(24, 8),
  "slabs" jsonb NOT NULL,
  "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone,
  "created_by" text
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fee_rules_sp_kind_idx" ON "fee_rules" ("service_provider_id", "kind");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fee_rules_profile_idx" ON "fee_rules" ("merchant_fee_profile_id");
