-- Partner onboarding records (a TSP's applications of merchants and partners) and currency revaluation:
-- one run per TSP and date, one record per wallet revalued in it.
CREATE TABLE "partner_onboardings" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL UNIQUE,
	"service_provider_id" text NOT NULL,
	"partner_status" text NOT NULL,
	"partner_type" text NOT NULL,
	"business_type" text NOT NULL,
	"country_of_registration" text NOT NULL,
	"trading_name" text NOT NULL,
	"registered_business_address" text NOT NULL,
	"city" text,
	"district" text,
	"state" text,
	"po_box" text,
	"business_telephone_number" text,
	"entity_type" text,
	"license_type" text,
	"license_number" text,
	"license_date_of_issue" date,
	"license_date_of_expiry" date,
	"country_of_incorporation" text,
	"date_of_incorporation" date,
	"organisation_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "partner_onboardings_sp_idx" ON "partner_onboardings" ("service_provider_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "revaluation_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"revaluation_date" date NOT NULL,
	"base_currency" text NOT NULL,
	"wallets_revalued" integer NOT NULL,
	"total_gain_loss" numeric NOT NULL,
	"vouchers" text[] DEFAULT '{}' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "revaluation_runs_sp_date_uq" ON "revaluation_runs" ("service_provider_id", "revaluation_date");
--> statement-breakpoint
CREATE TABLE "wallet_revaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"service_provider_id" text NOT NULL,
	"wallet_id" text NOT NULL,
	"currency" text NOT NULL,
	"base_currency" text NOT NULL,
	"revaluation_date" date NOT NULL,
	"rate_id" text NOT NULL,
	"rate" numeric NOT NULL,
	"previous_rate" numeric NOT NULL,
	"balance" numeric NOT NULL,
	"gain_loss" numeric NOT NULL,
	"voucher_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_revaluations_wallet_date_uq" ON "wallet_revaluations" ("wallet_id", "revaluation_date");
--> statement-breakpoint
CREATE INDEX "wallet_revaluations_sp_date_idx" ON "wallet_revaluations" ("service_provider_id", "revaluation_date", "id");
