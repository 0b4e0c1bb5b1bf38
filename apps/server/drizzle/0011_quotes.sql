-- Firm quotes: what was asked, every rate and fee line that priced it, its value date and expiry, and
-- whether negotiation replaced it (an INVALID quote can never be used).
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"service_provider_id" text NOT NULL,
	"merchant_id" text,
	"currency_deal_config_id" text NOT NULL,
	"transaction_category" text NOT NULL,
	"deal_type" text NOT NULL,
	"charge_mode" text NOT NULL,
	"source_wallet_id" text NOT NULL,
	"settlement_wallet_id" text,
	"given_side" text NOT NULL,
	"given_amount" numeric NOT NULL,
	"send_amount" numeric NOT NULL,
	"send_currency" text NOT NULL,
	"receive_amount" numeric NOT NULL,
	"receive_currency" text NOT NULL,
	"value_date" date NOT NULL,
	"requested_value_date" date,
	"exchange_rate" numeric NOT NULL,
	"inverse_rate" numeric NOT NULL,
	"rates" jsonb NOT NULL,
	"merchant_charges" jsonb NOT NULL,
	"correspondent_charges" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"fee_rule_ids" jsonb NOT NULL,
	"fee_overrides" jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"replaces_id" text,
	"replaced_by_id" text,
	"generated_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "quotes_sp_idx" ON "quotes" USING btree ("service_provider_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_merchant_idx" ON "quotes" USING btree ("merchant_id","created_at");
