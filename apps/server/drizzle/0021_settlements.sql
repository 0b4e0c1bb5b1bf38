-- Settlements of a TSP: FX premium and rebate settlements with a merchant, net-offs of cross-TSP transfers.
-- settlement_items holds one row per settled charge or netted transaction: its primary key is what makes a
-- second settlement of the same item (even a racing one) fail. transaction_links ties a linked leg to its main transaction.
CREATE TABLE "settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"settlement_transaction_id" text NOT NULL UNIQUE,
	"service_provider_id" text NOT NULL,
	"merchant_id" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"sp_wallet_id" text NOT NULL,
	"ms_wallet_id" text,
	"currency" text NOT NULL,
	"amount" numeric NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settlement_date" date NOT NULL,
	"remarks" text,
	"vouchers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "settlements_sp_created" ON "settlements" ("service_provider_id", "created_at");
--> statement-breakpoint
CREATE TABLE "settlement_items" (
	"item_key" text PRIMARY KEY NOT NULL,
	"settlement_id" text NOT NULL,
	"service_provider_id" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "settlement_items_settlement" ON "settlement_items" ("settlement_id");
--> statement-breakpoint
CREATE TABLE "transaction_links" (
	"linked_row_id" text PRIMARY KEY NOT NULL,
	"main_row_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transaction_links_main" ON "transaction_links" ("main_row_id");
