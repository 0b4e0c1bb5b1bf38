-- Transactions v2: top-ups and transfers with two-sided approval, their step and decision log, comments and
-- cancellation requests. Money moves through the ledger (vouchers keyed by transaction_id).
CREATE TABLE "transactions_v2" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL UNIQUE,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"source_approval_status" text,
	"target_approval_status" text,
	"reference_number" text,
	"merchant_id" text,
	"service_provider_id" text NOT NULL,
	"target_sp_id" text,
	"source_wallet_id" text,
	"target_wallet_id" text,
	"funding_party_id" text,
	"correspondent_id" text,
	"collection_mode" text,
	"quote_id" text,
	"source_amount" numeric NOT NULL,
	"source_currency" text NOT NULL,
	"target_amount" numeric NOT NULL,
	"target_currency" text NOT NULL,
	"exchange_rate" numeric,
	"ibr_rate" numeric,
	"fee_amount" numeric DEFAULT '0' NOT NULL,
	"hold_amount" numeric DEFAULT '0' NOT NULL,
	"merchant_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correspondent_charges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"value_date" date,
	"remarks" text,
	"purpose_of_transaction" text,
	"source_of_income" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "transactions_v2_sp_created" ON "transactions_v2" ("service_provider_id", "created_at");
--> statement-breakpoint
CREATE INDEX "transactions_v2_target_sp_created" ON "transactions_v2" ("target_sp_id", "created_at");
--> statement-breakpoint
CREATE INDEX "transactions_v2_merchant_created" ON "transactions_v2" ("merchant_id", "created_at");
--> statement-breakpoint
CREATE TABLE "transaction_events" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_row_id" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"side" text,
	"decision" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"actor_org_id" text,
	"remarks" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_events_txn" ON "transaction_events" ("transaction_row_id", "at");
--> statement-breakpoint
CREATE TABLE "transaction_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_row_id" text NOT NULL,
	"content" text NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "transaction_comments_txn" ON "transaction_comments" ("transaction_row_id", "created_at");
--> statement-breakpoint
CREATE TABLE "transaction_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_row_id" text NOT NULL,
	"service_provider_id" text NOT NULL,
	"target_sp_id" text,
	"merchant_id" text,
	"status" text NOT NULL,
	"success" text,
	"reason" text NOT NULL,
	"cancellation_date" date NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_name" text,
	"decided_by" text,
	"decided_by_name" text,
	"remarks" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "transaction_cancellations_txn" ON "transaction_cancellations" ("transaction_row_id");
--> statement-breakpoint
-- At most one open cancellation request per transaction: concurrent requests meet here.
CREATE UNIQUE INDEX "transaction_cancellations_open" ON "transaction_cancellations" ("transaction_row_id") WHERE "status" = 'REQUESTED';
