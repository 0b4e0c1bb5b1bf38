-- Company and KYC fields a TSP keeps on each merchant profile (what its compliance checked at onboarding).
-- All optional: a profile opened by an application starts with none of them and the TSP fills them in.
ALTER TABLE "merchant_profiles" ADD COLUMN "legal_name" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "trading_name" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "registration_number" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "tax_number" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "license_number" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "license_expiry" date;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "country_of_incorporation" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "registered_address" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "contact_email" text;
--> statement-breakpoint
ALTER TABLE "merchant_profiles" ADD COLUMN "contact_phone" text;
