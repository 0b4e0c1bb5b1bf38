CREATE TABLE "accounting_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"merchant_id" text,
	"tsp_id" text,
	"ledger_code" text NOT NULL,
	"ledger_ccy" text NOT NULL,
	"accounts" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_holder_name" text NOT NULL,
	"iban" text,
	"account_number" text,
	"bic" text,
	"bank_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"country_code" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_limits" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"transaction_id" text,
	"credit_request_id" text,
	"tsp_id" text NOT NULL,
	"currency" text NOT NULL,
	"limit_amount" numeric(24, 8) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "credit_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"wallet_id" text NOT NULL,
	"transaction_id" text,
	"tsp_id" text NOT NULL,
	"tsp_wallet_id" text,
	"currency" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"approved_amount" numeric(24, 8),
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"allocation_mode" text,
	"status" text NOT NULL,
	"remarks" text,
	"linked" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_code" text NOT NULL,
	"tsp_id" text,
	"wallet_id" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"voucher_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_code" text NOT NULL,
	"account_ccy_code" text NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"debit_or_credit" text NOT NULL,
	"amount_in_fc" numeric(24, 8) NOT NULL,
	"amount_in_lc" numeric(24, 8) NOT NULL,
	"description1" text,
	"description2" text,
	"wallet_id" text,
	"bucket" text,
	"transaction_id" text,
	"posted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"voucher_no" text NOT NULL,
	"branch_name" text,
	"modified_by" text,
	"modified_date" timestamp with time zone,
	"status" text NOT NULL,
	"voucher_date" date NOT NULL,
	"total_credit_amount_in_lc" numeric(24, 8) NOT NULL,
	"total_debit_amount_in_lc" numeric(24, 8) NOT NULL,
	"transaction_id" text,
	"tsp_id" text,
	"tsp_wallet_id" text,
	"merchant_id" text,
	"ms_wallet_id" text,
	"category" text NOT NULL,
	"sub_category" text,
	"transaction_type" text,
	"posted_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"wallet_id" text NOT NULL,
	"ms_wallet_id" text,
	"transaction_category" text NOT NULL,
	"covering_model" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"min_amount" numeric(24, 8),
	"max_amount" numeric(24, 8),
	"daily_limit" numeric(24, 8),
	"auto_approve" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_positions" (
	"wallet_id" text PRIMARY KEY NOT NULL,
	"balance" numeric(24, 8) DEFAULT '0' NOT NULL,
	"reserve" numeric(24, 8) DEFAULT '0' NOT NULL,
	"merchant_reserve" numeric(24, 8) DEFAULT '0' NOT NULL,
	"open_position" numeric(24, 8) DEFAULT '0' NOT NULL,
	"pending_authorization" numeric(24, 8) DEFAULT '0' NOT NULL,
	"credit_limit" numeric(24, 8) DEFAULT '0' NOT NULL,
	"credit_reserve" numeric(24, 8) DEFAULT '0' NOT NULL,
	"merchant_credit_reserve" numeric(24, 8) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"wallet_account_number" text,
	"type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"service_provider_id" text NOT NULL,
	"merchant_service_id" text,
	"currency_code" text NOT NULL,
	"country_code" text NOT NULL,
	"bank_code" text,
	"bank_account_id" text,
	"iban" text,
	"bic" text,
	"sp_wallet_id" text,
	"account_category_id" text,
	"covering_model" text,
	"pricing_model" text,
	"is_dipping_allowed" boolean DEFAULT false NOT NULL,
	"dipped_wallet_id" text,
	"linked_wallet_tsp_id" text,
	"vpa" text,
	"ledger_code" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_configs_wallet_uq" ON "accounting_configs" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "accounting_configs_tsp_idx" ON "accounting_configs" USING btree ("tsp_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_owner_idx" ON "bank_accounts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "credit_limits_wallet_idx" ON "credit_limits" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "credit_limits_tsp_idx" ON "credit_limits" USING btree ("tsp_id");--> statement-breakpoint
CREATE INDEX "credit_requests_merchant_idx" ON "credit_requests" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "credit_requests_tsp_idx" ON "credit_requests" USING btree ("tsp_id");--> statement-breakpoint
CREATE INDEX "voucher_lines_voucher_idx" ON "voucher_lines" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "voucher_lines_wallet_idx" ON "voucher_lines" USING btree ("wallet_id","posted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_no_uq" ON "vouchers" USING btree ("voucher_no");--> statement-breakpoint
CREATE INDEX "vouchers_transaction_idx" ON "vouchers" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "vouchers_tsp_idx" ON "vouchers" USING btree ("tsp_id");--> statement-breakpoint
CREATE INDEX "wallet_configs_wallet_idx" ON "wallet_configs" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "wallets_sp_idx" ON "wallets" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "wallets_merchant_idx" ON "wallets" USING btree ("merchant_service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_ledger_code_uq" ON "wallets" USING btree ("ledger_code");