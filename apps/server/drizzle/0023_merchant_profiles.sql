-- Merchant profiles: the relation of a merchant with one TSP and the reviews the TSP keeps on it.
-- The fee profile and markup profile of a merchant at its own TSP stay on "organisations" (fee and
-- markup pricing read them there); a profile at another TSP holds no pricing assignment.
CREATE TABLE "merchant_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL REFERENCES "organisations"("id"),
	"service_provider_id" text NOT NULL REFERENCES "organisations"("id"),
	"kyc_status" text DEFAULT 'NEW' NOT NULL,
	"risk_scoring_status" text DEFAULT 'NEW' NOT NULL,
	"credit_scoring_status" text DEFAULT 'NEW' NOT NULL,
	"executive_documents_status" text DEFAULT 'NEW' NOT NULL,
	"settlement_status" text DEFAULT 'NEW' NOT NULL,
	"profile_status" text DEFAULT 'PENDING_APPROVAL' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"settlement_mode" text,
	"settlement_value" integer,
	"settlement_date" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" text,
	CONSTRAINT "merchant_profiles_status_ck" CHECK ("status" IN ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_profiles_pair_uq" ON "merchant_profiles" ("merchant_id", "service_provider_id");
--> statement-breakpoint
CREATE INDEX "merchant_profiles_sp_idx" ON "merchant_profiles" ("service_provider_id", "created_at", "id");
--> statement-breakpoint
-- Every merchant already with a TSP was onboarded there: its profile is active and its reviews verified.
INSERT INTO "merchant_profiles" ("id", "merchant_id", "service_provider_id", "kyc_status", "risk_scoring_status", "credit_scoring_status",
	"executive_documents_status", "settlement_status", "profile_status")
SELECT gen_random_uuid()::text, "id", "parent_id", 'VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED', 'VERIFIED', 'ACTIVE'
FROM "organisations" WHERE "type" = 'MERCHANT' AND "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "merchant_profile_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_profile_id" text NOT NULL REFERENCES "merchant_profiles"("id"),
	"content" text NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "merchant_profile_comments_profile_idx" ON "merchant_profile_comments" ("merchant_profile_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "merchant_profile_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_profile_id" text NOT NULL REFERENCES "merchant_profiles"("id"),
	"file_id" text NOT NULL REFERENCES "files"("id"),
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "merchant_profile_documents_profile_idx" ON "merchant_profile_documents" ("merchant_profile_id", "created_at", "id");
--> statement-breakpoint
CREATE TABLE "merchant_profile_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_profile_id" text NOT NULL REFERENCES "merchant_profiles"("id"),
	"wallet_id" text NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"value" integer,
	"settlement_date" date,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "merchant_profile_settlements_profile_idx" ON "merchant_profile_settlements" ("merchant_profile_id", "created_at", "id");
