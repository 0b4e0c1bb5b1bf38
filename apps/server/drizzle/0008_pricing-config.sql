-- Pricing configuration of a TSP: the currency pairs it trades, how each pair deals (CASH/TOM/SPOT,
-- rate provider, instrument, IBR, quote validity), funding parties, global settings, markup profiles
-- and the markup layers, and the merchants' own config entries.
CREATE TABLE "currency_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"auto_refresh_enabled" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "currency_configs_pair_uq" ON "currency_configs" USING btree ("service_provider_id","source_currency","target_currency");--> statement-breakpoint
CREATE TABLE "currency_deal_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"currency_config_id" text NOT NULL REFERENCES "currency_configs"("id"),
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"deal_type" text NOT NULL,
	"rate_provider_id" text NOT NULL,
	"instrument_id" text NOT NULL,
	"instrument_status" text DEFAULT 'ACTIVE' NOT NULL,
	"ibr_rate" numeric,
	"ibr_value_date" date,
	"quote_validity_seconds" integer DEFAULT 300 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "currency_deal_configs_uq" ON "currency_deal_configs" USING btree ("service_provider_id","currency_config_id","deal_type","rate_provider_id");--> statement-breakpoint
CREATE INDEX "currency_deal_configs_instrument_idx" ON "currency_deal_configs" USING btree ("service_provider_id","instrument_id");--> statement-breakpoint
CREATE TABLE "funding_parties" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"country_code" text,
	"bank_code" text,
	"account_number" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "funding_parties_sp_idx" ON "funding_parties" USING btree ("service_provider_id");--> statement-breakpoint
CREATE TABLE "global_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "global_configs_uq" ON "global_configs" USING btree ("service_provider_id","category","key");--> statement-breakpoint
CREATE TABLE "merchant_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_service_id" text NOT NULL,
	"category" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_configs_uq" ON "merchant_configs" USING btree ("merchant_service_id","category","key");--> statement-breakpoint
CREATE TABLE "markup_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "markup_profiles_name_uq" ON "markup_profiles" USING btree ("service_provider_id","name");--> statement-breakpoint
CREATE TABLE "markup_layers" (
	"id" text PRIMARY KEY NOT NULL,
	"layer" integer NOT NULL,
	"service_provider_id" text NOT NULL,
	"markup_profile_id" text NOT NULL DEFAULT '',
	"transaction_category" text NOT NULL,
	"currency_deal_config_id" text NOT NULL REFERENCES "currency_deal_configs"("id"),
	"markup_type" text NOT NULL,
	"ask_markup" numeric NOT NULL,
	"bid_markup" numeric NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "markup_layers_key_uq" ON "markup_layers" USING btree ("service_provider_id","layer","markup_profile_id","transaction_category","currency_deal_config_id");--> statement-breakpoint
CREATE TABLE "volatile_layers" (
	"currency_deal_config_id" text PRIMARY KEY NOT NULL REFERENCES "currency_deal_configs"("id"),
	"service_provider_id" text NOT NULL,
	"markup_type" text NOT NULL,
	"ask_markup" numeric NOT NULL,
	"bid_markup" numeric NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE TABLE "agent_markups" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"product_type" text NOT NULL,
	"activity_type" text NOT NULL,
	"instrument_type" text NOT NULL,
	"agent_location_id" text,
	"record_status" text DEFAULT 'ACTIVE' NOT NULL,
	"rate_profile" text,
	"markup_type" text NOT NULL,
	"ask_markup" numeric NOT NULL,
	"bid_markup" numeric NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "agent_markups_sp_idx" ON "agent_markups" USING btree ("service_provider_id");
