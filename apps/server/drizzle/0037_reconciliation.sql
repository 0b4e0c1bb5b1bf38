-- Resolutions of reconciliation exceptions. An exception itself is computed (settlements and their charges
-- against the ledger); what is stored is what people decided about it: a reason, who and when, and for a
-- resolution that posts an adjustment the second user who approved it and the voucher it posted.
-- One resolution per exception: the primary key refuses a second (even a racing) resolution of the same one.
CREATE TABLE "reconciliation_resolutions" (
	"exception_id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"settlement_transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"wallet_id" text NOT NULL,
	"currency" text NOT NULL,
	"settlement_date" date NOT NULL,
	"expected_amount" numeric NOT NULL,
	"settled_amount" numeric NOT NULL,
	"difference_amount" numeric NOT NULL,
	"reason" text NOT NULL,
	"adjustment" boolean NOT NULL,
	"requested_by" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"resolved_by" text,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"adjustment_voucher_no" text
);
--> statement-breakpoint
CREATE INDEX "reconciliation_resolutions_sp_date" ON "reconciliation_resolutions" ("service_provider_id", "settlement_date");
