-- Beneficiaries: the accounts a merchant pays out to. One account is held once per merchant (by IBAN,
-- else by account number at a bank), so a payment never picks between two copies of one account.
CREATE TABLE "beneficiaries" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"name" text NOT NULL,
	"nickname" text,
	"type" text NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text NOT NULL,
	"bank_code" text,
	"bank_name" text,
	"iban" text,
	"account_number" text,
	"bic" text,
	"address" text,
	"city" text,
	"email" text,
	"phone" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "beneficiaries_type_ck" CHECK ("type" IN ('INDIVIDUAL', 'BUSINESS')),
	CONSTRAINT "beneficiaries_status_ck" CHECK ("status" IN ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "beneficiaries_account_ck" CHECK ("iban" IS NOT NULL OR "account_number" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_merchant_iban_uq" ON "beneficiaries" ("merchant_id", "iban") WHERE "iban" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_merchant_account_uq" ON "beneficiaries" ("merchant_id", "account_number", coalesce("bank_code", '')) WHERE "iban" IS NULL;
--> statement-breakpoint
CREATE INDEX "beneficiaries_merchant_created_idx" ON "beneficiaries" ("merchant_id", "created_at", "id");
