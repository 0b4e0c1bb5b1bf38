-- Rate history trimming keeps every IBR row a quote priced on: quotes are found by their deal and the
-- IBR time they store.
CREATE INDEX IF NOT EXISTS "quotes_deal_ibr_at_idx" ON "quotes" USING btree ("currency_deal_config_id", (("rates" ->> 'ibrAt')));--> statement-breakpoint
-- Revaluation configs: which currency pairs of a TSP are revalued, automatically or not.
CREATE TABLE "revaluation_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL REFERENCES "organisations"("id"),
	"currency_config_id" text NOT NULL,
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"auto_revaluation" boolean DEFAULT false NOT NULL,
	"auto_revaluation_rate_type" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "revaluation_configs_pair_uq" ON "revaluation_configs" USING btree ("service_provider_id", "source_currency", "target_currency");--> statement-breakpoint
-- The rate a pair is revalued at on a date: one per config and date (a second POST of the date replaces it);
-- the pair is copied from the config so lists filter on one table.
CREATE TABLE "revaluation_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL REFERENCES "organisations"("id"),
	"revaluation_config_id" text NOT NULL REFERENCES "revaluation_configs"("id"),
	"currency_config_id" text NOT NULL,
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"revaluation_date" date NOT NULL,
	"rate" numeric NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "revaluation_rates_day_uq" ON "revaluation_rates" USING btree ("revaluation_config_id", "revaluation_date");
