-- Payments: one row per payment with what it was sent with, its status history, the payout rail's durable
-- queue (written in the same transaction as the status change), the bank's callbacks (kept by message id so a
-- replay changes nothing), cancellations and the failure log.
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"draft_id" text,
	"request_hash" text,
	"merchant_id" text NOT NULL,
	"service_provider_id" text NOT NULL,
	"wallet_id" text NOT NULL,
	"beneficiary_id" text,
	"status" text NOT NULL,
	"category" text DEFAULT 'PAYOUT' NOT NULL,
	"reference_number" text,
	"agent_id" text,
	"agent_reference_number" text,
	"target_bank_code" text,
	"delivery_mode_id" text,
	"correspondent_id" text,
	"sender" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"send_amount" numeric NOT NULL,
	"send_currency" text NOT NULL,
	"receive_amount" numeric NOT NULL,
	"receive_currency" text NOT NULL,
	"exchange_rate" numeric,
	"fee" numeric,
	"fee_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hold_amount" numeric DEFAULT '0' NOT NULL,
	"message" text,
	"purpose_of_transaction" text,
	"source_of_funds" text,
	"quote_id" text,
	"value_date" date,
	"expiry_date" date,
	"transaction_date" timestamp with time zone,
	"failure_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_payment_id_uq" ON "payments" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_draft_uq" ON "payments" USING btree ("merchant_id","draft_id") WHERE "draft_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_merchant_idx" ON "payments" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_sp_idx" ON "payments" USING btree ("service_provider_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_wallet_idx" ON "payments" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"actor_org_id" text,
	"reason" text,
	"details" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE TABLE "payment_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"status" text NOT NULL,
	"reason" text,
	"cancellation_date" date,
	"cancelled_by" text,
	"cancelled_by_name" text,
	"service_provider_id" text,
	"cancelled_on" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "payment_cancellations_payment_idx" ON "payment_cancellations" USING btree ("payment_id");--> statement-breakpoint
CREATE TABLE "payout_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"attempt" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_outbox_attempt_uq" ON "payout_outbox" USING btree ("payment_id","attempt");--> statement-breakpoint
CREATE INDEX "payout_outbox_pending_idx" ON "payout_outbox" USING btree ("status","available_at");--> statement-breakpoint
CREATE TABLE "bank_callbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" text,
	"body" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "bank_callbacks_message_uq" ON "bank_callbacks" USING btree ("message_id");--> statement-breakpoint
CREATE TABLE "payment_failures" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL REFERENCES "payments"("id"),
	"step" text NOT NULL,
	"error_code" text NOT NULL,
	"message" text NOT NULL,
	"retried" boolean DEFAULT false NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "payment_failures_payment_idx" ON "payment_failures" USING btree ("payment_id","occurred_at");
