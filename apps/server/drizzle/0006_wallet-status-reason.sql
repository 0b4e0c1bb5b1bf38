-- A wallet's status changes (block, activate) carry who, when and why; the wallet keeps the last one.
ALTER TABLE "wallets" ADD COLUMN "status_changed_by" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "status_reason" text;--> statement-breakpoint
CREATE TABLE "wallet_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "wallet_status_changes_wallet_idx" ON "wallet_status_changes" USING btree ("wallet_id","changed_at");
