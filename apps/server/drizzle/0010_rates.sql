-- Rate history: every market mid a provider published (MARKET) and every interbank rate a currency
-- deal priced on (IBR), with the provider, its market time (as_of) and when it reached us.
CREATE TABLE "rate_history" (
	"id" text PRIMARY KEY NOT NULL,
	"rate_type" text NOT NULL,
	"rate_provider_id" text NOT NULL,
	"source_currency" text NOT NULL,
	"target_currency" text NOT NULL,
	"mid" numeric NOT NULL,
	"service_provider_id" text,
	"currency_deal_config_id" text,
	"origin" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_history_pair_idx" ON "rate_history" USING btree ("rate_provider_id","source_currency","target_currency","as_of");--> statement-breakpoint
CREATE INDEX "rate_history_deal_idx" ON "rate_history" USING btree ("currency_deal_config_id","as_of");--> statement-breakpoint
INSERT INTO "rate_providers" ("id", "name", "enabled") VALUES ('ECB', 'European Central Bank reference rates', true) ON CONFLICT DO NOTHING;
