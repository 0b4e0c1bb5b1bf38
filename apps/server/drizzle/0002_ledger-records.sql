CREATE TABLE "ledger_records" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"tsp_id" text NOT NULL,
	"wallet_id" text,
	"currency" text NOT NULL,
	"country" text,
	"record_date" date NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"amount_lceq" numeric(24, 8),
	"amount_usdeq" numeric(24, 8),
	"details" jsonb,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_records_kind_tsp_idx" ON "ledger_records" USING btree ("kind","tsp_id","record_date");