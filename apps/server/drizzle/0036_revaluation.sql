-- A revaluation run is once per TSP, date and wallet currency (no longer once per TSP and date): a run
-- claims each currency it revalues, and a second run of the same date and currency posts nothing.
DROP INDEX IF EXISTS "revaluation_runs_sp_date_uq";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "revaluation_runs_sp_date_idx" ON "revaluation_runs" ("service_provider_id", "revaluation_date", "created_at");--> statement-breakpoint
ALTER TABLE "revaluation_runs" ADD COLUMN IF NOT EXISTS "currencies" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "revaluation_run_currencies" (
	"service_provider_id" text NOT NULL,
	"revaluation_date" date NOT NULL,
	"currency" text NOT NULL,
	"run_id" text NOT NULL,
	CONSTRAINT "revaluation_run_currencies_pk" PRIMARY KEY ("service_provider_id", "revaluation_date", "currency")
);--> statement-breakpoint
-- The runs made before: each claimed the currencies its wallet records are in.
INSERT INTO "revaluation_run_currencies" ("service_provider_id", "revaluation_date", "currency", "run_id")
SELECT DISTINCT r."service_provider_id", r."revaluation_date", w."currency", r."id"
FROM "revaluation_runs" r JOIN "wallet_revaluations" w ON w."run_id" = r."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "revaluation_runs" r SET "currencies" = coalesce((SELECT array_agg(c."currency" ORDER BY c."currency") FROM "revaluation_run_currencies" c WHERE c."run_id" = r."id"), '{}');
--> statement-breakpoint
-- The ledger values foreign amounts at the latest market mid of a currency against USD from any provider.
CREATE INDEX IF NOT EXISTS "rate_history_market_pair_idx" ON "rate_history" ("source_currency", "target_currency", "as_of") WHERE "rate_type" = 'MARKET';
